"""The Last Light vocabulary of the effect language: every word, declared once.

Each entry names the rulebook section it comes from (000 = rulebook, 001 = reference
manual, 002 = 2-player variant, 004 = revised Command). The checker, ``whitedwarf doc``,
the JSON Schemas and the engine's verb and hook tables are all driven from this module.
"""

from __future__ import annotations

from functools import cache

from whitedwarf.dsl.card_state import counter_verbs
from whitedwarf.dsl.registry import (
    ArgKind,
    CardKind,
    Filter,
    Fires,
    Flag,
    Hook,
    Noun,
    Param,
    Range,
    Registry,
    Resource,
    Stat,
    Value,
    Verb,
)

GAME = "lastlight"
#: The version of the Last Light effect language. 1.1: `center` spellings deprecated.
LANGUAGE = "1.1"

RESOURCES = ("common", "uncommon", "rare")
PLANET_COLOURS = ("red", "blue", "green")
DIE_FACES = ("miss", "hit", "hit_ability", "explode", "ability")
SHIP_SIZES = ("small", "medium", "large")
#: Tech kinds (a tech's ``kind:``), each with the rulebook's title for it.
TECH_KINDS = {
    "civilization": "Civilization",
    "ship_ability": "Ship ability",
    "ship_mod": "Ship mod",
}
ACTION_CARDS = ("research", "mine", "construct", "trade", "refresh", "command")


def _resources() -> list[Resource]:
    return [
        Resource(
            "common",
            "The grey common resource.",
            "gain 1 common",
            '000 "Components"',
            text="[common]",
        ),
        Resource(
            "uncommon",
            "The purple uncommon resource.",
            "pay 1 uncommon",
            '000 "Components"',
            text="[uncommon]",
        ),
        Resource(
            "rare", "The orange rare resource.", "pay 1 rare", '000 "Components"', text="[rare]"
        ),
        Resource(
            "light",
            "Light, the goal of the game (20 wins).",
            "gain 2 light",
            '000 "Overview"',
            text="[light]",
        ),
    ]


def _nouns() -> list[Noun]:
    return [
        Noun(
            "ship",
            "One of the players' ships.",
            "move a ship of yours to this sector",
            type="ship",
            plural="ships",
            text="ship",
            reads=("ships",),
            # 000 "Ship mod technology cards": a ship's numbers are its type's, so a faction
            # changes its ships' by changing its ship types' (`your large ships have +1 attack`)
            stats_of="ship_type",
        ),
        Noun(
            "extractor",
            "An extractor on a planet or a colony ship.",
            "destroy an enemy extractor",
            type="extractor",
            plural="extractors",
            text="extractor",
            reads=("extractors",),
        ),
        Noun(
            "sector",
            "A sector of the board.",
            "move a ship of yours to any sector",
            type="sector",
            plural="sectors",
            text="sector",
            reads=(),
        ),
        Noun(
            "planet",
            "A planet on the board.",
            "build extractor on this planet",
            type="planet",
            plural="planets",
            text="planet",
            reads=(),
        ),
        Noun(
            "player",
            "A player (you included).",
            "give 1 light to another player",
            type="player",
            plural="players",
            text="player",
            reads=(),
        ),
        Noun(
            "opponent",
            "A player other than you; `the opponent in this combat` is the player a combat "
            "hook's fight is against (docs/rules-decisions.md E132).",
            "give 1 common to an opponent",
            type="player",
            plural="opponents",
            text="opponent",
            reads=(),
            implies=("opponent",),
            # `the opponent in this combat` (issue 29): a combat hook's other side
            party_in="combat",
        ),
        Noun(
            "tech",
            "A technology card in play.",
            "unexhaust another tech of yours",
            type="tech",
            plural="techs",
            also=("card",),  # a tech in play is also `this card`: "another tech" is not itself
            text="tech",
            reads=("techs",),
        ),
        Noun(
            "card",
            "This card (the card the effect is printed on).",
            "exhaust this card",
            type="card",
            plural="cards",
            text="card",
            reads=("techs",),
        ),
        Noun(
            "action card",
            "One of your action cards.",
            "take_back an action card of yours",
            type="action_card",
            plural="action cards",
            text="action card",
            reads=("cards",),
        ),
        Noun(
            "ship type",
            "A ship type on a player board (small, medium, large).",
            "this ship type has +1 attack",
            type="ship_type",
            plural="ship types",
            text="ship type",
            reads=(),
        ),
        Noun(
            "die",
            "A combat die that was just rolled.",
            "treat this die as explode",
            type="die",
            plural="dice",
            text="die",
            reads=None,
        ),
        # Named parties (issue 29; docs/dsl.md "Named parties"): players named by their part
        # in what happened, written `the <noun>`; `Noun.party` is the hook context key.
        Noun(
            "destroyer",
            "The player who destroyed the unit this hook is about.",
            "when unit_lost -> steal 1 common from the destroyer",
            '000 "Graveyard": the destroyed unit goes to its destroyer\'s graveyard',
            type="player",
            text="destroyer",
            reads=(),
            party="destroyer",
        ),
        Noun(
            "leader",
            "The opponent with the most light now (a tie: the first of them after you in turn "
            "order); read when the verb runs, on any hook (docs/rules-decisions.md E136).",
            "when round_end -> steal 1 common from the leader",
            '000 "Game End": the player with the most light wins',
            type="player",
            text="leader",
            reads=None,  # who leads changes with every light gained: never memoised
            party="leader",
            anywhere=True,
        ),
        Noun(
            "owner",
            "The owner of the unit this hook is about; `the owner of this planet` (the player "
            "with an extractor on it), `of this ship`, `of this sector` (its planet's).",
            "steal 1 common from the owner of this planet",
            '000 "Extractor": a planet is controlled by the player with an extractor on it',
            type="player",
            text="owner",
            reads=(),
            party="owner",
            owns=("planet", "ship", "sector"),
        ),
    ]


