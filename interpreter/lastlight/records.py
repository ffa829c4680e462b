"""The typed records of a Last Light state: the layout of ``state.py``'s docstring, for mypy.

A state stays plain data (DESIGN principle 4): these are ``TypedDict``s, so a record is the
``dict`` it always was, saved, loaded, cloned and hashed as before, and a field read costs
what a ``dict`` read costs. What they add is that mypy knows each record's fields: a rule
reading ``ship["sectr"]`` or storing a seat in ``sector["planet"]`` is a type error.

Where the keys are names from content (a resource, a ship size, a stat, a card id, a ship or
sector id), a record is a ``dict[str, ...]``: the rules index them with names they read from
cards and costs (``player["res"][unit]``), which no ``Literal`` can list. ``Literal`` types
(:data:`Phase`, :data:`TokenKind` ...) type the fields whose values the rules fix.

Keys some states lack are ``NotRequired``: a player's ``once`` (made when a card's ``once``
clause first runs), the top level's ``card_state``, ``durations``, ``next_costs`` and
``card_uses`` (made by the first card that keeps them: ``card_state.py``, ``lasting.py``,
``card_uses.py``).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from whitedwarf.interpreter.card_uses import Use
from whitedwarf.interpreter.vm import Frame

#: 000 "playing the game": the phases of a round (``state["phase"]``).
Phase = Literal["setup", "choose", "resolve", "over"]
#: What an exploration token in a sector is (``sector["token_kind"]``).
TokenKind = Literal["planetary", "deep_space"]
#: How a game ended (``result["reason"]``).
Reason = Literal["light", "round limit"]
#: A destroyed unit in a graveyard (000 "Graveyard").
UnitKind = Literal["ship", "extractor"]


class Ship(TypedDict):
    """A ship on the board (``state["ships"][id]``)."""

    id: str
    #: A seat, or ``state.LUMOS`` (-1) for the Lumos' ships (002).
    owner: int
    #: ``"small"``, ``"medium"`` or ``"large"``: a ``str``, as the rules pass sizes read
    #: from content and options (``stats.yaml``'s ship types) through ``str`` variables.
    size: str
    sector: str
    #: Damage tokens on it.
    damage: int
    #: Combats fought this turn (000 "Combat Icons Explained").
    fought: int
    moved: bool
    #: Sectors of extra movement granted this Command (Talorin).
    extra_move: int


class Extractor(TypedDict):
    """An extractor on the board (``state["extractors"][id]``)."""

    id: str
    owner: int
    sector: str
    #: The planet it is on, or None on a colony ship space.
    planet: str | None
    #: The colony ship space (``"common_a"``) it is on, or None on a planet.
    space: str | None


class Sector(TypedDict):
    """A sector of the board (``state["sectors"][id]``); its ring is static content."""

    planet: str | None
    #: The exploration token ref on it, if any.
    token: str | None
    token_kind: TokenKind | None
    #: A planetary token lies face up.
    revealed: bool
    asteroid: bool
    #: The seat whose colony ship is here.
    home: int | None
    white_dwarf: bool


class Planet(TypedDict):
    """A planet on the board (``state["planets"][id]``)."""

    sector: str
    #: The planetary token ref beneath it.
    token: str
    #: What Mine collects here (a resource name from the token).
    resource: str
    colour: str


class Tech(TypedDict):
    """A tech in play (``player["techs"]``)."""

    ref: str
    exhausted: bool
    #: The player-board slot (``"small"`` ...) a ship ability or ship mod is attached to.
    ship_type: str | None


class Unit(TypedDict):
    """A unit in a player's graveyard: one this player destroyed (000 "Graveyard")."""

    kind: UnitKind
    owner: int
    #: A ship's size; None for an extractor.
    size: str | None


class TechStats(TypedDict):
    """Techs drawn, kept and built, by card id (``player["tech_stats"]``)."""

    drawn: dict[str, int]
    kept: dict[str, int]
    built: dict[str, int]


class Player(TypedDict):
    """A player (``state["players"][seat]``); the fields are described in ``state.py``."""

    seat: int
    light: int
    #: Resource name -> amount held (keys: ``state.RESOURCES``; indexed by names from costs).
    res: dict[str, int]
    hand: list[str]
    played: list[str]
    choice: str | None
    techs_hand: list[str]
    techs: list[Tech]
    faction: str | None
    faction_exhausted: bool
    factions_dealt: list[str]
    achievement: str | None
    achievements_dealt: list[str]
    achievements_done: list[str]
    graveyard: list[Unit]
    #: Piece -> unbuilt pieces (``small``/``medium``/``large``/``extractor``; indexed by
    #: sizes read from content).
    supply: dict[str, int]
    #: Stat name (from the cards' ``add`` verbs) -> amount until the action card resolves.
    temp: dict[str, int]
    #: Source (``state.LIGHT_SOURCES``) -> light gained from it.
    light_by_source: dict[str, int]
    tech_stats: TechStats
    #: The ``"<ref>:<clause>"`` names of the ``once`` clauses already run.
    once: NotRequired[list[str]]


class RolledDie(TypedDict):
    """A die of the roll being resolved (``state["dice"]``)."""

    face: str
    ship: str
    size: str
    owner: int
    #: The card that treated or rerolled it, named if its extra dice run away (``limits.py``).
    by: NotRequired[str]


