"""``whitedwarf lsp``: start the language server for pack files (tools/editor/server.py)."""

from __future__ import annotations

import click


@click.command("lsp")
def lsp() -> None:
    """Run the language server for pack files over stdin/stdout (editors start this)."""
    from whitedwarf.tools.editor.server import main

    main()
