"""The content a Last Light game runs on, and its precomputed runtime tables.

:class:`GameContent` is a loaded pack's files as plain dicts (``board``, ``setups``,
``planets``, ``ships``, ``dice``, ``actions``, ``supply`` and the card files ``techs``,
``factions``, ``exploration``, ``achievements``). It comes from the validating pack loader
only (``packs.load_game_content``, or ``content_from_pack`` of a ``dsl.packs`` load): there is
one content path, with the loader's limits and schema checks.

How a state finds its runtime: a state names its content by id (``state["content"]``:
pack name, content digest, player count) and never copies it, so it stays plain data. The
content object owns its :class:`Runtime` per player count (:meth:`GameContent.runtime`);
:func:`register` also lists that runtime under the id in a directory of *weak* references,
so :func:`runtime` finds it from the id while the content is alive, and an entry goes when
its content goes. Two loaded contents with the same digest hold equal data; the one
registered last answers for the id.
"""

from __future__ import annotations

import hashlib
import json
import weakref
from bisect import bisect_right
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Any

from whitedwarf.interpreter.lastlight.board import Board, SetupLayout, load_setup, setup_entry
from whitedwarf.interpreter.lastlight.limits import check_deck, check_pieces
from whitedwarf.interpreter.lastlight.records import Named
from whitedwarf.interpreter.lastlight.vocabulary import registry

CARD_FILES = ("techs", "factions", "exploration", "achievements")


@dataclass
class GameContent:
    """A content pack as plain data: file stem -> parsed YAML (lists or dicts)."""

    files: dict[str, Any]
    name: str = "lastlight"
    _digest: str | None = field(default=None, repr=False, compare=False)
    # The runtime tables by player count, built once (:meth:`runtime`).
    runtimes: dict[int, Runtime] = field(default_factory=dict, repr=False, compare=False)
    #: Card ids a mod removed, each with where (``LoadedPack.removed``): an option that names
    #: one is told the mod removed it. Not part of the rules (nor of the digest).
    removed: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    def get(self, stem: str, default: Any = None) -> Any:
        """One file's data, or ``default`` when the pack has no such file."""
        return self.files.get(stem, default)

    def digest(self) -> str:
        """A short stable digest of the content (part of the id states refer to); cached."""
        if self._digest is None:
            text = json.dumps(_authored(self.files), sort_keys=True, default=str)
            self._digest = hashlib.sha256(text.encode()).hexdigest()[:12]
        return self._digest

    def runtime(self, players: int) -> Runtime:
        """The runtime tables of this content for a player count (built once)."""
        found = self.runtimes.get(players)
        if found is None:
            found = self.runtimes[players] = _build(self, players)
        return found


def _authored(files: dict[str, Any]) -> dict[str, Any]:
    """The files as written: a card's ``compiled`` form (added by the loader) is left out, so
    the digest, and with it the id states name, is the same however the content was loaded."""
    out = dict(files)
    for stem in CARD_FILES:
        cards = out.get(stem)
        if isinstance(cards, list):
            out[stem] = [
                {k: v for k, v in c.items() if k != "compiled"} if isinstance(c, dict) else c
                for c in cards
            ]
    return out


# -- runtime tables ----------------------------------------------------------------------------


