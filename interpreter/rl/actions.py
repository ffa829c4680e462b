"""A game's fixed action space: every option the engine can offer, named and numbered.

The engine offers each decision as a list of options with stable ids (``move:s12:inner_2``,
``make:warp_drive#3:small``). Ids name pieces by a counter (``s12``) and cards by copy
(``#3``), so the same move has other ids in other games. An RL agent needs one numbering for
every game of a pack: each option is named by its *kind* and its *target* as the deciding
seat sees them (a ship by its owner, size and sector; a card by its id; a seat relative to
the one deciding), and the space lists every such name the pack's content allows, in a fixed
order (docs/rl.md "Actions"). Options that name the same action (two undamaged small ships
of yours in one sector, two copies of a card in your hand) are one action: the engine's first
of them is taken.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class UnmappedOption(LookupError):
    """The engine offered an option the action space has no index for (a bug of the adapter:
    every option kind of the game is enumerated from its vocabulary and content)."""


class ActionSpace:
    """Names to indices and back. ``names[i]`` is action ``i``; families are listed in order,
    each with its first index (:attr:`families`)."""

    def __init__(self, families: Iterable[tuple[str, Iterable[str]]]) -> None:
        self.names: list[str] = []
        #: family name -> (first index, count)
        self.families: dict[str, tuple[int, int]] = {}
        for family, names in families:
            start = len(self.names)
            self.names.extend(names)
            self.families[family] = (start, len(self.names) - start)
        self.index: dict[str, int] = {}
        for i, name in enumerate(self.names):
            if name in self.index:
                raise ValueError(
                    f"action {name!r} is listed twice (indices {self.index[name]}, {i})"
                )
            self.index[name] = i

    def __len__(self) -> int:
        return len(self.names)

    def of(self, name: str, option_id: str) -> int:
        """The index of an action name (:class:`UnmappedOption` naming the option if none)."""
        found = self.index.get(name)
        if found is None:
            raise UnmappedOption(
                f"option {option_id!r} (action {name!r}) is not in the action space"
            )
        return found

    def layout(self) -> list[dict[str, Any]]:
        """Each family with its index range, for docs and for people (``env.action_layout``)."""
        return [
            {"family": family, "first": start, "count": count}
            for family, (start, count) in self.families.items()
        ]
