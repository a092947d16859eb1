;;; isolint-eglot.el --- isolint through Eglot  -*- lexical-binding: t; -*-

;; Usage (see README.md beside this file):
;;
;;   (add-to-list 'load-path "/path/to/isolint/editors/emacs")
;;   (require 'isolint)
;;   (isolint-eglot-setup)            ; then M-x eglot in a Swift buffer
;;
;; Eglot 1.9 counts columns in UTF-16 code units, the protocol's default, which is what the
;; server uses when a client offers no position encoding: fixes land where they should after
;; non-ASCII text.
;;
;; Eglot runs one server per major mode and project.  `isolint-server' chooses which:
;;   `alone'           isolint only (`isolint lsp'): diagnostics, code actions, hover.
;;   `with-sourcekit'  sourcekit-lsp and isolint together, through the `rass' LSP
;;                     multiplexer (pip install rassumfrassum): one Eglot server whose
;;                     diagnostics and code actions are merged from both.
;;   `sourcekit'       sourcekit-lsp only (isolint off).
;; Without rass, choose per project: `isolint-server' is read when Eglot starts, so a
;; .dir-locals.el entry ((swift-mode . ((isolint-server . alone)))) runs isolint as a
;; separate server for that project and sourcekit-lsp elsewhere; `C-u M-x eglot' with
;; the command `isolint lsp' does the same for one session.

;;; Code:

(require 'eglot)
(require 'cl-lib)
(require 'isolint)

(defcustom isolint-sourcekit-program "sourcekit-lsp"
  "The sourcekit-lsp executable, for `isolint-server' `with-sourcekit'."
  :type 'string
  :group 'isolint)

(defcustom isolint-rass-program "rass"
  "The rass LSP multiplexer, for `isolint-server' `with-sourcekit'."
  :type 'string
  :group 'isolint)

(defcustom isolint-server 'alone
  "Which server Eglot starts for Swift buffers (may be set in .dir-locals.el)."
  :type '(choice (const :tag "isolint only" alone)
                 (const :tag "sourcekit-lsp and isolint through rass" with-sourcekit)
                 (const :tag "sourcekit-lsp only" sourcekit))
  :safe (lambda (v) (memq v '(alone with-sourcekit sourcekit)))
  :group 'isolint)

(defclass eglot-isolint (eglot-lsp-server) ()
  :documentation "The isolint language server (or rass in front of it).")

(cl-defmethod eglot-initialization-options ((_server eglot-isolint))
  "Send `isolint-settings' as initializationOptions."
  (or isolint-settings eglot--{}))

(cl-defmethod eglot-handle-notification
  ((_server eglot-isolint) (_method (eql window/logMessage)) &key _type _message &allow-other-keys)
  "Accept log messages with extra keys.
sourcekit-lsp 6 (behind rass) adds `logName', which Eglot 1.9's own handler
rejects with an error for every message."
  nil)

(defun isolint--command ()
  "The command line Eglot runs, per `isolint-server'."
  (pcase isolint-server
    ('with-sourcekit (list isolint-rass-program "--" isolint-sourcekit-program "--" isolint-program "lsp"))
    ('sourcekit (list isolint-sourcekit-program))
    (_ (list isolint-program "lsp"))))

(defun isolint--contact (_interactive)
  "Eglot contact for the current buffer, per `isolint-server'."
  (if (eq isolint-server 'sourcekit)
      (isolint--command)
    (cons 'eglot-isolint (isolint--command))))

(defun isolint--modes-key ()
  "The key of the `eglot-server-programs' entry."
  (if (cdr isolint-major-modes) isolint-major-modes (car isolint-major-modes)))

;;;###autoload
(defun isolint-eglot-setup ()
  "Make Eglot start isolint (per `isolint-server') for `isolint-major-modes'."
  (interactive)
  (setq eglot-server-programs
        (cons (cons (isolint--modes-key) #'isolint--contact)
              (cl-remove-if (lambda (entry) (eq (cdr entry) #'isolint--contact)) eglot-server-programs))))

(provide 'isolint-eglot)
;;; isolint-eglot.el ends here
