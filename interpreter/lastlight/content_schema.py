"""The Last Light content files: their schemas, ids, references and box counts.

Every enum comes from the vocabulary (:func:`vocabulary.registry`) or from the engine's own
tables, so a word added there reaches the schemas (``whitedwarf schema``) and the checker.
The documents follow what the base pack in ``content/lastlight`` writes; each comment names
the rulebook section the numbers come from.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.codes import error
from whitedwarf.dsl.packs.content import Content
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
    counts,
    enum,
    forbidden,
    identifier,
    integer,
    obj,
    text,
)
from whitedwarf.dsl.registry import Registry
from whitedwarf.interpreter.lastlight import board as board_model
from whitedwarf.interpreter.lastlight.vocabulary import registry

SOURCES = ("rulebook", "invented")  # DESIGN principle 6: provenance on content
TOKEN_TIERS = tuple(sorted(board_model.TOKEN_TYPES))  # 000 "setup": two planetary piles
ROTATIONS = ("clockwise", "counterclockwise")
ACHIEVEMENT_SETS = 4  # 000 "Components": 16 achievements, 4 per player


# -- vocabulary-derived word lists ---------------------------------------------------------


def resources(reg: Registry) -> list[str]:
    """Resources players pay and mine (light is a score, not a cost)."""
    return [name for name in reg.resources if name != "light"]


def colours(reg: Registry) -> list[str]:
    """Planet colours: the adjective filters that apply to planets only."""
    return [
        f.name
        for f in reg.filters.values()
        if f.applies_to == ("planet",) and f.form == "adjective"
    ]


def die_faces(reg: Registry) -> list[str]:
    """The die results, as the ``treat ... as`` verb knows them."""
    return [word for param in reg.verbs["treat"].params for word in param.words]


def ship_sizes(reg: Registry) -> list[str]:
    """Ship sizes: the adjective filters that apply to ships and ship types."""
    return [f.name for f in reg.filters.values() if f.applies_to == ("ship", "ship_type")]


def card_kinds_of_file(reg: Registry, file: str) -> list[str]:
    """The registry card kinds whose cards live in ``<file>.yaml``."""
    return [kind.name for kind in reg.card_kinds.values() if kind.file == file]


# -- cards ---------------------------------------------------------------------------------


def _card(fields: dict[str, Schema], required: list[str], **extra: Any) -> Schema:
    base = {
        "id": identifier("the card's id, unique among cards of its kind"),
        "name": text("the printed name"),
        "source": enum(SOURCES, "rulebook: printed in the seeds; invented: designed here"),
    }
    tail = {"allow": allow_list(), "notes": text("free notes for designers")}
    return obj(base | fields | tail, ["id", "name", "source", *required], **extra)


def _effect() -> Schema:
    return text("the card's rules in the effect language (docs/dsl.md)")


def _printed() -> Schema:
    return text("the printed card text, word for word where the seeds give it")


def techs(reg: Registry) -> FileKind:
    schema = _card(
        {
            "kind": enum(
                card_kinds_of_file(reg, "techs"),
                "blue civilization, green ship ability, yellow ship mod",
            ),
            "cost": counts(resources(reg), "resources paid to manufacture it"),
            "copies": integer(1, description="copies in the box (default 1)"),
            "text": _printed(),
            "effect": _effect(),
        },
        ["kind", "cost", "effect"],
    )
    return FileKind(
        "techs",
        "tech",
        True,
        schema,
        "Technology cards.",
        card_kind_field="kind",
        effect_field="effect",
    )


def factions(reg: Registry) -> FileKind:
    schema = _card(
        {
            "three_plus": boolean("true: removed from the deck in 2-player games (000 'setup')"),
            "text": _printed(),
            "effect": _effect(),
            "lore": text("the faction's story"),
        },
        ["three_plus", "effect"],
    )
    return FileKind(
        "factions",
        "faction",
        True,
        schema,
        "Alien faction cards.",
        card_kind="faction",
        effect_field="effect",
    )


def exploration(reg: Registry) -> FileKind:
    planetary_only = "only planetary tokens have a `{}`"
    schema = _card(
        {
            "kind": enum(card_kinds_of_file(reg, "exploration"), "deep_space or planetary"),
            "tier": enum(TOKEN_TIERS, "planetary only: the pile the token is shuffled into"),
            "resource": enum(resources(reg), "planetary only: what the planet yields when mined"),
            "copies": integer(1, description="copies in the box (default 1)"),
            "text": _printed(),
            "effect": _effect(),
        },
        ["kind", "effect"],
        allOf=[
            {
                "if": {"properties": {"kind": {"const": "planetary"}}, "required": ["kind"]},
                "then": {"required": ["tier", "resource"]},
                "else": {
                    "properties": {
                        "tier": forbidden(planetary_only.format("tier")),
                        "resource": forbidden(planetary_only.format("resource")),
                    }
                },
            }
        ],
    )
    return FileKind(
        "exploration",
        "exploration token",
        True,
        schema,
        "Exploration tokens.",
        card_kind_field="kind",
        effect_field="effect",
    )


def achievements(reg: Registry) -> FileKind:
    schema = _card(
        {
            "set": integer(1, ACHIEVEMENT_SETS, "which player's set of 4 the card belongs to"),
            "text": _printed(),
            "effect": _effect(),
        },
        ["set", "effect"],
    )
    return FileKind(
        "achievements",
        "achievement",
        True,
        schema,
        "Planetary achievement cards.",
        card_kind="achievement",
        effect_field="effect",
    )


def planets(reg: Registry) -> FileKind:
    schema = _card({"colour": enum(colours(reg), "the planet's colour")}, ["colour"])
    return FileKind("planets", "planet", True, schema, "The unique planets.")


def actions(reg: Registry) -> FileKind:
    schema = _card(
        {
            "number": integer(1, description="the printed number; lower resolves first"),
            "steps": array(identifier("a step the engine binds a rule to"), 1, unique=True),
            "returnable": boolean("whether effects may return the played card to its owner's hand"),
            "turn_order": boolean("whether players resolve it one at a time in turn order"),
            "text": _printed(),
        },
        ["number", "steps", "returnable", "turn_order"],
    )
    return FileKind("actions", "action card", True, schema, "The action cards each player holds.")


# -- documents -----------------------------------------------------------------------------


def board(reg: Registry) -> FileKind:
    sector = obj(
        {"id": identifier(), "slot": integer(), "span": integer(1)},
        ["id", "slot"],
    )
    ring = obj(
        {
            "id": enum(board_model.RING_ORDER, "the ring, from the centre outwards"),
            "slots": integer(1),
            "degrees_per_rotation": integer(0, 360),
            "sectors": array(sector, 1),
        },
        ["id", "slots", "degrees_per_rotation", "sectors"],
    )
    space = obj({"id": identifier(), "resource": enum(resources(reg))}, ["id", "resource"])
    schema = obj(
        {
            "id": identifier(),
            "source": enum(SOURCES),
            "rotation_direction": enum(ROTATIONS),
            "outer_carries_inner": boolean("true: the inner ring turns with the outer ring"),
            "centre": identifier("the sector of the white dwarf"),
            "rings": array(ring, 1),
            "colony_ship": obj({"source": enum(SOURCES), "spaces": array(space, 1)}, ["spaces"]),
            "notes": text(),
        },
        ["id", "source", "rings", "centre"],
    )
    return FileKind("board", "board", False, schema, "The board geometry.")


NEUTRAL_FACTIONS = ("lumos",)


def setups(reg: Registry) -> FileKind:
    planet_slot = obj({"sector": identifier(), "token": enum(TOKEN_TIERS)}, ["sector", "token"])
    neutral = obj(
        # The Lumos are a non-player faction (002), not one of the 15 faction cards.
        {
            "faction": enum(NEUTRAL_FACTIONS),
            "sector": identifier(),
            "ships": counts(ship_sizes(reg)),
        },
        ["faction", "sector", "ships"],
    )
    sectors = array(identifier(), unique=True)
    setup = obj(
        {
            "players": integer(1),
            "source": enum(SOURCES),
            "white_dwarf": identifier(),
            "homes": sectors,
            "planets": array(planet_slot),
            "deep_space": sectors,
            "asteroids": sectors,
            "neutral_ships": array(neutral),
            "notes": text(),
        },
        ["players", "source", "homes", "planets"],
    )
    schema = obj({"setups": array(setup, 1)}, ["setups"])
    return FileKind(
        "setups", "setups", False, schema, "What sits where at the start, per player count."
    )


def ships(reg: Registry) -> FileKind:
    groups = ("count", "attack", "mod_slots", "movement", "range", "shields", "cost")
    ship = obj(
        {
            "id": enum(ship_sizes(reg)),
            "name": text(),
            "source": enum(SOURCES),
            "sources": obj({group: enum(SOURCES) for group in groups}),
            "count": integer(0),
            "attack": integer(0),
            "mod_slots": integer(0),
            "movement": integer(0),
            "range": integer(0),
            "shields": integer(1),
            "cost": counts(resources(reg)),
        },
        ["id", "name", "source", *groups],
    )
    colony = obj(
        {
            "id": identifier(), "name": text(), "source": enum(SOURCES), "count": integer(1),
            "movable": boolean(), "attackable": boolean(), "extractors_attackable": boolean(),
            "builds_ships_here": boolean(),
        },
        ["id", "name", "source", "count"],
    )  # fmt: skip
    extractor = obj(
        {
            "id": identifier(), "name": text(), "source": enum(SOURCES), "count": integer(1),
            "shields": integer(1), "cost": counts(resources(reg)), "per_construct": integer(1),
            "per_planet": integer(1), "needs_bombardment": boolean(), "yield": integer(0),
        },
        ["id", "name", "source", "count"],
    )  # fmt: skip
    schema = obj(
        {"ships": array(ship, 1), "colony_ship": colony, "extractor": extractor}, ["ships"]
    )
    return FileKind(
        "ships", "ships", False, schema, "Ship types, the colony ship and the extractor."
    )


def dice(reg: Registry) -> FileKind:
    result = obj(
        {
            "id": enum(die_faces(reg)), "damage": integer(0), "ability": boolean(),
            "extra_die": boolean(), "faces": integer(1),
        },
        ["id", "damage", "ability", "extra_die", "faces"],
    )  # fmt: skip
    die = obj(
        {
            "id": identifier(), "name": text(), "sides": integer(1),
            "source": enum(SOURCES),
            "sources": obj({"results": enum(SOURCES), "faces": enum(SOURCES)}),
            "results": array(result, 1),
        },
        ["id", "name", "sides", "source", "results"],
    )  # fmt: skip
    return FileKind(
        "dice", "dice", False, obj({"dice": array(die, 1)}, ["dice"]), "The combat dice."
    )


def supply(reg: Registry) -> FileKind:
    res = resources(reg)
    crystal = obj({"value": integer(1), "count": integer(0)}, ["value", "count"])
    per_player = obj(
        {
            "ships": counts(ship_sizes(reg)), "extractors": integer(), "colony_ships": integer(),
            "action_cards": integer(), "player_boards": integer(), "graveyard_cards": integer(),
            "achievement_cards": integer(), "faction_cards_dealt": integer(),
            "starting_ships": counts(ship_sizes(reg)), "starting_colony_extractors": integer(),
            "starting_resources": counts(res), "starting_tech_cards": integer(),
        }
    )  # fmt: skip
    rules = obj(
        {
            "game_end_light": integer(1), "graveyard_units": integer(1),
            "graveyard_light": integer(),
            "graveyard_light_two_players": integer(), "research_light_per_techs": integer(1),
            "research_draw": integer(), "research_keep": integer(),
            "refresh_light": counts(("inner", "outer", "distant")),
            "rotation_light_per_centre_ship": integer(), "trade_picks": integer(),
            "trade_gift_light": integer(), "lumos_ships_per_rotation": integer(),
        }
    )  # fmt: skip
    pieces = (
        "damage_tokens", "attention_tokens", "dice", "graveyard_cards", "first_player_token",
        "white_dwarf", "asteroids", "planets", "planetary_id_tokens", "colony_ships",
        "deep_space_tokens", "tech_cards", "faction_cards", "achievement_cards",
    )  # fmt: skip
    schema = obj(
        {
            "source": enum(SOURCES),
            "resources": counts(res),
            "light_crystals": array(crystal),
            **{piece: integer() for piece in pieces},
            "planetary_tokens": counts(TOKEN_TIERS),
            "per_player": per_player,
            "rules": rules,
        },
        ["source", "resources"],
    )
    return FileKind("supply", "supply", False, schema, "Box limits and rule constants.")


# -- ids, references, counts and game checks -----------------------------------------------

_SECTOR_REFS = (
    ("board", "centre"),
    ("setups", "setups/*/white_dwarf"),
    ("setups", "setups/*/homes/*"),
    ("setups", "setups/*/planets/*/sector"),
    ("setups", "setups/*/deep_space/*"),
    ("setups", "setups/*/asteroids/*"),
    ("setups", "setups/*/neutral_ships/*/sector"),
)


def _ids() -> tuple[IdSpace, ...]:
    return (
        IdSpace("sector", "board", "rings/*/sectors/*/id"),
        IdSpace("ring", "board", "rings/*/id"),
        IdSpace("colony ship space", "board", "colony_ship/spaces/*/id"),
        IdSpace("ship type", "ships", "ships/*/id"),
        IdSpace("die", "dice", "dice/*/id"),
        IdSpace("setup", "setups", "setups/*/players"),
        IdSpace("action number", "actions", "*/number"),
    )


def _references() -> tuple[Reference, ...]:
    refs = [Reference(kind, path, "sector") for kind, path in _SECTOR_REFS]
    return tuple(refs)


def _counts() -> tuple[BoxCount, ...]:
    # 000 "Components"; docs/rules-decisions.md records the box counts chosen.
    planetary = ("kind", "planetary")
    return (
        BoxCount("techs", "technology cards", "supply:tech_cards", default=83),
        BoxCount("factions", "faction cards", "supply:faction_cards", default=15),
        BoxCount(
            "achievements", "planetary achievement cards", "supply:achievement_cards", default=16
        ),
        BoxCount("planets", "planets", "supply:planets", default=15),
        BoxCount(
            "exploration", "deep space tokens", "supply:deep_space_tokens",
            (("kind", "deep_space"),), 12,
        ),
        BoxCount(
            "exploration", "common planetary tokens", "supply:planetary_tokens/common",
            (planetary, ("tier", "common")), 18,
        ),
        BoxCount(
            "exploration", "rare planetary tokens", "supply:planetary_tokens/rare",
            (planetary, ("tier", "rare")), 15,
        ),
    )  # fmt: skip


def check_setups(content: Content) -> list[Diagnostic]:
    """Each setup must lay out on the board (000 "setup"; interpreter/lastlight/board.py)."""
    board_entry, setups_entry = content.documents.get("board"), content.documents.get("setups")
    if board_entry is None:
        return []
    try:
        board_model.Board.from_data(board_entry.data)
    except (board_model.BoardError, ArithmeticError, LookupError, TypeError, ValueError) as exc:
        return [error("E0903", f"the board cannot be built: {exc}", board_entry.span())]
    if setups_entry is None:
        return []
    out = []
    for index, setup in enumerate(setups_entry.data.get("setups", [])):
        try:
            board_model.load_setup(board_entry.data, setups_entry.data, setup["players"])
        except (board_model.BoardError, ArithmeticError, LookupError, TypeError, ValueError) as exc:
            where = setups_entry.span(("setups", index), key=False)
            out.append(
                error("E0903", f"the {setup['players']}-player setup is not valid: {exc}", where)
            )
    return out


def check_dice(content: Content) -> list[Diagnostic]:
    """The combat die as the engine rolls it (000 "Combat Dice Results Explained"; docs/
    rules-decisions.md C10): one die, whose results' ``faces`` add up to its ``sides``, with
    a face that does not roll another die."""
    entry = content.documents.get("dice")
    if entry is None:
        return []
    out = []
    dice = entry.data.get("dice", [])
    for index, die in enumerate(dice):
        if index:
            out.append(
                error(
                    "E0921",
                    f"die `{die.get('id')}`: the engine rolls one combat die, the first listed "
                    f"(`{dice[0].get('id')}`); a second die would never be rolled",
                    entry.span(("dice", index), key=False),
                )
            )
            continue
        results = die.get("results", [])
        faces = sum(r.get("faces", 0) for r in results)
        if faces != die.get("sides"):
            out.append(
                error(
                    "E0920",
                    f"die `{die.get('id')}` has {die.get('sides')} sides but the faces of its "
                    f"results add up to {faces}",
                    entry.span(("dice", index, "sides")),
                    "give every side one result: make `sides` the sum of the `faces`",
                )
            )
        if results and all(r.get("extra_die") for r in results):
            out.append(
                error(
                    "E0922",
                    f"every face of die `{die.get('id')}` rolls another die, so a roll never ends",
                    entry.span(("dice", index, "results")),
                    "give at least one result `extra_die: false`",
                )
            )
    return out


@cache
def content_spec() -> ContentSpec:
    """Everything Last Light declares about its content files (built once)."""
    reg = registry()
    kinds = [
        techs,
        factions,
        exploration,
        achievements,
        planets,
        actions,
        board,
        setups,
        ships,
        dice,
        supply,
    ]
    return ContentSpec(
        game=reg.game,
        kinds={kind.name: kind for kind in (make(reg) for make in kinds)},
        ids=_ids(),
        references=_references(),
        counts=_counts(),
        checks=(
            GameCheck(("board", "setups"), check_setups),
            GameCheck(("dice",), check_dice),
        ),
    )
