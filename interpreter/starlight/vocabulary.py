"""The Starlight vocabulary of the effect language: every word, declared once.

Each entry names the section of seed 003 (the Starlight rulebook, draft rev 08) it comes
from, or ``invented`` with the rules-decision that designed it (docs/rules-decisions.md,
"Starlight: rules"). The checker, ``whitedwarf doc``, the JSON Schemas and the engine's verb,
value and hook tables are all driven from this module, as Last Light's are from its own.
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
    Moment,
    Noun,
    Param,
    Range,
    Registry,
    Resource,
    Stat,
    Value,
    Verb,
)

GAME = "starlight"
LANGUAGE = "1.0"

#: 003 "Star Plans" and "Components": rays come in six colours, long and short.
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
RAY_SIZES = ("long", "short")
#: 003 "Star Plans": a core's ray pattern (long only, short only, equal sizes) or, for a
#: designed core, any sizes (SL7).
PATTERNS = ("long", "short", "equal", "any")
#: 003 "Slot Sizes and Magnitudes".
SLOT_SIZES = ("small", "medium", "large")
#: 003 "Actions": what a rondel space does.
ACTIONS = ("gain_cores", "gain_long_rays", "gain_short_rays", "gain_flares", "launch")
#: 003 "Starbot Play": a Starbot card's action is a rondel action or the Refresh card.
STARBOT_ACTIONS = (*ACTIONS, "refresh")
#: 003 "Privileges": the six privileges, in the order the rulebook lists them.
PRIVILEGES = (
    "buy_night_points",
    "extra_action_point",
    "refill_rays",
    "laurels_bonus",
    "core_plus_ray",
    "launch_alpha_star",
)


def _resources() -> list[Resource]:
    return [
        Resource(
            "long_ray",
            "A long ray, from the long ray pool.",
            "gain 2 long_rays",
            '003 "Gain Rays"',
            text="[long ray]",
        ),
        Resource(
            "short_ray",
            "A short ray, from the short ray pool.",
            "gain 2 short_rays",
            '003 "Gain Rays"',
            text="[short ray]",
        ),
        Resource(
            "core",
            "A Core card, from the Core pool (never more than you may hold).",
            "gain 1 core",
            '003 "Gain Cores"',
            text="[core]",
        ),
        Resource(
            "flare",
            "A Flare card, the cheapest in the Flare pool.",
            "gain 1 flare",
            '003 "Gain Flares"',
            text="[flare]",
        ),
        Resource(
            "ap", "Action points for this turn.", "gain 1 ap", '003 "Action Points"', text="[AP]"
        ),
        Resource(
            "night_point",
            "Night points on the score track.",
            "gain 2 night_points",
            '003 "Victory Points"',
            text="[night point]",
        ),
        # issue 29: day points from a god, kept for final scoring (SL150)
        Resource(
            "day_point",
            "Day points, kept for final scoring (a god's power).",
            "gain 2 day_points",
            '003 "Victory Points": day points are scored at the end (SL150)',
            text="[day point]",
        ),
    ]


#: The moment of a launch from the placing of its star on (``Value.during``): the star's
#: magnitude and colours and the `launching` filter are read only then (launch.py).
LAUNCH = "launch"


def _value(
    name: str,
    doc: str,
    example: str,
    cite: str,
    text: str,
    least: int = 0,
    for_mods: bool = False,
    most: int | None = None,
    their: str = "",
    during: str = "",
) -> Value:
    return Value(
        name, doc, example, cite, text=text, reads=None, least=least, for_mods=for_mods,
        most=most, their=their, during=during,
    )  # fmt: skip


def _values() -> list[Value]:
    launch = '003 "Launching a Star, step by step"'
    return [
        _value(
            "stars_launched",
            "Your stars on the sky board (the one being launched too).",
            "gain (stars_launched) night_points",
            '003 "Scoring": tiebreak',
            "the number of your stars",
        ),
        _value(
            "constellations_with_stars",
            "Constellations holding a star of yours.",
            "gain (constellations_with_stars) night_points",
            '003 "Scoring": tiebreak',
            "the number of constellations with your stars",
        ),
        _value(
            "magnitudes_recorded",
            "Magnitudes recorded on your mat (of 2 to 7).",
            "gain (magnitudes_recorded) night_points",
            launch + " 7",
            "the number of magnitudes you recorded",
        ),
        _value(
            "aspects_recorded",
            "Aspects recorded on your mat.",
            "gain (aspects_recorded) night_points",
            launch + " 8",
            "the number of aspects you recorded",
        ),
        _value(
            "privileges",
            "Privileges recorded on your mat.",
            "gain (privileges) night_points",
            launch + " 6",
            "the number of your privileges",
        ),
        _value(
            "alpha_stars",
            "Your stars in large (alpha) slots.",
            "gain (alpha_stars * 2) night_points",
            '003 "Scoring"',
            "the number of your alpha stars",
        ),
        _value(
            "small_stars",
            "Your stars in small slots.",
            "gain (small_stars) night_points",
            '003 "Slot Sizes and Magnitudes"',
            "the number of your stars in small slots",
        ),
        _value(
            "medium_stars",
            "Your stars in medium slots.",
            "gain (medium_stars) night_points",
            '003 "Slot Sizes and Magnitudes"',
            "the number of your stars in medium slots",
        ),
        _value(
            "linked_stars",
            "Your stars connected by a line to another star of yours.",
            "gain (linked_stars) night_points",
            '003 "Choosing a Destination Slot"',
            "the number of your stars linked to another of yours",
        ),
        _value(
            "star_magnitude",
            "The magnitude of the star being launched (0 otherwise).",
            "gain (star_magnitude) night_points",
            '003 "Flares": include the star',
            "the magnitude of this star",
            during=LAUNCH,  # set from the placing of the star on (launch.py)
            their="the magnitude of the star of {player}",  # SL171: the star they launched
        ),
        _value(
            "star_colours",
            "Ray colours in the star being launched (0 otherwise).",
            "gain (star_colours) night_points",
            '003 "Flares": include the star',
            "the number of colours in this star",
            during=LAUNCH,  # set from the placing of the star on (launch.py)
            their="the number of colours in the star of {player}",
        ),
        _value(
            "rays_held",
            "Rays you hold, long and short.",
            "if rays_held < 3 -> gain 1 long_ray",
            '003 "Gain Rays"',
            "the number of rays you hold",
        ),
        _value(
            "long_rays_held",
            "Long rays you hold.",
            "if long_rays_held < 2 -> gain 1 long_ray",
            '003 "Gain Rays"',
            "the number of long rays you hold",
        ),
        _value(
            "short_rays_held",
            "Short rays you hold.",
            "if short_rays_held < 2 -> gain 1 short_ray",
            '003 "Gain Rays"',
            "the number of short rays you hold",
        ),
        _value(
            "cores_held",
            "Cores you hold (your starter core too, until launched).",
            "if cores_held < 2 -> gain 1 core",
            '003 "Gain Cores"',
            "the number of cores you hold",
        ),
        _value(
            "flares_held",
            "Flares you hold face-up.",
            "gain (flares_held) night_points",
            '003 "Flares"',
            "the number of your unused flares",
        ),
        _value(
            "flares_used",
            "Flares you turned face-down; not the one being used (turned down after it).",
            "gain (flares_used) night_points",
            '003 "Flares": "After using any Flare, keep it but turn it face down" (SL151)',
            "the number of your used flares",
        ),
        _value(
            "night_points",
            "Your night points.",
            "if night_points < 10 -> gain 2 ap",
            '003 "Victory Points"',
            "your night points",
        ),
        _value(
            "ap",
            "Action points you have left this turn.",
            "if ap == 0 -> gain 1 ap",
            '003 "Action Points"',
            "your AP",
        ),
        _value(
            "round",
            "The round number, starting at 1.",
            "if round >= 5 -> gain 1 ap",
            '003 "Basics of Play"',
            "the round",
            least=1,
            most=61,  # SL17: the game ends after round 60, or 61 when daybreak came in round 60
        ),
        _value(
            "players",
            "Players in the game, live and Starbot.",
            "if players >= 4 -> gain 1 ap",
            '003 "Live and Starbot Players"',
            "the number of players",
            least=1,
            most=5,  # 003 "Live and Starbot Players": "a combined total of 5"
        ),
        # issue 29: the AP a player saved
        _value(
            "saved_ap",
            "AP in your Saved AP box; in your turn, the AP it brought to the turn.",
            "if saved_ap >= 3 -> gain 1 night_point",
            '003 "Action Points": "You may save up to 5 unspent"',
            "the AP you saved",
            for_mods=True,  # issue 29: for designers' cards (W0901 does not ask the base pack)
        ),
        # a catch-up card's "if an opponent has more night points than you" (as Last Light's
        # `opponents_max_light`)
        _value(
            "opponents_max_night_points",
            "The most night points any opponent (live or Starbot) has.",
            "if opponents_max_night_points > night_points -> gain 1 ap",
            '003 "Victory Points"',
            "the most night points an opponent has",
            for_mods=True,
            their="the most night points a player other than {player} has",
        ),
    ]


def _nouns() -> list[Noun]:
    """Things a condition can count: ``number of your aquila stars``. The pack's ids (a
    constellation, an aspect, a privilege) are adjectives, through the open filters below."""
    return [
        Noun(
            "star",
            "A star launched on the sky board (the one being launched too).",
            "as soon as number of your aquila stars >= 1 -> claim",
            '003 "Launching Stars"',
            type="star",
            plural="stars",
            text="star",
            reads=None,
            # E183: `if this star is an alpha star` in a `star_launched` reaction. 003 "Slot
            # Sizes and Magnitudes": "large slots host magnitudes 6 or 7".
            read_by="the star being launched is read by its magnitude, `star_magnitude`, and by "
            "the `launching` filter: an alpha star (a large slot's) is `if star_magnitude >= "
            "6`, one going to Aquila `if number of launching aquila stars >= 1`",
        ),
        Noun(
            "aspect",
            "An aspect recorded on your player mat (the launching star's too).",
            "as soon as number of your cornucopia aspects >= 1 -> claim",
            '003 "Launching a Star, step by step" 8',
            type="aspect",
            plural="aspects",
            text="aspect",
            reads=None,
        ),
        Noun(
            "privilege",
            "A privilege recorded on your player mat.",
            "as soon as number of your refill_rays privileges >= 1 -> claim",
            '003 "Launching a Star, step by step" 6',
            type="privilege",
            plural="privileges",
            text="privilege",
            reads=None,
        ),
        # issue 29: another player, whose things a verb may take (`steal`, SL152)
        Noun(
            "opponent",
            "Another player, live or Starbot (only those holding what is taken are offered).",
            "when turn_start -> may steal 1 long_ray from an opponent",
            '003 "Live and Starbot Players"',
            type="player",
            plural="opponents",
            text="opponent",
            implies=("opponents",),
            reads=None,
        ),
        # a named party every effect may name (docs/rules-decisions.md SL157)
        Noun(
            "leader",
            "The opponent who would win if the game ended now: the most points (night "
            "points, and any day points a card gave), then the most stars launched, then stars "
            "in the most constellations; still tied, the first of them after you in turn "
            "order. Read when the verb runs, on any hook (docs/rules-decisions.md SL157).",
            "when turn_start -> steal 1 long_ray from the leader",
            '003 "Scoring": the winner, and the tiebreaks',
            type="player",
            text="leader",
            reads=None,  # who leads changes with every point scored: never memoised
            party="leader",
            anywhere=True,
        ),
    ]


def _filters() -> list[Filter]:
    """``yours`` and the open filters whose words are the pack's ids (``Filter.ids``): a
    misspelt id is E0945 with the loaded pack's ids as suggestions (checks.py)."""
    return [
        Filter(
            "yours",
            "Yours only (aspects and privileges are always the mat's owner's).",
            "as soon as number of stars of yours >= 3 -> claim",
            '003 "Launching Stars": "place one of your markers"',
            applies_to=("star", "aspect", "privilege"),
            form="of",
            text="of yours",
        ),
        Filter(
            "constellation_id",
            "Stars in the constellation of this id (`aquila stars`).",
            "as soon as number of your aquila stars >= 1 -> claim",
            '003 "Laurels": "a star in each of the four constellations shown"',
            applies_to=("star",),
            text="in the constellation",
            ids="constellation",
        ),
        Filter(
            "aspect_id",
            "The aspect of this id (`cornucopia aspects`).",
            "as soon as number of your cornucopia aspects >= 1 -> claim",
            '003 "Example of Play": the "cornucopia" Aspect',
            applies_to=("aspect",),
            text="the aspect",
            ids="aspect",
        ),
        Filter(
            "privilege_id",
            "The privilege of this id (`refill_rays privileges`).",
            "as soon as number of your refill_rays privileges >= 1 -> claim",
            '003 "Privileges"',
            applies_to=("privilege",),
            text="the privilege",
            ids="privilege",
        ),
        # issue 29: other players' things, and the star being launched
        Filter(
            "opponents",
            "Other players' only, live and Starbot (`stars of opponents`).",
            "as soon as number of stars of opponents >= 3 -> claim",
            '003 "Launching Stars": "place one of your markers"',
            applies_to=("star", "player"),
            form="of",
            text="of your opponents",
            for_mods=True,  # issue 29: for designers' cards (W0901 does not ask the base pack)
        ),
        Filter(
            "constellation",
            "In the constellation of the star being launched (`stars of this constellation`).",
            "when star_launched if number of stars of this constellation >= 3 -> "
            "gain 1 night_point",
            '003 "Choosing a Destination Slot"',
            applies_to=("star",),
            form="of",
            text="constellation",
            needs="constellation",
            for_mods=True,  # issue 29: for designers' cards (W0901 does not ask the base pack)
        ),
        Filter(
            "launching",
            "The star being launched (`launching aquila stars`: it goes to Aquila).",
            "when star_launched if number of launching aquila stars >= 1 -> gain 2 night_points",
            '003 "Flares": "Include the star you are launching now"',
            applies_to=("star",),
            text="being launched",
            during=LAUNCH,
            for_mods=True,  # issue 29: for designers' cards (W0901 does not ask the base pack)
        ),
    ]


