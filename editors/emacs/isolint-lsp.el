;;; isolint-lsp.el --- isolint as an lsp-mode add-on server beside sourcekit-lsp  -*- lexical-binding: t; -*-

;; Usage:
;;
;;   (add-to-list 'load-path "/path/to/isolint/editors/emacs")
;;   (require 'isolint)
;;   (isolint-lsp-setup)
;;   (add-hook 'swift-mode-hook #'lsp-deferred)
;;
;; lsp-mode starts every matching add-on server beside the main one, so a Swift buffer gets
;; sourcekit-lsp (the `lsp-sourcekit' package) and isolint together: diagnostics of both,
;; isolint's quick fixes in `lsp-execute-code-action', its explanations on hover.
;;
;; Two things lsp-mode 8 does that this file handles:
;;
;; - Columns: lsp-mode 8 sends and reads positions in characters (code points) without
;;   declaring a position encoding, where the protocol's default is UTF-16.  After an emoji
;;   on the same line a fix would land one column off.  `isolint-lsp-position-encoding'
;;   (default "utf-32") asks the server to count in code points, as lsp-mode does; the
;;   server also recognises lsp-mode by its clientInfo ("emacs").
;;
;; - Flymake beside another server: lsp-mode's Flymake backend reports only the diagnostics
;;   of the server that published last (lsp-mode issue #2808): the hook it runs on each
;;   publishDiagnostics sees only that server's workspace.  So isolint's findings vanish as
;;   soon as sourcekit-lsp publishes.  With `isolint-lsp-merge-flymake' (default t) the
;;   backend reports the diagnostics of every server of the buffer.  Flycheck (the
;;   `lsp-diagnostics-provider' lsp-mode prefers when it is installed) merges them already.

;;; Code:

(require 'lsp-mode)
(require 'isolint)

(defcustom isolint-lsp-position-encoding "utf-32"
  "The position encoding isolint is asked to use with lsp-mode.
lsp-mode 8 counts columns in characters (\"utf-32\").  nil lets the server
negotiate from the capabilities lsp-mode declares."
  :type '(choice (const :tag "characters (lsp-mode 8)" "utf-32")
                 (const :tag "UTF-16 code units" "utf-16")
                 (const :tag "negotiate" nil))
  :group 'isolint)

(defcustom isolint-lsp-merge-flymake t
  "Make lsp-mode's Flymake backend show every server's diagnostics.
Without it, beside sourcekit-lsp, Flymake shows only the diagnostics of
the server that published last (lsp-mode issue #2808)."
  :type 'boolean
  :group 'isolint)

(defun isolint-lsp--initialization-options ()
  "initializationOptions: `isolint-settings' and `isolint-lsp-position-encoding'."
  (append (when isolint-lsp-position-encoding
            (list :positionEncoding isolint-lsp-position-encoding))
          isolint-settings))

(defun isolint-lsp--all-workspaces (orig &rest args)
  "Run ORIG (lsp-mode's Flymake report) with every workspace of the buffer in view.
lsp-mode binds `lsp--cur-workspace' to the publishing server while it runs
`lsp-diagnostics-updated-hook'; unbound, `lsp-diagnostics' merges them all."
  (let ((lsp--cur-workspace nil))
    (apply orig args)))

;;;###autoload
(defun isolint-lsp-setup ()
  "Register isolint with lsp-mode as an add-on server for `isolint-major-modes'."
  (interactive)
  (dolist (mode isolint-major-modes)
    (unless (assq mode lsp-language-id-configuration)
      (add-to-list 'lsp-language-id-configuration (cons mode "swift"))))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection (lambda () (list isolint-program "lsp")))
    :major-modes isolint-major-modes
    :add-on? t
    :priority -2
    :server-id 'isolint
    :initialization-options #'isolint-lsp--initialization-options))
  (if isolint-lsp-merge-flymake
      (advice-add 'lsp-diagnostics--flymake-update-diagnostics :around #'isolint-lsp--all-workspaces)
    (advice-remove 'lsp-diagnostics--flymake-update-diagnostics #'isolint-lsp--all-workspaces)))

(provide 'isolint-lsp)
;;; isolint-lsp.el ends here
