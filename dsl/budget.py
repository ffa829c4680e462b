"""What one run of an effect may spend, and the least a clause's steps must spend.

DESIGN principle 3: "DSL execution has a step budget". The machine (``interpreter/vm.py``)
stops a frame past :data:`MAX_STEPS` instructions; the checker refuses a clause every run of
which would pass it (E0418), so a card that validates is never one the game stops each time
it runs. Only repeats with a written count are counted: a count computed in play, a choice,
a condition or a ``may`` can always run less, and counts as one instruction.
"""

from __future__ import annotations

from whitedwarf.dsl import ast

#: Instructions one frame may execute (DESIGN principle 3).
MAX_STEPS = 10_000


def least_steps(step: ast.Step) -> int:
    """The fewest instructions the compiled ``step`` runs (dsl/compiler.py's shapes: a
    repeat is ``repeat``, then each time ``next``, its step and ``jump``, then a last
    ``next``; every other step runs at least one instruction)."""
    if isinstance(step, ast.Body):
        return sum(least_steps(item) for item in step.steps)
    if isinstance(step, ast.Repeat):
        times = step.times.value if isinstance(step.times, ast.Num) else 0
        return 2 + max(0, times) * (2 + least_steps(step.step))
    return 1


def over_budget(step: ast.Step) -> list[ast.Repeat]:
    """The outermost repeats of ``step``, wherever they stand (under a condition, a choice,
    a ``may``), that pass :data:`MAX_STEPS` each time they run."""
    if isinstance(step, ast.Repeat) and least_steps(step) + 1 > MAX_STEPS:
        return [step]
    return [found for inner in ast.inner_steps(step) for found in over_budget(inner)]