@dataclass
class Runtime:
    """Static tables of one content pack at one player count, built once per game."""

    content: GameContent
    players: int
    board: Board
    layout: SetupLayout
    ring: dict[str, str]
    blocked: frozenset[str]
    ship_stats: dict[str, dict[str, int]]
    ship_cost: dict[str, dict[str, int]]
    base_stats: dict[str, int]
    rules: dict[str, Any]
    colony_spaces: list[tuple[str, str]]
    die: Die
    face_info: dict[str, tuple[int, bool, bool]]
    cards: dict[str, dict[str, dict[str, Any]]]
    planets: dict[str, dict[str, Any]]
    resources_total: dict[str, int]
    light_total: int
    pieces: dict[str, int]
    extractor_shield: int
    colony_safe: bool = True
    # -- memo tables, filled as the games of this content run; each names its one user ----
    effects: dict[str, dict[str, Any]] = field(default_factory=dict)  # effects.card_effect
    lowered: dict[str, list[Any]] = field(default_factory=dict)  # effects: programs lowered
    how: dict[str, list[Any]] = field(default_factory=dict)  # effects: how each clause runs
    static: dict[str, tuple[tuple[Any, ...], tuple[Any, ...]]] = field(
        default_factory=dict
    )  # modifiers: a card's modifier and grant clauses
    triggers: dict[str, Any] = field(default_factory=dict)  # hooks: a card's triggered clauses
    # conditional: a card's `while` clauses, and under "" whether the content has any
    conditional: dict[str, Any] = field(default_factory=dict)
    # hooks: the hooks some card of the content reacts to (issue 29), once worked out
    reacting: dict[str, bool] = field(default_factory=dict)
    immediate: dict[str, Any] = field(default_factory=dict)  # hooks: a card's immediate clauses
    hooked: dict[tuple[str | None, ...], dict[str, Any]] = field(
        default_factory=dict
    )  # hooks: the cards in play -> what fires on each hook
    firers: dict[tuple[Any, ...], Any] = field(default_factory=dict)  # hooks: one per bound
    as_soon_as: dict[str, Any] = field(default_factory=dict)  # hooks: achievement conditions
    activated: dict[str, Any] = field(default_factory=dict)  # hooks: a card's activated clauses
    activators: dict[tuple[str | None, ...], tuple[tuple[int, str, Any], ...]] = field(
        default_factory=dict
    )  # hooks: the cards in play -> their activated clauses (``hooks._activators``)
    tech_costs: dict[int, dict[str, Any]] = field(default_factory=dict)  # research, by discount
    make_options: dict[Any, Any] = field(default_factory=dict)  # research
    tech_info: dict[str, Any] = field(default_factory=dict)  # research
    untouched: dict[str, frozenset[str]] = field(default_factory=dict)  # research
    destinations: dict[Any, tuple[str, ...]] = field(default_factory=dict)  # command
    move_options: dict[Any, Any] = field(default_factory=dict)  # command
    light_source: dict[str, str] = field(default_factory=dict)  # verbs: card id -> its source
    card_values: dict[str, float] = field(default_factory=dict)  # valuation: card id -> worth
    card_costs: dict[str, dict[str, int]] = field(default_factory=dict)  # heuristic: ref -> cost

    def forget(self) -> None:
        """Empty the memo tables (after card data changed in place, as test cards do)."""
        for table in fields(self):
            if table.default_factory is dict:  # the memo tables, and only they
                getattr(self, table.name).clear()

    def card(self, ref: str) -> dict[str, Any]:
        """The card data of a card instance ref, from any card file."""
        cid = ref.split("#", 1)[0]
        for table in self.cards.values():
            if cid in table:
                return table[cid]
        raise KeyError(f"unknown card {cid!r}")


#: Content id -> weak reference to its runtime, for the contents alive now: an entry goes when
#: its runtime (owned by its content) goes. A plain dict of references rather than a
#: ``WeakValueDictionary``, whose Python-level lookup cost 10% of a triggered effect.
_DIRECTORY: dict[str, weakref.ref[Runtime]] = {}
#: Content id -> every runtime alive under it. Two Games loaded from the same packs are two
#: contents of one digest, so one id: when the runtime listed in :data:`_DIRECTORY` goes,
#: another alive under the id takes its place (their tables are alike), and a Game made
#: before the other one went keeps working (a scenario test's module-level game, with other
#: tests making and dropping games of the same pack, found it refused as "not loaded").
_ALIVE: dict[str, list[weakref.ref[Runtime]]] = {}


def register(content: GameContent, players: int) -> str:
    """List the content's runtime for ``players`` under its id; return the id states name."""
    key = f"{content.name}-{content.digest()}-{players}p"
    rt = content.runtime(players)
    known = _DIRECTORY.get(key)
    if known is None or known() is not rt:
        alive = _ALIVE.setdefault(key, [])
        ref = next((r for r in alive if r() is rt), None)
        if ref is None:
            ref = weakref.ref(rt, partial(_forget, key))
            alive.append(ref)
        _DIRECTORY[key] = ref
    return key


