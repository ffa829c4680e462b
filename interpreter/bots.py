"""Bots: seat controllers that pick one of the legal options.

A bot never touches the game's random generator: it has its own, seeded from the game
seed and its seat, so a seeded game with bot seats is reproducible option by option.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol


class OptionLike(Protocol):
    """What a bot needs of an option: its stable id (read only: an :class:`Option` is a
    named tuple)."""

    @property
    def id(self) -> str: ...


class Bot(Protocol):
    """Chooses an option id for ``seat`` among ``options``."""

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str: ...


class RandomBot:
    """Picks uniformly among the legal options."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits

    # A copy draws from a generator of its own: ``copy.deepcopy`` treats the bound
    # ``getrandbits`` as atomic, so a copy kept it and drew from the original's generator (a
    # copied line-up no longer replayed its game). Only the generator is state; the bound
    # method is made again from the copy's own.
    def __getstate__(self) -> dict[str, Any]:
        return {"rng": self.rng}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.rng = state["rng"]
        self._bits = self.rng.getrandbits

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str:
        # ``rng.randrange(len(options))`` written out: draw as many bits as the count needs
        # and draw again while the number is past the end (uniform: every index is one of
        # the equally likely ``2**k`` draws kept). It is the same draws CPython's
        # ``randrange`` makes, so games stay the same move for move
        # (tests/engine/test_bots.py), without its argument checks: the bot runs at every
        # decision of a simulation.
        count = len(options)
        if not count:
            raise ValueError("no option to choose from")
        bits = count.bit_length()
        index = self._bits(bits)
        while index >= count:
            index = self._bits(bits)
        return options[index].id


class FirstBot:
    """Always takes the first legal option (a deterministic baseline)."""

    def __init__(self, seed: int) -> None:
        del seed

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str:
        return options[0].id


class EngineSeat:
    """A seat the game's engine plays itself (Starlight's Starbots take no decisions, 003
    "Starbots"): the runner never asks it, and being asked is an engine bug, said so."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str:
        raise RuntimeError(f"seat {seat} is a {self.kind} the engine plays, yet it was asked")


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "first": FirstBot}


def make_bot(kind: str, game_seed: int, seat: int) -> Bot:
    """A bot of ``kind`` for ``seat``; raises KeyError for an unknown kind."""
    return BOTS[kind](game_seed * 1009 + seat * 7919 + 1)
