"""The Starlight content files: their schemas, ids, references and the game's own checks.

Every enum comes from the vocabulary (:mod:`vocabulary`), so a word added there reaches the
schemas (``whitedwarf schema``) and the checker. The files are those of
STARLIGHT-CONTRACT's pack layout; the numbers the seeds do not print are designed and
recorded in docs/rules-decisions.md ("Starlight: rules", SL1-SL49).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache, partial
from typing import Any

from whitedwarf.dsl.packs.kinds import (
    BoxCount,
    ContentSpec,
    FileKind,
    GameCheck,
    IdSpace,
    Reference,
)
from whitedwarf.dsl.packs.schema_parts import (
    Schema,
    allow_list,
    array,
    boolean,
    enum,
    identifier,
    integer,
    obj,
    printed_name,
    text,
)
from whitedwarf.dsl.registry import Registry
from whitedwarf.interpreter.starlight.checks import (
    CODES,
    check_deals,
    check_goals,
    check_links_once,
    check_pack_ids,
    check_ray_bags,
    check_ray_colours,
    check_rondel,
    check_sky,
    check_starbot_deck,
    check_starbot_places,
    check_starbots,
)
from whitedwarf.interpreter.starlight.vocabulary import (
    ACTIONS,
    COLOURS,
    PATTERNS,
    PRIVILEGES,
    RAY_SIZES,
    SLOT_SIZES,
    STARBOT_ACTIONS,
    registry,
)

#: 003 "Components": the Starbot deck holds 28 cards.
STARBOT_CARDS = 28
SOURCES = ("rulebook", "invented")  # DESIGN principle 6: provenance on content
POINTS_WHY = "65 night points start daybreak; one card is worth far less"
#: Setup numbers: the stat words (``setting="setup:<stat>"``) plus the numbers no card changes.
SETUP_NUMBERS: dict[str, tuple[int, int, str, str]] = {
    "cores_pool": (1, 8, "cores face-up in the Core pool", '003 "Gain Cores": three'),
    "long_ray_pool": (1, 12, "long rays drawn into the long ray pool", "designed (SL3)"),
    "short_ray_pool": (1, 12, "short rays drawn into the short ray pool", "designed (SL3)"),
    "daybreak": (10, 200, "night points that start the end of the game", '003 "End of Game": 65'),
    "laurels_per_player": (0, 8, "laurels dealt to each live player", "designed (SL4)"),
    "gods_per_player": (1, 4, "gods dealt to each live player", '003 "The Gods": two'),
    "starter_rays": (0, 6, "rays each live player draws at random at setup", "designed (SL4)"),
}


def _card(fields: dict[str, Schema], required: list[str]) -> Schema:
    base = {
        "id": identifier("the card's id, unique among cards of its kind"),
        "name": printed_name(),
        "source": enum(SOURCES, "rulebook: printed in the seeds; invented: designed here"),
    }
    tail = {"allow": allow_list(), "notes": text("free notes for designers")}
    return obj(base | fields | tail, ["id", "name", "source", *required])


def _effect(what: str) -> Schema:
    # No schema length: the loader bounds an effect first (E0513, dsl/packs/limits.py).
    return text(f"{what}, in the effect language (whitedwarf doc)", max_length=None)


def _points(what: str) -> Schema:
    return integer(0, 30, what, POINTS_WHY)


def flares(reg: Registry) -> FileKind:
    schema = _card(
        {
            "points": _effect("the blue box: night points when attached to a launch"),
            "boon": _effect("the green box: the boon when used instead"),
            "text": text("the printed text"),
        },
        ["points", "boon"],
    )
    return FileKind(
        "flares",
        "flare",
        True,
        schema,
        'Flare cards (003 "Flares").',
        card_kind="flare_points",
        effect_field="points",
        more_effects=(("boon", "flare_boon"),),
    )


def _goal_cards(name: str, noun: str, kind: str, description: str) -> FileKind:
    schema = _card(
        {
            "goal": _effect("`as soon as <condition> -> claim`: the goal"),
            "points": _points("day points when the goal is met"),
            "text": text("the printed text"),
        },
        ["goal", "points"],
    )
    return FileKind(name, noun, True, schema, description, card_kind=kind, effect_field="goal")


def laurels(reg: Registry) -> FileKind:
    return _goal_cards("laurels", "laurel", "laurel", 'Secret goals (003 "Laurels").')


def accolades(reg: Registry) -> FileKind:
    return _goal_cards("accolades", "accolade", "accolade", 'Public goals (003 "Accolades").')


def gods(reg: Registry) -> FileKind:
    schema = _card(
        {"text": text("the printed text"), "effect": _effect("the god's powers")},
        ["effect"],
    )
    return FileKind(
        "gods",
        "god",
        True,
        schema,
        'God cards (003 "The Gods").',
        card_kind="god",
        effect_field="effect",
    )


def starbots(reg: Registry) -> FileKind:
    schema = _card(
        {
            "action": enum(STARBOT_ACTIONS, "the action the Starbot takes"),
            "night_points": _points("night points the Starbot scores"),
            "accolade": {
                "type": ["integer", "null"],
                "minimum": 1,
                "maximum": 5,
                "description": "the accolade place (1 to 5: five accolades) it marks; "
                "null on the Refresh card",
                # What `new card` writes: a gain or launch card names a place (E0948).
                "examples": [1],
            },
        },
        ["action", "night_points", "accolade"],
    )
    return FileKind("starbots", "starbot card", True, schema, '003 "Starbot Play" cards.')


def privileges(reg: Registry) -> FileKind:
    schema = _card({"text": text("the printed text")}, [])
    schema["properties"]["id"] = {
        **enum(PRIVILEGES, "one of the six privileges of 003"),
        # the hint of E0605: a newcomer's new privilege is told what a mod may do instead
        "x-why": "the six privileges are rules of 003: a mod replaces one (`replace: true`) "
        "and cannot add another",
    }
    return FileKind("privileges", "privilege", True, schema, '003 "Privileges".')


def aspects(reg: Registry) -> FileKind:
    schema = _card({"colour": text("the colour of the aspect icon")}, [])
    return FileKind("aspects", "aspect", True, schema, 'Core aspects (003 "Record a new Aspect").')


def cores(reg: Registry) -> FileKind:
    schema = _card(
        {
            "colours": array(enum(COLOURS), 1, unique=True, description="the colour scheme"),
            "pattern": enum(PATTERNS, "the ray pattern: long only, short only, equal, any"),
            "aspect": identifier("the aspect recorded when it is launched"),
        },
        ["colours", "pattern", "aspect"],
    )
    return FileKind("cores", "core", True, schema, 'Core cards (003 "Completed Stars and Plans").')


def starters(reg: Registry) -> FileKind:
    ray = obj({"colour": enum(COLOURS), "size": enum(RAY_SIZES)}, ["colour", "size"])
    schema = _card({"ray": ray}, ["ray"])
    return FileKind("starters", "starter core", True, schema, '003 "Your Starter Core".')


#: The most places a Flare pool may have, and Starbot levels a setup may list: each is a
#: number the engine reads (a pool's size; `--option starbot_level`'s range), so bounded.
MOST_FLARE_PLACES = 10
MOST_STARBOT_LEVELS = 10


def setup(reg: Registry) -> FileKind:
    fields: dict[str, Schema] = {"source": enum(SOURCES), "notes": text()}
    for stat in reg.stats.values():
        if stat.setting.startswith("setup:") and stat.default is not None:
            low = max(0, stat.default + stat.range.low)
            high = stat.default + stat.range.high
            fields[stat.name] = integer(low, high, stat.doc, stat.range.why)
    for name, (low, high, doc, why) in SETUP_NUMBERS.items():
        fields[name] = integer(low, high, doc, why)
    fields["flare_costs"] = array(
        integer(0, 10, "AP", "1 to 4"),
        1,
        description="AP of each Flare pool place, cheapest first",
        most=(MOST_FLARE_PLACES, '003 "Gain Flares": the pool has four places, one per cost'),
    )
    fields["starbot_star_points"] = array(
        integer(0, 20, "day points per launched star", "designed (SL22)"),
        1,
        description="Starbot difficulty: day points per star, by level (level 1 first)",
        most=(MOST_STARBOT_LEVELS, "the base game has four levels, easy to brutal (SL22)"),
    )
    fields["slotless_points"] = obj(
        {size: _points(f"a {size} slotless launch") for size in SLOT_SIZES}, list(SLOT_SIZES)
    )
    # Every setup number is read as written (``StarlightContent.number``): one left out
    # validated, then stopped every game with an internal error at setup.
    required = ["flare_costs", "starbot_star_points", "slotless_points", *SETUP_NUMBERS]
    schema = obj(fields, required)
    return FileKind("setup", "setup sheet", False, schema, "The numbers of the setup sheet.")


def rondel(reg: Registry) -> FileKind:
    space = obj(
        {
            "id": identifier(),
            "action": enum(ACTIONS),
            "constellations": array(
                identifier(), 2, unique=True, description="a launch space's two constellations"
            ),
            "name": printed_name("its name"),
        },
        ["id", "action"],
    )
    schema = obj({"source": enum(SOURCES), "spaces": array(space, 1), "notes": text()}, ["spaces"])
    return FileKind("rondel", "rondel", False, schema, "The seven action spaces, clockwise.")


def sky(reg: Registry) -> FileKind:
    slot = obj(
        {
            "id": identifier("unique on the whole sky"),
            "size": enum(SLOT_SIZES),
            "night_points": _points("night points for a star launched here"),
            "privilege": {
                "enum": [*PRIVILEGES, None],
                "description": "the privilege recorded by a star launched here, or null",
            },
            "target": boolean("the target icon: a first star may go here"),
        },
        ["id", "size", "night_points"],
    )
    constellation = obj(
        {
            "id": identifier(),
            "name": printed_name("its name"),
            "source": enum(SOURCES),
            "slots": array(slot, 1),
            "links": array(array(identifier(), 2, unique=True), description="connecting lines"),
        },
        ["id", "slots"],
    )
    schema = obj(
        {"source": enum(SOURCES), "constellations": array(constellation, 1), "notes": text()},
        ["constellations"],
    )
    return FileKind("sky", "sky board", False, schema, "The constellations of the sky board.")


def rays(reg: Registry) -> FileKind:
    colour = obj(
        {"colour": enum(COLOURS), "long": integer(0, 20), "short": integer(0, 20)},
        ["colour", "long", "short"],
    )
    schema = obj(
        {"source": enum(SOURCES), "colours": array(colour, 1), "notes": text()}, ["colours"]
    )
    return FileKind("rays", "ray supply", False, schema, "Rays of each colour (003: 48 + 48).")


def _ids() -> tuple[IdSpace, ...]:
    return (
        IdSpace("constellation", "sky", "constellations/*/id"),
        IdSpace("slot", "sky", "constellations/*/slots/*/id"),
        IdSpace("space", "rondel", "spaces/*/id"),
        IdSpace("aspect", "aspects", "*/id"),
        IdSpace("privilege", "privileges", "*/id"),
    )


def _references() -> tuple[Reference, ...]:
    return (
        Reference("rondel", "spaces/*/constellations/*", "constellation"),
        Reference("sky", "constellations/*/links/*/*", "slot"),
        Reference("sky", "constellations/*/slots/*/privilege", "privilege"),
        Reference("cores", "*/aspect", "aspect"),
    )


@cache
def content_spec() -> ContentSpec:
    """Everything Starlight declares about its content files (built once)."""
    reg = registry()
    makers = [
        flares,
        laurels,
        accolades,
        gods,
        starbots,
        privileges,
        aspects,
        cores,
        starters,
        setup,
        rondel,
        sky,
        rays,
    ]
    kinds: dict[str, FileKind] = {kind.name: kind for kind in (make(reg) for make in makers)}
    spec = ContentSpec(
        game=reg.game,
        kinds=kinds,
        ids=_ids(),
        references=_references(),
        # 003 "Components": 28 Starbots, the deck whose pace the Starbot's night points
        # are designed for (W0902 when a pack's deck is not 28 cards).
        counts=(BoxCount("starbots", "Starbot cards", STARBOT_CARDS),),
        codes=CODES,
        checks=(
            GameCheck(("rondel", "sky"), check_rondel),
            GameCheck(("sky",), check_sky),
            GameCheck(("sky",), check_links_once),
            GameCheck(("rays",), check_ray_colours),
            GameCheck(("rays",), check_ray_bags),
            GameCheck(("starbots", "accolades"), check_starbots),
            GameCheck(("starbots",), check_starbot_deck),
            GameCheck(("starbots",), check_starbot_places),
            GameCheck(("setup", "gods", "laurels"), check_deals),
        ),
    )
    # The pack-ids check reads the spec's own effect fields, so it is added once they exist.
    ids_check = GameCheck(("sky", "aspects", "privileges"), partial(_check_ids, spec))
    goals_check = GameCheck(("laurels", "accolades"), partial(check_goals, spec=spec))
    return replace(spec, checks=(*spec.checks, ids_check, goals_check))


def _check_ids(spec: ContentSpec, content: Any) -> list[Any]:
    return check_pack_ids(content, spec, registry())


def describe() -> dict[str, Any]:
    """The file kinds and their descriptions (for docs)."""
    return {name: kind.description for name, kind in content_spec().kinds.items()}
