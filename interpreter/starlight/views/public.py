"""What every player may see of a Starlight position, as plain data for the picture.

Built from :func:`observation` as seen by no seat (``-1``), as Last Light's ``public.py``
does, so nothing secret reaches the picture or the replay viewer: another seat's laurels
(003 "Laurels": "You may keep yours secret") and face-up flares in hand (SL26) are counts, the
gods dealt are a count, and a kept god stays hidden until every live player has kept one
(003 "The Gods"). Decks are their sizes. Whatever a seat has on the table is public: its
rondel marker, AP (and AP a power gave it for its next turn, SL155), rays, cores, night
points, privileges, stars on the board and claimed accolades.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.card_state import kept_text
from whitedwarf.interpreter.starlight.persist import observation
from whitedwarf.interpreter.starlight.records import State

Event = dict[str, Any]
NOBODY = -1


@dataclass(frozen=True)
class SeatView:
    """One seat's public holdings."""

    seat: int
    kind: str  # "live" | "starbot"
    marker: int | None  # the rondel space its marker is on
    ap: int
    saved: int
    ap_waiting: int  # AP a power gave it between its turns, for its next turn (SL155)
    night: int
    day: int
    long_rays: dict[str, int]  # colour -> count
    short_rays: dict[str, int]
    cores: list[str]  # core names (a starter too, until launched)
    flares: int  # face-up in hand: a count, they are secret
    used_flares: int
    laurels: int  # secret: only how many
    privileges: list[str]  # privilege names, in the order gained
    magnitudes: list[int]
    aspects: list[str]
    # Its markers on the sky board: not every star launched, as a slotless final star (003
    # "Your Last Turn": "do not place any markers on the board") is scored and not placed.
    stars_on_board: int
    accolades: list[str]  # accolade names claimed
    god: str | None  # None: none, or not yet revealed


@dataclass(frozen=True)
class AccoladeView:
    """One accolade on the sky board: who claimed it and the Starbots' markers on it."""

    id: str
    name: str
    points: int
    owner: int | None
    marks: dict[int, int]  # Starbot seat -> markers


@dataclass
class SkyView:
    """The whole public position."""

    round: int
    phase: str
    turn: int
    daybreak_at: int
    daybreak: int | None  # the round daybreak came in
    last_round: int | None
    slots: dict[str, int | None]  # slot id -> seat
    magnitudes: dict[str, int]  # slot id -> magnitude of its star, when known (events)
    pools: dict[str, list[str]]  # long, short (rays "colour:size"), cores, flares (names)
    decks: dict[str, int]  # cores, flares, starbots: cards left
    seats: list[SeatView] = field(default_factory=list)
    accolades: list[AccoladeView] = field(default_factory=list)


def star_magnitudes(events: list[Event]) -> dict[str, int]:
    """Slot id -> the magnitude of the star launched there, from the engine's ``launch``
    events (a state records only the slot's owner)."""
    found: dict[str, int] = {}
    for event in events:
        slot, magnitude = event.get("slot"), event.get("magnitude")
        if event.get("kind") != "launch" or not isinstance(slot, str):
            continue  # not a launch, or a slotless one (003 "Your Last Turn")
        if isinstance(magnitude, int) and magnitude > 0:
            found[slot] = magnitude
    return found


def sky_view(content: Any, state: State, events: list[Event] | None = None) -> SkyView:
    """The public picture model of ``state`` (a full state or an observation)."""
    # a view's generator is "?": typed as the state it shows (records.py)
    seen = state.get("rng") == "?"  # type: ignore[comparison-overlap]
    view = state if seen else observation(state, NOBODY)
    name = _namer(content)
    pools = view["pools"]
    return SkyView(
        round=int(view["round"]),
        phase=str(view["phase"]),
        turn=int(view.get("turn") or 0),
        daybreak_at=int(view.get("daybreak_at") or 65),
        daybreak=view.get("daybreak"),
        last_round=view.get("last_round"),
        slots=dict(view["slots"]),
        magnitudes={
            slot: m
            for slot, m in star_magnitudes(events or []).items()
            if view["slots"].get(slot) is not None
        },
        pools={
            "long": list(pools["long"]),
            "short": list(pools["short"]),
            "cores": [name("cores", c) for c in pools["cores"]],
            "flares": [name("flares", f) for f in pools["flares"]],
        },
        decks={
            "cores": _size(view["core_deck"]),
            "flares": _size(view["flare_deck"]),
            "starbots": _size(view["starbot_deck"]),
        },
        seats=[_seat(p, name, view) for p in view["players"]],
        accolades=[_accolade(a, content) for a in view["accolades"]],
    )


def _size(deck: Any) -> int:
    return deck if isinstance(deck, int) else len(deck)


