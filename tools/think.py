"""``--think MS``: the CPU time a ``strong`` seat may spend on each decision it searches.

Without it a ``strong`` seat searches a fixed number of simulated decisions (its node
budget), so a seeded game or batch is the same on any machine and at any worker count; with
it the search stops on the clock instead (``interpreter/agents/strong.py``), which a busy
machine makes shorter, so a timed batch is not reproducible.
"""

from __future__ import annotations

import click
from whitedwarf.interpreter.agents.strong import think_error


def _checked(ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
    """``--think``'s milliseconds, refused in one sentence unless a positive number."""
    if value is None:
        return None
    problem = think_error(value)
    if problem is not None:
        raise click.BadParameter(problem, ctx=ctx, param=param)
    return float(value)


THINK_OPTION = click.option(
    "--think",
    metavar="MS",
    callback=_checked,
    help="CPU milliseconds a strong seat may think on each decision it searches (default: a "
    "fixed number of simulated decisions, reproducible at any worker count; timed search "
    "is not)",
)
