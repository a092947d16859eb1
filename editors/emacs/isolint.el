;;; isolint.el --- isolint (Swift 6 concurrency hazards) in Emacs, beside sourcekit-lsp  -*- lexical-binding: t; -*-

;; Usage (see README.md beside this file):
;;
;;   (add-to-list 'load-path "/path/to/isolint/editors/emacs")
;;   (require 'isolint)
;;   (isolint-lsp-setup)     ; lsp-mode: isolint as an add-on server beside sourcekit-lsp
;;   ;; or
;;   (isolint-eglot-setup)   ; Eglot: one server per major mode, see `isolint-server'
;;
;; This file holds the settings both share; `isolint-lsp.el' and `isolint-eglot.el' hold the
;; two clients, loaded when their setup function is called.

;;; Code:

(defgroup isolint nil
  "The isolint language server."
  :group 'tools
  :prefix "isolint-")

(defcustom isolint-program "isolint"
  "The isolint executable."
  :type 'string)

(defcustom isolint-major-modes '(swift-mode swift-ts-mode)
  "Major modes isolint serves."
  :type '(repeat symbol))

(defcustom isolint-settings nil
  "Settings sent as initializationOptions: the keys of .isolint.json as a plist.
For example (:rules (:prefer-mutex \"info\") :inlayHints t).  They win over
the project's .isolint.json."
  :type 'plist)

;;;###autoload
(autoload 'isolint-lsp-setup "isolint-lsp"
  "Register isolint with lsp-mode as an add-on server beside sourcekit-lsp." t)

;;;###autoload
(autoload 'isolint-eglot-setup "isolint-eglot"
  "Make Eglot start isolint (per `isolint-server') for `isolint-major-modes'." t)

(provide 'isolint)
;;; isolint.el ends here
