"""Starlight as an RL environment: its action names, action space and observation vector.

Derived from the pack (its cores, starters, rays, flares, gods, laurels, privileges, aspects,
accolades, rondel and sky) and the seat count. Starlight's options name no pieces and no
seats, so an option's name is its id with a flare's pool place kept as the place (its price
is the place's, 003 "Gain Flares"). The observation is read from ``Game.observation``.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.starlight.records import State
from whitedwarf.interpreter.starlight.rl.vector import NUMBERS, StateEncoder, _sum
from whitedwarf.rl.actions import ActionSpace
from whitedwarf.rl.features import Layout

MOST_BRANCHES = 8
PHASES = ("gods", "play", "over")
SINGLE = (
    "wait", "end", "step", "act", "final", "done", "flush", "cancel", "ready", "slotless",
    "no_flare", "buy", "yes", "no", "stop",
)  # fmt: skip
#: SL17: the game's own last round, the scale of the round number.
ROUNDS = 60


class StarlightSpec:
    """What the adapter needs of one Starlight game: its action space and encoder."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.n = game.players
        content = game.content
        cards = content.cards
        self.cores = sorted({*cards["cores"], *cards["starters"]})
        self.flares = sorted(cards["flares"])
        self.gods = sorted(cards["gods"])
        self.laurels = sorted(cards["laurels"])
        self.privileges = sorted(cards["privileges"])
        self.aspects = sorted(cards["aspects"])
        self.accolades = sorted(cards["accolades"])
        self.rays = sorted(content.rays)
        self.slots = list(content.slots)
        self.spaces = len(content.spaces)
        self.places = len(content.setup.get("flare_costs", [1, 2, 3, 4]))
        self.actions = ActionSpace(
            [
                ("single", list(SINGLE)),
                ("core", [f"core:{c}" for c in self.cores]),
                ("ray", [f"ray:{r}" for r in self.rays]),
                (
                    "flare",
                    [f"flare:{i}" for i in range(self.places)]
                    + [f"flare:{f}" for f in self.flares],
                ),
                ("boon", [f"boon:{f}" for f in self.flares]),
                ("god", [f"god:{g}" for g in self.gods]),
                ("slot", [f"slot:{s}" for s in self.slots]),
                ("place", [f"place:{i}" for i in range(self.spaces)]),
                ("branch", [f"branch:{i}" for i in range(MOST_BRANCHES)]),
                # a Flare flush's order over a short deck (SL164); last, the others' places kept
                ("under", [f"under:{f}" for f in self.flares]),
            ]
        )
        self._core = {c: i for i, c in enumerate(self.cores)}
        self._flare = {f: i for i, f in enumerate(self.flares)}
        self._god = {g: i for i, g in enumerate(self.gods)}
        self._laurel = {x: i for i, x in enumerate(self.laurels)}
        self._privilege = {x: i for i, x in enumerate(self.privileges)}
        self._aspect = {x: i for i, x in enumerate(self.aspects)}
        self._accolade = {x: i for i, x in enumerate(self.accolades)}
        self._ray = {r: i for i, r in enumerate(self.rays)}
        self._slot = {s: i for i, s in enumerate(self.slots)}
        self._phase = {p: i for i, p in enumerate(PHASES)}
        self.layout = self._layout()
        self._zeros = array("d", bytes(8 * self.layout.size))
        #: seat -> each seat's place counted from it (you 0, the next 1, ...)
        self._rels = [[(p - seat) % self.n for p in range(self.n)] for seat in range(self.n)]
        self._state_encoder = StateEncoder(self)
        #: :meth:`observe` for a seat whose ``asked`` is known: the encoder's own method
        self.observe_asked = self._state_encoder.observe

    # -- actions -------------------------------------------------------------------------

    @staticmethod
    def name(state: State, seat: int, option_id: str) -> str:
        """The action name of an option: its id (Starlight's ids name no piece or seat)."""
        return option_id

    def index(self, state: State, seat: int, option_id: str) -> int:
        """The action index of an option (its id is its name)."""
        return self.actions.of(option_id, option_id)

    def legal(
        self, state: State, seat: int, options: Sequence[Any]
    ) -> tuple[dict[int, Any], dict[int, str]]:
        """Each legal action's index -> the engine's first option naming it, and -> that
        option's text (the info's, made in the same loop)."""
        out: dict[int, Any] = {}
        texts: dict[int, str] = {}
        names = self.actions.index
        for option in options:
            k = names.get(option.id)
            if k is None:
                k = self.actions.of(option.id, option.id)  # UnmappedOption, naming it
            if k not in out:
                out[k] = option
                texts[k] = option.text
        return out, texts

    # -- scores and text -----------------------------------------------------------------

    #: Shaping's scale: the points of a good game.
    goal = 50

    @staticmethod
    def scores(state: State) -> list[float]:
        """Each seat's points so far: night and day (public)."""
        return [float(p["night"] + p["day"]) for p in state["players"]]

    @staticmethod
    def text(state: State) -> str:
        lines = [f"round {state['round']} ({state['phase']})"]
        for p in state["players"]:
            lines.append(
                f"seat {p['seat']} ({p['kind']}): {p['night']} night, {p['day']} day, "
                f"{counted(len(p['stars']), 'star')}, {p['ap']} AP"
            )
        return "\n".join(lines)

    # -- observations --------------------------------------------------------------------

    def _layout(self) -> Layout:
        n, r = self.n, len(self.rays)
        lay = Layout()
        lay.add(
            "global",
            5 + len(PHASES) + 1,
            "round / 60, core deck / cores, flare deck / "
            "flares, daybreak reached, last round; phase one-hot; asked now",
        )
        lay.add("turn", n, "whose turn, by seat from you")
        lay.add(
            "pools",
            2 * r + len(self.cores) + len(self.flares),
            "long and short ray pools by ray / 8; cores in the pool; flares in the pool",
        )
        lay.add("bags", 2 * r, "long and short bags by ray / 20")
        lay.add("slots", n * len(self.slots), "each slot's star by seat from you")
        lay.add(
            "accolades",
            (n + 1) * len(self.accolades),
            "each accolade's owner by seat from you, or none",
        )
        self._width = (
            NUMBERS
            + self.spaces
            + len(self.cores)
            + r
            + len(self.privileges)
            + len(self.aspects)
            + len(self.gods)
        )
        lay.add(
            "seats",
            n * self._width,
            "per seat from you: starbot, AP / 10, saved / 10, "
            "night / 50, day / 50, flares / 5, laurels / 5, stars / 10, turns / 60, "
            "used flares / 10, AP gained for its next turn / 10 (11 numbers); marker on "
            "the rondel one-hot; cores held; rays held by ray; privileges; aspects; god "
            "(once revealed)",
        )
        lay.add(
            "own",
            len(self.laurels) + 2 * len(self.flares) + len(self.gods),
            "your laurels; your flares; flares you used; gods dealt to you",
        )
        return lay

    def observe(self, state: State, seat: int, asked: bool | None = None) -> np.ndarray:
        """The observation vector of ``seat``: :meth:`encode` of the state itself, read as
        ``Game.observation`` shows it to the seat (``tests/rl`` compares the two) without
        copying the state to hide what the seat may not see, and writing only what changed
        since the seat's last one (``vector.py``). ``asked``: whether the seat is
        among ``Game.current_players`` (worked out if not given)."""
        if asked is None:
            asked = seat in self.game.current_players(state)
        return self._state_encoder.observe(state, seat, asked)

    def encode(self, view: State, seat: int, asked: bool, whole: bool = False) -> np.ndarray:
        """Encode a seat's observation (``Game.observation(state, seat)``) as the vector;
        ``whole``: ``view`` is the state itself, read only where the observation shows it
        (decks and other seats' laurels and flares by their sizes, never their gods dealt,
        another seat's god only once every seat has kept one: ``persist.observation``)."""
        n, off = self.n, self.layout.offset
        acc = self._zeros[:]  # a copy of zeros: the vector, written in place
        hide_gods = whole and view["phase"] == "gods"
        rel = self._rels[seat]
        nr = len(self.rays)
        g = off["global"]
        acc[g] = view["round"] / ROUNDS
        acc[g + 1] = _size(view["core_deck"]) / max(1, len(self.cores))
        acc[g + 2] = _size(view["flare_deck"]) / max(1, len(self.flares))
        acc[g + 3] = float(view.get("daybreak") is not None)
        acc[g + 4] = float(view.get("last_round") is not None)
        acc[g + 5 + PHASES.index(view["phase"])] = 1.0
        if asked:
            acc[g + 5 + len(PHASES)] = 1.0
        if isinstance(view.get("turn"), int) and 0 <= view["turn"] < n:
            acc[off["turn"] + rel[view["turn"]]] = 1.0

        def count(base: int, items: Any, index: dict[str, int], scale: float) -> None:
            for item in items:
                k = index.get(item)
                if k is not None:
                    acc[base + k] += scale

        pools, bags = view["pools"], view["bags"]
        count(off["pools"], pools.get("long", ()), self._ray, 1 / 8)
        count(off["pools"] + nr, pools.get("short", ()), self._ray, 1 / 8)
        count(off["pools"] + 2 * nr, pools.get("cores", ()), self._core, 1.0)
        count(off["pools"] + 2 * nr + len(self.cores), pools.get("flares", ()), self._flare, 1.0)
        for at, bag in (
            (off["bags"], bags.get("long", ())),
            (off["bags"] + nr, bags.get("short", ())),
        ):
            # a bag holds some seventy rays of a dozen kinds: counted in C, then each
            # count stands for its rays, added one by one as above (_sum)
            for ray, many in Counter(bag).items():
                k = self._ray.get(ray)
                if k is not None:
                    acc[at + k] = _sum(1 / 20, many)
        start = off["slots"]
        for slot, owner in view["slots"].items():
            if isinstance(owner, int) and slot in self._slot:
                acc[start + rel[owner] * len(self.slots) + self._slot[slot]] = 1.0
        for accolade in view["accolades"]:
            k = self._accolade.get(accolade["id"])
            if k is not None:
                owner = accolade.get("owner")
                who = rel[owner] if isinstance(owner, int) else n
                acc[off["accolades"] + who * len(self.accolades) + k] = 1.0
        size = _size
        width = self._width
        for p in view["players"]:
            base = off["seats"] + rel[p["seat"]] * width
            hidden = hide_gods and p["seat"] != seat
            acc[base] = float(p["kind"] == "starbot")
            acc[base + 1] = p["ap"] / 10
            acc[base + 2] = p["saved"] / 10
            acc[base + 3] = p["night"] / 50
            acc[base + 4] = p["day"] / 50
            acc[base + 5] = size(p["flares"]) / 5
            acc[base + 6] = size(p["laurels"]) / 5
            acc[base + 7] = len(p["stars"]) / 10
            acc[base + 8] = p["turns"] / ROUNDS
            acc[base + 9] = len(p["used_flares"]) / 10
            # SL155: AP a power gave the seat between its turns, public (the mats show it)
            acc[base + 10] = p.get("ap_waiting", 0) / 10
            at = base + NUMBERS
            if isinstance(p["marker"], int) and 0 <= p["marker"] < self.spaces:
                acc[at + p["marker"]] = 1.0
            at += self.spaces
            count(at, p["cores"], self._core, 1.0)
            at += len(self.cores)
            count(at, p["rays"], self._ray, 1 / 4)
            at += nr
            count(at, p["privileges"], self._privilege, 1.0)
            at += len(self.privileges)
            count(at, p["aspects"], self._aspect, 1.0)
            at += len(self.aspects)
            if p.get("god") in self._god and not hidden:
                acc[at + self._god[p["god"]]] = 1.0
        me = view["players"][seat]
        own = off["own"]
        if not isinstance(me["laurels"], int):
            count(own, me["laurels"], self._laurel, 1.0)
        own += len(self.laurels)
        if not isinstance(me["flares"], int):
            count(own, me["flares"], self._flare, 1.0)
        count(own + len(self.flares), me["used_flares"], self._flare, 1.0)
        dealt = me.get("gods_dealt")
        if isinstance(dealt, list):
            count(own + 2 * len(self.flares), dealt, self._god, 1.0)
        return np.frombuffer(acc, dtype=np.float64).astype(np.float32)


def _size(value: Any) -> int:
    """A hidden list's length (the observation shows it as its length)."""
    return value if isinstance(value, int) else len(value)
