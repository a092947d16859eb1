;;; check-eglot.el --- drives Eglot with editors/emacs/isolint-eglot.el in batch Emacs  -*- lexical-binding: t; -*-

;; Run by test_emacs.py: emacs --batch -l check-eglot.el, in a project directory holding
;; a.swift.  Environment: ISOLINT (the server), ISOLINT_EL (editors/emacs), SERVER (a value of
;; `isolint-server': alone or with-sourcekit), SOURCEKIT and RASS (for with-sourcekit), OUT
;; (where the result JSON goes).

;;; Code:

(require 'json)
(require 'cl-lib)
(package-initialize)

(defvar check-result nil "The alist written to OUT.")
(defun check-put (key value) (setq check-result (cons (cons key value) check-result)))
(defun check-finish ()
  (with-temp-file (getenv "OUT") (insert (json-encode check-result)))
  (kill-emacs 0))
(defun check-wait (pred seconds)
  "Let timers and process output run until PRED is true or SECONDS pass."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall pred)))

(define-derived-mode swift-mode prog-mode "Swift" "A stand-in for swift-mode (MELPA).")
(add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode))

(require 'eglot)
(add-to-list 'load-path (getenv "ISOLINT_EL"))
(require 'isolint)
(setq isolint-program (getenv "ISOLINT")
      isolint-server (intern (getenv "SERVER"))
      isolint-sourcekit-program (or (getenv "SOURCEKIT") "sourcekit-lsp")
      isolint-rass-program (or (getenv "RASS") "rass"))
(isolint-eglot-setup)

(defun check-shown ()
  "Flymake's diagnostics: [line column text], columns in characters."
  (let (out)
    (dolist (d (flymake-diagnostics))
      (save-excursion
        (goto-char (flymake-diagnostic-beg d))
        (push (vector (line-number-at-pos) (1+ (- (point) (line-beginning-position)))
                      (flymake-diagnostic-text d))
              out)))
    (vconcat (sort out (lambda (a b) (< (aref a 0) (aref b 0)))))))

(defun check-isolint-shown ()
  (cl-remove-if-not (lambda (d) (string-prefix-p "isolint [" (aref d 2))) (check-shown)))

(find-file (expand-file-name "a.swift"))
(apply #'eglot (eglot--guess-contact))
(check-put 'connected (and (check-wait (lambda () (eglot-current-server)) 30) t))
(check-put 'waited (check-wait (lambda () (= (length (check-isolint-shown)) 2)) 30))
(check-put 'server (let ((info (plist-get (eglot--server-info (eglot-current-server)) :name))) (or info "")))
(check-put 'shown (check-isolint-shown))

;; The preferred quick fix at `var globalCount' (after "é😀" on the same line), chosen as a
;; user does from the keyboard: `eglot-code-actions' offers the preferred action as the default
;; of its `completing-read' (after a key, not a mouse event: `last-nonmenu-event').
(goto-char (point-min))
(search-forward "var globalCount")
(goto-char (match-beginning 0))
(let ((tick (buffer-chars-modified-tick))
      (last-nonmenu-event ?\r))
  (cl-letf (((symbol-function 'completing-read)
             (lambda (_prompt collection &rest args)
               (check-put 'offered (vconcat (mapcar #'car collection)))
               (nth 4 args))))           ; the default: the preferred action
    (call-interactively #'eglot-code-actions))
  (check-wait (lambda () (/= tick (buffer-chars-modified-tick))) 10))
(check-put 'line3 (save-excursion (goto-char (point-min)) (forward-line 2)
                                  (buffer-substring-no-properties (point) (line-end-position))))
;; Eglot sends didChange from an idle timer, and batch Emacs is never idle: run what it runs.
(eglot--signal-textDocument/didChange)
(check-put 'after (progn (check-wait (lambda () (= (length (check-isolint-shown)) 1)) 10)
                         (check-isolint-shown)))
(set-buffer-modified-p nil)
(check-finish)
;;; check-eglot.el ends here