def _filters() -> list[Filter]:
    ships = ("ship", "ship_type", "tech")  # a tech: one on that ship type (issue 29 item 7)
    sizes = [
        Filter(
            size,
            f"{size.title()} ships only (techs: those on your {size} ships).",
            f"build {size} ship in this sector",
            '000 "Components"',
            applies_to=ships,
            text=size,
            reads=(),
        )
        for size in SHIP_SIZES
    ]
    colours = [
        Filter(
            colour,
            f"{colour.title()} planets only.",
            f"as soon as number of {colour} planets you control >= 2 -> gain 2 light",
            '000 "Planetary Achievement"',
            applies_to=("planet",),
            text=colour,
            reads=(),
        )
        for colour in PLANET_COLOURS
    ]
    rings = [
        Filter(
            "inner",
            "On the inner ring.",
            "gain 1 light per inner planets you control",
            '000 "Planetary terminology"',
            applies_to=("planet", "sector"),
            text="inner",
            reads=(),
        ),
        Filter(
            "outer",
            "On the outer ring.",
            "for each outer planet you control -> gain 1 common",
            '000 "Planetary terminology"',
            applies_to=("planet", "sector"),
            text="outer",
            reads=(),
        ),
        Filter(
            "distant",
            "On neither ring.",
            "for each distant planet you control -> gain 1 common",
            '000 "Planetary terminology"',
            applies_to=("planet", "sector"),
            text="distant",
            reads=(),
        ),
    ]
    others = [
        Filter(
            "enemy",
            "Owned by a player other than you.",
            "deal 1 damage to an enemy ship here",
            '000 "Attack"',
            applies_to=("ship", "extractor"),
            text="enemy",
            reads=("lumos",),
        ),
        Filter(
            "exhausted",
            "Exhausted (flipped) cards only.",
            "unexhaust another exhausted tech of yours",
            '000 "Civilization technology"',
            applies_to=("tech", "card"),
            text="exhausted",
            reads=(),
        ),
        Filter(
            "ready",
            "Cards that are not exhausted.",
            "exhaust a ready tech of yours",
            '000 "Refresh"',
            applies_to=("tech", "card"),
            text="ready",
            reads=(),
        ),
        Filter(
            "unresearched",
            "Techs in your hand, not yet manufactured.",
            "manufacture_free an unresearched tech of yours",
            '000 "Research"',
            applies_to=("tech",),
            text="unresearched",
            reads=(),
        ),
        Filter(
            "played",
            "Action cards on the table (not Refresh).",
            "take_back a played action card of yours",
            '000 "Refresh"',
            applies_to=("action_card",),
            text="played",
            reads=(),
        ),
        Filter(
            "damaged",
            "Ships carrying damage tokens.",
            "repair a damaged ship of yours",
            '000 "Attack"',
            applies_to=("ship",),
            text="damaged",
            reads=(),
        ),
        Filter(
            "adjacent",
            "Sectors next to this sector (or ships in them).",
            "move a ship of yours to an adjacent sector",
            '000 "Move"',
            applies_to=("sector", "ship"),
            text="adjacent",
            reads=None,
            near=("sector", "ship", "planet"),
            elsewhere=True,  # a sector is not adjacent to itself (board.adjacent)
        ),
        Filter(
            "here",
            "In this sector.",
            "for each enemy ship here -> gain 1 common",
            '000 "Attack"',
            applies_to=("ship", "extractor", "planet"),
            form="after",
            text="here",
            reads=None,
            near=("sector", "ship", "planet"),
        ),
        Filter(
            "centre",
            "The centre sector with the white dwarf.",
            "move a ship of yours to the centre sector",
            '000 "Board Rotation"',
            applies_to=("sector", "ship"),
            text="centre",
            reads=(),
        ),
        Filter(
            "home",
            "Your colony ship's sector.",
            "move a ship of yours to the home sector",
            '000 "Construct"',
            applies_to=("sector", "ship"),
            text="home",
            reads=(),
        ),
        Filter(
            "yours",
            "Owned or controlled by you.",
            "a ship of yours",
            '000 "Construct"',
            applies_to=("ship", "extractor", "tech", "card", "action_card", "planet", "ship_type"),
            form="of",
            text="yours",
            reads=(),
        ),
        Filter(
            "type",
            "Of this card's ship type (techs: those on it).",
            "a ship of yours of this type",
            '000 "Ship ability"',
            applies_to=("ship", "tech"),
            form="of",
            text="type",
            needs="ship type",
            reads=(),
        ),
        Filter(
            "control",
            "Planets where you have an extractor.",
            "a planet you control",
            '000 "Extractor": a planet is controlled by the player with an extractor on it',
            applies_to=("planet",),
            form="you",
            text="control",
            reads=(),
        ),
        Filter(
            "own",
            "Owned by you.",
            "a ship you own",
            '000 "Construct"',
            applies_to=("ship", "extractor", "tech"),
            form="you",
            text="own",
            reads=(),
        ),
        Filter(
            "opponent",
            "A player other than you (what the noun `opponent` means).",
            "give 1 common to an opponent player",
            applies_to=("player",),
            text="opponent",
            reads=(),
        ),
    ]
    return sizes + colours + rings + others + _vocab_filters()


def _vocab_filters() -> list[Filter]:
    """Issue 29 item 7, the smaller vocabulary: dice by face, techs by kind, blockades."""
    faces = [
        Filter(
            face,
            f"Dice of the roll being resolved that show {face} and are not counted yet"
            f" (`this die is {face}`: the die whose hooks fire shows it).",
            f"when die_rolled -> may pay 1 common -> reroll each {face} die"
            if face == "miss"
            else f"when miss_rolled -> reroll this die then if this die is {face} -> gain 1 common",
            '000 "Combat Dice Results Explained"; decisions R11, E188',
            applies_to=("die",),
            text=f"[{face}]",
            reads=None,
            # The base pack's cards name `miss` only (W0901); the other faces are for designers'
            # cards ("if the new roll is a hit": `this die is hit`, E188), covered by tests.
            for_mods=face != "miss",
        )
        for face in DIE_FACES
    ]
    kinds = [
        Filter(
            kind,
            f"{kind.replace('_', ' ').capitalize()} techs only.",
            f"gain 1 common per {kind} tech of yours",
            f'000 "{title} technology cards"',
            applies_to=("tech",),
            text=kind.replace("_", " "),
            reads=(),
        )
        for kind, title in TECH_KINDS.items()
    ]
    blockade = Filter(
        "blockaded",
        "Planets, and extractors on them, whose sector holds a ship of another colour than "
        "the extractor's (a planet without an extractor is not blockaded).",
        "gain 1 common per blockaded planet you control",
        '000 "2. Claim": "blockaded if any ships of a different color than the extractor occupy '
        'that sector"; 002: the Lumos blockade all but their ally',
        applies_to=("planet", "extractor"),
        text="blockaded",
        reads=None,
    )
    # players by their light: "each opponent with more light than you" (a catch-up card)
    standing = [
        Filter(
            word,
            f"Players with {more} light than you now (after the noun: `each opponent {word}`).",
            f"when round_start -> for each opponent {word} -> steal 1 common from it",
            '000 "Game End": the player with the most light wins',
            applies_to=("player",),
            form="after",
            text=word,
            reads=None,  # every player's light: never memoised
            for_mods=True,  # for designers' cards: no base card ranks players (W0901)
        )
        for word, more in (("ahead", "more"), ("behind", "less"))
    ]
    return [*faces, *kinds, blockade, *standing]