def _forget(key: str, gone: weakref.ref[Runtime]) -> None:
    """Drop a dead runtime's references; if it was the one listed, list another runtime of
    the same id still alive, else drop the entry."""
    alive = [r for r in _ALIVE.get(key, ()) if r is not gone and r() is not None]
    if alive:
        _ALIVE[key] = alive
    else:
        _ALIVE.pop(key, None)
    if _DIRECTORY.get(key) is gone:
        if alive:
            _DIRECTORY[key] = alive[-1]
        else:
            del _DIRECTORY[key]


def runtime(state: Named) -> Runtime:
    """The static tables of the content a state was made from."""
    # A subscript in a ``try`` rather than ``.get`` and a test: asked about three times a
    # decision, and the content is nearly always there.
    try:
        found = _DIRECTORY[state["content"]]()
    except KeyError:
        found = None
    if found is None:
        raise KeyError(f"content {state['content']!r} is not loaded; create the Game from it first")
    return found


def _build(content: GameContent, players: int) -> Runtime:
    """The runtime tables of a pack for a player count."""
    board_data, setups = content.get("board", {}), content.get("setups", {})
    layout = load_setup(board_data, setups, players)
    board = Board.from_data(board_data, setup_entry(setups, players))
    supply = content.get("supply", {})
    ships = content.get("ships", {})
    _check_decks(content)
    check_pieces(supply.get("per_player") or {})
    return Runtime(
        content=content,
        players=players,
        board=board,
        layout=layout,
        ring={sid: s.ring for sid, s in board.sectors.items()},
        blocked=frozenset(layout.asteroids),
        ship_stats=_ship_stats(ships),
        ship_cost={s["id"]: dict(s.get("cost", {})) for s in ships.get("ships", [])},
        base_stats=_base_stats(content, players),
        rules=dict(supply.get("rules", {})),
        colony_spaces=[(s["id"], s["resource"]) for s in board_data["colony_ship"]["spaces"]],
        die=_die(content.get("dice", {})),
        face_info=_face_info(content.get("dice", {})),
        cards={stem: _cards(content.get(stem) or []) for stem in CARD_FILES},
        planets={p["id"]: p for p in content.get("planets") or []},
        resources_total=dict(supply.get("resources", {})),
        light_total=sum(c["value"] * c["count"] for c in supply.get("light_crystals", [])),
        pieces=dict(supply.get("per_player", {}).get("ships", {})),
        extractor_shield=int(ships.get("extractor", {}).get("shields", 1)),
        colony_safe=not ships.get("colony_ship", {}).get("extractors_attackable", False),
    )


