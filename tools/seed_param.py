"""The ``--seed`` of every command that plays games: a signed 64-bit whole number.

``play --seed`` took that range (a save's or a log's header holds it); the batch commands
took any whole number, so a seed of 30 digits ran a batch no ``play --seed`` could re-run a
game of, and ``tune --seed -1`` played the pack as it was, then stopped with an internal
error when Optuna's sampler refused the seed. One type keeps them all to the same range,
told in one line with the number cut short (a 4,000-digit seed is not echoed whole)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

import click
from whitedwarf.interpreter.replay import SEED_RANGE, shown_value

__all__ = ["SEED", "SEED_RANGE", "Seed", "seed_option"]

CommandFn = TypeVar("CommandFn", bound=Callable[..., Any])


#: Longer text is not read as a number: a seed has at most 20 digits and a sign (padding zeros
#: aside), and Python reads at most 4,300.
DIGITS = 100
#: A whole number as a seed is written.
WHOLE = re.compile(r"[+-]?[0-9]+")


class Seed(click.ParamType):  # type: ignore[type-arg]  # generic only in click's stubs
    """A whole number from -2**63 to 2**63 - 1, as ``play`` writes in a save's header."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if type(value) is int:
            number = value
        else:
            text = str(value).strip()
            if WHOLE.fullmatch(text) is None:  # ASCII digits only: int() reads "١٢" as 12
                self.fail(f"{shown_value(text)} is not a whole number", param, ctx)
            if len(text) > DIGITS:
                self._out_of_range(shown_value(text, quoted=False), param, ctx)
            number = int(text)
        if not SEED_RANGE[0] <= number <= SEED_RANGE[1]:
            self._out_of_range(shown_value(number, quoted=False), param, ctx)
        return number

    def _out_of_range(
        self, said: str, param: click.Parameter | None, ctx: click.Context | None
    ) -> None:
        low, high = SEED_RANGE
        self.fail(f"{said} is not a seed: a seed is {low} to {high} (64 bits)", param, ctx)


SEED = Seed()


def seed_option(help_text: str) -> Callable[[CommandFn], CommandFn]:
    """``--seed`` (default 0) with the range said in its help."""
    said = f"{help_text} (a 64-bit whole number)"
    return click.option("--seed", type=SEED, default=0, show_default=True, help=said)