def _stats() -> list[Stat]:
    ship = "ship_type"
    return [
        Stat(
            "attack",
            "Dice each ship of the type rolls.",
            "this ship type has +1 attack",
            '000 "Attack": small 1, medium 2, large 3 dice',
            scope=ship,
            range=Range(-3, 5, "a large ship rolls 3 dice; +5 more is already a different game"),
            text="[attack]",
            default=1,
            setting="ships:attack",
        ),
        Stat(
            "shield",
            "Damage a ship of the type takes before it is destroyed.",
            "this ship type has +1 shield",
            '000 "Combat Icons Explained": Shields',
            scope=ship,
            range=Range(-3, 5, "a large ship has 3 shields and a hit deals 1 or 2 damage"),
            text="[shield]",
            default=1,
            setting="ships:shields",
        ),
        Stat(
            "movement",
            "Sectors each ship of the type may move.",
            "this ship type has +1 movement",
            '000 "Move": 1 adjacent sector by default',
            scope=ship,
            range=Range(-1, 5, "a ship moves 1 sector; 5 more crosses the whole board"),
            text="[movement]",
            default=1,
            setting="ships:movement",
        ),
        Stat(
            "range",
            "How far a ship of the type can fire (0 = same sector).",
            "this ship type has +1 range",
            '000 "Combat Icons Explained": Range',
            scope=ship,
            range=Range(
                -1, 3, "range counts sectors away; 3 reaches from a distant sector to the centre"
            ),
            text="[range]",
            default=0,
            setting="ships:range",
        ),
        # issue 29 item 7: a discount for one ship type (`ship_discount` is for every ship)
        Stat(
            "cost",
            "Resources the type's ships cost to build: `-1 cost` takes 1 off (common first, "
            "then uncommon, then rare; never below 0), `+1 cost` adds 1 common.",
            "your large ships have -1 cost",
            'invented: 000 "1. Ships": the cost shown on your player board; decision R12',
            scope=ship,
            range=Range(-4, 4, "the dearest ship costs 4 resources: -4 makes it free, +4 dearer"),
            text="cost",
            default=0,
        ),
        Stat(
            "research_draw",
            "Tech cards drawn by Research.",
            "you have +1 research_draw",
            '000 "Action Card #1": draw 3',
            range=Range(-3, 10, "Research draws 3 of an 83-card deck"),
            text="cards drawn when you research",
            default=3,
            setting="supply:rules.research_draw",
        ),
        Stat(
            "research_keep",
            "Drawn tech cards kept by Research.",
            "you have +1 research_keep",
            '000 "Action Card #1": add 2 to your hand',
            range=Range(-2, 10, "Research keeps 2"),
            text="cards kept when you research",
            default=2,
            setting="supply:rules.research_keep",
        ),
        Stat(
            "research_light_per",
            "Techs in play per light gained by Research.",
            "you have -1 research_light_per",
            '000 "Action Card #1": 1 light for every 4 techs',
            range=Range(-3, 10, "1 light per 4 techs; the engine never lets it fall below 1"),
            text="techs needed per [light] from Research",
            default=4,
            setting="supply:rules.research_light_per_techs",
        ),
        Stat(
            "starting_techs",
            "Unresearched tech cards dealt at setup.",
            "you have +1 starting_techs",
            '000 "Setup": deal 1 technology card',
            range=Range(-1, 10, "setup deals 1 tech of an 83-card deck"),
            text="starting unresearched techs",
            default=1,
            setting="supply:per_player.starting_tech_cards",
        ),
        Stat(
            "starting_common",
            "Common resources at setup.",
            "you have +1 starting_common",
            '001 "Setup": 1 common resource',
            range=Range(-1, 10, "setup gives 1 common"),
            text="starting [common]",
            default=0,
            setting="supply:per_player.starting_resources.common",
        ),
        Stat(
            "extractor_builds",
            "Extractors one Construct may build.",
            "add 1 to extractor_builds",
            '000 "Action Card #3": a single extractor',
            range=Range(-1, 5, "Construct builds 1 extractor; a player has 8 (supply.yaml)"),
            text="extractors built per Construct",
            default=1,
            setting="ships:extractor.per_construct",
        ),
        Stat(
            "trades",
            "Choices one Trade action makes.",
            "you have +1 trades",
            '000 "Action Card #4": choose 2',
            range=Range(-2, 5, "Trade makes 2 choices"),
            text="trades per Trade action",
            default=2,
            setting="supply:rules.trade_picks",
        ),
        Stat(
            "trade_gift",
            "Light the chosen opponent gains after your Trade.",
            "you have -1 trade_gift",
            '000 "Action Card #4": 1 light',
            range=Range(-1, 5, "the gift is 1 light"),
            text="[light] given by your Trade",
            phrase="{whose} Trade gives the chosen opponent {n} {more} [light]",
            default=1,
            setting="supply:rules.trade_gift_light",
        ),
        Stat(
            "inner_light",
            "Light per inner-ring extractor at Refresh.",
            "you have +1 inner_light",
            '000 "Claim": 2 light',
            range=Range(-2, 5, "an inner extractor gives 2 light a Refresh; the game ends at 20"),
            text="[light] per inner extractor",
            default=2,
            setting="supply:rules.refresh_light.inner",
        ),
        Stat(
            "outer_light",
            "Light per outer-ring extractor at Refresh.",
            "you have +1 outer_light",
            '000 "Claim": 1 light',
            range=Range(-1, 5, "an outer extractor gives 1 light a Refresh; the game ends at 20"),
            text="[light] per outer extractor",
            default=1,
            setting="supply:rules.refresh_light.outer",
        ),
        Stat(
            "distant_light",
            "Light per distant extractor at Refresh.",
            "you have +1 distant_light",
            'invented: 000 "Claim" gives none',
            range=Range(-1, 5, "a distant extractor gives none; the game ends at 20"),
            text="[light] per distant extractor",
            default=0,
            setting="supply:rules.refresh_light.distant",
        ),
        Stat(
            "centre_light",
            "Light per ship in the centre at rotation.",
            "you have +1 centre_light",
            '000 "Board Rotation": 1 light per ship',
            range=Range(
                -1, 5, "a ship in the centre gives 1 light a rotation; the game ends at 20"
            ),
            text="[light] per ship in the centre",
            default=1,
            setting="supply:rules.rotation_light_per_centre_ship",
        ),
        Stat(
            "mine_bonus",
            "Extra resources of a mined planet's type per Mine.",
            "add 1 to mine_bonus",
            '000 "Action Card #2"',
            range=Range(-1, 5, "Mine gives 1 resource a planet"),
            text="extra resources per mined planet",
            default=0,
        ),
        Stat(
            "ship_discount",
            "Resources taken off each ship you build: common first, then uncommon, then rare "
            "(never below 0); a negative discount adds common.",
            "you have +1 ship_discount",
            'invented: 000 "Ships" costs on the player board',
            range=Range(-5, 5, "the dearest ship costs 4 resources (ships.yaml)"),
            text="off the cost of each ship",
            default=0,
        ),
        Stat(
            "tech_discount",
            "Resources taken off each tech you manufacture: common first, then uncommon, then "
            "rare (never below 0); a negative discount adds common.",
            "add 1 to tech_discount",
            'invented: 000 "Manufacture Technologies"',
            range=Range(-5, 5, "the dearest tech costs 3 resources"),
            text="off the cost of each tech",
            default=0,
        ),
        Stat(
            "graveyard_light",
            "Light for a full graveyard.",
            "you have +1 graveyard_light",
            '000 "Graveyard": 1 light (2 with 2 players)',
            range=Range(-1, 5, "a full graveyard gives 1 light (2 with 2 players)"),
            text="[light] for a full graveyard",
            default=1,
            setting="supply:rules.graveyard_light",
        ),
    ]


def _flags() -> list[Flag]:
    return [
        Flag(
            "bombard",
            "Hits may destroy extractors when no enemy ships remain.",
            "this ship type can bombard",
            '000 "Bombardment"; 004 "Attack"',
            scope="ship_type",
            text="bombard",
        ),
        Flag(
            "cross_asteroids",
            "Ships of the type may enter asteroid sectors.",
            "this ship type can cross_asteroids",
            'invented: 000 "Move" says asteroids block',
            scope="ship_type",
            text="cross asteroids",
        ),
        Flag(
            "fight_twice",
            "Ships of the type may take part in a second combat this turn.",
            "this ship type can fight_twice",
            '000 "Combat Icons Explained" note: unless a card says otherwise',
            scope="ship_type",
            text="fight twice a turn",
        ),
    ]