GAIN = Range(1, 20, "65 night points start daybreak; no card gives a third of that")
#: Why at most 5 rays are stolen at once.
STOLEN = "a star has at most 7 rays; taking more than 5 is taking a star"
#: The pools ``flush`` names (003 "Actions": the four pools of the gain actions).
POOL_WORDS = ("cores", "long_rays", "short_rays", "flares")
#: Why a chain of flushes ends by itself (``Fires.ends``).
DECK_EMPTY = "the deck or bag it refills from is empty"
PAID = Range(1, 11, "a turn has at most 6 AP and 5 saved")

NUMBERS = {
    "number": Range(0, 200, "a game ends soon after 65 night points; 200 is ample"),
    "count": Range(1, 20, "a player holds few cores; 48 rays of a size exist"),
    "per": Range(1, 20, "`per 2 ...`: there are at most a few dozen stars on the sky"),
    "repeat": Range(1, 10, "a step repeated more than 10 times is a loop, not a card"),
    # use limits and one-shot discounts (issue 29)
    "uses": Range(1, 10, "`at most 3 times per game`: a game lasts some 8 to 15 rounds"),
    "discount": Range(1, 5, "a turn has at most 6 AP and 5 saved"),
}

#: Use limits and durations (issue 29; docs/rules-decisions.md, "Use limits and durations").
PERIODS = {
    "turn": 'one player\'s turn (003 "Game Play": "Your turn is over either when you choose '
    'to end your turn, or when you have no more action points"); counts start afresh at '
    "the start of every turn, and durations end when the turn is over, after its "
    "`turn_end` powers",
    "round": 'a round: every player, Starbots too, takes one turn (003 "Starbot Play"); '
    "counts start afresh and durations end when the round's last turn is over",
    "game": "the whole game: uses are never counted afresh",
}
#: What `your next <thing> costs N less` may name (issue 29), and the cost it comes off.
NEXT_COSTS = {
    "launch": 'the AP of your next launch (003 "Launch": `launch_cost`), never below 0',
}


