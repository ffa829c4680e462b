"""The ``whitedwarf`` command line.

Subcommands are imported only when they run, so ``whitedwarf validate`` never pays for
importing the game engine (start-up time is part of the validate benchmark).
"""

from __future__ import annotations

import importlib
from typing import Any

import click

# name -> (module, attribute, one-line help shown by `whitedwarf --help`)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "text": (
        "whitedwarf.tools.card_text",
        "text",
        "Write card texts from their effects, or check they agree.",
    ),
    "validate": (
        "whitedwarf.tools.validate",
        "validate",
        "Check content packs and report every problem.",
    ),
    "cards": (
        "whitedwarf.tools.cards",
        "cards",
        "Print a pack's cards to a PDF at playing-card size.",
    ),
    "doc": (
        "whitedwarf.tools.doc",
        "doc",
        "Generate each game's vocabulary reference (docs/reference*.md).",
    ),
    "schema": (
        "whitedwarf.tools.schema",
        "schema",
        "Print or export the JSON Schemas of pack files.",
    ),
    "fix": (
        "whitedwarf.tools.fix",
        "fix",
        "Rewrite deprecated words in a pack's effects.",
    ),
    "fmt": (
        "whitedwarf.tools.fmt",
        "fmt",
        "Lay out pack files one way, keeping comments.",
    ),
    "lsp": (
        "whitedwarf.tools.lsp",
        "lsp",
        "Run the language server for pack files (for editors).",
    ),
    "new": (
        "whitedwarf.tools.new",
        "new",
        "Scaffold a mod pack or append a card skeleton to one.",
    ),
    "play": ("whitedwarf.tools.play", "play", "Play a full seeded game with bot seats."),
    "simulate": (
        "whitedwarf.tools.simulate",
        "simulate",
        "Play many seeded games with agents; write a balance report.",
    ),
    "compare": (
        "whitedwarf.tools.compare",
        "compare",
        "Play the same seeds on two packs and report what changed.",
    ),
    "report": (
        "whitedwarf.tools.report",
        "report",
        "Rebuild a batch's report from its records, or merge several batches into one.",
    ),
    "render": (
        "whitedwarf.tools.render.command",
        "render",
        "Draw the board of a save or a replay to SVG or PNG.",
    ),
    "replay": (
        "whitedwarf.tools.replay",
        "replay",
        "Re-run a replay log and verify its final state.",
    ),
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attribute, _ = COMMANDS[cmd_name]
        command: Any = getattr(importlib.import_module(module), attribute)
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """A misspelt command gets the nearest one (``valdate`` -> ``validate``) where click
        says only "No such command"."""
        name = args[0] if args else ""
        if name and name not in COMMANDS and not name.startswith("-"):
            from whitedwarf.dsl.suggest import did_you_mean  # only on this error: start-up

            close = did_you_mean(name, COMMANDS)
            ctx.fail(
                f"no command {name!r}; " + (close or f"the commands: {', '.join(sorted(COMMANDS))}")
            )
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup)
@click.version_option(package_name="whitedwarf")
def main() -> None:
    """whitedwarf: validate, document, play and replay content packs (Last Light, Starlight)."""


if __name__ == "__main__":
    main()