def _hooks() -> list[Hook]:
    planet = ("planet", "planet")
    sector = ("sector", "sector")
    ship = ("ship", "ship")
    die = ("die", "die")
    hooks: list[Hook] = [
        Hook(
            "game_start",
            "After setup, before the first round.",
            "when game_start -> gain 1 common",
            '000 "Setup"',
            text="At the start of the game",
            # 000 "Setup": every player starts with unresearched techs only (setup.finish)
            never_on=tuple(TECH_KINDS),
            never_why="every tech starts the game unresearched, in its owner's hand",
            never_instead="what a civilization tech does once, when it comes into play, is "
            "`as soon as round >= 1 -> ...`; a ship tech hears its hooks once it is in play",
        ),
        Hook(
            "round_start",
            "Before action cards are chosen.",
            "when round_start -> gain 1 common",
            '000 "Playing the game"',
            text="At the start of each round",
        ),
        Hook(
            "round_end",
            "After every card of the round resolved, before rotation.",
            "when round_end -> gain 1 common",
            '000 "End of round"',
            text="At the end of each round",
        ),
        Hook(
            "game_end",
            "When the game is over (20 light, or the round limit), before the winner is decided.",
            "when game_end -> gain 1 light per 2 planets you control",
            '000 "Game End"; end-of-game scoring (docs/rules-decisions.md E126)',
            text="At the end of the game",
        ),
        Hook(
            "rotation",
            "When the board rotates, before centre light is collected.",
            "when rotation -> gain 1 light",
            '000 "Board Rotation"',
            text="When the board rotates",
        ),
        Hook(
            "centre_light_harvested",
            "Once per player whose ships collected centre light.",
            "when centre_light_harvested -> gain 1 light",
            '000 "Board Rotation"; Lyannae',
            text="When your ships harvest light from the centre star",
        ),
        Hook(
            "token_revealed",
            "After you reveal an exploration token (before its effect).",
            "when token_revealed -> gain 1 common",
            '000 "Move"',
            provides=(sector, planet),
            acted="reveals a token",
            text="When you reveal an exploration token",
        ),
        Hook(
            "tech_manufactured",
            "After you manufacture a tech.",
            "when tech_manufactured -> gain 1 common",
            '000 "Manufacture Technologies"',
            acted="manufactures a tech",
            text="When you manufacture a tech",
        ),
        Hook(
            "resources_mined",
            "After your Mine collected resources.",
            "when resources_mined -> gain 1 common",
            '000 "Action Card #2"',
            acted="mines",
            text="When you mine",
        ),
        Hook(
            "extractor_built",
            "After you build an extractor.",
            "when extractor_built -> mine this planet",
            '000 "Extractor"; Allterra',
            provides=(planet, sector),
            acted="builds an extractor",
            text="When you build an extractor",
        ),
        Hook(
            "ship_built",
            "After you build a ship (a ship tech: a ship of its type, E127).",
            "when ship_built -> gain 1 common",
            '000 "Ships"',
            provides=(ship, sector),
            own=("ship",),
            at=(("ship", "sector"),),
            acted="builds a ship",
            text="When you build a ship",
            tech_text="When you build a ship of this type",
        ),
        Hook(
            "light_claimed",
            "After your Refresh claimed light.",
            "when light_claimed -> gain 1 common",
            '000 "Claim"',
            acted="claims light",
            text="When you claim light",
        ),
        Hook(
            "die_rolled",
            "After one of your combat dice is rolled (any face).",
            "when die_rolled -> gain 1 common",
            '000 "Attack"',
            provides=(die, ship, sector),
            own=("ship",),  # the ship that rolled the die (at: its attack may be ranged)
            parties=("combat",),
            text="When you roll a combat die",
        ),
        Hook(
            "hit_rolled",
            "For each die of yours that deals damage.",
            "when hit_rolled -> gain 1 common",
            '000 "Combat Dice Results Explained"',
            provides=(die, ship, sector),
            own=("ship",),  # the ship that rolled the die (at: its attack may be ranged)
            parties=("combat",),
            text="For each [hit] you roll",
        ),
        Hook(
            "ability_rolled",
            "For each ability face you roll; ship abilities fire here.",
            "when ability_rolled -> may exhaust this card -> take_back an action card of yours",
            '000 "Ship ability technology cards"',
            provides=(die, ship, sector),
            own=("ship",),  # the ship that rolled the die (at: its attack may be ranged)
            parties=("combat",),
            text="For each [ability] you roll",
        ),
        Hook(
            "explode_rolled",
            "For each exploding face you roll.",
            "when explode_rolled -> gain 1 common",
            '000 "Combat Dice Results Explained"',
            provides=(die, ship, sector),
            own=("ship",),  # the ship that rolled the die (at: its attack may be ranged)
            parties=("combat",),
            text="For each [explode] you roll",
        ),
        Hook(
            "miss_rolled",
            "For each miss you roll.",
            "when miss_rolled -> gain 1 common",
            '000 "Combat Dice Results Explained"',
            provides=(die, ship, sector),
            own=("ship",),  # the ship that rolled the die (at: its attack may be ranged)
            parties=("combat",),
            text="For each [miss] you roll",
        ),
        Hook(
            "damage_dealt",
            "After damage you assigned is applied to a ship (a ship tech: damage its own ship "
            "type's roll, or its own effect, dealt; E156).",
            "when damage_dealt -> gain 1 common",
            '000 "Attack"',
            provides=(ship, sector),
            parties=("combat",),  # the opponent: the damaged ship's owner
            text="When you deal damage",
            tech_text="When a ship of this type deals damage",
        ),
        Hook(
            "unit_destroyed",
            "After you destroy an enemy unit; `this ship` is the unit when it was a ship (gone "
            "from the board: read its size with `this ship is large`), `the owner` its owner.",
            "when unit_destroyed if this ship is large -> steal 1 common from the owner",
            '000 "Graveyard"',
            provides=(ship, sector),
            parties=("owner",),
            acted="destroys a unit",
            text="When you destroy an enemy unit",
        ),
        Hook(
            "unit_destroyed_by_type",
            "On a ship tech: after a ship of its type destroys an enemy unit (its roll dealt "
            "the final damage); `this ship` is the unit when it was a ship, `the owner` its "
            "owner. A unit a card's verb destroys is not counted (no ship rolled).",
            "when unit_destroyed_by_type -> gain 1 common",
            '004 "Attack": destroyed by "the player who assigned the final damage"; 000 '
            '"Ship ability technology cards": a ship tech is about its ship type',
            provides=(ship, sector),
            parties=("owner",),
            needs="ship type",
            text="When a ship of this type destroys an enemy unit",
            for_mods=True,
        ),
        Hook(
            "extractor_destroyed",
            "After you destroy an enemy extractor (as `unit_destroyed`, for an extractor "
            "only); `this sector` is where it stood, `the owner` its owner.",
            "when extractor_destroyed -> gain 1 light",
            '000 "Graveyard": "When you destroy an enemy ship or extractor"',
            provides=(sector,),
            parties=("owner",),
            text="When you destroy an enemy extractor",
            for_mods=True,
        ),
        Hook(
            "extractor_lost",
            "After one of your extractors is destroyed (as `unit_lost`, for an extractor only; "
            "a ship tech never hears it, E127); `this sector` is where it stood, `the "
            "destroyer` who destroyed it (none when you did).",
            "when extractor_lost -> steal 1 common from the destroyer",
            '000 "Graveyard"',
            provides=(sector,),
            parties=("destroyer",),
            text="When you lose an extractor",
            for_mods=True,
        ),
        Hook(
            "unit_lost",
            "After one of your units is destroyed (a ship tech: a ship of its type, E127); "
            "`this ship` is the unit when it was a ship (`this ship is large`), `the destroyer` "
            "who destroyed it (none when its owner did).",
            "when unit_lost if this ship is large -> gain 1 common",
            '000 "Graveyard"',
            provides=(ship, sector),
            parties=("destroyer",),
            acted="loses a unit",
            text="When you lose a unit",
            tech_text="When you lose a ship of this type",
        ),
        Hook(
            "graveyard_filled",
            "When your graveyard pays out.",
            "when graveyard_filled -> gain 1 common",
            '000 "Graveyard"',
            text="When your graveyard pays out",
        ),
        Hook(
            "ship_moved",
            "After one of your ships finishes its move (a ship tech: a ship of its type, E127).",
            "when ship_moved -> gain 1 common",
            '000 "Move"',
            provides=(ship, sector),
            own=("ship",),
            at=(("ship", "sector"),),
            acted="moves a ship",
            text="When one of your ships moves",
            tech_text="When one of your ships of this type moves",
        ),
        Hook(
            "trade_made",
            "After each trade choice you make.",
            "when trade_made -> gain 1 common",
            '000 "Action Card #4"',
            acted="trades",
            text="Each time you trade",
        ),
    ]
    for number, card in enumerate(ACTION_CARDS, start=1):
        cite = f'000 "Action Card #{number} - {card}"'
        hooks.append(
            Hook(
                f"before_{card}",
                f"When you play {card.title()}, before it resolves.",
                f"when before_{card} -> gain 1 common",
                cite,
                text=f"When you play {card.title()}",
            )
        )
        hooks.append(
            Hook(
                f"after_{card}",
                f"After your {card.title()} resolved.",
                f"when after_{card} -> gain 1 common",
                cite,
                # a reaction hears a card once played and resolved (rules-decisions E131)
                acted=f"plays {card}",
                text=f"After your {card.title()}",
            )
        )
    steps = {  # step -> (rulebook section, its action card, how a card says "you do it")
        "manufacture": ('000 "Manufacture Technologies"', "research", "you manufacture"),
        "build_ships": ('000 "Action Card #3": 1. Ships', "construct", "you build ships"),
        "build_extractor": (
            '000 "Action Card #3": 2. Extractor',
            "construct",
            "you build extractors",
        ),
        "claim": ('000 "Action Card #5": 2. Claim', "refresh", "you claim light"),
        "move": ('000 "Action Card #6": 1. Move', "command", "you move"),
        "attack": ('000 "Action Card #6": 2. Attack; 004', "command", "you attack"),
    }
    for step, (cite, card, doing) in steps.items():
        hooks.append(
            Hook(
                f"before_{step}",
                f"Before your {step.replace('_', ' ')} step of {card.title()}.",
                f"when before_{step} -> gain 1 common",
                cite,
                text=f"Before {doing}",
            )
        )
        hooks.append(
            Hook(
                f"after_{step}",
                f"After your {step.replace('_', ' ')} step of {card.title()}.",
                f"when after_{step} -> gain 1 common",
                cite,
                text=f"After {doing}",
            )
        )
    # `when an opponent gains light` (docs/rules-decisions.md E141)
    hooks.append(
        Hook(
            "light_gained",
            "After you gain light, from anything (a card, a claim, Research, the centre star, "
            "a graveyard, a trade's gift): heard once the step, decision or card verb that "
            "gained it is done (E17's check), once per seat that gained. Heard as `when an "
            "opponent gains light`.",
            "when light_gained -> gain 1 common",
            '000 "Overview": light is what players gain to win (docs/rules-decisions.md E141)',
            acted="gains light",
            text="When you gain light",
            for_mods=True,  # for designers' cards: no base card hears it (W0901)
            # heard after a card's own `gain N light` is done (gains.py): W0403 on
            # `when light_gained -> gain 1 light`, which the depth limit would stop
            gained_by=(("gain", "light"),),
        )
    )
    # `when an opponent attacks you` (docs/rules-decisions.md E138)
    hooks.append(
        Hook(
            "attacked",
            "When an opponent rolls attack dice in a sector where you have a ship or an "
            "extractor (once per roll, before its damage is assigned); `the opponent in this "
            "combat` is the attacker. Heard as `when an opponent attacks you`.",
            "when attacked -> gain 1 common",
            '000 "Action Card #6": 2. Attack; 004 "2. Attack"',
            provides=(sector,),
            parties=("combat",),  # the opponent in this combat: the player attacking
            suffered="attacks you",
            text="When an opponent attacks you",
            for_mods=True,  # for designers' cards: no base card is attacked-triggered (W0901)
        )
    )
    return hooks