def _verbs() -> list[Verb]:
    units = ("long_ray", "short_ray", "core", "flare", "ap", "night_point", "day_point")
    return [
        Verb(
            "gain",
            "Take rays or cores of your choice from their pools, the cheapest flare, or gain "
            "AP, night points or day points.",
            "gain 2 long_rays",
            '003 "Flares": the green box gives its benefit',
            params=(Param("amount", ArgKind.AMOUNT, units, range=GAIN),),
            text="gain",
            chooses=True,  # which rays or cores of the pool (SL12)
        ),
        Verb(
            "pay",
            "Spend action points; a cost.",
            "may pay 1 ap -> gain 2 short_rays",
            '003 "Action Points"',
            params=(
                Param(
                    "amount",
                    ArgKind.AMOUNT,
                    ("ap",),
                    range=PAID,
                    refused_units=tuple((unit, _POINTS_KEPT) for unit in POINT_UNITS),
                ),
            ),
            cost=True,
            text="pay",
            pure=True,
        ),
        Verb(
            "claim",
            "The goal of this laurel or accolade is met: it is yours.",
            "as soon as stars_launched >= 5 -> claim",
            '003 "Laurels"; "Accolades"',
            text="claim this card",
            pure=True,
        ),
        # card state (issue 29): counters on a card (dsl/card_state.py)
        *counter_verbs(
            "invented (issue 29; docs/rules-decisions.md R13)",
            "when turn_start -> put 1 charge on this card; "
            "when turn_end -> remove 3 charges from this card -> gain 1 ap",
        ),
        # issue 29: a flush verb and effects on cores
        Verb(
            "flush",
            "Discard a pool and refill it at once, free (any time: a god's power); Flares "
            "that come straight back go under the deck in your order, as in Gain Flares.",
            "when turn_start -> may pay 1 ap -> flush flares",
            '003 "When you flush a pool" (SL149, SL182)',
            params=(Param("pool", ArgKind.WORD, words=POOL_WORDS),),
            text="flush the pool of",  # nothing to refill it from: no flush (SL147)
            fires=(Fires("pool_flushed", ends=DECK_EMPTY),),
            chooses=True,  # the order of Flares that come straight back (SL182)
            for_mods=True,  # issue 29: for designers' cards (W0901 does not ask the base pack)
        ),
        Verb(
            "steal",
            "Take rays from another player's hand, your pick of colour.",
            "when turn_start -> may pay 2 ap -> steal 1 long_ray from an opponent",
            'invented: 003 "Gain Rays" takes from pools only (SL152)',
            params=(
                Param(
                    "amount", ArgKind.AMOUNT, ("long_ray", "short_ray"), range=Range(1, 5, STOLEN)
                ),
                Param("player", ArgKind.TARGET, ("player",), prep="from"),
            ),
            text="steal",
            chooses=True,  # which colour of the player's rays
            for_mods=True,  # issue 29: for designers' cards (W0901 does not ask the base pack)
        ),
        Verb(
            "discard",
            "Put Cores you hold (not your Starter Core) on the discard pile; your pick; a cost.",
            "when turn_start -> discard 1 core -> gain 3 long_rays",
            '003 "Gain Cores": "you may not discard your Cores" (a god overrides: SL150)',
            params=(Param("amount", ArgKind.AMOUNT, ("core",), range=Range(1, 4, "4 Cores")),),
            cost=True,
            text="discard",
            chooses=True,
            for_mods=True,  # issue 29: for designers' cards (W0901 does not ask the base pack)
        ),
    ]


