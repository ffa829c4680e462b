"""Selectors and values of the effect language for Last Light (vocabulary ``_nouns``,
``_filters``, ``_values``).

A selector (docs/effect-ir.md "Selectors") names a noun type, filters and excludes; its
candidates are sorted entity ids: ships ``s<n>``, extractors ``x<n>``, sector and planet ids,
players ``p<seat>``, tech and card refs (``warp_drive#2``; a faction card by its id), action
card ids (``research``), ship types (``small``), dice ``d<index into state["dice"]>``.
Each filter cites the rule it reads. ``resolve`` turns an ``other_than`` / ``exclude``
operand into ids (the effect machine's operand resolver).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from whitedwarf.interpreter.lastlight import dispatch, fleet, versions
from whitedwarf.interpreter.lastlight.blockade import blockaded
from whitedwarf.interpreter.lastlight.card_effects import card_kind
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.records import Player, State, Tech
from whitedwarf.interpreter.lastlight.state import (
    LUMOS,
    SIZES,
    card_id,
    extractor_on,
    home_of,
)
from whitedwarf.interpreter.lastlight.stats import flag
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.vm import EffectError, Frame

Resolve = Callable[[State, Frame, dict[str, Any]], Any]
Keep = Callable[[str, Any], bool]
#: A filter word's implementation: the selector's :data:`Keep` predicate, made for a frame.
MakeKeep = Callable[[State, Frame, str, list[Any], Resolve], Keep]


# -- small lookups -----------------------------------------------------------------------------


def seat_of(entity: str) -> int:
    """The seat of a player id ``p<seat>``."""
    return int(entity[1:])


def find_card(state: State, ref: str) -> tuple[int | None, Tech | None]:
    """Who holds a card in play: ``(seat, tech entry)``, ``(seat, None)`` for a faction.

    Looked up by ref in each seat's cards in play (:func:`cards_in_play`, kept until the
    seat's cards change) rather than by walking every tech in play: every "exhaust this
    card" asks, as a cost and as a verb, and a late game has some 60 techs in play."""
    held = versions.of(state).held
    for player in state["players"]:
        seat = player["seat"]
        cards = held[seat]
        if cards is None:
            cards = held[seat] = cards_in_play(player)
        if ref in cards:
            return seat, cards[ref]
    return None, None


def cards_in_play(player: Player) -> dict[str | None, Tech | None]:
    """A player's cards in play by ref: its faction (None) and its tech entries, the first of
    a ref winning as in a walk over them (``versions.Versions.held``)."""
    cards: dict[str | None, Tech | None] = {player["faction"]: None}
    for tech in player["techs"]:
        cards.setdefault(tech["ref"], tech)
    return cards


def is_exhausted(state: State, ref: str) -> bool | None:
    """Whether a card in play is exhausted (None: not in play)."""
    seat, tech = find_card(state, ref)
    if seat is None:
        return None
    exhausted: bool = (
        state["players"][seat]["faction_exhausted"] if tech is None else tech["exhausted"]
    )
    return exhausted


def _enemy(state: State, me: int, owner: int) -> bool:
    """000 "Attack": units of another player; 002: the Lumos are no enemy of their ally."""
    if owner == me:
        return False
    if owner == LUMOS:
        lumos = state["lumos"]
        return not (lumos and lumos["ally"] == me)
    return True


def _controller(state: State, planet: str) -> int | None:
    """000 "2. Extractor": "A planet is considered to be controlled by the player who has an
    extractor on that planet"."""
    found = extractor_on(state, planet)
    return None if found is None else found["owner"]


def _ref_sector(state: State, ctx: dict[str, Any]) -> str | None:
    """What ``this sector`` / ``here`` means: the hook's sector, else its ship's or planet's."""
    sector = ctx.get("sector")
    if sector is None and ctx.get("ship") in state["ships"]:
        sector = state["ships"][ctx["ship"]]["sector"]
    if sector is None and ctx.get("planet") in state["planets"]:
        sector = state["planets"][ctx["planet"]]["sector"]
    return sector


# -- selectors: candidates of each noun type -----------------------------------------------------


#: Filters that keep only the effect owner's entities (:func:`filter_yours`).
_OWNERS_ONLY = (["yours"], ["own"], ["control"])