def _values() -> list[Value]:
    return [
        Value(
            "light",
            "Your light.",
            "if light < 5 -> gain 1 light",
            '000 "Overview"',
            text="your [light]",
            reads=("me",),
        ),
        Value(
            "common",
            "Your common resources.",
            "if common >= 3 -> gain 1 uncommon",
            '000 "Overview"',
            text="your [common]",
            reads=("me",),
        ),
        Value(
            "uncommon",
            "Your uncommon resources.",
            "if uncommon >= 2 -> gain 1 rare",
            '000 "Overview"',
            text="your [uncommon]",
            reads=("me",),
        ),
        Value(
            "rare",
            "Your rare resources.",
            "if rare == 0 -> gain 1 rare",
            '000 "Overview"',
            text="your [rare]",
            reads=("me",),
        ),
        Value(
            "resources",
            "All your resources.",
            "if resources == 0 -> gain 1 common",
            '000 "Game End"',
            text="your resources",
            reads=("me",),
        ),
        Value(
            "techs_in_play",
            "Your techs in play (exhausted ones count).",
            "gain (techs_in_play / 4) light",
            '000 "Action Card #1"; public rules FAQ',
            text="your techs in play",
            reads=("me",),
        ),
        Value(
            "round",
            "The round number, starting at 1.",
            "if round >= 5 -> gain 1 light",
            '000 "Playing the game"',
            text="the round",
            reads=("round",),
            least=1,
        ),
        Value(
            "players",
            "How many players are in the game.",
            "if players == 2 -> gain 1 light",
            '000 "Setup"',
            text="the number of players",
            reads=(),
            least=2,  # 000 "Setup": 2-4 players
            most=4,
        ),
        Value(
            "graveyard",
            "Units in your graveyard.",
            "if graveyard >= 3 -> gain 1 light",
            '000 "Graveyard"',
            text="the number of units in your graveyard",
            reads=("me",),
        ),
        Value(
            "opponents_max_light",
            "The most light any opponent has.",
            "if opponents_max_light > light -> gain 1 light",
            '000 "Game End"',
            text="the most [light] an opponent has",
            their="the most [light] a player other than {player} has",
            reads=("lights",),
        ),
    ]


# The numbers a verb may be written with (DESIGN principle 3: every number has a range).
GAIN = Range(1, 20, "20 light wins the game; no card gives more than the whole game")
RESOURCES_MOVED = Range(1, 10, "the dearest ship costs 4 resources, a tech 3; 10 is twice that")
TECHS_DRAWN = Range(1, 10, "Research draws 3 techs; 10 is over a tenth of the 83-card deck")
TECHS_KEPT = Range(1, 10, "Research keeps 2 techs; no more can be kept than are looked at")
EXTRA_MOVE = Range(1, 5, "a ship moves 1 sector; 5 more crosses the whole board")
TRADES = Range(1, 5, "a Trade action makes 2 choices")
DAMAGE = Range(1, 10, "a large ship has 3 shields, an extractor 1; 10 destroys anything")