def _stat(
    name: str, doc: str, cite: str, default: int, low: int, high: int, why: str, text: str
) -> Stat:
    return Stat(
        name,
        doc,
        f"you have +1 {name}",
        cite,
        range=Range(low, high, why),
        text=text,
        default=default,
        setting=f"setup:{name}",
        # the price of a bought night point is read once the star is placed (003 launch step
        # 5, launch.py's buying); every other number before a launch or outside one
        during=(LAUNCH,) if name == "night_point_price" else (),
    )


def _stats() -> list[Stat]:
    return [
        _stat(
            "ap_per_turn",
            "AP received at the start of each turn.",
            '003 "Action Points"',
            5,
            -4,
            5,
            "5 AP a turn; 10 more is a different game",
            "AP each turn",
        ),
        _stat(
            "saved_ap_max",
            "AP that may be saved for a later turn.",
            '003 "Action Points"',
            5,
            -5,
            5,
            "the Saved AP box holds 5",
            "AP you may save",
        ),
        _stat(
            "first_turn_ap",
            "AP on your first turn.",
            '003 "Your First Turn"',
            2,
            -2,
            5,
            "the first turn has 2 AP",
            "AP on your first turn",
        ),
        _stat(
            "surcharge",
            "Extra AP to act where an opponent's marker is.",
            '003 "Action Points": occupation surcharge',
            1,
            -1,
            3,
            "the surcharge is 1",
            "occupation surcharge",
        ),
        _stat(
            "step_cost",
            "AP per step on the rondel.",
            '003 "Using the Rondel"',
            1,
            -1,
            3,
            "a step costs 1",
            "AP per rondel step",
        ),
        _stat(
            "max_cores",
            "Cores you may hold.",
            '003 "Gain Cores"',
            4,
            -3,
            4,
            "4 cores at a time",
            "cores you may hold",
        ),
        _stat(
            "cores_per_action",
            "Cores one Gain Cores action may take.",
            '003 "Gain Cores"',
            2,
            -1,
            3,
            "up to 2 cores",
            "cores per Gain Cores",
        ),
        _stat(
            "flush_cost",
            "AP to flush a pool.",
            '003 "Clarifications": flushing',
            1,
            -1,
            3,
            "a flush costs 1",
            "AP to flush a pool",
        ),
        _stat(
            "launch_cost",
            "AP to launch a star.",
            '003 "Launch"',
            1,
            -1,
            3,
            "a launch costs 1",
            "AP to launch",
        ),
        _stat(
            "night_point_price",
            "AP per night point bought on launch.",
            '003 "Buy Night Points on Launch"',
            2,
            -1,
            3,
            "2 AP a point",
            "AP per bought point",
        ),
        _stat(
            "laurel_bonus",
            "Day points per fulfilled laurel with Laurels +3.",
            '003 "Laurels +3 Victory Points"',
            3,
            -3,
            5,
            "3 per laurel",
            "points per laurel",
        ),
        _stat(
            "alpha_day_points",
            "Day points per alpha star.",
            '003 "Scoring"',
            5,
            -5,
            5,
            "5 per alpha star",
            "day points per alpha star",
        ),
    ]


