"""The typed records of a Starlight state: the layout of ``state.py``'s docstring, for mypy.

As Last Light's (``lastlight/records.py``), these are ``TypedDict``s: a record is the plain
``dict`` it always was (saved, loaded, cloned and hashed as before; a field read costs a
``dict`` read), and mypy knows its fields. A ray is the string ``"colour:size"``; bags, pools
and hands are lists of them.

Where the keys are names from content (slot ids, privilege ids, point sources, accolade
marks), a record is a ``dict[str, ...]``, indexed with names the rules read from cards.
Keys some states lack are ``NotRequired``: those made by the first card or rule that keeps
them (``card_state``, ``durations``, ``next_costs``, ``card_uses``, ``claims``,
``launch_reactions``, ``starters_launched``, ``last_starbot_card``), and a player's ``laurels_met``.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from whitedwarf.interpreter.card_uses import Use
from whitedwarf.interpreter.vm import Frame

#: What the game is doing (``state["phase"]``): keeping gods, playing, or over.
Phase = Literal["gods", "play", "over"]
#: A seat's kind (``player["kind"]``).
SeatKind = Literal["live", "starbot"]


class Points(TypedDict):
    """A player's points by source (003 "Victory Points", "Scoring")."""

    #: Night points by source (``state.NIGHT_SOURCES``).
    night: dict[str, int]
    #: Day points by source (``state.DAY_SOURCES``; ``effect`` only once a card gave some).
    day: dict[str, int]


class Player(TypedDict):
    """A player (``state["players"][seat]``); the fields are described in ``state.py``."""

    seat: int
    #: ``"live"`` or ``"starbot"`` (a ``str``: the seat kinds come from the game's options).
    kind: str
    #: The rondel space index the marker is on, or None before its first turn.
    marker: int | None
    ap: int
    #: The Saved AP box.
    saved: int
    night: int
    day: int
    turns: int
    cores: list[str]
    #: The starter core until it is launched (SL5).
    starter: str | None
    rays: list[str]
    flares: list[str]
    used_flares: list[str]
    laurels: list[str]
    #: Privilege id -> the number of the action during which it was gained.
    privileges: dict[str, int]
    magnitudes: list[int]
    aspects: list[str]
    #: Slot ids of the stars launched.
    stars: list[str]
    accolades: list[str]
    god: str | None
    gods_dealt: list[str]
    points: Points
    #: The action of this visit was taken.
    visit_done: bool
    moved: bool
    #: Laurels already met (scored at the end).
    laurels_met: NotRequired[list[str]]
    #: Stars launched without a slot (003 "Your Last Turn": a final launch with no eligible
    #: slot); only once one was (SL165).
    slotless: NotRequired[int]
    #: AP a power gave the seat outside its turn, received with its next turn's AP (SL155);
    #: only in a game where that happened.
    ap_waiting: NotRequired[int]


class Accolade(TypedDict):
    """An accolade card on the table (``state["accolades"]``)."""

    id: str
    owner: int | None
    #: Seat (as text: JSON keys) -> marks.
    marks: dict[str, int]


class Action(TypedDict):
    """The action in progress (``state["action"]``): a launch (``launch.begin``, every field)
    or another action (``turns.py``: ``kind``, ``seat``, ``taken``, ``rays_owed``)."""

    kind: str
    seat: int
    taken: NotRequired[int]
    rays_owed: NotRequired[int]
    #: A Flare flush's Flares still to go under the deck, in the order the player gives
    #: (``actions._flares_out``, SL164).
    under: NotRequired[list[str]]
    # -- a launch ----------------------------------------------------------------------
    step: NotRequired[str]
    core: NotRequired[str | None]
    rays: NotRequired[list[str]]
    constellations: NotRequired[list[str]]
    surcharge: NotRequired[int]
    final: NotRequired[bool]
    slot: NotRequired[str | None]
    magnitude: NotRequired[int]
    aspect: NotRequired[str | None]
    placed: NotRequired[bool]
    cancelled: NotRequired[bool]