#: A card's name from its kind and id (``_namer``).
Namer = Callable[[str, str], str]


def _namer(content: Any) -> Namer:
    def name(kind: str, card_id: str) -> str:
        card = content.cards.get(kind, {}).get(card_id)
        return str(card.get("name", card_id)) if card else str(card_id)

    return name


def _rays(rays: list[str], size: str) -> dict[str, int]:
    counts = Counter(r.split(":", 1)[0] for r in rays if r.endswith(f":{size}"))
    return dict(sorted(counts.items()))


def _count(value: Any) -> int:
    return value if isinstance(value, int) else len(value)


def _seat(p: Mapping[str, Any], name: Namer, view: Mapping[str, Any]) -> SeatView:
    cores = [name("cores", c) for c in p["cores"]]
    if p.get("starter"):
        cores.append(name("starters", p["starter"]))
    god = p.get("god")
    gained = sorted(p["privileges"].items(), key=lambda item: (item[1], item[0]))
    return SeatView(
        seat=int(p["seat"]),
        kind=str(p["kind"]),
        marker=p["marker"],
        ap=int(p["ap"]),
        saved=int(p["saved"]),
        ap_waiting=int(p.get("ap_waiting", 0)),  # in the state only once some AP waited
        night=int(p["night"]),
        day=int(p["day"]),
        long_rays=_rays(p["rays"], "long"),
        short_rays=_rays(p["rays"], "short"),
        cores=cores,
        flares=_count(p["flares"]),
        used_flares=len(p["used_flares"]),
        laurels=_count(p["laurels"]),
        privileges=[name("privileges", privilege) for privilege, _ in gained],
        magnitudes=sorted(p["magnitudes"]),
        aspects=[name("aspects", a) for a in p["aspects"]],
        stars_on_board=len(p["stars"]),
        accolades=[name("accolades", a) for a in p["accolades"]],
        god=_god(name, view, p, god) if isinstance(god, str) and god != "?" else None,
    )


def _god(name: Namer, view: Mapping[str, Any], p: Mapping[str, Any], god: str) -> str:
    """The god's name, with the counters on it (card state, issue 29): ``Chronos [3 charges]``."""
    kept = kept_text(view, int(p["seat"]), god)
    return f"{name('gods', god)} [{kept}]" if kept else str(name("gods", god))


def _accolade(accolade: Mapping[str, Any], content: Any) -> AccoladeView:
    card = content.cards.get("accolades", {}).get(accolade["id"], {})
    return AccoladeView(
        id=str(accolade["id"]),
        name=str(card.get("name", accolade["id"])),
        points=int(card.get("points", 0)),
        owner=accolade.get("owner"),
        marks={int(seat): int(n) for seat, n in sorted(accolade.get("marks", {}).items())},
    )


def waiting_words(ap_waiting: int) -> str:
    """The AP a power gave a seat between its turns, which its next turn brings (SL155), as
    the panels say it after the seat's AP: nothing when none waits."""
    return f" · {ap_waiting} gained for the next turn" if ap_waiting else ""


def panel_lines(seat: SeatView) -> list[str]:
    """A seat's public holdings in words, one line each (the viewer's panel)."""
    rays = ", ".join(
        f"{n} {colour} {size}"
        for size, counts in (("long", seat.long_rays), ("short", seat.short_rays))
        for colour, n in counts.items()
    )
    lines = [
        f"seat {seat.seat} ({'Starbot' if seat.kind == 'starbot' else 'live'}) · "
        + counted(seat.night, "night point")
        + (f" · {counted(seat.day, 'day point')}" if seat.day else ""),
    ]
    if seat.kind == "live":
        lines += [
            f"AP {seat.ap} · saved {seat.saved}{waiting_words(seat.ap_waiting)} · "
            f"stars on the board {seat.stars_on_board}",
            f"rays: {rays or 'none'}",
            f"cores: {', '.join(seat.cores) or 'none'}",
            f"flares: {seat.flares} in hand, {seat.used_flares} used · laurels: "
            f"{seat.laurels} (secret)",
            f"privileges: {', '.join(seat.privileges) or 'none'}",
            f"magnitudes: {', '.join(map(str, seat.magnitudes)) or 'none'} · aspects: "
            f"{', '.join(seat.aspects) or 'none'}",
        ]
        if seat.god:
            lines.append(f"god: {seat.god}")
    else:
        lines.append(f"stars on the board {seat.stars_on_board}")
    if seat.accolades:
        lines.append(f"accolades: {', '.join(seat.accolades)}")
    return lines


def public_panels(content: Any, state: State) -> list[dict[str, Any]]:
    """One panel per seat for the replay viewer: ``{"seat", "lines"}``."""
    return [
        {"seat": seat.seat, "lines": panel_lines(seat)} for seat in sky_view(content, state).seats
    ]