def _flags() -> list[Flag]:
    return [
        Flag(
            "ignore_surcharge",
            "You never pay the occupation surcharge.",
            "you can ignore_surcharge",
            'invented: 003 "The Gods" powers (SL30)',
            scope="player",
            text="ignore the occupation surcharge",
        ),
        Flag(
            "launch_alpha",
            "You may launch into large slots without the privilege.",
            "you can launch_alpha",
            'invented: 003 "The Gods" powers (SL30)',
            scope="player",
            text="launch alpha stars",
        ),
        Flag(
            "launch_anywhere",
            "Your Launch actions reach every constellation.",
            "you can launch_anywhere",
            'invented: 003 "The Gods" powers (SL30)',
            scope="player",
            text="launch to any constellation",
        ),
    ]


#: What a launch hook provides: ``this constellation``, the star's (SL148).
CONSTELLATION = ("constellation", "constellation")
#: The party a hook of another player's moment supplies: ``the player who <acted>``, the
#: player whose launch or flush it is (``Hook.parties``; SL148, SL154).
ACTOR = "actor"


def _hooks() -> list[Hook]:
    return [
        Hook(
            "turn_start",
            "At the start of each of your turns, after your AP is received.",
            "when turn_start -> gain 1 ap",
            '003 "Action Points"',
            text="At the start of your turn",
        ),
        Hook(
            "turn_end",
            "When your turn is over, before pools refill.",
            "when turn_end -> gain 1 night_point",
            '003 "Action Points"',
            text="At the end of your turn",
        ),
        Hook(
            "star_launched",
            "After you score a star you launched (003 launch step 5).",
            "when star_launched if star_magnitude >= 6 -> gain 2 night_points",
            '003 "Launching a Star, step by step"',
            text="When you launch a star",
            provides=(CONSTELLATION,),
        ),
        Hook(
            "action_done",
            "After each rondel action you take.",
            "when action_done -> gain 1 night_point",
            '003 "Accolades": after any action',
            text="After each of your actions",
        ),
        Hook(
            "game_end",
            "After the last turn of the game, before final scoring.",
            "when game_end -> gain 3 night_points",
            '003 "End of Game": "then perform final scoring" (docs/rules-decisions.md SL144)',
            text="At the end of the game",
        ),
        # issue 29: hooks for specific events
        Hook(
            "cores_taken",
            "Each time you take a Core in a Gain Cores action.",
            "when cores_taken -> gain 1 short_ray",
            '003 "Gain Cores"',
            text="When you take a Core",
            for_mods=True,  # issue 29: for designers' cards (W0901 does not ask the base pack)
        ),
        Hook(
            "pool_flushed",
            "After you flush a pool (in its Gain action, or by an effect's `flush`).",
            "when pool_flushed -> gain 1 night_point",
            '003 "When can you flush a pool?"',
            text="When you flush a pool",
            for_mods=True,  # issue 29: for designers' cards (W0901 does not ask the base pack)
        ),
        Hook(
            "opponent_launched",
            "After another player launches a star and its own effects are done (SL148); "
            "`the player who launched` is the launcher, and `star_magnitude of the player who "
            "launched` (`star_colours` too) the star they launched (SL171; a Starbot's: 0). "
            "Heard as `when an opponent launches a star`.",
            "when opponent_launched -> steal 1 short_ray from the player who launched",
            '003 "Launching a Star, step by step" (docs/rules-decisions.md SL148)',
            text="When another player launches a star",
            provides=(CONSTELLATION,),
            parties=(ACTOR,),
            for_mods=True,  # issue 29: for designers' cards (W0901 does not ask the base pack)
            others=True,
            acted="launches a star",
            # the launched star is the launcher's: `star_magnitude of the player who
            # launched` (reactions.launched keeps it; SL171); bare, the hearer's, 0 (E0448)
            actor_values=("star_magnitude", "star_colours"),
        ),
        Hook(
            "opponent_flushed",
            "After another player flushes a pool (in its Gain action, or by an effect's "
            "`flush`) and its own effects are done (SL154); `the player who flushed` is that "
            "player. Heard as `when an opponent flushes a pool`.",
            "when opponent_flushed -> gain 1 short_ray",
            '003 "When can you flush a pool?" (docs/rules-decisions.md SL154)',
            text="When another player flushes a pool",
            parties=(ACTOR,),
            for_mods=True,  # for designers' cards (W0901 does not ask the base pack)
            others=True,
            acted="flushes a pool",
        ),
        Hook(
            "opponent_took_core",
            "After another player takes a Core in a Gain Cores action and its own effects "
            "of it are done (SL173); `the player who took` is that player. Heard as `when an "
            "opponent takes a core`.",
            "when opponent_took_core -> gain 1 short_ray",
            '003 "Gain Cores" (docs/rules-decisions.md SL173)',
            text="When another player takes a Core",
            parties=(ACTOR,),
            for_mods=True,  # for designers' cards (W0901 does not ask the base pack)
            others=True,
            acted="takes a core",
        ),
    ]