class Lumos(TypedDict):
    """The Lumos of the 2-player variant (002)."""

    #: The seat commanding them this round, if any.
    ally: int | None
    #: Ship size -> Lumos ships not yet added to the board.
    supply: dict[str, int]
    #: Lumos ships returned to the box.
    box: int


class Box(TypedDict):
    """Refs returned to the box."""

    factions: list[str]
    achievements: list[str]
    tokens: list[str]


class Result(TypedDict):
    """How the game ended (000 "Game End")."""

    winners: list[int]
    #: Each seat's light at the end.
    light: list[int]
    reason: Reason
    tiebreak: str


class Duration(TypedDict):
    """A modifier or grant lasting until the end of a period (``lasting.py``)."""

    owner: int
    #: The card (ref) it came from.
    card: str
    #: The period it lasts to (``"round"``).
    until: str
    #: The compiled modifier or grant.
    clause: dict[str, Any]
    #: The ship type of the card's context (``this ship type has +1 shield``).
    slot: str | None


class NextCost(TypedDict):
    """A one-shot discount: ``your next <thing> costs N less`` (``lasting.py``)."""

    owner: int
    card: str
    #: ``"tech"``, ``"ship"`` or ``"<size> ship"``.
    thing: str
    amount: int
    #: The period it is kept to (``until the end of the round: your next ...``): gone unused
    #: at its end; absent: kept until used.
    until: NotRequired[str]


class Task(TypedDict):
    """An engine task on ``state["stack"]``: the fields every kind has, and the fields of
    each kind (documented in the module of the kind: ``research.py``, ``combat.py`` ...)."""

    #: ``"research"``, ``"construct"``, ``"attack"``, ``"round_flow"`` ...
    kind: str
    #: The seat whose action this is. The round's own tasks (``round_flow``, ``attack``) hold
    #: None here and never read it; typed ``int`` so that the action kinds, where it is
    #: always a seat, read it without a check at every use.
    seat: int
    #: The step to run next (a step name of the kind's module).
    pc: str
    #: The seat whose decision is awaited, or None.
    ask: int | None
    # -- fields of some kinds ------------------------------------------------------------
    left: NotRequired[int]
    #: ``move``: the context of the token being resolved (``command.reveal``), else None.
    token: NotRequired[dict[str, Any] | None]
    drawn: NotRequired[list[str]]
    players: NotRequired[list[int]]
    done: NotRequired[list[str]]
    sector: NotRequired[str | None]
    turn: NotRequired[int]
    group: NotRequired[str | None]
    die: NotRequired[int]
    fired: NotRequired[bool]
    hits: NotRequired[int]
    #: ``attack``: ``[target id, seat]`` damage assignments, in order (JSON lists).
    pending: NotRequired[list[list[Any]]]
    dmg: NotRequired[dict[str, int]]
    #: ``round_flow``: why the game is ending, while the winners are decided.
    reason: NotRequired[Reason]


class Named(TypedDict):
    """What ``content.runtime`` reads of a state: the id of its content. A :class:`State` is
    one; so is ``{"content": id}``, for a reader of content without a game in progress."""

    content: str


class State(TypedDict):
    """A Last Light state (the top level of ``state.py``'s docstring)."""

    format: int
    game: str
    content: str
    n: int
    seed: int
    rng: int
    round: int
    round_limit: int
    rotation: int
    first: int
    phase: Phase
    #: ``[action id, seat]`` or ``["attack", [seats]]``: JSON lists, the shape of a save.
    queue: list[list[Any]]
    stack: list[Task]
    #: Effect frames (docs/effect-ir.md "Frames"), the effect machine's.
    frames: list[Frame]
    players: list[Player]
    ships: dict[str, Ship]
    extractors: dict[str, Extractor]
    sectors: dict[str, Sector]
    planets: dict[str, Planet]
    #: Unit (``common``/``uncommon``/``rare``/``light``) -> what is left in the supply.
    supply: dict[str, int]
    deck: list[str]
    discard: list[str]
    explored: list[str]
    box: Box
    dice: list[RolledDie]
    lumos: Lumos | None
    next_id: int
    result: Result | None
    #: Cards' counters and marks (``interpreter/card_state.py``).
    card_state: NotRequired[dict[str, Any]]
    #: Lasting effects until the end of the round (``lasting.py``).
    durations: NotRequired[list[Duration]]
    #: ``your next ... costs less`` discounts (``lasting.py``).
    next_costs: NotRequired[list[NextCost]]
    #: Uses of limited clauses, ``"<card ref>/<clause>"`` -> its count (``card_uses.py``).
    card_uses: NotRequired[dict[str, Use]]
    #: Per seat, the light it gained that ``light_gained`` was heard for (``gains.py``);
    #: only in games whose content has a card hearing light gained.
    light_heard: NotRequired[list[int]]


#: A seat's observation (``persist.observation``): a state's layout, in which what the seat
#: may not see holds ``"?"`` or a count instead (``persist.py``'s docstring). Typed as the
#: state it shows, since the rules and agents run on views and read only what a view shows;
#: the modules that read the hidden places (``determinise.py``) say so where they do.
View = State