# Numbers written where no verb or stat says more (Registry.numbers).
NUMBERS = {
    "number": Range(
        0, 100, "the game counts to 20 light, 4 players and some 40 rounds; 100 is ample"
    ),
    "count": Range(1, 20, "`2 ships`: a player has at most 10 ships and 8 extractors"),
    "per": Range(1, 20, "`per 2 planets`: there are 15 planets on the board"),
    "repeat": Range(1, 10, "a step repeated more than 10 times is a loop, not a card"),
    # use limits and one-shot discounts (issue 29)
    "uses": Range(1, 10, "`at most 3 times per game`: a game lasts some 15 to 40 rounds"),
    "discount": Range(1, 5, "`your next tech costs 1 less`: a tech costs 2 to 5 resources"),
}

#: Use limits and durations (issue 29; docs/rules-decisions.md, "Use limits and durations").
PERIODS = {
    "round": 'a round: every player plays one action card and resolves it (000 "playing the '
    'game"); counts start afresh and durations end at the end of the round, after its '
    "`round_end` triggers",
    "game": "the whole game: uses are never counted afresh",
}
NO_PERIODS = {
    "turn": "Last Light has no turns: each round every player plays one action card, all "
    'together (000 "playing the game"), so write `once per round`',
}
#: Players named by where they sit (`the player to your left`; docs/rules-decisions.md E140):
#: play goes clockwise (000 "Playing the game": "proceeding clockwise"; the first player
#: token "passes clockwise to the next player"), so the next player is the one to your left.
SIDES = {
    "left": 'the next player after you in turn order (play goes clockwise: 000 "Playing the '
    'game"); in a 2-player game, your opponent',
    "right": "the player before you in turn order; in a 2-player game, your opponent",
}
#: What `your next <thing> costs N less` may name (issue 29), and the cost it comes off.
NEXT_COSTS = {
    "tech": 'the next tech you manufacture (000 "Manufacture Technologies"), commonest '
    "resource first, as `tech_discount`",
    "ship": 'the next ship you build (000 "3. Construct"), commonest resource first, as '
    "`ship_discount`",
    "small ship": "the next small ship you build",
    "medium ship": "the next medium ship you build",
    "large ship": "the next large ship you build",
}


#: Why chains of the verbs that use something up end (``Fires.ends``).
SUPPLY_EMPTY = "your supply has none of that piece left"
HAND_EMPTY = "your hand has no tech left to put in play"
UNITS_GONE = "no unit is left to destroy"
#: The hooks a unit destroyed fires (graveyard.destroy, graveyard.check): the destroyer's
#: and its full graveyard's (not for a unit of its own, which goes back to its supply), and
#: the unit owner's.
DESTROYING = (
    Fires("unit_destroyed", not_own="target", ends=UNITS_GONE),
    Fires("unit_lost", heard_by="target", ends=UNITS_GONE),
    Fires("graveyard_filled", not_own="target", ends=UNITS_GONE),
    # the same moments for an extractor only (docs/rules-decisions.md E143)
    Fires("extractor_destroyed", not_own="target", ends=UNITS_GONE),
    Fires("extractor_lost", heard_by="target", ends=UNITS_GONE),
)