def _card_kinds() -> list[CardKind]:
    card = (("card", "card"),)
    return [
        CardKind(
            "flare_points",
            "The blue box of a Flare: night points for a launch.",
            "gain (stars_launched) night_points",
            '003 "Flares"',
            file="flares",
            clauses=("immediate",),
            context=(*card, CONSTELLATION),  # read during a launch (issue 29)
            text="flare points",
        ),
        CardKind(
            "flare_boon",
            "The green box of a Flare: its boon.",
            "gain 2 long_rays",
            '003 "Flares"',
            file="flares",
            clauses=("immediate",),
            context=card,
            text="flare boon",
        ),
        CardKind(
            "laurel",
            "A secret goal, scored at the end of the game.",
            "as soon as constellations_with_stars >= 4 -> claim",
            '003 "Laurels"',
            file="laurels",
            clauses=("as_soon_as",),
            context=card,
            text="laurel",
        ),
        CardKind(
            "accolade",
            "A public goal, claimed by the first to meet it.",
            "as soon as magnitudes_recorded >= 6 -> claim",
            '003 "Accolades"',
            file="accolades",
            clauses=("as_soon_as",),
            context=card,
            text="accolade",
        ),
        CardKind(
            "god",
            "A god's powers, which take precedence over the standard rules.",
            "you have +1 ap_per_turn",
            '003 "The Gods"',
            file="gods",
            clauses=("modifier", "grant", "trigger", "while"),
            context=card,
            text="god",
        ),
    ]


