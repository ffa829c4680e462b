"""The ``whitedwarf`` command line.

Subcommands are imported only when they run, so ``whitedwarf validate`` never pays for
importing the game engine (start-up time is part of the validate benchmark).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import traceback
from collections.abc import Iterable, Sequence
from typing import Any

import click
from whitedwarf.tools.exits import (
    CONTENT,
    INTERNAL,
    INTERRUPTED,
    USAGE,
    Interrupted,
    issue_tracker,
    name_too_long,
    output_failed,
    shortened,
)

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
    "tune": (
        "whitedwarf.tools.tune",
        "tune",
        "Find the smallest change of a pack's numbers that meets its balance targets.",
    ),
    "explain": (
        "whitedwarf.tools.explain",
        "explain",
        "Say why a pack plays as it does: card effects, combos, degenerate strategies.",
    ),
    "fairness": (
        "whitedwarf.tools.fairness",
        "fairness_command",
        "Say whether a pack's factions, achievement sets, gods and first seat are fair.",
    ),
    "ladder": (
        "whitedwarf.tools.ladder",
        "ladder",
        "Rate agents from mixed-seat games, with intervals (openskill).",
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


class SuggestingGroup(click.Group):
    """A group that answers a misspelt command with the nearest one (``valdate`` ->
    ``validate``), in the same words at the top level and under ``new``; the usage line
    above it names the group."""

    def command_names(self, ctx: click.Context) -> Iterable[str]:
        """Every name this group takes (more than it lists, for ``new``)."""
        return self.list_commands(ctx)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            from whitedwarf.dsl.suggest import did_you_mean  # only on this error: start-up

            known = sorted(set(self.command_names(ctx)))
            listed = ", ".join(self.list_commands(ctx))
            close = did_you_mean(name, known) or f"the commands: {listed}"
            ctx.fail(f"no command {name!r}; {close}")
        return super().resolve_command(ctx, args)


class LazyGroup(SuggestingGroup):
    """A click group whose subcommands are imported on first use, and whose exit statuses
    are the README's table (:mod:`whitedwarf.tools.exits`) for every command: Ctrl-C is 130
    (click's says "Aborted!" and exits 1), an exception no command expected is 3, a bug of
    whitedwarf, said in two lines (click's is a traceback and 1, the status of bad content).
    """

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            status = super().main(args, prog_name, complete_var, False, **extra)
        except click.ClickException as problem:
            # click declares `message` Final; a long value in it is cut short all the same
            object.__setattr__(problem, "message", shortened(problem.message))
            problem.show()
            sys.exit(problem.exit_code)
        except click.Abort as stop:  # Ctrl-C (click's prompts say Ctrl-D so too)
            # click has ended the line the terminal's ^C was written on
            ended = isinstance(stop.__cause__, EOFError)
            click.echo("interrupted: the input ended" if ended else "interrupted", err=True)
            sys.exit(INTERRUPTED)
        except KeyboardInterrupt:  # after click's handling: while the context closed
            Interrupted("").show()
            sys.exit(INTERRUPTED)
        except OSError as error:  # a name too long for the system, an output that is full
            told = name_too_long(error)
            if told is not None:
                click.echo(f"Error: {told}", err=True)
                sys.exit(USAGE)
            told = output_failed(error)
            if told is None:
                _internal_error(error)
                sys.exit(INTERNAL)
            _say(f"Error: {told}")
            sys.exit(CONTENT)
        except Exception as bug:  # a bug of ours: say so, never a traceback
            _internal_error(bug)
            sys.exit(INTERNAL)
        sys.exit(status if type(status) is int else 0)  # click.Exit's status; a value: 0

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attribute, _ = COMMANDS[cmd_name]
        command: click.Command = getattr(importlib.import_module(module), attribute)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _say(message: str) -> None:
    """A last line to standard error, which may be full too: then nothing is said."""
    with contextlib.suppress(OSError):
        click.echo(message, err=True)


def _internal_error(bug: Exception) -> None:
    """Two lines for a bug of whitedwarf; the traceback too with WHITEDWARF_DEBUG set."""
    click.echo(f"internal error (a bug of whitedwarf, not of your packs): {bug!r}", err=True)
    click.echo(
        f"please report this at {issue_tracker()} with the command you ran and its files "
        "(WHITEDWARF_DEBUG=1 shows the traceback to add)",
        err=True,
    )
    if os.environ.get("WHITEDWARF_DEBUG"):
        click.echo(traceback.format_exc(), err=True)


@click.group(cls=LazyGroup)
@click.version_option(package_name="whitedwarf")
def main() -> None:
    """whitedwarf: validate, document, play and replay content packs (Last Light, Starlight)."""


if __name__ == "__main__":
    main()