def _ship_stats(ships: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Base ship stats by size (000 "Combat Icons Explained"; ships.yaml): each ship-type stat
    of the vocabulary from its ``setting`` key of the ship's entry, else its ``default``."""
    stats = [s for s in registry().stats.values() if s.scope == "ship_type"]
    out = {}
    for ship in ships.get("ships", []):
        row = {s.name: int(ship.get(s.setting.partition(":")[2], s.default or 0)) for s in stats}
        row["mod_slots"] = int(ship.get("mod_slots", 1))  # a pack field, not a card's stat
        out[ship["id"]] = row
    return out


def _base_stats(content: GameContent, players: int) -> dict[str, int]:
    """Base values of the player stats: each from the pack where its ``setting`` says, else
    the vocabulary's ``default``."""
    out = {}
    for stat in registry().stats.values():
        if stat.scope != "player":
            continue
        found = _setting(content, stat.setting) if stat.setting else None
        out[stat.name] = int(found if found is not None else stat.default or 0)
    if players == 2:  # 000 "Graveyard": 2 light in a 2-player game (rules-decisions C4)
        found = _setting(content, "supply:rules.graveyard_light_two_players")
        out["graveyard_light"] = int(found if found is not None else 2)
    return out


def _setting(content: GameContent, setting: str) -> Any:
    """The value at ``"file:key.key"`` in the pack, or None."""
    stem, _, path = setting.partition(":")
    node: Any = content.get(stem) or {}
    for key in path.split("."):
        if not isinstance(node, dict):
            return None
        node = node.get(key)
    return node


class ContentError(ValueError):
    """Content the engine cannot run as written (a pack that was not validated)."""


#: 000 "Combat Dice Results Explained": what each printed result does, as (damage, activates
#: the ship ability, rolls another die). dice.yaml's ``results`` say it for the pack's die; a
#: face an effect names (``treat this die as explode``) that the die does not show keeps its
#: printed meaning.
PRINTED_RESULTS: dict[str, tuple[int, bool, bool]] = {
    "miss": (0, False, False),
    "hit": (1, False, False),
    "hit_ability": (1, True, False),
    "explode": (1, False, True),
    "ability": (0, True, False),
}


@dataclass(frozen=True)
class Die:
    """The combat die (dice.yaml): ``sides`` equally likely sides, each showing a result.

    ``bounds`` holds, per result in the file's order, the number of sides up to and
    including that result's (``faces`` summed), so a side maps to its result by bisection
    and no table one entry per side is ever built, whatever the counts.
    """

    id: str
    sides: int
    results: tuple[str, ...]
    bounds: tuple[int, ...]

    def face(self, side: int) -> str:
        """The result a side (0 to ``sides`` - 1) shows."""
        return self.results[bisect_right(self.bounds, side)]


#: The die of 000 with the invented face counts of dice.yaml, for content without a die.
_BASE_DIE = Die("combat_die", 6, ("miss", "hit", "hit_ability", "explode", "ability"),
                (2, 3, 4, 5, 6))  # fmt: skip


def _die(dice: dict[str, Any]) -> Die:
    """The combat die of dice.yaml: its ``sides``, and how many of them show each result.

    The ``faces`` of the results must add up to ``sides`` (the validator says so at the
    file's line, E0920); the engine rolls ``sides`` and refuses content where they differ.
    """
    listed = dice.get("dice") or []
    if not listed:
        return _BASE_DIE
    die = listed[0]
    results = die.get("results") or []
    if not results:
        raise ContentError(f"die {die.get('id')!r} (dice.yaml) has no results")
    bounds, total = [], 0
    for r in results:
        total += max(0, int(r.get("faces", 1)))
        bounds.append(total)
    sides = int(die.get("sides", total))
    if sides != total or sides <= 0:
        raise ContentError(
            f"die {die.get('id')!r} (dice.yaml) has {sides} sides but the faces of its results "
            f"add up to {total}"
        )
    return Die(str(die.get("id")), sides, tuple(str(r["id"]) for r in results), tuple(bounds))


def _face_info(dice: dict[str, Any]) -> dict[str, tuple[int, bool, bool]]:
    """Face id -> (damage, activates the ship ability, rolls an extra die)."""
    die = (dice.get("dice") or [{}])[0]
    info = dict(PRINTED_RESULTS)
    for r in die.get("results", []):
        info[r["id"]] = (int(r.get("damage", 0)), bool(r.get("ability")), bool(r.get("extra_die")))
    return info


def _check_decks(content: GameContent) -> None:
    """The tech deck and the exploration tokens fit :data:`limits.MAX_DECK` (the engine
    builds them card by card at setup)."""
    for stem, what in (("techs", "technology deck"), ("exploration", "exploration tokens")):
        cards = _cards(content.get(stem) or [])
        check_deck(what, {cid: int(c.get("copies", 1)) for cid, c in cards.items()})


def _cards(data: Any) -> dict[str, dict[str, Any]]:
    """Card id -> card dict from a card file (a list, or a dict with one list inside)."""
    if isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list)]
        data = lists[0] if lists else []
    return {c["id"]: c for c in data if isinstance(c, dict) and "id" in c}