@cache
def registry() -> Registry:
    """The Starlight vocabulary (built once)."""
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
    reg.numbers.update(NUMBERS)
    reg.concepts.update(CONCEPTS)
    reg.subject_steps.update(SUBJECT_STEPS)
    reg.periods.update(PERIODS)  # use limits and durations (issue 29)
    reg.own_periods = frozenset({"turn"})  # one player's: W0436 (docs/rules-decisions.md SL172)
    reg.next_costs.update(NEXT_COSTS)
    reg.sides.update(SIDES)  # `the player to your left` (SL158)
    reg.moments[LAUNCH] = Moment(  # E0447: `star_magnitude` and the like are 0 outside it
        "the star being launched",
        "from its placing to its scoring, 003 launch steps 4 and 5",
        "star_launched",
    )
    return reg


#: ``the player to your left`` / ``right`` (SL158): 003 "Players take turns in clockwise
#: order", so the next seat in turn order sits to your left, as in Last Light (E140).
SIDES = {
    "left": 'the next player after you in turn order, live or Starbot (003: "Players take '
    'turns in clockwise order"); in a 2-player game, your opponent',
    "right": "the player before you in turn order; in a 2-player game, your opponent",
}


_LOSE = (
    "a player gives up AP with `pay 1 ap` and Cores with `discard 1 core`; an opponent's rays "
    "go to you with `steal 1 long_ray from an opponent`"
)

