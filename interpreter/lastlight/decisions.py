"""Decisions: the options a player is offered and the engine tasks that ask for them.

Every choice the rules give a player is an explicit decision with an enumerated list of
:class:`Option` (DESIGN principle 4; OpenSpiel's ``legal_actions``). Option ids are stable
strings such as ``play:research``, ``move:s3:inner_2``, ``assign:s7``, ``discard:x_blaster#2``.

The rules of each action live in a module that gives its task kind three functions (a
:class:`Handler`, the module's ``HANDLER``; ``game.HANDLERS`` names them by kind):

* ``run(state, task)`` does the automatic work of the task's current step (``task["pc"]``):
  it advances ``pc``, sets ``task["ask"]`` to the seat whose decision is awaited, or sets
  ``pc`` to ``"done"`` when the task is over;
* ``options(state, task)`` lists the legal options while ``task["ask"]`` is set;
* ``choose(state, task, option_id)`` applies one of them and clears ``ask``.

Where the rules leave exactly one possibility (one token to reveal, one legal target, one
other player to gift) a handler applies it without asking; it never picks among several.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from whitedwarf.interpreter.lastlight.records import State, Task
from whitedwarf.interpreter.state import IllegalOption, Option

__all__ = ["Handler", "IllegalOption", "Option", "task"]


class Handler(NamedTuple):
    """The three functions of a task kind (see the module docstring)."""

    run: Callable[[State, Task], None]
    options: Callable[[State, Task], list[Option]]
    choose: Callable[[State, Task, str], None]


def task(kind: str, seat: int | None, pc: str, **fields: Any) -> Task:
    """A new engine task dict (``fields``: the kind's own, ``records.Task``)."""
    # mypy cannot check ``**fields`` against the record (each kind's ``new_task`` names
    # them): ignored rather than ``typing.cast``, a call at each of a game's tasks.
    return {"kind": kind, "seat": seat, "pc": pc, "ask": None, **fields}  # type: ignore[typeddict-item]


def ask(task_: Task, seat: int) -> None:
    """Make the task wait for ``seat``'s decision."""
    task_["ask"] = seat


def no_options(state: State, task_: Task) -> list[Option]:
    """For tasks that never ask."""
    return []


def no_choice(state: State, task_: Task, option_id: str) -> None:
    """For tasks that never ask."""
    raise IllegalOption(f"no decision is pending: {option_id!r}")