def _verbs() -> list[Verb]:
    A, T, N, S, W, U = (
        ArgKind.AMOUNT,
        ArgKind.TARGET,
        ArgKind.NUMBER,
        ArgKind.STAT,
        ArgKind.WORD,
        ArgKind.UNIT,
    )
    pay_types = (*RESOURCES, "light")
    return [
        Verb(
            "gain",
            "Take resources or light from the supply.",
            "gain 2 light",
            '000 "Exploration Icons Explained"',
            params=(Param("amount", A, pay_types, range=GAIN),),
            text="gain",
            pure=True,
        ),
        Verb(
            "pay",
            "Return resources or light to the supply; a cost.",
            "may pay 1 rare -> gain 2 light",
            '000 "Manufacture Technologies"',
            params=(Param("amount", A, pay_types, range=RESOURCES_MOVED),),
            cost=True,
            given_back_by="gain",
            text="pay",
            pure=True,
        ),
        Verb(
            "give",
            "Move resources or light from the supply to a player.",
            "give 1 light to another player",
            '000 "Action Card #4": choose 1 other player to gain 1 light',
            params=(
                Param("amount", A, pay_types, range=RESOURCES_MOVED),
                Param("player", T, ("player",), prep="to"),
            ),
            text="give",
            pure=True,
        ),
        Verb(
            "steal",
            "Take resources from a player's stock.",
            "steal 1 common from an opponent",
            "invented",
            params=(
                Param(
                    "amount",
                    A,
                    RESOURCES,
                    range=RESOURCES_MOVED,
                    refused_units=(
                        (
                            "light",
                            "light is never taken from a player: it is what a player wins "
                            '(000 "Game End"), and only its owner gives it up, with `pay 1 '
                            "light`, so no card makes an opponent lose light "
                            "(docs/rules-decisions.md E157)",
                        ),
                    ),
                ),
                Param("player", T, ("player",), prep="from"),
            ),
            text="steal",
            pure=True,
        ),
        Verb(
            "exhaust",
            "Flip a card until your next Refresh; a cost.",
            "exhaust this card",
            '000 "Civilization technology cards"',
            params=(Param("card", T, ("card", "tech"), this_kinds=(*TECH_KINDS, "faction")),),
            cost=True,
            given_back_by="unexhaust",
            text="exhaust",
            pure=True,
        ),
        Verb(
            "unexhaust",
            "Ready an exhausted card.",
            "unexhaust another tech of yours",
            '000 "resourcefulness"',
            params=(Param("card", T, ("card", "tech"), this_kinds=(*TECH_KINDS, "faction")),),
            text="ready",
            pure=True,
        ),
        Verb(
            "draw",
            "Draw tech cards into your hand as unresearched techs.",
            "draw 1 tech",
            '000 "Exploration Icons Explained"',
            params=(Param("amount", A, ("tech",), range=TECHS_DRAWN),),
            text="draw",
            pure=True,
        ),
        Verb(
            "manufacture_free",
            "Put an unresearched tech of yours into play without paying its cost.",
            "manufacture_free an unresearched tech of yours",
            '000 "Exploration": research a tech without paying its cost',
            params=(Param("tech", T, ("tech",)),),
            text="manufacture, without paying its cost,",
            fires=(Fires("tech_manufactured", ends=HAND_EMPTY),),
            chooses=True,
        ),
        Verb(
            "discard",
            "Discard a tech of yours from play; `discard this card`: the tech itself (its "
            "effect ends; docs/rules-decisions.md E152).",
            "discard a tech of yours",
            '000 "Ship ability technology cards"',
            params=(Param("tech", T, ("tech", "card"), this_kinds=tuple(TECH_KINDS)),),
            cost=True,
            text="discard",
            pure=True,
        ),
        Verb(
            "take_back",
            "Return one of your played action cards (never Refresh) to your hand.",
            "take_back an action card of yours",
            '000 "Exploration"; "Refresh": a played Refresh cannot be returned',
            params=(Param("card", T, ("action_card",)),),
            text="take back",
            pure=True,
        ),
        Verb(
            "build",
            "Build a unit from your supply, in a sector or on a planet.",
            "build small ship in this sector",
            '000 "Exploration Icons Explained"',
            params=(
                Param("unit", U, ("ship", "extractor"), words=SHIP_SIZES),
                Param("place", T, ("sector", "planet"), prep="in", optional=True),
            ),
            text="build",
            fires=(
                Fires("ship_built", ends=SUPPLY_EMPTY),
                Fires("extractor_built", ends=SUPPLY_EMPTY),
            ),
            chooses=True,
        ),
        Verb(
            "move",
            "Move a ship to a sector, ignoring distance.",
            "move a ship of yours to this sector",
            '000 "Exploration Icons Explained"; warp drive',
            params=(Param("ship", T, ("ship",)), Param("to", T, ("sector",), prep="to")),
            text="move",
            fires=(
                # 000 "1. Move": a ship that arrives where it already is has not moved.
                Fires("ship_moved", heard_by="ship", moves=("ship", "to")),
                # Only the effect's owner explores, with a ship of theirs (rules-decisions R1),
                # once per token.
                Fires(
                    "token_revealed",
                    heard_by="ship",
                    ends="no face-down token is left where your ships go",
                    moves=("ship", "to"),
                ),
            ),
        ),
        Verb(
            "move_extra",
            "Let a ship move further this Command.",
            "move_extra a ship of yours by 1",
            "000 Talorin",
            params=(Param("ship", T, ("ship",)), Param("sectors", N, prep="by", range=EXTRA_MOVE)),
            text="let {} move further",
            pure=True,
        ),
        Verb(
            "trade",
            "Make trades as the Trade action does, without its gift.",
            "trade 1",
            '000 "Exploration": take a trade action, making one trade only',
            params=(Param("count", N, range=TRADES),),
            text="make {} trade(s)",
            # Nothing ends it: `gain_common` costs nothing, and trades undo each other.
            fires=(Fires("trade_made"),),
            chooses=True,
        ),
        Verb(
            "mine",
            "Gain resources as though you mined a planet.",
            "mine this planet",
            "000 Allterra",
            params=(Param("planet", T, ("planet",)),),
            text="gain resources as though you mined {}",
            pure=True,
        ),
        Verb(
            "deal",
            "Deal damage to a ship or extractor.",
            "deal 1 damage to an enemy ship here",
            '000 "Attack"',
            params=(
                Param("amount", A, ("damage",), range=DAMAGE),
                Param("target", T, ("ship", "extractor"), prep="to"),
            ),
            text="deal",
            fires=(Fires("damage_dealt", ends="no ship is left to damage"), *DESTROYING),
        ),
        Verb(
            "destroy",
            "Destroy a ship or extractor; it goes to your graveyard.",
            "destroy an enemy extractor here",
            '000 "Graveyard"',
            params=(Param("target", T, ("ship", "extractor")),),
            text="destroy",
            fires=DESTROYING,
        ),
        Verb(
            "repair",
            "Remove all damage from a ship.",
            "repair a damaged ship of yours",
            '000 "Refresh": remove all damage tokens',
            params=(Param("ship", T, ("ship",)),),
            text="repair",
            pure=True,
        ),
        Verb(
            "treat",
            "Count a die just rolled as another face.",
            "treat this die as explode",
            "000 ai targeting",
            params=(Param("die", T, ("die",)), Param("face", W, prep="as", words=DIE_FACES)),
            text="treat",
            pure=True,
        ),
        Verb(
            "reroll",
            "Roll a die just rolled again; the new face counts.",
            "reroll this die",
            "invented",
            params=(Param("die", T, ("die",)),),
            text="reroll",
            pure=True,
        ),
        # issue 29 item 7: look at N, keep M (docs/rules-decisions.md R10)
        Verb(
            "keep",
            "Look at the top techs of the deck, put some into your hand as unresearched techs "
            "and discard the rest face up, as Research does; you choose which to keep.",
            "keep 1 tech from 3",
            '000 "Action Card #1": "add 2 to your hand ... The other card is discarded face up"; '
            "decision R10",
            params=(
                Param("amount", A, ("tech",), range=TECHS_KEPT, most="looked"),
                Param("looked", N, prep="from", range=TECHS_DRAWN),
            ),
            text="look at the top of the tech deck and keep {}",
            chooses=True,
        ),
        Verb(
            "add",
            "Raise one of your numbers until the current action card is resolved.",
            "add 1 to extractor_builds",
            "000 development",
            params=(Param("amount", N, range_of="stat"), Param("stat", S, prep="to")),
            # said as the modifier it is for the action card: "have +1 trades per Trade
            # action" (the stat's text follows a signed number, as in "You have +1 ...")
            text="have {+}",
            pure=True,
        ),
        # card state (issue 29): counters on a card (dsl/card_state.py)
        *counter_verbs(
            "invented (issue 29; docs/rules-decisions.md R13)",
            "when after_refresh -> put 1 charge on this card; "
            "activated: remove 3 charges from this card -> gain 2 light",
        ),
    ]


def _card_kinds() -> list[CardKind]:
    card = ("card", "card")
    return [
        CardKind(
            "civilization",
            "A civilization tech: played near your board.",
            "activated: exhaust this card -> gain 1 light",
            '000 "Civilization technology cards"',
            file="techs",
            clauses=("modifier", "grant", "trigger", "activated", "as_soon_as", "while"),
            context=(card,),
            text="civilization",
        ),
        CardKind(
            "ship_ability",
            "A ship ability: fires on the ability face of its ship type.",
            "when ability_rolled -> may exhaust this card -> take_back an action card of yours",
            '000 "Ship ability technology cards"',
            file="techs",
            clauses=("trigger",),
            context=(card, ("ship type", "ship_type")),
            text="ship ability",
            narrowed=True,  # E127: its hooks about a ship are its ship type's
        ),
        CardKind(
            "ship_mod",
            "A ship mod: a permanent upgrade of its ship type.",
            "this ship type has +1 attack",
            '000 "Ship mod technology cards"',
            file="techs",
            clauses=("modifier", "grant", "trigger", "while"),
            context=(card, ("ship type", "ship_type")),
            text="ship mod",
            narrowed=True,  # E127: its hooks about a ship are its ship type's
        ),
        CardKind(
            "faction",
            "An alien faction's ability.",
            "when extractor_built -> mine this planet",
            '000 "Setup"',
            file="factions",
            clauses=("modifier", "grant", "trigger", "activated", "as_soon_as", "while"),
            context=(card,),
            text="faction",
        ),
        CardKind(
            "deep_space",
            "A deep space exploration token: resolved once, then removed.",
            "gain 1 light",
            '000 "Move"',
            file="exploration",
            clauses=("immediate",),
            context=(card, ("sector", "sector")),
            text="deep space",
        ),
        CardKind(
            "planetary",
            "A planetary exploration token: resolved once, sets the planet's resource.",
            "may build extractor on this planet",
            '000 "Move"',
            file="exploration",
            clauses=("immediate",),
            context=(card, ("sector", "sector"), ("planet", "planet")),
            text="planetary",
        ),
        CardKind(
            "achievement",
            "A planetary achievement: kept hidden, played as soon as its condition holds.",
            "as soon as number of red planets you control >= 2 -> gain 2 light",
            '000 "Planetary Achievement"',
            file="achievements",
            clauses=("as_soon_as",),
            context=(card,),
            text="achievement",
        ),
    ]


