"""A command-line number in a range that is a number: click's ``FloatRange`` lets ``nan``
through (every comparison with it is false), so ``render --scale nan`` wrote an SVG whose
width and height were ``nan``, and ``tune --tolerance nan`` or ``fairness --first-seat nan``
judged every side by a bound nothing meets. :class:`Finite` refuses it in one line, as the
range refuses 0 (docs/rules-decisions.md E191)."""

from __future__ import annotations

import math
from typing import Any

import click

__all__ = ["Finite"]


class Finite(click.FloatRange):
    """``click.FloatRange`` that refuses ``nan`` (``inf`` is outside every closed range)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if isinstance(number, float) and math.isnan(number):
            self.fail(f"{value!r} is not a number: {self._describe_range()}", param, ctx)
        return number