class Turn(TypedDict):
    """The live turn in progress (``state["turn_state"]``, ``turns.begin_turn``)."""

    seat: int
    #: The seat's first turn (its marker not yet on the rondel).
    first: bool
    #: A turn of the last round (003 "Your Last Turn").
    last: bool
    final_done: bool
    #: No complete star can be launched in the last turn: it is forfeit.
    forfeit: bool
    #: A last turn begun without a complete star but with Flares: until their boons complete
    #: one, only boons may be used and the turn's AP wait (docs/rules-decisions.md SL160).
    assembling: NotRequired[bool]
    #: The AP the turn began with, and what the Saved AP box brought.
    ap_received: NotRequired[int]
    saved_ap: NotRequired[int]
    #: AP an effect gave during the turn.
    ap_gained: NotRequired[int]
    #: Of ``ap_received``, the AP a power gave between the seat's turns (SL155).
    ap_waited: NotRequired[int]
    #: Steps the marker moved (at most ``turns.MAX_STEPS``).
    steps: NotRequired[int]


class Duration(TypedDict):
    """A modifier or grant lasting until the end of a period (``lasting.py``)."""

    owner: int
    card: str
    until: str
    #: The compiled modifier or grant.
    clause: dict[str, Any]


class NextCost(TypedDict):
    """A one-shot discount: ``your next <thing> costs N less`` (``lasting.py``)."""

    owner: int
    card: str
    thing: str
    amount: int
    #: The period it is kept to (``until the end of the round: your next ...``): gone unused
    #: at its end; absent: kept until used.
    until: NotRequired[str]


class Result(TypedDict):
    """How the game ended: the winners and each seat's scores."""

    winners: list[int]
    reason: str
    tiebreak: str
    points: list[int]
    night: list[int]
    day: list[int]
    stars: list[int]
    constellations: list[int]


class Content(TypedDict):
    """What a state records of its content (``state.content_id``)."""

    name: str
    digest: str
    players: int


class State(TypedDict):
    """A Starlight state (the main keys of ``state.py``'s docstring)."""

    game: str
    format: int
    content: Content
    seed: int
    rng: int
    n: int
    round: int
    #: The seat whose turn it is.
    turn: int
    phase: Phase
    players: list[Player]
    #: Ray size (``long``/``short``) -> the rays in that bag. Indexed by the size of a ray
    #: (``"colour:size"``) read from content, so a ``dict``, not a record.
    bags: dict[str, list[str]]
    #: ``long``/``short`` (rays by size, as the bags), ``cores``, ``flares`` -> the face-up
    #: pool; an empty place of the flare pool is None. Indexed by names from content.
    pools: dict[str, list[Any]]
    core_deck: list[str]
    core_discard: list[str]
    flare_deck: list[str]
    starbot_deck: list[str]
    starbot_discard: list[str]
    #: Slot id -> the seat whose star is there, or None.
    slots: dict[str, int | None]
    accolades: list[Accolade]
    action: Action | None
    #: Effect frames waiting for a decision (docs/effect-ir.md "Frames").
    frames: list[Frame]
    #: The round daybreak came in, or None.
    daybreak: int | None
    daybreak_at: int
    last_round: int | None
    #: Actions and live turns begun so far (SL23, SL110).
    actions: int
    turn_state: Turn | None
    result: Result | None
    #: The engine's steps still to run (``game.advance``); made by ``Game.new_state``.
    todo: NotRequired[list[Any]]
    #: Cards' counters and marks (``interpreter/card_state.py``).
    card_state: NotRequired[dict[str, Any]]
    #: Lasting effects and one-shot discounts (``lasting.py``).
    durations: NotRequired[list[Duration]]
    next_costs: NotRequired[list[NextCost]]
    #: Uses of limited clauses, ``"<card ref>/<clause>"`` -> its count (``card_uses.py``).
    card_uses: NotRequired[dict[str, Use]]
    #: ``[kind, card, seat]`` claims of the effect being resolved (``goals.py``).
    claims: NotRequired[list[list[Any]]]
    #: Reactions queued to a launch (``reactions.py``).
    launch_reactions: NotRequired[list[dict[str, Any]]]
    #: The starter cores launched (SL5).
    starters_launched: NotRequired[list[str]]
    #: The Starbot card of the last Starbot turn.
    last_starbot_card: NotRequired[str]