#: Why no card takes points away (E0409's hint for `pay 1 day_point`; rules-decisions SL163).
POINT_UNITS = ("night_point", "day_point")
_POINTS_KEPT = (
    'a score only goes up: nothing in the rulebook takes points away (003 "Victory Points"), '
    "so no card does; a penalty is written as points for avoiding what it punishes, as in "
    "`when game_end if flares_held == 0 -> gain 2 day_points` (docs/rules-decisions.md SL163)"
)

#: A step written with another player as its subject, `each opponent gains 1 long_ray`, by
#: the English verb (dsl/party_steps.py): Starlight's cards give only their owner, and take
#: only rays from another player (SL152).
SUBJECT_STEPS = {
    "": "only the card's owner does a step; another player's rays go to you with `steal "
    "<amount> from {party}`",
    **dict.fromkeys(
        ("gain", "get", "receive", "take", "collect"),
        "a Starlight card gives only its owner (`gain {amount}`); no card gives another player "
        "anything",
    ),
    **dict.fromkeys(
        ("lose", "pay", "discard", "spend", "return"),
        "no card makes another player pay; their rays go to you with `steal 1 long_ray from "
        "{party}` (rays only, SL152)",
    ),
    **{
        f"{verb} {ray}": "no card makes another player pay: `steal {amount} from {party}` "
        "takes their rays for you (SL152)"
        for verb in ("lose", "pay", "discard", "spend", "return")
        for ray in ("long_ray", "short_ray")
    },
    # a modifier of another player's numbers (`opponents have +1 launch_cost`)
    "modifier": "a modifier changes only its owner's numbers: `you have -1 launch_cost`",
}

#: Words designers reach for that Starlight's language has no construct for, each with the
#: nearest real constructs by meaning (tests/dsl/test_concepts.py compiles every one named).
CONCEPTS = {
    # "1 action point": the unit is one word (seventh design round)
    "action": "an action point is `ap` (`gain 1 ap`, `pay 1 ap`); the moment after each action "
    "you take is the hook `action_done` (`when action_done -> gain 1 night_point`)",
    "score": "Starlight scores `night_points` during play (`gain 2 night_points`); day points "
    'are kept for final scoring (003 "Scoring"): `gain 2 day_points`',
    "points": "write `night_points` (`gain 2 night_points`)",
    "temporarily": "a duration: `when turn_start -> until the end of the turn: you can "
    "ignore_surcharge`; a modifier (`you have +1 ap_per_turn`) lasts while its card is in play",
    "twice": "a use limit: `when turn_start, at most 2 times per game -> gain 1 ap`",
    # card state (issue 29): counters are written
    "counter": "a god keeps counters of any name on itself: `when turn_start -> put 1 charge "
    "on this card; when turn_end -> remove 3 charges from this card -> gain 1 ap`",
    "take": "take rays from another player with `steal 1 long_ray from an opponent`; gain "
    "from the pools with `gain 1 long_ray`",
    "win": 'the most points wins (003 "Scoring"): `gain 2 night_points`; end-of-game '
    "powers are `when game_end -> ...`",
    # the words of a card's own text, read back as an effect (the check helper)
    "lose": _LOSE,
    "loses": _LOSE,
    "least": 'a condition compares numbers with >=, <=, > or <: "at least 3" is >= 3, as in '
    '`when turn_start -> if cores_held >= 3 -> gain 1 ap`; "at most 3" is <= 3, "more than 3" '
    "> 3",
    "unless": '"unless C" is a condition turned round: `when turn_start -> if not (cores_held '
    ">= 3) -> gain 1 ap`",
}
