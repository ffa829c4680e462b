"""Last Light as an RL environment: its action names, action space and observation vector.

Both are derived from the pack (its techs, factions, achievements, exploration tokens, board,
planets, colony spaces, dice and supply) and the player count, so a mod's cards and board get
their own indices. The observation is read from ``persist.shared_observation``, which is equal
to ``Game.observation``: only what the seat may see goes in (docs/rl.md "Observations").
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from operator import attrgetter, itemgetter
from typing import Any

import numpy as np
from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.records import Ship, State
from whitedwarf.interpreter.lastlight.rl.vector import StateEncoder
from whitedwarf.interpreter.lastlight.state import ACTIONS, LUMOS, SIZES
from whitedwarf.interpreter.lastlight.trade import TRADES
from whitedwarf.rl.actions import ActionSpace
from whitedwarf.rl.features import Layout

#: ``choose one:`` options the space numbers at least (the engine's ``branch:0`` ...); a pack
#: with a longer ``choose one:`` gets as many as its longest has.
MOST_BRANCHES = 8
#: Task kinds of the engine's stack (game.py, rotation.py): what the decision is about.
TASKS = ("research", "mine", "construct", "trade", "refresh", "move", "attack", "round_flow")
PHASES = ("setup", "choose", "resolve", "over")
_COPY = re.compile(r"#\d+")
#: A ship's owner, size and sector, read in one call.
_WHERE = itemgetter("owner", "size", "sector")
#: How many move ids :meth:`LastLightSpec._move_part` remembers at most (then forgets all).
_KEEP_MOVES = 1 << 16
#: From how many options :meth:`LastLightSpec.legal` reads each as a move first (a move
#: step's: a 2-player one lists dozens of ships' moves; a smaller list is mostly of options
#: known by their id alone).
_MANY = 16
#: An option's text.
_TEXT = attrgetter("text")
#: Option ids that name nothing (the same in every game).
SINGLE = ("wait", "done", "skip", "yes", "no", "stop")


class LastLightSpec:
    """What the adapter needs of one Last Light game: its action space and encoder."""

    #: The task kinds and phases the vector names (``vector.py`` reads them here, so it
    #: imports nothing of this module at run time).
    tasks = TASKS
    phases = PHASES

    def __init__(self, game: Any) -> None:
        self.game = game
        self.n = game.players
        rt = runtime({"content": game.content_id})
        self.rt = rt
        cards = rt.cards
        self.techs = sorted(cards["techs"])
        self.factions = sorted(cards["factions"])
        self.achievements = sorted(cards["achievements"])
        self.exploration = sorted(cards["exploration"])
        self.sectors = list(rt.board.sectors)
        self.planets = sorted(rt.planets)
        self.spaces = [space for space, _ in rt.colony_spaces]
        self.faces = sorted(set(rt.die.results))
        self.light_goal = max(1, int(rt.rules.get("game_end_light", 20)))
        self.branches = max(MOST_BRANCHES, _longest_choice(rt))
        self.actions = ActionSpace(self._families())
        self.layout = self._layout()
        self._sector = {s: i for i, s in enumerate(self.sectors)}
        self._planet = {p: i for i, p in enumerate(self.planets)}
        self._tech = {t: i for i, t in enumerate(self.techs)}
        self._faction = {f: i for i, f in enumerate(self.factions)}
        self._achievement = {a: i for i, a in enumerate(self.achievements)}
        self._action = {a: i for i, a in enumerate(ACTIONS)}
        self._size = {s: i for i, s in enumerate(SIZES)}
        self._task = {t: i for i, t in enumerate(TASKS)}
        #: option id -> action name, for ids that name no piece and no seat
        self._plain: dict[str, str] = {}
        self._refs: dict[str, int] = {}
        #: option id -> action index, for ids that name no piece and no seat (:meth:`legal`
        #: looks these up before calling :meth:`index`)
        self.known: dict[str, int] = {}
        #: seat -> option id -> action index, for ids that name a seat and no piece (a gift,
        #: a build for another seat): the same in every game for the same deciding seat
        self._known_by_seat: list[dict[str, int]] = [{} for _ in range(self.n)]
        self._moves = self.actions.families["move"][0]
        #: move option id -> (its ship's id, its destination's place among the sectors)
        self._move_parts: dict[str, tuple[str, int]] = {}
        #: a ship's (owner, size, sector) -> the index of its move to the first sector
        self._move_from: dict[tuple[int, str, str], int] = {}
        self._face = {f: i for i, f in enumerate(self.faces)}
        #: seat -> each seat's place counted from it (you 0, the next 1, ...)
        self._rels = [[(p - seat) % self.n for p in range(self.n)] for seat in range(self.n)]
        self._width = 11 + 3 * len(ACTIONS) + len(self.factions) + 1 + len(self.techs)
        self._state_encoder = StateEncoder(self)
        #: :meth:`observe` for a seat whose ``asked`` is known: the encoder's own method
        self.observe_asked = self._state_encoder.observe

    # -- actions -------------------------------------------------------------------------

    def _owners(self) -> list[str]:
        """Owners of pieces as a seat sees them: ``me``, ``+1`` (the next seat) ... and the
        Lumos (002), whose ships their ally commands."""
        return ["me", *(f"+{k}" for k in range(1, self.n)), "lumos"]

    def _seats(self) -> list[str]:
        return ["me", *(f"+{k}" for k in range(1, self.n))]

    def _entities(self) -> list[str]:
        """Every target an effect can choose (``pick:``), by noun type (vocabulary nouns)."""
        owners, seats = self._owners(), self._seats()
        cards = sorted({*self.techs, *self.factions})
        out = [f"ship:{o}:{z}:{s}" for o in owners for z in SIZES for s in self.sectors]
        out += [f"extractor:{o}:{w}" for o in seats for w in [*self.planets, *self.spaces]]
        out += [f"seat:{o}" for o in seats]
        out += [f"sector:{s}" for s in self.sectors]
        out += [f"planet:{p}" for p in self.planets]
        out += [f"card:{o}:{c}" for o in seats for c in cards]
        out += [f"action:{a}" for a in ACTIONS]
        out += [f"size:{z}" for z in SIZES]
        out += [f"die:{f}" for f in self.faces]
        return out

    def _families(self) -> list[tuple[str, list[str]]]:
        """Every option kind the engine offers, each with every target the pack allows."""
        seats, sizes, sectors = self._seats(), SIZES, self.sectors
        places = [*self.spaces, *self.planets]
        usable = sorted({*self.techs, *self.factions, *self.achievements, *self.exploration})
        movers = ("me", "lumos")
        return [
            ("single", list(SINGLE)),
            ("play", [f"play:{a}" for a in ACTIONS]),
            ("faction", [f"faction:{f}" for f in self.factions]),
            ("achievement", [f"achievement:{a}" for a in self.achievements]),
            (
                "move",
                [
                    f"move:{o}:{z}:{a}>{b}"
                    for o in movers
                    for z in sizes
                    for a in sectors
                    for b in sectors
                ],
            ),
            ("reveal", [f"reveal:{s}" for s in sectors]),
            ("trade", [f"trade:{t}" for t in TRADES]),
            ("gift", [f"gift:{o}" for o in seats[1:]]),
            (
                "build",
                [f"build:{z}" for z in sizes] + [f"build:{z}@{o}" for z in sizes for o in seats],
            ),
            ("extractor", [f"extractor:{w}" for w in places]),
            ("make", [f"make:{t}{z}" for t in self.techs for z in ("", *(f":{s}" for s in sizes))]),
            ("discard", [f"discard:{t}" for t in self.techs]),
            ("use", [f"use:{c}" for c in usable]),
            ("sector", [f"sector:{s}" for s in sectors]),
            ("roll", [f"roll:{z}" for z in sizes] + [f"roll:lumos:{z}" for z in sizes]),
            (
                "assign",
                [f"assign:{e}" for e in self._entities() if e.startswith(("ship:", "extractor:"))],
            ),
            ("slot", [f"slot:{z}" for z in sizes]),
            ("place", [f"place:{w}" for w in places]),
            ("size", [f"size:{z}" for z in sizes]),
            ("branch", [f"branch:{i}" for i in range(self.branches)]),
            ("pick", [f"pick:{e}" for e in self._entities()]),
            # last, so adding it moved no earlier action: a trained policy keeps its indices
            ("keep", [f"keep:{t}" for t in self.techs]),  # the `keep N tech from M` verb
        ]

    def _rel(self, state: State, seat: int, owner: int) -> str:
        if owner == LUMOS:
            return "lumos"
        d = (owner - seat) % state["n"]
        return "me" if d == 0 else f"+{d}"

    def _entity(self, state: State, seat: int, ident: str) -> str:
        """An entity id of a ``pick:``/``assign:`` option as the seat sees it."""
        ship = state["ships"].get(ident)
        if ship is not None:
            return f"ship:{self._rel(state, seat, ship['owner'])}:{ship['size']}:{ship['sector']}"
        ex = state["extractors"].get(ident)
        if ex is not None:
            return f"extractor:{self._rel(state, seat, ex['owner'])}:{ex['planet'] or ex['space']}"
        if ident[:1] == "p" and ident[1:].isdigit():
            return f"seat:{self._rel(state, seat, int(ident[1:]))}"
        if ident[:1] == "d" and ident[1:].isdigit():
            return f"die:{state['dice'][int(ident[1:])]['face']}"
        if ident in state["sectors"]:
            return f"sector:{ident}"
        if ident in state["planets"]:
            return f"planet:{ident}"
        if ident in self._action:
            return f"action:{ident}"
        if ident in self._size:
            return f"size:{ident}"
        card = _COPY.sub("", ident)
        for p in state["players"]:
            if p["faction"] == ident or any(t["ref"] == ident for t in p["techs"]):
                return f"card:{self._rel(state, seat, p['seat'])}:{card}"
            if ident in p["techs_hand"]:
                return f"card:{self._rel(state, seat, p['seat'])}:{card}"
        return f"card:me:{card}"

    def name(self, state: State, seat: int, option_id: str) -> str:
        """The action name of an option offered to ``seat``."""
        plain = self._plain.get(option_id)
        if plain is not None:
            return plain
        kind, _, rest = option_id.partition(":")
        if kind == "move":
            sid, _, dest = rest.partition(":")
            ship = state["ships"][sid]
            who = "lumos" if ship["owner"] == LUMOS else "me"
            return f"move:{who}:{ship['size']}:{ship['sector']}>{dest}"
        if kind in ("pick", "assign"):
            return f"{kind}:{self._entity(state, seat, rest)}"
        if kind == "gift":
            return f"gift:{self._rel(state, seat, int(rest))}"
        if kind == "build" and "@" in rest:
            size, _, owner = rest.partition("@")
            return f"build:{size}@{self._rel(state, seat, int(owner))}"
        name = _COPY.sub("", option_id)
        self._plain[option_id] = name
        return name

    def index(self, state: State, seat: int, option_id: str) -> int:
        """The action index of an option offered to ``seat``."""
        found = self.known.get(option_id)
        if found is not None:
            return found
        if option_id[:5] == "move:":  # most options: worked out from the family's order
            part = self._move_part(option_id)
            if part is not None:
                first = self._first_move(state["ships"], part[0])
                if first >= 0:
                    return first + part[1]
        found = self.actions.of(self.name(state, seat, option_id), option_id)
        if option_id in self._plain:  # it names no piece and no seat: the same in every game
            self.known[option_id] = found
        elif option_id[:5] == "gift:" or (option_id[:6] == "build:" and "@" in option_id):
            self._known_by_seat[seat][option_id] = found  # it names a seat only (:meth:`name`)
        return found

    def _move_part(self, option_id: str) -> tuple[str, int] | None:
        """A move's ship id and its destination's place among the sectors, read from its
        id once (remembered: the same id names the same ship and sector in every game);
        None if it names no sector."""
        part = self._move_parts.get(option_id)
        if part is None:
            sid, _, dest = option_id[5:].partition(":")
            to = self._sector.get(dest)
            if to is None:
                return None
            if len(self._move_parts) > _KEEP_MOVES:
                self._move_parts.clear()
            # (one string per ship: a move list tells its ships apart by identity, legal)
            part = self._move_parts[option_id] = (sys.intern(sid), to)
        return part

    def _first_move(self, ships: dict[str, Ship], sid: str) -> int:
        """The index of ship ``sid``'s move to the first sector (its moves follow in the
        sectors' order), or -1 if there is no such ship: ``move:{me|lumos}:{size}:{sector}
        >...`` (:meth:`_families`; a ship's owner and size never change,
        interpreter/lastlight/state.py, its sector is read now)."""
        ship = ships.get(sid)
        if ship is None:
            return -1
        where = _WHERE(ship)
        first = self._move_from.get(where)
        if first is None:
            owner, size, sector = where
            nsec = len(self.sectors)
            who = 1 if owner == LUMOS else 0  # me, lumos (_families)
            kind = who * len(SIZES) + self._size[size]
            first = self._moves + (kind * nsec + self._sector[sector]) * nsec
            self._move_from[where] = first
        return first

    def legal(
        self, state: State, seat: int, options: Sequence[Any]
    ) -> tuple[dict[int, Any], dict[int, str]]:
        """Each legal action's index -> the engine's first option naming it (:meth:`index`
        of each, the known ones looked up here without a call: a step lists a dozen, and
        a ship's moves read its place once for all its destinations), and -> that
        option's text (the info's, made in the same loop)."""
        if len(options) >= _MANY:
            many = self._legal_moves(state, seat, options)
            if many is not None:
                return many
        out: dict[int, Any] = {}
        texts: dict[int, str] = {}
        known, parts, ships, index = self.known, self._move_parts, state["ships"], self.index
        by_seat = self._known_by_seat[seat]
        firsts: dict[str, int] = {}  # a ship's first move index, read once this call
        for option in options:
            oid = option.id
            k = known.get(oid)
            if k is None:
                part = parts.get(oid)
                if part is not None:
                    sid, to = part
                    first = firsts.get(sid)
                    if first is None:
                        first = firsts[sid] = self._first_move(ships, sid)
                    k = first + to if first >= 0 else index(state, seat, oid)
                else:
                    k = by_seat.get(oid)
                    if k is None:
                        k = index(state, seat, oid)
            if k not in out:
                out[k] = option
                texts[k] = option.text
        return out, texts

    def _legal_moves(
        self, state: State, seat: int, options: Sequence[Any]
    ) -> tuple[dict[int, Any], dict[int, str]] | None:
        """:meth:`legal` of a long list (a move step's, ships' moves but a few), each
        option read as a known move first, a ship's first move index read again only when
        the ship differs from the last option's (a ship's moves come together; its id is
        one string, :meth:`_move_part`); an option no known move is numbered as there.
        None (numbered by :meth:`legal`'s loop) if a move names a ship not there."""
        out: dict[int, Any] = {}
        parts, ships, first_move = self._move_parts, state["ships"], self._first_move
        ship: Any = None
        first = 0
        for option in options:
            oid = option.id
            part = parts.get(oid)
            if part is None:
                k = self.known.get(oid)
                if k is None:
                    k = self._known_by_seat[seat].get(oid)
                    if k is None:
                        k = self.index(state, seat, oid)
            else:
                sid, to = part
                if sid is not ship:
                    ship, first = sid, first_move(ships, sid)
                    if first < 0:
                        return None
                k = first + to
            if k not in out:
                out[k] = option
        return out, dict(zip(out, map(_TEXT, out.values()), strict=True))

    # -- scores and text -----------------------------------------------------------------

    @property
    def goal(self) -> int:
        """The light that ends the game (supply.yaml ``game_end_light``): shaping's scale."""
        return self.light_goal

    @staticmethod
    def scores(state: State) -> list[float]:
        """Each seat's light (public)."""
        return [float(p["light"]) for p in state["players"]]

    @staticmethod
    def text(state: State) -> str:
        """One line a seat: light, resources, techs in play."""
        lines = [f"round {state['round']} ({state['phase']})"]
        for p in state["players"]:
            res = p["res"]
            faction = p["faction"] or "no faction yet"  # (setup: "seat 0 (None)" before)
            lines.append(
                f"seat {p['seat']} ({faction}): {p['light']} light, "
                f"{res.get('common', 0)}/{res.get('uncommon', 0)}/{res.get('rare', 0)} "
                f"resources, {counted(len(p['techs']), 'tech')} in play"
            )
        return "\n".join(lines)

    # -- observations --------------------------------------------------------------------

    def _layout(self) -> Layout:
        n, s, t = self.n, len(self.sectors), len(self.techs)
        lay = Layout()
        lay.add(
            "global",
            4 + len(PHASES) + 1 + len(TASKS) + 1,
            "round / round limit, "
            "rotation / 16, deck / techs, dice rolled / 6; phase one-hot; effect waiting; "
            "top task one-hot; asked now",
        )
        lay.add("first", n, "the first player, by seat from you (you, next, ...)")
        lay.add("faces", len(self.faces), "dice on the table by face / 6")
        lay.add(
            "seats",
            n * (11 + 3 * len(ACTIONS) + len(self.factions) + 1 + t),
            "per seat "
            "from you: light / goal, common, uncommon, rare / 10, techs in hand / 10, "
            "exhausted techs / 10, graveyard / 4, small, medium, large, extractors in "
            "supply / 5 (11 numbers); action cards in hand, played, chosen (yours by card, "
            "others' only that they chose: in the 'chosen' place of the first card); "
            "faction one-hot; faction exhausted; techs in play by card",
        )
        lay.add(
            "ships",
            (n + 1) * len(SIZES) * s,
            "ships by owner (you, next, ..., Lumos), size and sector / 3",
        )
        lay.add("damage", (n + 1) * s, "damage on ships by owner and sector / 3")
        lay.add("extractors", n * s, "extractors by owner and sector / 3")
        lay.add("sectors", 2 * s, "per sector: token revealed, token lying there")
        lay.add(
            "planets",
            4 * len(self.planets),
            "per planet: resource common, uncommon, rare, or not yet seen",
        )
        lay.add("lumos", n + 1, "the Lumos' ally by seat from you, or none")
        lay.add(
            "own",
            t + 2 * len(self.achievements) + len(self.factions),
            "your techs in "
            "hand by card; your kept achievement; achievements and factions dealt to you",
        )
        return lay

    def observe(self, state: State, seat: int, asked: bool | None = None) -> np.ndarray:
        """The observation vector of ``seat``, read from the state itself
        (``vector.py``): the vector :meth:`encode` makes of ``Game.observation``
        (``tests/rl`` compares the two), without building the observation. ``asked``:
        whether the seat is among ``Game.current_players`` (worked out if not given)."""
        if asked is None:
            asked = seat in self.game.current_players(state)
        return self._state_encoder.observe(state, seat, asked)

    def encode(self, view: State, seat: int, asked: bool) -> np.ndarray:
        """Encode ``Game.observation(state, seat)`` (or the state itself, the same vector):
        the reference :meth:`observe`'s faster encoder is tested against (layout:
        :meth:`_layout`, docs/rl.md "Observations").

        It reads a part hidden from the seat only as the observation shows it: another
        seat's techs in hand as a count, its chosen card as chosen or not, a token as lying
        there or not, a planet's resource once its sector is revealed; never the deck's
        order, the generator, others' achievement or the cards dealt to them."""
        n, off = self.n, self.layout.offset
        nsec, ncard = len(self.sectors), len(ACTIONS)
        sectors, sizes, action, ref_tech = self._sector, self._size, self._action, self._ref
        rel = self._rels[seat]
        where: list[int] = []
        value: list[float] = []
        put, val = where.append, value.append
        g = off["global"]
        where += [g, g + 1, g + 2, g + 3, g + 4 + PHASES.index(view["phase"])]
        deck = view["deck"]
        value += [
            view["round"] / max(1, view["round_limit"]),
            view["rotation"] / 16,
            (deck if isinstance(deck, int) else len(deck)) / max(1, len(self.techs)),
            len(view["dice"]) / 6,
            1.0,
        ]
        if view["frames"]:
            put(g + 4 + len(PHASES))
            val(1.0)
        if view["stack"]:
            put(g + 5 + len(PHASES) + self._task.get(view["stack"][-1]["kind"], 0))
            val(1.0)
        if asked:
            put(g + 5 + len(PHASES) + len(TASKS))
            val(1.0)
        put(off["first"] + rel[view["first"]])
        val(1.0)
        faces = self._face
        for die in view["dice"]:
            k = faces.get(die.get("face"))
            if k is not None:
                put(off["faces"] + k)
                val(1 / 6)
        width = self._width
        for p in view["players"]:
            base = off["seats"] + rel[p["seat"]] * width
            res, supply, hand = p["res"], p["supply"], p["techs_hand"]
            where += range(base, base + 11)
            value += [
                p["light"] / self.light_goal,
                res.get("common", 0) / 10,
                res.get("uncommon", 0) / 10,
                res.get("rare", 0) / 10,
                (hand if isinstance(hand, int) else len(hand)) / 10,
                sum(1 for t in p["techs"] if t["exhausted"]) / 10,
                len(p["graveyard"]) / 4,
                supply.get("small", 0) / 5,
                supply.get("medium", 0) / 5,
                supply.get("large", 0) / 5,
                supply.get("extractor", 0) / 5,
            ]
            cards = base + 11
            ones = [cards + action[c] for c in p["hand"]]
            ones += [cards + ncard + action[c] for c in p["played"]]
            choice = p["choice"]
            if choice is not None:  # another seat's card is hidden: only that it chose
                ones.append(cards + 2 * ncard + (action[choice] if p["seat"] == seat else 0))
            fac = cards + 3 * ncard
            if p["faction"] in self._faction:
                ones.append(fac + self._faction[p["faction"]])
            if p["faction_exhausted"]:
                ones.append(fac + len(self.factions))
            techs = fac + len(self.factions) + 1
            ones += [techs + ref_tech(t["ref"]) for t in p["techs"]]
            where += ones
            value += [1.0] * len(ones)
        per_owner = len(SIZES) * nsec
        ships, damage = off["ships"], off["damage"]
        for ship in view["ships"].values():
            o = n if ship["owner"] == LUMOS else rel[ship["owner"]]
            sec = sectors[ship["sector"]]
            put(ships + o * per_owner + sizes[ship["size"]] * nsec + sec)
            val(1 / 3)
            if ship["damage"]:
                put(damage + o * nsec + sec)
                val(ship["damage"] / 3)
        ex_off = off["extractors"]
        ones = [
            ex_off + rel[ex["owner"]] * nsec + sectors[ex["sector"]]
            for ex in view["extractors"].values()
            if ex["owner"] != LUMOS
        ]
        where += ones
        value += [1 / 3] * len(ones)
        sec_off = off["sectors"]
        seen = view["sectors"]
        ones = [sec_off + 2 * sectors[sid] for sid, s in seen.items() if s["revealed"]]
        ones += [sec_off + 2 * sectors[sid] + 1 for sid, s in seen.items() if s["token"]]
        pl_off, res_index = off["planets"], _RESOURCE
        for pid, planet in view["planets"].items():
            shown = seen[planet["sector"]]["revealed"]
            ones.append(
                pl_off
                + 4 * self._planet[pid]
                + (res_index.get(planet["resource"], 3) if shown else 3)
            )
        lumos = view["lumos"]
        ally = lumos.get("ally") if lumos else None
        ones.append(off["lumos"] + (n if ally is None else rel[ally]))
        me = view["players"][seat]
        own = off["own"]
        ones += [own + ref_tech(ref) for ref in me["techs_hand"]]
        ach = own + len(self.techs)
        if me["achievement"] in self._achievement:
            ones.append(ach + self._achievement[me["achievement"]])
        ones += [
            ach + len(self.achievements) + self._achievement[a] for a in me["achievements_dealt"]
        ]
        ones += [ach + 2 * len(self.achievements) + self._faction[f] for f in me["factions_dealt"]]
        where += ones
        value += [1.0] * len(ones)
        out = np.bincount(where, value, self.layout.size)
        return out.astype(np.float32)

    def _ref(self, ref: str) -> int:
        """A tech's place in the techs' list from its ref (``warp_drive#2``), remembered."""
        found = self._refs.get(ref)
        if found is None:
            found = self._refs[ref] = self._tech[_COPY.sub("", ref)]
        return found


def _longest_choice(rt: Any) -> int:
    """The most options of any ``choose one:`` in the pack's compiled effects (effect-ir:
    ``["branch", [pc, ...], [text, ...]]``)."""
    from whitedwarf.interpreter.lastlight.effects import EffectContentError, card_effect

    longest = 0
    for table in rt.cards.values():
        for cid in table:
            try:
                todo: list[Any] = [card_effect(rt, cid)]
            except EffectContentError:
                continue  # a card that does not compile fails in the games that use it
            while todo:
                item = todo.pop()
                if isinstance(item, dict):
                    todo.extend(item.values())
                elif isinstance(item, (list, tuple)):
                    if len(item) == 3 and item[0] == "branch" and isinstance(item[1], list):
                        longest = max(longest, len(item[1]))
                    todo.extend(item)
    return longest


#: A planet's resource to its place in the planet block (3: not yet seen).
_RESOURCE = {"common": 0, "uncommon": 1, "rare": 2}
