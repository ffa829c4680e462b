"""``--think MS``: the CPU time a ``strong`` seat may spend on each decision it searches.

Without it a ``strong`` seat searches a fixed number of simulated decisions (its node
budget), so a seeded game or batch is the same on any machine and at any worker count; with
it the search stops on the clock instead (``interpreter/agents/strong.py``), which a busy
machine makes shorter, so a timed batch is not reproducible.
"""

from __future__ import annotations

import click
from whitedwarf.interpreter.agents.strong import think_error

#: The longest ``--think`` (a minute a decision): a game has some 300 decisions, so a longer
#: budget is a game that never ends for whoever waits (``--think 99999999999999`` hung).
MOST_THINK_MS = 60_000


def _checked(ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
    """``--think``'s milliseconds, refused in one sentence unless a positive number no
    larger than :data:`MOST_THINK_MS`."""
    if value is None:
        return None
    problem = think_error(value)
    if problem is None and float(value) > MOST_THINK_MS:
        problem = (
            f"{value} ms is more than the {MOST_THINK_MS:,} ms (a minute) a strong seat may "
            "think on one decision"
        )
    if problem is not None:
        raise click.BadParameter(problem, ctx=ctx, param=param)
    return float(value)


THINK_OPTION = click.option(
    "--think",
    metavar="MS",
    callback=_checked,
    help="CPU milliseconds a strong seat may think on each decision it searches, at most "
    "60000 (default: a "
    "fixed number of simulated decisions, reproducible at any worker count; timed search "
    "is not)",
)

#: The seat kind ``--think`` times; no other agent reads it.
THINKER = "strong"


def refuse_think_unused(
    think: float | None, kinds: tuple[str, ...] | list[str], flag: str, resumed: bool = False
) -> None:
    """``--think`` with no ``strong`` seat or agent would be read by nobody: say so, rather
    than let the game or batch look timed when it is not (``search`` keeps its fixed 16
    determinisations a decision). ``flag`` names where the seats came from; a ``resumed``
    game keeps its saved seats, so no other seat can be named."""
    if think is None or THINKER in kinds:
        return
    seat_one = (
        "leave --think out (a resumed game keeps its seats)"
        if resumed
        else f"seat one (as in {flag} human,strong,strong) or leave --think out"
    )
    raise click.BadParameter(
        f"--think times a strong seat's search, and {flag} {','.join(kinds)} has none: {seat_one}",
        param_hint="--think",
    )
