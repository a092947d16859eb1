-- isolint: Swift 6 concurrency hazards as you type, beside sourcekit-lsp.
--
-- Copy this file to ~/.config/nvim/lua/isolint.lua, then in init.lua:
--
--   require('isolint').setup()
--
-- or with options (all optional):
--
--   require('isolint').setup({
--     cmd = { '/path/to/isolint', 'lsp' },      -- default: isolint from $PATH
--     settings = {                               -- the keys of .isolint.json
--       rules = { ['prefer-mutex'] = 'info' },
--       inlayHints = true,
--     },
--   })
--
-- Neovim 0.11+ uses vim.lsp.config / vim.lsp.enable. Older versions use nvim-lspconfig
-- when it is installed, else a FileType autocommand with vim.lsp.start.
-- isolint runs as its own client; sourcekit-lsp keeps running for the same buffers.

local M = {}

M.name = 'isolint'
M.filetypes = { 'swift' }
M.root_markers = { '.isolint.json', 'Package.swift', '.git' }

local function config(opts)
  opts = opts or {}
  local settings = opts.settings or vim.empty_dict()
  return {
    cmd = opts.cmd or { 'isolint', 'lsp' },
    filetypes = opts.filetypes or M.filetypes,
    root_markers = opts.root_markers or M.root_markers,
    -- The server reads initializationOptions first, then answers of workspace/configuration
    -- (section "isolint"), which Neovim serves from `settings`.
    init_options = settings,
    settings = { isolint = settings },
    on_attach = opts.on_attach,
    capabilities = opts.capabilities,
  }
end

-- Neovim 0.11+.
local function setup_native(cfg)
  vim.lsp.config(M.name, cfg)
  vim.lsp.enable(M.name)
end

-- Older Neovim with nvim-lspconfig installed.
local function setup_lspconfig(cfg)
  local lspconfig = require('lspconfig')
  local configs = require('lspconfig.configs')
  if not configs[M.name] then
    configs[M.name] = {
      default_config = {
        cmd = cfg.cmd,
        filetypes = cfg.filetypes,
        root_dir = lspconfig.util.root_pattern(unpack(cfg.root_markers)),
        single_file_support = true,
        init_options = cfg.init_options,
        settings = cfg.settings,
      },
      docs = { description = 'isolint: Swift 6 strict-concurrency migration hazards' },
    }
  end
  lspconfig[M.name].setup({ on_attach = cfg.on_attach, capabilities = cfg.capabilities })
end

-- Older Neovim without nvim-lspconfig.
local function setup_autocmd(cfg)
  vim.api.nvim_create_autocmd('FileType', {
    group = vim.api.nvim_create_augroup('isolint-lsp', { clear = true }),
    pattern = cfg.filetypes,
    callback = function(args)
      local file = vim.api.nvim_buf_get_name(args.buf)
      local marker = vim.fs.find(cfg.root_markers, { upward = true, path = vim.fs.dirname(file) })[1]
      vim.lsp.start({
        name = M.name,
        cmd = cfg.cmd,
        root_dir = marker and vim.fs.dirname(marker) or vim.fs.dirname(file),
        init_options = cfg.init_options,
        settings = cfg.settings,
        on_attach = cfg.on_attach,
        capabilities = cfg.capabilities,
      }, { bufnr = args.buf })
    end,
  })
end

function M.setup(opts)
  local cfg = config(opts)
  if vim.lsp.config and vim.lsp.enable then
    setup_native(cfg)
  elseif pcall(require, 'lspconfig') then
    setup_lspconfig(cfg)
  else
    setup_autocmd(cfg)
  end
end

return M
