;;; check-lsp-mode.el --- drives lsp-mode with editors/emacs/isolint-lsp.el in batch Emacs  -*- lexical-binding: t; -*-

;; Run by test_emacs.py: emacs --batch -l check-lsp-mode.el, in a project directory holding
;; a.swift.  Environment: ISOLINT (the server), ISOLINT_EL (editors/emacs), SOURCEKIT (the
;; sourcekit-lsp to run beside it, or empty), PROVIDER (flymake or flycheck), MERGE (1 or 0:
;; `isolint-lsp-merge-flymake'), ENCODING (`isolint-lsp-position-encoding': empty for its
;; default, "negotiate" for nil, or an encoding), OUT (where the result JSON goes).
;;
;; lsp-sourcekit (MELPA) is not a Debian package: a main client with the same definition
;; stands in for it, running the real sourcekit-lsp.

;;; Code:

(require 'json)
(require 'cl-lib)
(setq debug-on-error nil)
;; As a user's init does: the autoloads of the installed packages (Debian: /usr/share/emacs/site-lisp/elpa).
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

(setq lsp-session-file (expand-file-name "lsp-session" temporary-file-directory)
      lsp-auto-guess-root t
      lsp-enable-file-watchers nil
      lsp-keep-workspace-alive nil
      lsp-headerline-breadcrumb-enable nil
      lsp-modeline-code-actions-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-enable-snippet nil
      lsp-restart 'ignore
      lsp-diagnostics-provider (intern (concat ":" (getenv "PROVIDER"))))

(require 'lsp-mode)
(when (equal (getenv "PROVIDER") "flycheck") (require 'flycheck))
(add-to-list 'load-path (getenv "ISOLINT_EL"))
(require 'isolint)
(setq isolint-program (getenv "ISOLINT")
      isolint-lsp-merge-flymake (equal (getenv "MERGE") "1"))
(pcase (or (getenv "ENCODING") "")
  ("" nil)
  ("negotiate" (setq isolint-lsp-position-encoding nil))
  (e (setq isolint-lsp-position-encoding e)))
(isolint-lsp-setup)

(defun check-sourcekit () (not (string-empty-p (or (getenv "SOURCEKIT") ""))))
(let ((sourcekit (getenv "SOURCEKIT")))
  (when (check-sourcekit)
    (lsp-register-client
     (make-lsp-client :new-connection (lsp-stdio-connection (lambda () (list sourcekit)))
                      :major-modes '(swift-mode)
                      :server-id 'sourcekit-ls))))

;; Which server published for the file, in order.
(defvar check-publishers nil)
(advice-add 'lsp--on-diagnostics :before
            (lambda (workspace _params)
              (push (symbol-name (lsp--client-server-id (lsp--workspace-client workspace))) check-publishers)))

(defun check-isolint-raw ()
  "isolint's diagnostics as lsp-mode stored them, first line first."
  (let (out)
    (dolist (w (lsp-workspaces))
      (when (eq (lsp--client-server-id (lsp--workspace-client w)) 'isolint)
        (setq out (append (gethash (lsp--fix-path-casing buffer-file-name) (lsp--workspace-diagnostics w)) out))))
    (sort out (lambda (a b) (< (gethash "line" (gethash "start" (gethash "range" a)))
                               (gethash "line" (gethash "start" (gethash "range" b))))))))

(defun check-isolint-diagnostics ()
  "isolint's diagnostics: [line character code]."
  (mapcar (lambda (d)
            (let ((start (gethash "start" (gethash "range" d))))
              (vector (gethash "line" start) (gethash "character" start) (gethash "code" d))))
          (check-isolint-raw)))

(defun check-shown ()
  "What the user sees: (line column message-start) per diagnostic in the checker's list."
  (let (out)
    (if (equal (getenv "PROVIDER") "flycheck")
        (dolist (e flycheck-current-errors)
          (push (vector (flycheck-error-line e) (flycheck-error-column e)
                        (format "%s" (flycheck-error-id e)) (flycheck-error-message e))
                out))
      (dolist (d (flymake-diagnostics))
        (save-excursion
          (goto-char (flymake-diagnostic-beg d))
          (push (vector (line-number-at-pos) (1+ (- (point) (line-beginning-position))) "" (flymake-diagnostic-text d)) out))))
    (sort out (lambda (a b) (< (aref a 0) (aref b 0))))))

(defun check-shown-isolint ()
  "isolint's part of `check-shown' (sourcekit-lsp words its diagnostics otherwise)."
  (cl-remove-if-not (lambda (e) (string-prefix-p "Global variable '" (aref e 3))) (check-shown)))

(find-file (expand-file-name "a.swift"))
(lsp)
(check-put 'servers
           (progn (check-wait (lambda () (>= (length (lsp-workspaces)) (if (check-sourcekit) 2 1))) 60)
                  (vconcat (mapcar (lambda (w) (symbol-name (lsp--client-server-id (lsp--workspace-client w))))
                          (lsp-workspaces)))))
(check-put 'waited (check-wait (lambda () (= (length (check-isolint-diagnostics)) 2)) 30))
(when (equal (getenv "PROVIDER") "flycheck") (flycheck-buffer))
(check-put 'shown-first (check-wait (lambda () (= (length (check-shown-isolint)) 2)) 10))
;; Beside sourcekit-lsp: wait until it has published too, after isolint, then a little longer.
(when (check-sourcekit)
  (check-put 'sourcekit-published
             (check-wait (lambda () (equal (car check-publishers) "sourcekit-ls")) 60)))
(check-wait (lambda () nil) 1.5)
(when (equal (getenv "PROVIDER") "flycheck") (flycheck-buffer) (check-wait (lambda () nil) 0.5))
(check-put 'publishers (vconcat (reverse check-publishers)))
(check-put 'stored (vconcat (check-isolint-diagnostics)))
(check-put 'shown (vconcat (check-shown-isolint)))
(check-put 'shown-all (length (check-shown)))

;; The preferred quick fix of the first finding (after "é😀" on its line), where lsp-mode puts
;; it: as a user does who jumps to the diagnostic and asks for code actions.
(let* ((region (lsp--range-to-region (gethash "range" (car (check-isolint-raw)))))
       (_ (goto-char (car region)))
       (actions (lsp-code-actions-at-point))
       (preferred (cl-find-if (lambda (a) (gethash "isPreferred" a)) actions)))
  (check-put 'marked (buffer-substring-no-properties (car region) (cdr region)))
  (check-put 'actions (vconcat (mapcar (lambda (a) (gethash "title" a)) actions)))
  (when preferred (lsp-execute-code-action preferred)))
(check-put 'line3 (save-excursion (goto-char (point-min)) (forward-line 2)
                                  (buffer-substring-no-properties (point) (line-end-position))))
(check-put 'after (progn (check-wait (lambda () (= (length (check-isolint-diagnostics)) 1)) 10)
                         (vconcat (check-isolint-diagnostics))))
(set-buffer-modified-p nil)
(check-finish)
;;; check-lsp-mode.el ends here