def _owners_only(filters: list[Any]) -> bool:
    """Whether a filter keeps only the effect owner's entities (:func:`filter_yours`), so the
    candidates can start from the owner's alone: the filter would drop the others, and the
    ids are sorted after filtering, so the answer is the same."""
    # A loop rather than ``any`` over a generator (SIM110): asked at every listing.
    for mine in _OWNERS_ONLY:  # noqa: SIM110
        if mine in filters:
            return True
    return False


#: Noun types whose candidates start from the owner's alone under an owner's filter (their
#: ``candidates_*``), which :func:`candidates` then need not test again.
_STARTS_FROM_OWNERS = frozenset({"ship", "extractor", "planet", "tech"})


def candidates_ship(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    """Every ship; with a filter keeping the owner's, only the owner's (of one size when a
    filter names it), and with ``here``, only the ships in that sector: read from the
    indexes of ``fleet.py`` (in board order), so a selector tests a few ships rather than
    the 30 of a late board. The filters still run on them and the ids are sorted after, so
    the answer is the one a walk over every ship gives."""
    if _owners_only(filters):
        index = fleet.fleet(state)
        size = _size_named(frame, filters)
        if size is _ANY_SIZE:
            ships = index.of(frame["owner"])
        else:
            ships = index.kinds.get((frame["owner"], size), ())
    elif ["here"] in filters:
        sector = _ref_sector(state, frame["context"])
        ships = () if sector is None else fleet.by_sector(state).get(sector, ())
    else:
        return list(state["ships"].items())
    return [(s["id"], s) for s in ships]


#: What :func:`_size_named` answers for a selector naming no ship size.
_ANY_SIZE = object()


def _size_named(frame: Frame, filters: list[Any]) -> Any:
    """The one ship size a selector's filters keep (a size word, or ``type``: the card's
    ship type, None if it has none, which no ship is), else :data:`_ANY_SIZE`."""
    for spec in filters:
        if spec[0] in SIZES:
            return spec[0]
        if spec == ["type"]:
            return frame["context"].get("ship_type")
    return _ANY_SIZE


def candidates_extractor(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    """Every extractor; with a filter keeping the owner's, the owner's (``fleet.extractors_of``)."""
    if _owners_only(filters):
        return [(x["id"], x) for x in fleet.extractors_of(state, frame["owner"])]
    return list(state["extractors"].items())


def candidates_sector(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    return list(state["sectors"].items())


def candidates_planet(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    """Every planet; with a filter keeping the owner's (planets they control: 000
    "2. Extractor"), only the planets under the owner's extractors, so the other filters
    test a few planets instead of the board's fifteen."""
    planets = state["planets"]
    if _owners_only(filters):
        held = {x["planet"] for x in fleet.extractors_of(state, frame["owner"])}
        return [(i, planets[i]) for i in held if i in planets]
    return list(planets.items())


def candidates_player(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    return [(f"p{p['seat']}", p) for p in state["players"]]


def candidates_tech(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    """Techs in play (vocabulary "tech"); with ``unresearched``, techs in hands instead.

    With a filter that keeps only the owner's, only the owner's techs are listed
    (:func:`_owners_only`; a late game has some 60 techs in play)."""
    out = []
    players = state["players"]
    if _owners_only(filters):
        owner = frame["owner"]
        players = [p for p in players if p["seat"] == owner]
    if ["unresearched"] in filters:
        for p in players:
            info = {"owner": p["seat"], "exhausted": False, "hand": True}
            out += [(ref, info) for ref in p["techs_hand"]]
        return out
    for p in players:
        # Filters only read these: one ready and one exhausted description per player.
        ready = {"owner": p["seat"], "exhausted": False, "hand": False}
        spent = {"owner": p["seat"], "exhausted": True, "hand": False}
        out += [(t["ref"], spent if t["exhausted"] else ready) for t in p["techs"]]
    return out


def candidates_card(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    """Cards in play: techs and faction cards."""
    out = candidates_tech(state, frame, [])
    for p in state["players"]:
        if p["faction"]:
            out.append((p["faction"], {"owner": p["seat"], "exhausted": p["faction_exhausted"]}))
    return out


def candidates_action_card(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    """The owner's action cards, in hand or played (000 "playing the game")."""
    p = state["players"][frame["owner"]]
    owner = frame["owner"]
    out = [(c, {"owner": owner, "played": True}) for c in p["played"]]
    return out + [(c, {"owner": owner, "played": False}) for c in p["hand"]]


def candidates_ship_type(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    return [(s, {"owner": frame["owner"]}) for s in SIZES]


def candidates_die(state: State, frame: Frame, filters: list[Any]) -> list[tuple[str, Any]]:
    return [(f"d{i}", d) for i, d in enumerate(state["dice"])]


# -- filters: each is ``(state, frame, type, spec, resolve) -> predicate (id, obj) -> bool`` --


def filter_size(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "Components": a ship size."""
    name = spec[0]
    if typ == "ship_type":
        return lambda i, o: i == name
    if typ == "tech":
        return _on_ship_type(state, name)
    return lambda i, o: o["size"] == name


def filter_colour(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "Planetary Achievement": a planet colour."""
    name = spec[0]
    return lambda i, o: o["colour"] == name


def filter_ring(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "PLANETARY TERMINOLOGY": inner, outer, distant."""
    name, ring = spec[0], runtime(state).ring
    if typ == "sector":
        return lambda i, o: ring[i] == name
    return lambda i, o: ring[o["sector"]] == name


def filter_enemy(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "Attack"."""
    me = frame["owner"]
    return lambda i, o: _enemy(state, me, o["owner"])


def filter_exhausted(
    state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve
) -> Keep:
    """000 "Civilization technology cards"."""
    return lambda i, o: o["exhausted"]


def filter_ready(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "1. Refresh"."""
    return lambda i, o: not o["exhausted"]


def filter_unresearched(
    state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve
) -> Keep:
    """000 "Action Card #1": the base list is the hands (:func:`candidates_tech`)."""
    return lambda i, o: o.get("hand", False)


def filter_played(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "Action Card #5": a played Refresh never counts."""
    return lambda i, o: o["played"] and i != "refresh"


def filter_damaged(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "Attack": damage tokens."""
    return lambda i, o: o["damage"] > 0


def filter_near(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """``here`` and ``adjacent``: 000 "1. Move"; "Attacks are resolved sector by sector"."""
    ref = _ref_sector(state, frame["context"])
    if ref is None:
        return lambda i, o: False
    if spec[0] == "here":
        near = {ref}
    else:
        near = set(runtime(state).board.adjacent(ref, state["rotation"]))
    if typ == "sector":
        return lambda i, o: i in near
    return lambda i, o: o["sector"] in near


def filter_centre(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "Board Rotation": the sector with the white dwarf."""
    centre = runtime(state).board.centre
    if typ == "sector":
        return lambda i, o: i == centre
    return lambda i, o: o["sector"] == centre


def filter_home(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "1. Ships": your home sector holds your colony ship."""
    home = home_of(state, frame["owner"])
    if typ == "sector":
        return lambda i, o: i == home
    return lambda i, o: o["sector"] == home


def filter_yours(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "Construct"; for planets 000 "2. Extractor" (``yours``, ``own``, ``control``)."""
    me = frame["owner"]
    if typ == "planet":
        held = {x["planet"] for x in state["extractors"].values() if x["owner"] == me}
        return lambda i, o: i in held
    return lambda i, o: o["owner"] == me


def filter_type(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "Ship ability technology cards": the card's ship type."""
    size = frame["context"].get("ship_type")
    if typ == "tech":
        return _on_ship_type(state, size)
    return lambda i, o: o["size"] == size


# -- issue 29 item 7: techs by slot and kind, dice by face, blockades --------------------------


def _on_ship_type(state: State, size: str | None) -> Keep:
    """Techs in play on a ship type (000 "Ship mod technology cards": slid under the player
    board at a ship type; "Ship ability technology cards": attached to one); a tech in a hand
    or a civilization tech sits on none."""
    on = {
        t["ref"]
        for p in state["players"]
        for t in p["techs"]
        if size is not None and t["ship_type"] == size
    }
    return lambda i, o: i in on


def filter_tech_kind(
    state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve
) -> Keep:
    """000 "Technology cards": civilization, ship ability and ship mod techs (``kind:``)."""
    kind, cards = spec[0], runtime(state).cards["techs"]
    return lambda i, o: cards[card_id(i)].get("kind", "civilization") == kind


def filter_face(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """000 "Combat Dice Results Explained": the dice of the roll that show a face and are not
    yet counted (the die whose hooks are firing and those after it; a die already counted
    has given its hits, so rolling it again would change nothing: docs/rules-decisions.md
    R11)."""
    face, first = spec[0], _resolving_die(state)
    return lambda i, o: o["face"] == face and int(i[1:]) >= first


def _resolving_die(state: State) -> int:
    """The index of the die the attack is resolving (its hooks firing), 0 outside one."""
    for t in state["stack"][::-1]:  # not reversed(): mypyc 2.4 crashes on it (mypyc_build)
        if t["kind"] == "attack":
            return int(t["die"])
    return 0


def filter_blockaded(
    state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve
) -> Keep:
    """000 "2. Claim": "A planet is considered blockaded if any ships of a different color
    than the extractor occupy that sector"; 002: the Lumos blockade all but their ally. A
    planet with no extractor on it has nothing to blockade."""
    planets = state["planets"]

    def planet_blockaded(planet: str) -> bool:
        extractor = extractor_on(state, planet)
        if extractor is None:
            return False
        return blockaded(state, planets[planet]["sector"], extractor["owner"])

    if typ == "planet":
        return lambda i, o: planet_blockaded(i)
    return lambda i, o: o["planet"] is not None and planet_blockaded(o["planet"])


def filter_opponent(
    state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve
) -> Keep:
    """Vocabulary "opponent": a player other than you."""
    me = frame["owner"]
    return lambda i, o: o["seat"] != me


def filter_ahead(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """Vocabulary "ahead": players with more light than the effect's owner now (000 "Game
    End": the most light wins)."""
    mine = state["players"][frame["owner"]]["light"]
    return lambda i, o: o["light"] > mine


def filter_behind(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """Vocabulary "behind": players with less light than the effect's owner now."""
    mine = state["players"][frame["owner"]]["light"]
    return lambda i, o: o["light"] < mine


@cache
def vocabulary_tables() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Candidates and labels by noun type, filters and values by word: the functions
    ``bindings.py`` binds the vocabulary's words to (:mod:`dispatch`, set up by a game)."""
    words = dispatch.words()
    nouns = [(noun.type, words.nouns[name]) for name, noun in registry().nouns.items()]
    bases = {typ: bound.candidates for typ, bound in nouns}
    labels = {typ: bound.label for typ, bound in nouns}
    return bases, labels, dict(words.filters), dict(words.values)


def _filter(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """A predicate ``(id, obj) -> bool`` for one selector filter, made afresh (the walk the
    audit of ``tests/engine/test_versions.py`` compares :func:`listing` with)."""
    return _maker(spec[0], vocabulary_tables()[2])(state, frame, typ, spec, resolve)


def _exclusions(
    state: State, frame: Frame, operands: list[dict[str, Any]], resolve: Resolve
) -> set[str]:
    """The ids an ``exclude`` / ``other_than`` list names."""
    out: set[str] = set()
    for operand in operands:
        found = resolve(state, frame, operand)
        if isinstance(found, list):
            out.update(found)
        elif found is not None:
            out.add(found)
    return out


def candidates(state: State, frame: Frame, selector: dict[str, Any], resolve: Resolve) -> list[str]:
    """Sorted ids of a selector's noun type that pass its filters and excludes: what
    :func:`listing` made once for this selector object (and resolver) answers now."""
    found = _LISTINGS.get(id(selector))
    if found is None or found[0] is not selector or found[1] is not resolve:
        if len(_LISTINGS) >= _LISTINGS_LIMIT:
            _LISTINGS.clear()
        found = _LISTINGS[id(selector)] = (selector, resolve, listing(selector, resolve))
    return found[2](state, frame)


#: id(selector) -> (selector, resolver, its :func:`listing`); the objects are kept so the ids
#: stay theirs. A function of the selector alone (no state): nothing here goes stale as a
#: game goes on, only when the vocabulary changes (:func:`forget_listings`).
_LISTINGS: dict[int, tuple[Any, Resolve, Callable[[State, Frame], list[str]]]] = {}
#: Selector functions kept before starting afresh.
_LISTINGS_LIMIT = 1 << 16


def forget_listings() -> None:
    """Drop the selector functions made (after the vocabulary changed)."""
    _LISTINGS.clear()


def listing(selector: dict[str, Any], resolve: Resolve) -> Callable[[State, Frame], list[str]]:
    """What :func:`candidates` answers for one selector, as ``(state, frame) -> ids`` (a new
    list each call), with the selector's parts looked up once: its noun's candidates, the
    filters left once an owner's filter has chosen the owner's pieces, each filter's
    implementation, its target rule. Two filters test each candidate in one pass rather than
    one list per filter (filters only read; the ids and their order are the same).

    Measured at 40 light: about a quarter of a decision's selector lines were the look-ups
    and owner's-filter tests :func:`candidates` repeats at every call (BENCHMARKS.md at dba7fe8,
    "Effect frames, second pass")."""
    typ, filters = selector["type"], selector["filters"]
    bases, _, makers, _ = vocabulary_tables()
    base = bases[typ]
    kept = filters
    if filters and typ in _STARTS_FROM_OWNERS and _owners_only(filters):
        kept = [spec for spec in filters if spec not in _OWNERS_ONLY]
    specs = tuple((_maker(spec[0], makers), spec) for spec in kept)
    exclude = selector["exclude"]
    target = selector.get("for")
    usable = TARGET_RULES.get(tuple(target)) if target else None

    def finish(state: State, frame: Frame, ids: list[str]) -> list[str]:
        if exclude:
            drop = _exclusions(state, frame, exclude, resolve)
            ids = [i for i in ids if i not in drop]
        if usable is not None:
            ids = [i for i in ids if usable(state, frame, i)]
        ids.sort()
        return ids

    if not specs:

        def none(state: State, frame: Frame) -> list[str]:
            return finish(state, frame, [i for i, _ in base(state, frame, filters)])

        return none
    if len(specs) == 1:
        ((make, spec),) = specs

        def one(state: State, frame: Frame) -> list[str]:
            items = base(state, frame, filters)
            keep = make(state, frame, typ, spec, resolve)
            return finish(state, frame, [i for i, o in items if keep(i, o)])

        return one
    if len(specs) == 2:
        (make_a, spec_a), (make_b, spec_b) = specs

        def two(state: State, frame: Frame) -> list[str]:
            items = base(state, frame, filters)
            a = make_a(state, frame, typ, spec_a, resolve)
            b = make_b(state, frame, typ, spec_b, resolve)
            return finish(state, frame, [i for i, o in items if a(i, o) and b(i, o)])

        return two

    def many(state: State, frame: Frame) -> list[str]:
        items = base(state, frame, filters)
        keeps = [make(state, frame, typ, spec, resolve) for make, spec in specs]
        return finish(state, frame, [i for i, o in items if all(k(i, o) for k in keeps)])

    return many


def _maker(name: str, makers: dict[str, Any]) -> MakeKeep:
    """The implementation of a filter word (``other than``: the language's own form)."""
    if name == "other_than":
        return _other_than
    if name == "of_party":
        return _of_party
    found: MakeKeep | None = makers.get(name)  # the vocabulary's filters (``Filter.impl``)
    if found is None:
        raise EffectError(f"unknown selector filter {name!r}")
    return found


def _other_than(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """The language's ``other than X``: anything but the ids ``X`` names."""
    other = _exclusions(state, frame, [spec[1]], resolve)
    return lambda i, o: i not in other


def _of_party(state: State, frame: Frame, typ: str, spec: list[Any], resolve: Resolve) -> Keep:
    """The language's ``of the destroyer`` (issue 29): the things the named party owns (a
    planet: controls, 000 "2. Extractor"); none when the party is not there."""
    found = resolve(state, frame, spec[1])
    if found is None:
        return lambda i, o: False
    seat = seat_of(found)
    if typ == "planet":
        held = {x["planet"] for x in state["extractors"].values() if x["owner"] == seat}
        return lambda i, o: i in held
    return lambda i, o: o.get("owner") == seat


def _enterable(state: State, frame: Frame, sector: str) -> bool:
    """000 "Move": ships cannot enter a sector containing an asteroid (unless a ship type of
    the effect's owner can ``cross_asteroids``; the `move` verb checks the ship itself)."""
    if not state["sectors"][sector].get("asteroid"):
        return True
    return any(flag(state, frame["owner"], "cross_asteroids", size) for size in SIZES)


def _attackable(state: State, frame: Frame, unit: str) -> bool:
    """Public rules FAQ: extractors on a colony ship cannot be attacked there."""
    extractor = state["extractors"].get(unit)
    return extractor is None or extractor["planet"] is not None or not runtime(state).colony_safe


# What a verb can act on, beyond what its selector says: a target the verb could not use
# is never offered, so no cost is paid for an effect that cannot happen.
TARGET_RULES: dict[tuple[str, ...], Callable[[State, Frame, str], bool]] = {
    ("move", "to"): _enterable,
    ("deal", "target"): _attackable,
    ("destroy", "target"): _attackable,
}


def label(state: State, typ: str, entity: str) -> str:
    """A readable name for an entity id, for option texts (``NounBinding.label``)."""
    return str(labeller(typ)(state, entity))


def labeller(typ: str) -> Callable[[State, str], Any]:
    """The ``NounBinding.label`` of a noun type, ``(state, id) -> name`` (what :func:`label`
    calls)."""
    found: Callable[[State, str], Any] = vocabulary_tables()[1][typ]
    return found


def label_ship(state: State, entity: str) -> str:
    s = state["ships"].get(entity)
    if s is None:
        return entity
    return f"{s['size']} ship {entity} of seat {s['owner']} in {s['sector']}"


def label_extractor(state: State, entity: str) -> str:
    x = state["extractors"].get(entity)
    if x is None:
        return entity
    where = x["planet"] or f"colony space {x['space']}"
    return f"extractor {entity} of seat {x['owner']} on {where}"


def label_planet(state: State, entity: str) -> str:
    planet = state["planets"].get(entity)
    if planet is None:
        return entity
    return f"planet {entity} ({planet['colour']}) in {planet['sector']}"


def label_player(state: State, entity: str) -> str:
    return f"seat {entity[1:]}"  # as the trace, the summary and the terminal say it


def label_card(state: State, entity: str) -> str:
    """Techs and cards: the printed name."""
    card = card_kind(runtime(state), card_id(entity))[1] or {}
    return str(card.get("name", card_id(entity)))


def label_ship_type(state: State, entity: str) -> str:
    return f"{entity} ships"


def label_die(state: State, entity: str) -> str:
    index = int(entity[1:])
    return f"die {index} ({state['dice'][index]['face']})"


def label_action_card(state: State, entity: str) -> str:
    return entity.title()


def label_sector(state: State, entity: str) -> str:
    return f"sector {entity}"


# -- values (vocabulary ``_values``) ----------------------------------------------------------


def value(state: State, frame: Frame, name: str) -> int:
    """A value from the effect owner's point of view (its function: ``bindings.py``)."""
    found = vocabulary_tables()[3].get(name)
    if found is None:
        raise EffectError(f"unknown value {name!r}")
    return int(found(state, frame))


def value_light(state: State, frame: Frame) -> int:
    """000 "Overview"."""
    return int(state["players"][frame["owner"]]["light"])


def value_common(state: State, frame: Frame) -> int:
    return int(state["players"][frame["owner"]]["res"]["common"])


def value_uncommon(state: State, frame: Frame) -> int:
    return int(state["players"][frame["owner"]]["res"]["uncommon"])


def value_rare(state: State, frame: Frame) -> int:
    return int(state["players"][frame["owner"]]["res"]["rare"])


def value_resources(state: State, frame: Frame) -> int:
    """000 "Game End" tiebreak: all resources."""
    return sum(state["players"][frame["owner"]]["res"].values())


def value_techs_in_play(state: State, frame: Frame) -> int:
    """000 "Action Card #1"; exhausted techs count (public FAQ)."""
    return len(state["players"][frame["owner"]]["techs"])


def value_round(state: State, frame: Frame) -> int:
    return int(state["round"])


def value_players(state: State, frame: Frame) -> int:
    return int(state["n"])


def value_graveyard(state: State, frame: Frame) -> int:
    """000 "Graveyard"."""
    return len(state["players"][frame["owner"]]["graveyard"])


def value_opponents_max_light(state: State, frame: Frame) -> int:
    """000 "Game End"."""
    me = frame["owner"]
    return max((q["light"] for q in state["players"] if q["seat"] != me), default=0)
