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
from whitedwarf.dsl.packs.codes import error, warning
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
    fixed,
    forbidden,
    identifier,
    integer,
    obj,
    printed_name,
    text,
)
from whitedwarf.dsl.registry import Registry
from whitedwarf.interpreter.lastlight import board as board_model
from whitedwarf.interpreter.lastlight.action_cards import check_actions
from whitedwarf.interpreter.lastlight.setup_needs import check_setup_needs
from whitedwarf.interpreter.lastlight.state import ACTIONS
from whitedwarf.interpreter.lastlight.supply_checks import (
    DECKS,
    check_colony_ship,
    check_light_supply,
    check_neutral_ships,
    check_ship_sizes,
    check_starting_ships,
    deck_check,
)
from whitedwarf.interpreter.lastlight.vocabulary import registry

# Why the numbers of the files are bounded where they are (DESIGN principle 3); the base
# game's own numbers are in content/lastlight and 000 "Components".
COPIES_WHY = "the base game prints at most 3 copies of a card"
COST_WHY = "the dearest ship costs 4 resources, a tech 3"
MAX_SLOTS = 64
SLOTS_WHY = "the outer and distant rings have 16 slots"
DIE_WHY = "the combat die has 6 faces"
ENGINE_FIXED = "the engine plays the printed rule (docs/rules-decisions.md C22)"

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
    """Ship sizes: the adjective filters that apply to ships and ship types (and to the techs
    on those ship types, issue 29 item 7)."""
    return [f.name for f in reg.filters.values() if f.applies_to[:2] == ("ship", "ship_type")]


def card_kinds_of_file(reg: Registry, file: str) -> list[str]:
    """The registry card kinds whose cards live in ``<file>.yaml``."""
    return [kind.name for kind in reg.card_kinds.values() if kind.file == file]


# -- cards ---------------------------------------------------------------------------------


def _card(fields: dict[str, Schema], required: list[str], **extra: Any) -> Schema:
    base = {
        "id": identifier("the card's id, unique among cards of its kind"),
        "name": printed_name(),
        "source": enum(SOURCES, "rulebook: printed in the seeds; invented: designed here"),
    }
    tail = {"allow": allow_list(), "notes": text("free notes for designers")}
    return obj(base | fields | tail, ["id", "name", "source", *required], **extra)


def _effect() -> Schema:
    # No schema length: the loader bounds an effect first (E0513, dsl/packs/limits.py).
    return text("the card's rules in the effect language (docs/dsl.md)", max_length=None)


def _printed() -> Schema:
    return text("the printed card text, word for word where the seeds give it")


