"""The language server for pack files (`whitedwarf lsp`)."""
