"""Starlight's own checks of its content files (beyond their schemas).

Each finds something the schema cannot say and the engine could not play as written; each
code is documented in docs/diagnostics.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from whitedwarf.dsl import ast
from whitedwarf.dsl.api import parse_effect
from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.packs.codes import error, warning
from whitedwarf.dsl.packs.content import Content, Entry
from whitedwarf.dsl.packs.crossref import (
    hidden_spaces,
    id_spaces,
    removed_but_named,
    removed_ids,
    shown_place,
)
from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.suggest import suggest

if TYPE_CHECKING:
    from whitedwarf.dsl.packs.kinds import ContentSpec, FileKind
    from whitedwarf.dsl.source import EffectSource


CODES = {
    "E0940": "a rondel space whose constellations do not fit its action",
    "E0941": "a constellation on no launch space, or on more than one",
    "E0942": "a link between slots of different constellations, or to itself",
    "E0943": "a constellation without a target slot (no first star could go there)",
    "E0944": "a Starbot card that marks an accolade place the pack does not lay out",
    "E0945": "an effect names a constellation, aspect or privilege the pack does not have",
    "E0947": "a goal that does more than `claim`, or `claim` outside a goal",
    "E0948": "a Starbot card other than Refresh without an accolade place, or Refresh with one",
    "E0949": "a ray colour or a sky link written twice (the second would replace or repeat it)",
    "E0950": "ray bags without a single ray (no star could be launched)",
    "E0951": "a sky slot no star can ever go to (no target, and linked to none)",
    "W0946": "a pack with no Starbot cards: a game with a Starbot seat cannot be played",
    "W0949": "setup deals more gods or laurels to each live player than five live players can have",
}


def check_rondel(content: Content) -> list[Diagnostic]:
    """003 "Launch": a launch space names two constellations, a gain space none; every
    constellation is reachable from exactly one launch space (SL2)."""
    rondel, sky_entry = content.documents.get("rondel"), content.documents.get("sky")
    if rondel is None or sky_entry is None or not isinstance(sky_entry.data, dict):
        return []
    out: list[Diagnostic] = []
    seen: dict[str, int] = {}
    for index, space in enumerate(rondel.data.get("spaces", [])):
        named = space.get("constellations") or []
        if space.get("action") == "launch" and len(named) != 2:
            out.append(
                error(
                    "E0940",
                    f"launch space `{space.get('id')}` names {len(named)} "
                    'constellations; a launch space names two (003 "Launch")',
                    rondel.span(("spaces", index)),
                    "name exactly two constellations",
                )
            )
        elif space.get("action") != "launch" and named:
            out.append(
                error(
                    "E0940",
                    f"space `{space.get('id')}` is not a launch space but "
                    "names constellations; they would never be used",
                    rondel.span(("spaces", index, "constellations")),
                    "remove `constellations`, or make it a launch space",
                )
            )
        for k, name in enumerate(named if space.get("action") == "launch" else []):
            seen[name] = seen.get(name, 0) + 1
            if seen[name] == 2:  # told at its second launch space, the one to change
                message = f"constellation `{name}` is on more than one launch space; each is on one"
                hint = "name it on exactly one launch space"
                where = rondel.span(("spaces", index, "constellations", k))
                out.append(error("E0941", message, where, hint))
    out.extend(_unlaunched(content, rondel, sky_entry, seen))
    return out


def _unlaunched(
    content: Content, rondel: Entry, sky: Entry, seen: dict[str, int]
) -> Iterator[Diagnostic]:
    """E0941 for each constellation on no launch space: told at its id in sky.yaml, unless
    the rondel was written by a later pack (a mod's rondel that left it out: its `spaces`)."""
    for index, constellation in enumerate(sky.data.get("constellations", [])):
        cid = constellation.get("id") if isinstance(constellation, dict) else None
        if cid is None or cid in seen:
            continue
        if content.latest([sky, rondel]) is sky:
            where = sky.span(("constellations", index, "id"))
        else:
            where = rondel.span(("spaces",), key=True)
        message = f"constellation `{cid}` is on no launch space; each is on one"
        hint = "name it on one launch space of rondel.yaml, or remove it from the sky"
        yield error("E0941", message, where, hint)


def check_sky(content: Content) -> list[Diagnostic]:
    """003 "Choosing a Destination Slot": links join slots of one constellation, and an
    empty constellation needs a target slot for its first star."""
    entry = content.documents.get("sky")
    if entry is None:
        return []
    out: list[Diagnostic] = []
    for c_index, constellation in enumerate(entry.data.get("constellations", [])):
        slots = {slot.get("id") for slot in constellation.get("slots", [])}
        told = len(out)
        for l_index, link in enumerate(constellation.get("links", [])):
            if len(link) != 2 or link[0] == link[1] or not set(link) <= slots:
                out.append(
                    error(
                        "E0942",
                        f"the link {' - '.join(f'`{end}`' for end in link)} of "
                        f"`{constellation.get('id')}` does not join two of its own slots",
                        entry.span(("constellations", c_index, "links", l_index)),
                        "link two different slots of this constellation",
                    )
                )
        if not any(_target(slot) for slot in constellation.get("slots", [])):
            out.append(
                error(
                    "E0943",
                    f"constellation `{constellation.get('id')}` has no slot "
                    "with `target: true`, so no star could ever be launched there",
                    entry.span(("constellations", c_index, "slots")),
                    "mark a small or medium slot `target: true`",
                )
            )
        elif len(out) == told:  # a wrong link (E0942) may be what leaves a slot unlinked
            out.extend(_unreachable_slots(entry, c_index, constellation))
    return out


def _unreachable_slots(entry: Entry, c_index: int, constellation: Any) -> Iterator[Diagnostic]:
    """E0951: a slot no star can ever go to. 003 "Choosing a Destination Slot": the first
    star of a constellation goes to a target slot, each later one to an empty slot linked to
    a filled one (``stars.open_slots``), so a slot that is no target and that no chain of
    links joins to one stays empty all game: its points and privilege do nothing."""
    slots = [s for s in constellation.get("slots", []) if isinstance(s, dict)]
    ids = {slot.get("id") for slot in slots}
    neighbours: dict[Any, set[Any]] = {slot_id: set() for slot_id in ids}
    for link in constellation.get("links", []):
        if isinstance(link, list) and len(link) == 2 and set(link) <= ids:
            neighbours[link[0]].add(link[1])
            neighbours[link[1]].add(link[0])
    reached = {slot.get("id") for slot in slots if _target(slot)}
    todo = list(reached)
    while todo:
        for other in neighbours[todo.pop()] - reached:
            reached.add(other)
            todo.append(other)
    name = constellation.get("id")
    for index, slot in enumerate(constellation.get("slots", [])):
        if isinstance(slot, dict) and slot.get("id") not in reached:
            message = (
                f"slot `{slot.get('id')}` of `{name}` can never hold a star: it is no target "
                "slot, and no chain of links joins it to one"
            )
            hint = "link it to a slot of its constellation (`links`), or remove it"
            where = entry.span(("constellations", c_index, "slots", index, "id"))
            yield error("E0951", message, where, hint)


def check_ray_colours(content: Content) -> list[Diagnostic]:
    """A ray colour written twice: the engine keeps the last counts of a colour, so the first
    line would do nothing; each value a pack sets must do something, so it is refused."""
    rays = content.documents.get("rays")
    if rays is None:
        return []
    out: list[Diagnostic] = []
    seen: set[str] = set()
    for index, entry in enumerate(rays.data.get("colours", [])):
        colour = entry.get("colour")
        if colour in seen:
            message = f"the ray colour `{colour}` is written twice; the first line would not count"
            hint = "write each colour once, with its long and short counts"
            out.append(error("E0949", message, rays.span(("colours", index)), hint))
        seen.add(colour)
    return out


def check_ray_bags(content: Content) -> list[Diagnostic]:
    """E0950: ray bags without a single ray. A star is launched with 2 to 7 rays, a starter
    core's printed one among them (003 "Launching Stars", "Your Starter Core"), so with no ray
    in the bags no star is ever launched: such a pack validated, and every game then ran to
    the round limit with no points."""
    rays = content.documents.get("rays")
    if rays is None:
        return []
    colours = rays.data.get("colours", [])
    total = sum(
        n
        for entry in colours
        if isinstance(entry, dict)
        for n in (entry.get("long"), entry.get("short"))
        if type(n) is int
    )
    if total or not colours:
        return []
    message = "the ray bags hold no rays: no star could ever be launched"
    hint = "give some colours long or short rays (the base game: 8 of each per colour)"
    return [error("E0950", message, rays.span(("colours",), key=True), hint)]


def check_links_once(content: Content) -> list[Diagnostic]:
    """A link written twice (in either order): a link is a line on the board, there or not,
    so the second does nothing and is refused."""
    sky = content.documents.get("sky")
    if sky is None:
        return []
    out: list[Diagnostic] = []
    for c_index, constellation in enumerate(sky.data.get("constellations", [])):
        links: set[frozenset[str]] = set()
        for l_index, link in enumerate(constellation.get("links", [])):
            ends = frozenset(link) if _two_names(link) else None
            if ends is not None and ends in links:
                message = (
                    f"the link {' - '.join(f'`{end}`' for end in link)} of "
                    f"`{constellation.get('id')}` is written twice"
                )
                where = sky.span(("constellations", c_index, "links", l_index))
                out.append(error("E0949", message, where, "write each link once"))
            if ends is not None:
                links.add(ends)
    return out


def _two_names(link: Any) -> bool:
    return isinstance(link, list) and len(link) == 2 and all(isinstance(e, str) for e in link)


def _target(slot: Any) -> bool:
    return isinstance(slot, dict) and slot.get("target") is True


def check_starbots(content: Content) -> list[Diagnostic]:
    """003 "Starbot Play": a card's accolade place is one of the accolades laid out."""
    cards, accolades = content.cards.get("starbots", []), content.data("accolades") or []
    removal = next(reversed(content.removals("accolades")), None)
    out, beyond = [], []
    for card in cards:
        place = card.data.get("accolade") if isinstance(card.data, dict) else None
        if not (isinstance(place, int) and place > len(accolades)):
            continue
        if removal is not None and card.pack != removal.pack:
            beyond.append(card)  # the mod's removal broke the dependency's deck: told there
            continue
        message = (
            f"Starbot card `{card.id}` marks accolade place {place}, but the packs lay "
            f"out {counted(len(accolades), 'accolade')}"
        )
        out.append(
            error(
                "E0944",
                message,
                card.span(("accolade",)),
                "use a place from 1 to the number of accolades",
            )
        )
    if removal is not None and beyond:
        out.append(_accolade_removed(removal, beyond, len(accolades)))
    return out


#: The Starbot action whose card marks no accolade (003 "Starbot Play": "each Starbot card
#: (except the Refresh card) specifies the index number of one of the five Accolade locations").
REFRESH = "refresh"


def check_starbot_places(content: Content) -> list[Diagnostic]:
    """003 "Starbot Play": every Starbot card but Refresh names an accolade place (a card
    without one would leave its Starbot's accolades unmarked that turn), and Refresh names
    none (E0948)."""
    out = []
    for card in content.cards.get("starbots", []):
        data = card.data if isinstance(card.data, dict) else {}
        action, place = data.get("action"), data.get("accolade")
        if not isinstance(action, str) or "accolade" not in data:
            continue  # the schema reports a missing or misspelt field
        if action == REFRESH and place is not None:
            message = (
                f"Starbot card `{card.id}` is a Refresh card but marks accolade place {place}; "
                'the Refresh card marks none (003 "Starbot Play")'
            )
            out.append(error("E0948", message, card.span(("accolade",)), "write `accolade: null`"))
        elif action != REFRESH and place is None:
            message = (
                f"Starbot card `{card.id}` ({action}) marks no accolade place; every Starbot "
                'card but Refresh names one (003 "Starbot Play")'
            )
            hint = "name the place it marks, from 1 to the number of accolades (`accolade: 1`)"
            out.append(error("E0948", message, card.span(("accolade",)), hint))
    return out


def _accolade_removed(removal: Entry, cards: list[Entry], left: int) -> Diagnostic:
    """E0944 at the mod's removal of an accolade, when Starbot cards of a dependency mark
    a place that is no longer laid out."""
    first = cards[0].span(("accolade",))
    message = (
        f"{removal.pack} removes accolade `{removal.id}`, leaving {left}, but "
        f"{counted(len(cards), 'Starbot card')} {'marks' if len(cards) == 1 else 'mark'} a "
        f"later place (the first at {shown_place(first)})"
    )
    hint = (
        "replace the accolade (`replace: true`) instead of removing it, or also replace "
        "those Starbot cards"
    )
    return error("E0944", message, removal.span(("id",)), hint)


def check_pack_ids(content: Content, spec: ContentSpec, registry: Registry) -> list[Diagnostic]:
    """An id written as an adjective (``aquila stars``, ``cornucopia aspects``) must be one
    of the loaded pack's (the open filters of vocabulary.py, ``Filter.ids``); a misspelt one
    is located inside the effect, with the pack's ids as suggestions."""
    spaces = id_spaces(content, spec)
    hidden = hidden_spaces(content, spec)
    removed = removed_ids(spec, content)
    named: dict[tuple[str, str], list[Span | None]] = {}
    out: list[Diagnostic] = []
    for _, source, effect in parsed_effects(content, spec):
        for word, space in _pack_words(effect, registry):
            known = [str(value) for value, _ in spaces.get(space, [])]
            if space in hidden or word.text in known:
                continue
            if (space, word.text) in removed:  # told once, at the mod's removal
                where = source.span(word.pos.start, word.pos.end)
                named.setdefault((space, word.text), []).append(where)
                continue
            out.append(
                error(
                    "E0945",
                    f"the pack has no {space} `{word.text}`",
                    source.span(word.pos.start, word.pos.end),
                    suggest(word.text, known, f"{space}s of this pack"),
                )
            )
    for (space, value), places in named.items():
        out.append(removed_but_named(space, value, removed[(space, value)], places, "E0945"))
    return out


#: The card files whose effect is a goal: a condition, then ``claim`` (003 "Laurels",
#: "Accolades"; the reward is the card's ``points``).
GOALS = ("laurels", "accolades")
CLAIM = "claim"


def check_goals(content: Content, spec: ContentSpec) -> list[Diagnostic]:
    """A goal's one step is ``claim``, and ``claim`` is written in goals only
    (docs/rules-decisions.md SL143): a goal is read at moments when nothing may be asked or
    gained (a laurel at the end of the game, "not during"), and its reward is its points;
    a god's or flare's ``claim`` would claim nothing."""
    out: list[Diagnostic] = []
    for kind, source, effect in parsed_effects(content, spec):
        goal = kind.name in GOALS
        for clause in effect.clauses:
            if goal and isinstance(clause, ast.AsSoonAs) and not only_claims(clause):
                where = source.span(clause.body.pos.start, clause.body.pos.end)
                message = f"a goal's only step is `{CLAIM}`; its reward is the card's points"
                hint = f"write `as soon as <condition> -> {CLAIM}`"
                out.append(error("E0947", message, where, hint))
            if goal:
                continue
            for action in actions_in(clause):
                if action.verb.text == CLAIM:
                    where = source.span(action.verb.pos.start, action.verb.pos.end)
                    card = kind.name.removesuffix("s")
                    message = f"`{CLAIM}` claims a laurel or an accolade, not a {card}"
                    out.append(error("E0947", message, where, "remove it"))
    return out


def parsed_effects(
    content: Content, spec: ContentSpec
) -> Iterator[tuple[FileKind, EffectSource, ast.Effect]]:
    """Every effect field of every card that parses, with its kind and its source (to
    place a fault inside the effect). One that does not parse is left out: compiling it
    reports what is wrong with it."""
    for kind in spec.card_kinds():
        for field, _, _ in kind.effect_fields():
            for entry in content.cards.get(kind.name, []):
                text = entry.data.get(field) if isinstance(entry.data, dict) else None
                source = entry.file.effect_source((*entry.path, field)) if text else None
                effect = parse_effect(source)[0] if source is not None else None
                if effect is not None and source is not None:
                    yield kind, source, effect


def only_claims(clause: ast.AsSoonAs) -> bool:
    """Whether a goal's clause does exactly ``claim`` (E0947)."""
    steps = clause.body.steps
    return len(steps) == 1 and isinstance(steps[0], ast.Action) and steps[0].verb.text == CLAIM


def actions_in(node: Any) -> Iterator[ast.Action]:
    """Every action in a syntax tree."""
    return ast.nodes_in(node, ast.Action)


def _pack_words(effect: ast.Effect, registry: Registry) -> Iterator[tuple[ast.Word, str]]:
    """Each adjective of a selector that names a pack id, with its id space."""
    for selector in ast.nodes_in(effect, ast.Selector):
        found = registry.noun_for(tuple(w.text for w in selector.words))
        if found is None:
            continue
        noun, adjectives = found
        for word in selector.words[: len(adjectives)]:
            if word.text in registry.filters:
                continue
            for candidate in registry.filters.values():
                if (
                    candidate.ids
                    and candidate.form == "adjective"
                    and noun.type in (candidate.applies_to)
                ):
                    yield word, candidate.ids
                    break


def check_starbot_deck(content: Content) -> list[Diagnostic]:
    """003 "Starbot Play": a Starbot turns up one Starbot card each turn, so a pack without
    any cannot seat one; the pack is still good for games of live players only."""
    if content.cards.get("starbots"):
        return []
    removals = [c.by for c in content.changes if c.dropped.kind == "starbots"]
    setup = content.documents.get("setup")
    if removals:  # the mod line that removed the last one
        span = removals[-1].span()
    elif setup is not None:
        span = setup.span(("starbot_star_points",), key=True)
    else:
        span = None
    message = "this pack has no Starbot cards: games with a Starbot seat cannot be played"
    hint = 'add Starbot cards (starbots.yaml), or seat live players only (003 "Starbot Play")'
    return [warning("W0946", message, span, hint)]


#: What setup deals each live player from a card file: the file, the setup number, its noun.
_DEALT = (("gods", "gods_per_player", "god"), ("laurels", "laurels_per_player", "laurel"))
#: 003 "Live and Starbot Players": up to five seats, every one of them may be live.
MOST_LIVE_PLAYERS = 5


def check_deals(content: Content) -> list[Diagnostic]:
    """W0949: setup deals each live player more gods or laurels than the packs hold for five
    live players (003 "The Gods": two each; SL4: laurels), so `play` would refuse such a game
    ("this game needs 16 gods"). A warning, as W0946: games of fewer live players still
    play. Told at the mod line that removed the last card of the kind, else at the number."""
    setup = content.documents.get("setup")
    if setup is None or not isinstance(setup.data, dict):
        return []
    out = []
    for kind, number, noun in _DEALT:
        each = setup.data.get(number)
        held = len(content.cards.get(kind, []))
        if not isinstance(each, int) or each <= 0 or held >= each * MOST_LIVE_PLAYERS:
            continue
        fits = held // each
        removals = [
            c.by for c in content.changes if c.dropped.kind == kind and c.action == "remove"
        ]
        last = content.latest(removals)
        span = last.span(("id",)) if last is not None else setup.span((number,))
        message = (
            f"the packs have {counted(held, noun)} and setup deals {each} to each live player: "
            f"a game of more than {counted(fits, 'live player')} cannot be dealt"
        )
        most = held // MOST_LIVE_PLAYERS
        hint = (
            f"add {counted(each * MOST_LIVE_PLAYERS - held, noun)} ({kind}.yaml), or deal at most "
            f"{most} (`{number}: {most}`) for five live players"
        )
        if kind == "gods":
            message += " with the gods (`--option gods=true`)"
        out.append(warning("W0949", message, span, hint))
    return out