def techs(reg: Registry) -> FileKind:
    schema = _card(
        {
            "kind": enum(
                card_kinds_of_file(reg, "techs"),
                "blue civilization, green ship ability, yellow ship mod",
            ),
            "cost": counts(resources(reg), 10, "resources paid to manufacture it", COST_WHY),
            "copies": integer(1, 10, "copies in the box (default 1)", COPIES_WHY),
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


def to_planetary(field: str) -> str:
    """The fix for a planetary token's field written on a deep space token."""
    return f"remove `{field}`, or make the token `kind: planetary`"


def exploration(reg: Registry) -> FileKind:
    planetary_only = "only planetary tokens have a `{}`"
    schema = _card(
        {
            "kind": enum(card_kinds_of_file(reg, "exploration"), "deep_space or planetary"),
            "tier": enum(TOKEN_TIERS, "planetary only: the pile the token is shuffled into"),
            "resource": enum(resources(reg), "planetary only: what the planet yields when mined"),
            "copies": integer(1, 10, "copies in the box (default 1)", COPIES_WHY),
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
                        "tier": forbidden(planetary_only.format("tier"), to_planetary("tier")),
                        "resource": forbidden(
                            planetary_only.format("resource"), to_planetary("resource")
                        ),
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
            "set": integer(
                1, ACHIEVEMENT_SETS, "which player's set of 4 the card belongs to", "4 players"
            ),
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
            "number": integer(
                1, 20, "the printed number; lower resolves first", "the game has 6 action cards"
            ),
            "steps": array(identifier("a step the engine binds a rule to"), 1, unique=True),
            "returnable": boolean("whether effects may return the played card to its owner's hand"),
            "turn_order": boolean("whether players resolve it one at a time in turn order"),
            "text": _printed(),
        },
        ["number", "steps", "returnable", "turn_order"],
    )
    # The six action cards are rules of 000 the engine plays (E0923): a mod replaces one.
    schema["properties"]["id"] = enum(ACTIONS, "one of the six action cards of 000")
    schema["properties"]["id"]["x-why"] = (
        "new actions need engine rules: add effects to techs or factions instead"
    )
    return FileKind("actions", "action card", True, schema, "The action cards each player holds.")


# -- documents -----------------------------------------------------------------------------


def board(reg: Registry) -> FileKind:
    sector = obj(
        {
            "id": identifier(),
            "slot": integer(0, MAX_SLOTS - 1, "the first slot it occupies", SLOTS_WHY),
            "span": integer(1, MAX_SLOTS, "how many slots it occupies (default 1)", SLOTS_WHY),
        },
        ["id", "slot"],
    )
    ring = obj(
        {
            "id": enum(board_model.RING_ORDER, "the ring, from the centre outwards"),
            "slots": integer(1, MAX_SLOTS, "equal angular slots of the ring", SLOTS_WHY),
            "degrees_per_rotation": integer(0, 360, "how far it turns", "a full turn"),
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
        # The colony ship's spaces are where setup puts each player's first extractor (000
        # "setup"): a board without them validated, then stopped every game at setup.
        ["id", "source", "rings", "centre", "colony_ship"],
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
            "ships": counts(ship_sizes(reg), 10, why="a player's supply holds 10 ships"),
        },
        ["faction", "sector", "ships"],
    )
    sectors = array(identifier(), unique=True)
    setup = obj(
        {
            # The engine seats 2 to 4 (engine.py's ``players``): a setup for another count
            # validated and could never be played.
            "players": integer(
                2, 4, "the player count it is for", '000 "Setup": Last Light is for 2 to 4 players'
            ),
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
            "name": printed_name("its name"),
            "source": enum(SOURCES),
            "sources": obj({group: enum(SOURCES) for group in groups}),
            "count": integer(
                0, 20, "ships of the type in a player's supply", "the base game: 5 small ships"
            ),
            "attack": integer(0, 10, "dice each ship rolls", "the base game: a large ship rolls 3"),
            "mod_slots": integer(
                0, 5, "ship mods the type may carry", "the base game: a large ship has 3"
            ),
            "movement": integer(
                0, 5, "sectors a ship moves", "the base game: 1; 5 crosses the whole board"
            ),
            "range": integer(
                0, 3, "sectors away a ship fires", "the base game: 0; 3 is distant to the centre"
            ),
            "shields": integer(
                1, 10, "damage a ship takes before it is destroyed", "the base game: 3 at most"
            ),
            "cost": counts(resources(reg), 10, why=COST_WHY),
        },
        ["id", "name", "source", *groups],
    )
    colony = obj(
        {
            "id": identifier(), "name": printed_name("its name"), "source": enum(SOURCES),
            "count": fixed(1, "colony ships per player", ENGINE_FIXED),
            "movable": fixed(False, "whether it moves", ENGINE_FIXED),
            "attackable": fixed(False, "whether it can be attacked", ENGINE_FIXED),
            "extractors_attackable": boolean("whether the extractors on it can be attacked"),
            "builds_ships_here": fixed(True, "whether ships are built in its sector", ENGINE_FIXED),
        },
        ["id", "name", "source", "count"],
    )  # fmt: skip
    extractor = obj(
        {
            "id": identifier(), "name": printed_name("its name"), "source": enum(SOURCES),
            "count": integer(1, 20, "extractors per player", "the base game: 8 per player"),
            "shields": integer(1, 10, "damage that destroys one", "the base game: 1 (rules FAQ)"),
            "cost": fixed({}, "what building one costs", "000 'Action Card #3': built free"),
            "per_construct": integer(1, 10, "built by one Construct", "the base game: 1"),
            "per_planet": fixed(1, "extractors on one planet", ENGINE_FIXED),
            "needs_bombardment": fixed(True, "only bombardment attacks it", ENGINE_FIXED),
            "yield": fixed(1, "resources one Mine collects per extractor", ENGINE_FIXED),
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
            "id": enum(die_faces(reg)),
            "damage": integer(0, 5, "damage the result deals", "the base game: 1 at most"),
            "ability": boolean(), "extra_die": boolean(),
            "faces": integer(1, 20, "faces of the die that show it", DIE_WHY),
        },
        ["id", "damage", "ability", "extra_die", "faces"],
    )  # fmt: skip
    die = obj(
        {
            "id": identifier(), "name": printed_name("its name"),
            "sides": integer(1, 20, "faces of one die", DIE_WHY),
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
    box = "a box holds a few dozen of any piece"
    crystal = obj(
        {
            "value": integer(1, 20, "light one crystal is worth", "the base game: 1 and 5"),
            "count": integer(0, 100, "crystals of that value", "the base game: 15 of each"),
        },
        ["value", "count"],
    )
    few = "the rulebook gives 1 to 8"  # a player's pieces: 000 "Components"
    per_player = obj(
        {
            "ships": counts(ship_sizes(reg), 20, why="the base game: 5 small, 3 medium, 2 large"),
            "extractors": integer(0, 20, why="the base game: 8"),
            "colony_ships": fixed(1, "colony ships", ENGINE_FIXED),
            "action_cards": fixed(6, "action cards", "the six action cards (C20)"),
            "player_boards": fixed(1, "player boards", ENGINE_FIXED),
            "graveyard_cards": fixed(1, "graveyard cards", ENGINE_FIXED),
            "achievement_cards": fixed(4, "achievements dealt", "a whole set is dealt (C21)"),
            "faction_cards_dealt": integer(1, 15, why="the base game: 2 of 15 factions"),
            "starting_ships": counts(ship_sizes(reg), 10, why="the base game: 1 small ship"),
            "starting_colony_extractors": fixed(1, "extractors on the colony ship", ENGINE_FIXED),
            "starting_resources": counts(res, 20, why="the base game: 1 common"),
            "starting_tech_cards": integer(0, 10, why="the base game: 1 of an 83-card deck"),
        },
        description=f"what each player has ({few})",
    )  # fmt: skip
    rules = obj(
        {
            "game_end_light": integer(1, 100, why="the base game: 20 light wins"),
            "graveyard_units": integer(1, 20, why="the base game: 4 units fill a graveyard"),
            "graveyard_light": integer(0, 10, why="the base game: 1 light"),
            "graveyard_light_two_players": integer(0, 10, why="the base game: 2 light"),
            "research_light_per_techs": integer(1, 20, why="the base game: 1 light per 4 techs"),
            "research_draw": integer(0, 20, why="Research draws 3"),
            "research_keep": integer(0, 20, why="Research keeps 2"),
            "refresh_light": counts(("inner", "outer", "distant"), 10, why="2, 1 and 0 light"),
            "rotation_light_per_centre_ship": integer(0, 10, why="the base game: 1 light"),
            "trade_picks": integer(0, 10, why="the base game: 2 choices"),
            "trade_gift_light": integer(0, 10, why="the base game: 1 light"),
            "lumos_ships_per_rotation": integer(0, 10, why="the base game: 2 ships"),
        }
    )  # fmt: skip
    # Box counts the validator compares with the cards (W0902, ``_counts``) ...
    counted = ("planets", "deep_space_tokens", "tech_cards", "faction_cards", "achievement_cards")
    # ... and components the engine does not count (it never runs out of them): the printed
    # number of 000 "Components" is accepted, any other would change nothing.
    inventory = {
        "damage_tokens": 20, "attention_tokens": 20, "dice": 6, "graveyard_cards": 4,
        "first_player_token": 1, "white_dwarf": 1, "asteroids": 7, "planetary_id_tokens": 15,
        "colony_ships": 4,
    }  # fmt: skip
    schema = obj(
        {
            "source": enum(SOURCES),
            # Every resource, 0 for none: the engine's supply holds each (a box without one
            # validated, then stopped every game at the first gain of it).
            "resources": {
                **counts(res, 500, why="the base game: 30 common, 15 uncommon, 15 rare"),
                "required": list(res),
            },
            "light_crystals": array(crystal),
            **{piece: integer(0, 500, why=box) for piece in counted},
            **{
                piece: fixed(count, "in the box", "the engine does not run out of them")
                for piece, count in inventory.items()
            },
            "planetary_tokens": counts(
                TOKEN_TIERS, 100, why="the base game: 18 common and 15 rare"
            ),
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
        IdSpace("action number", "actions", "*/number", owner="action card"),
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
        # at the value the board's own check names (BoardError.at), with its fix
        where = board_entry.span(getattr(exc, "at", ()))
        message = f"the board cannot be built: {exc}"
        return [error("E0903", message, where, getattr(exc, "hint", None))]
    if setups_entry is None:
        return []
    out = []
    for index, setup in enumerate(setups_entry.data.get("setups", [])):
        try:
            board_model.load_setup(board_entry.data, setups_entry.data, setup["players"])
        except (board_model.BoardError, ArithmeticError, LookupError, TypeError, ValueError) as exc:
            where = setups_entry.span(("setups", index, *getattr(exc, "at", ())), key=False)
            message = f"the {setup['players']}-player setup is not valid: {exc}"
            out.append(error("E0903", message, where, getattr(exc, "hint", None)))
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


def check_piece_counts(content: Content) -> list[Diagnostic]:
    """ships.yaml's ``count`` of each ship type and of the extractor say again what
    supply.yaml's ``per_player`` says (which the engine reads): they must agree, or one of
    the two would be silently ignored (docs/rules-decisions.md C22)."""
    ships_entry, supply = content.documents.get("ships"), content.data("supply")
    if ships_entry is None or not isinstance(supply, dict):
        return []
    # Told at the file of the later pack: the one a mod changed (a mod's supply.yaml that
    # disagrees with the base pack's ships.yaml is the mod's to fix, not the base pack's).
    supply_entry = content.documents.get("supply")
    order = content.order
    at_supply = supply_entry is not None and order.get(supply_entry.pack, 0) > order.get(
        ships_entry.pack, 0
    )
    per_player = supply.get("per_player") or {}
    pairs: list[tuple[tuple[str | int, ...], Any, Any, str]] = [
        (
            ("ships", index, "count"),
            ship.get("count"),
            (per_player.get("ships") or {}).get(ship.get("id")),
            f"per_player.ships.{ship.get('id')}",
        )
        for index, ship in enumerate(ships_entry.data.get("ships", []))
    ]
    extractor = ships_entry.data.get("extractor") or {}
    pairs.append(
        (("extractor", "count"), extractor.get("count"), per_player.get("extractors"),
         "per_player.extractors")
    )  # fmt: skip
    out = []
    for path, count, supplied, where in pairs:
        if count is not None and supplied is not None and count != supplied:
            hint = "the engine uses supply.yaml's number: make the two agree"
            if at_supply and supply_entry is not None:
                message = f"`{where}` is {supplied} but ships.yaml's `count` is {count}"
                span = supply_entry.span(("per_player", *where.split(".")[1:]))
                out.append(error("E0924", message, span, hint))
                continue
            message = f"`count` is {count} but supply.yaml `{where}` is {supplied}"
            out.append(error("E0924", message, ships_entry.span(path), hint))
    return out


def check_research(content: Content) -> list[Diagnostic]:
    """W0925: Research keeps more techs than it draws. 000 "Action Card #1 - Research" draws 3
    and keeps 2; the engine keeps every tech drawn when there are no more than it may keep
    (``research.py``), so a ``research_keep`` above ``research_draw`` does nothing beyond
    ``research_draw`` and a pack that wrote it likely swapped the two. A warning: a tech that
    raises ``research_draw`` may still make the difference count."""
    supply = content.data("supply")  # merged: a mod may change one of the two numbers
    rules = supply.get("rules") if isinstance(supply, dict) else None
    span = content.span("supply", ("rules", "research_keep"))
    if not isinstance(rules, dict) or span is None:
        return []
    draw, keep = rules.get("research_draw"), rules.get("research_keep")
    if type(draw) is not int or type(keep) is not int or keep <= draw:
        return []
    message = (
        f"Research keeps {keep} techs but draws only {draw}: it keeps every tech it draws, "
        f"so a keep above {draw} does nothing"
    )
    hint = (
        f"Research draws `research_draw` techs and keeps `research_keep` of them (the rulebook: "
        f"draw 3, keep 2); write `research_keep: {draw}` or less, or draw more"
    )
    return [warning("W0925", message, span, hint)]


#: The codes of Last Light's own checks of its files (``checks`` of :func:`content_spec`).
CODES = {
    "E0920": "a die whose results' faces do not add up to its sides",
    "E0921": "a second die in dice.yaml (the engine rolls one combat die)",
    "E0922": "a die every face of which rolls another die",
    "E0923": "an action card, or a field of one, that the engine would not play as written",
    "E0924": "a piece count in ships.yaml that disagrees with supply.yaml's per_player",
    "W0925": "Research keeps more techs than it draws (supply.yaml's research_keep)",
    "E0926": "a tech deck or exploration pile of more cards than the engine builds (10,000)",
    "E0927": "less light in the box (light_crystals) than a player needs to win",
    "E0928": "ships setup would place that the engine never does (Lumos off 2 players, too many)",
    "E0929": "a ship size (small, medium, large) missing from ships.yaml or per_player.ships",
    "E0930": "merged content too small for a setup the packs offer (factions, achievements, ...)",
}


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
        codes=CODES,
        checks=(
            GameCheck(("board", "setups"), check_setups),
            GameCheck(("dice",), check_dice),
            GameCheck(("actions",), check_actions),
            GameCheck(("ships", "supply"), check_piece_counts),
            GameCheck(("supply",), check_research),
            *(deck_check(kind, what) for kind, what in DECKS),
            GameCheck(("supply",), check_light_supply),
            # A ship size missing first: the two checks after it read the sizes' counts.
            GameCheck(("ships", "supply"), check_ship_sizes),
            GameCheck(("board",), check_colony_ship),
            GameCheck(("setups", "supply"), check_neutral_ships),
            GameCheck(("supply",), check_starting_ships),
            GameCheck(
                ("setups", "supply", "factions", "achievements", "planets"),
                check_setup_needs,
                whole=True,
            ),
        ),
    )