@cache
def registry() -> Registry:
    """The Last Light vocabulary (built once)."""
    reg = Registry(GAME, LANGUAGE)
    reg.declare("resources", _resources())
    reg.declare("nouns", _nouns())
    reg.declare("filters", _filters())
    reg.declare("stats", _stats())
    reg.declare("flags", _flags())
    reg.declare("hooks", _hooks())
    reg.declare("values", _values())
    reg.declare("verbs", _verbs())
    reg.declare("card_kinds", _card_kinds())
    _deprecate(reg)
    reg.numbers.update(NUMBERS)
    reg.concepts.update(CONCEPTS)
    reg.subject_steps.update(SUBJECT_STEPS)
    reg.periods.update(PERIODS)  # use limits and durations (issue 29)
    reg.no_periods.update(NO_PERIODS)
    reg.next_costs.update(NEXT_COSTS)
    reg.sides.update(SIDES)  # `the player to your left` (E140)
    reg.synonyms["in this sector"] = "here"  # card texts say either (W0430 reads them alike)
    reg.reference = "docs/reference.md"  # the first game's page, where it has always been
    return reg


#: What the language offers for a player named by their seat (to your left or right).
_NEIGHBOUR = (
    "a player by their seat is `the player to your left` (the next in turn order) or `the "
    "player to your right`: `when round_end -> give 1 common to the player to your left`"
)

_LOSE = (
    "a player gives up resources by paying them, `pay 1 common`; an opponent's go to you with "
    "`steal 1 common from an opponent`, and `for each opponent -> steal 1 common from it` "
    "takes from each"
)
_AT_LEAST = (
    'a condition compares numbers with >=, <=, > or <: "at least 3" is >= 3, as in `if number '
    'of planets you control >= 3 -> gain 1 light`; "at most 3" is <= 3, "more than 3" > 3'
)

#: Words designers reach for that the language has no construct for, each with the nearest
#: real constructs by meaning (issue 29: `roll` was told `reroll`, `remove` told `move`).
_GAINS = "a player gains from the supply with `give {amount} to {party}`"
_PAYS = "no card makes another player pay: `steal {amount} from {party}` takes it from them for you"
_GIVES = "what another player gives you is taken with `steal {amount} from {party}`"
_LIGHT_KEPT = (
    "no card takes light from a player (docs/rules-decisions.md E157): light leaves a player "
    "only when they pay it themselves"
)

#: A step written with another player as its subject, `each opponent gains 1 common`, by the
#: English verb (dsl/party_steps.py; tests/dsl/test_checker_hints.py compiles each form).
SUBJECT_STEPS = {
    "": "only the card's owner does a step; another player can gain from the supply (`give "
    "<amount> to {party}`) or lose resources to you (`steal <amount> from {party}`)",
    **dict.fromkeys(("gain", "get", "receive", "take", "collect"), _GAINS),
    **dict.fromkeys(("lose", "pay", "discard", "spend", "return"), _PAYS),
    **dict.fromkeys(("give", "hand"), _GIVES),
    **dict.fromkeys(("lose light", "pay light", "discard light", "spend light"), _LIGHT_KEPT),
    # a modifier of another player's things (`enemy ships have -1 movement`)
    "modifier": "a modifier changes its owner's ships (`your ships have -1 movement`) or its "
    "owner (`you have +1 trades`); another player's ships are hurt by a trigger's steps "
    "(`when before_attack -> deal 1 damage to an enemy ship`)",
}

#: Every construct named here compiles (tests/dsl/test_concepts.py).
CONCEPTS = {
    # "gain 1 resource of your choice" (seventh design round): a choice is written out
    "choice": "a choice between gains is `choose one: gain 1 common or gain 1 uncommon or gain "
    "1 rare`",
    "roll": 'a ship rolls one die per point of `attack` (000 "Attack"), so extra dice are '
    "more attack: `this ship type has +1 attack`, `your large ships have +1 attack`; in a die "
    "trigger, `treat this die as explode` rolls one more, and `reroll each miss die` rolls "
    "dice again by their face",
    "extra": "a ship rolls one die per point of `attack`, so one extra die is `this ship type "
    "has +1 attack`; one more resource is `gain 1 common`",
    "set": "a die is given a face with `treat a miss die as hit` (or `treat this die as hit`)",
    "discount": "`your large ships have -1 cost` makes one ship type cheaper, `you have +1 "
    "ship_discount` every ship, `you have +1 tech_discount` every tech (common comes off "
    "first, then uncommon, then rare); `your next tech costs 1 less` is a one-shot discount, "
    "used up by the next tech made",
    "cheaper": "`your large ships have -1 cost` (one ship type), `you have +1 ship_discount` "
    "(every ship), `you have +1 tech_discount` (every tech)",
    "slot": "a tech's slot is the ship type it sits on: `large techs of yours` are those on "
    "your large ships, `ship_mod techs of yours of this type` those on a ship tech's own type",
    "blockade": "a planet is `blockaded` when a ship of another colour is in its sector (000 "
    '"2. Claim"): `number of blockaded planets you control`, `destroy a blockaded enemy '
    "extractor`",
    "temporarily": "a duration: `until the end of the round: your ships have +1 attack`; "
    "`add 1 to trades` in a `when before_trade` trigger helps one step",
    "twice": "a use limit: `activated, at most 2 times per round: pay 1 common -> gain 1 "
    "uncommon`, `when ship_moved, once per round -> gain 1 light`",
    "look": "`keep 1 tech from 3` looks at the top 3 techs of the deck, keeps 1 and discards "
    "the rest; `draw 1 tech` draws without looking",
    "whenever": "a trigger is `when <hook> -> ...`; a reaction to another player's act is "
    '`when an opponent plays research -> ...` (docs/dsl.md "Reactions")',
    "attacker": "in a combat hook (`hit_rolled`, `damage_dealt`, ...) the other side is the "
    "opponent in this combat, `steal 1 common from the opponent in this combat`; after a loss, "
    "the destroyer, `steal 1 common from the destroyer` (`when unit_lost`); being attacked is "
    "`when an opponent attacks you -> gain 1 common`",
    "defender": "in a combat hook (`hit_rolled`, `damage_dealt`, ...) the other side is the "
    "opponent in this combat, `steal 1 common from the opponent in this combat`; after a kill, "
    "the owner, `steal 1 common from the owner` (`when unit_destroyed`)",
    # card state (issue 29): counters and a remembered choice are written
    "counter": "a card keeps counters of any name on itself: `when after_refresh -> put 1 "
    "charge on this card; activated: remove 3 charges from this card -> gain 2 light`",
    "remember": "a card remembers a player it chose: `when game_start -> choose an opponent: "
    "gain 1 light; when round_start -> steal 1 common from that opponent`",
    "score": "Last Light scores light: `gain 1 light`; end-of-game scoring is `when game_end "
    "-> ...`",
    "win": 'the most light wins (000 "Game End"): `gain 1 light`; end-of-game scoring is '
    "`when game_end -> ...`",
    # the player to your left or right (a designer's "give 1 common to the player to your
    # left") cannot be named yet: what can
    "neighbour": _NEIGHBOUR,
    # the words of a card's own text, read back as an effect (the check helper): `whitedwarf
    # text` writes "if the number of planets you control is at least 3", "At the end of each
    # round:"; a designer copying them was told only where the parser stopped
    "lose": _LOSE,
    "loses": _LOSE,
    "least": _AT_LEAST,
    "unless": '"unless C" is a condition turned round: `if not (light >= 5) -> gain 1 light`',
}


def _deprecate(reg: Registry) -> None:
    """Old spellings still accepted, each with the word to write instead (W0431)."""
    american = "one spelling per word: the effect language writes `centre`"
    reg.deprecate("filters", "center", "centre", "1.1", american)
    reg.deprecate("stats", "center_light", "centre_light", "1.1", american)
    reg.deprecate("hooks", "center_light_harvested", "centre_light_harvested", "1.1", american)
