"""Starlight's side panels: your seat (with your secret laurels), the other seats as far as
they are public, and the Accolades with their claims and Starbot markers.

Both read one seat's view (``Game.observation``) only. Another seat's laurels, flares in hand
and the gods dealt to it are numbers there (docs/rules-decisions.md SL26), so they can only
be shown as counts: a hot-seat player never sees another's laurels.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.markup import escape
from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.card_state import kept_text
from whitedwarf.interpreter.starlight.records import State
from whitedwarf.interpreter.starlight.views.board_text import (
    aspect_words,
    card_name,
    core_line,
    flare_text,
    ray_markup,
    seat_mark,
)
from whitedwarf.interpreter.starlight.views.public import waiting_words

#: 003 "Starbot Play": a Starbot wins an Accolade with this many markers on it.
STARBOT_MARKS_TO_WIN = 5


def goal_text(card: dict[str, Any]) -> str:
    """A laurel's or accolade's goal in the pack's words, without its ``-> claim``."""
    goal = str(card.get("goal", "")).replace("-> claim", "").strip()
    return escape(" ".join(goal.split()))


def _rays(rays: list[str]) -> str:
    return ", ".join(ray_markup(r) for r in sorted(rays)) or "none"


def _privileges(content: Any, view: State, p: Mapping[str, Any]) -> str:
    names = []
    for pid, gained in p["privileges"].items():
        later = "" if view["actions"] > gained else " (usable from your next action)"
        names.append(card_name(content, "privileges", pid) + later)
    return ", ".join(names) or "none"


def _points(p: Mapping[str, Any], kind: str) -> str:
    parts = [f"{source} {n}" for source, n in p["points"][kind].items() if n]
    return f" ({', '.join(parts)})" if parts else ""


def own_panel(content: Any, view: State, seat: int) -> str:
    """The seat's own mat: AP, cores, rays, flares, secret laurels, privileges, god."""
    p = view["players"][seat]
    turn: Mapping[str, Any] = view.get("turn_state") or {}
    where = "first turn: place your marker anywhere" if turn.get("first") else ""
    lines = [
        f"[bold {_colour(seat)}]You: seat {seat}[/] · {counted(p['night'], 'night point')}"
        + _points(p, "night"),
        f"[bold]{p['ap']} AP[/] now · {p['saved']} saved for your next turn"
        + _waiting(p)
        + (f" · {where}" if where else ""),
    ]
    cores = [core_line(content, c) for c in p["cores"]]
    if p["starter"]:
        cores.insert(0, core_line(content, p["starter"]) + " (starter)")
    lines.append("cores held:" + ("".join(f"\n  {c}" for c in cores) or " none"))
    lines.append(f"rays held: {_rays(p['rays'])}")
    lines.append("flares in hand:" + (_flares(content, p["flares"]) or " none"))
    if p["used_flares"]:
        used = ", ".join(card_name(content, "flares", f) for f in p["used_flares"])
        lines.append(f"flares used (face down): {used}")
    lines.append("[bold]your laurels[/] (secret: only you see them):")
    met = p.get("laurels_met") if isinstance(p.get("laurels_met"), list) else None
    for laurel in p["laurels"]:
        card = content.cards.get("laurels", {}).get(laurel) or {}
        done = " [green]met[/]" if met is not None and laurel in met else ""
        worth = counted(card.get("points", "?"), "day point")
        lines.append(
            f"  {card_name(content, 'laurels', laurel)} ({worth}): {goal_text(card)}{done}"
        )
    lines.append(f"privileges: {_privileges(content, view, p)}")
    magnitudes = ", ".join(map(str, sorted(p["magnitudes"]))) or "none"
    aspects = ", ".join(escape(aspect_words(content, a)) for a in p["aspects"]) or "none"
    lines.append(f"magnitudes recorded: {magnitudes} · aspects recorded: {aspects}")
    lines.append(f"stars on the board: {_stars(p)}")
    lines += _god_lines(content, view, p)
    return "\n".join(lines)


def _stars(p: Mapping[str, Any]) -> str:
    """The slots a seat's stars are in: its markers on the sky board, not every star it
    launched (003 "Your Last Turn": a slotless final star places no marker)."""
    return ", ".join(p["stars"]) or "none"


def _waiting(p: Mapping[str, Any]) -> str:
    """A player record's AP waiting for its next turn (SL155; the key only once some
    waited), in the viewer's words (:func:`public.waiting_words`)."""
    return waiting_words(int(p.get("ap_waiting", 0)))


def _flares(content: Any, flares: list[str]) -> str:
    return "".join(
        f"\n  {card_name(content, 'flares', f)} [dim]{flare_text(content, f)}[/]" for f in flares
    )


def _kept(view: State, p: Mapping[str, Any], god: str) -> str:
    """` [3 charges]` after a god that keeps counters (card state, issue 29): public."""
    text = kept_text(view, int(p["seat"]), god)
    return f" {escape(f'[{text}]')}" if text else ""


def _god_lines(content: Any, view: State, p: Mapping[str, Any]) -> list[str]:
    lines = []
    if p["god"] not in (None, "?"):
        card = content.cards.get("gods", {}).get(p["god"]) or {}
        words = escape(" ".join(str(card.get("notes") or card.get("effect") or "").split()))
        kept = _kept(view, p, p["god"])
        lines.append(f"your god: {card_name(content, 'gods', p['god'])}{kept} [dim]{words}[/]")
    elif isinstance(p["gods_dealt"], list) and p["gods_dealt"]:
        dealt = ", ".join(card_name(content, "gods", g) for g in p["gods_dealt"])
        lines.append(f"gods dealt to you (keep one): {dealt}")
    return lines


def _colour(seat: int) -> str:
    from whitedwarf.tools.render.colours import owner_colour

    return owner_colour(seat)


def _count(value: Any) -> int:
    return value if isinstance(value, int) else len(value)


def others_panel(content: Any, view: State, seat: int, kinds: list[str]) -> str:
    """Every other seat's public information, then the Accolades."""
    blocks = []
    for p in view["players"]:
        if p["seat"] == seat:
            continue
        blocks.append(_other(content, view, p, kinds))
    blocks.append(accolades_text(content, view))
    return "\n".join(blocks)


def _other(content: Any, view: State, p: Mapping[str, Any], kinds: list[str]) -> str:
    kind = kinds[p["seat"]] if p["seat"] < len(kinds) else p["kind"]
    night = counted(p["night"], "night point")
    head = f"{seat_mark(p['seat'])} [bold]seat {p['seat']}[/] ({kind}) · {night}"
    if p["kind"] == "starbot":
        return f"{head}\n  stars on the board: {_stars(p)}"
    cores = [card_name(content, "cores", c) for c in p["cores"]]
    if p["starter"]:
        cores.insert(0, card_name(content, "starters", p["starter"]))
    god = p["god"]
    god_text = "kept, secret until all have kept" if god == "?" else god
    lines = [
        head,
        f"  AP {p['ap']} · saved {p['saved']}{_waiting(p)} · cores: {', '.join(cores) or 'none'}",
        f"  rays: {_rays(p['rays'])}",
        f"  flares in hand: {_count(p['flares'])} · laurels: {_count(p['laurels'])} (secret)",
        f"  privileges: {_privileges(content, view, p)}",
        f"  stars on the board: {_stars(p)}",
    ]
    if god is not None:
        kept = _kept(view, p, god) if god != "?" else ""
        lines.append(f"  god: {card_name(content, 'gods', god_text)}{kept}")
    return "\n".join(lines)


def accolades_text(content: Any, view: State) -> str:
    """The five Accolades: goal, day points, who claimed it, the Starbots' markers."""
    lines = ["[bold]Accolades[/] (the first to meet a goal claims it)"]
    for accolade in view["accolades"]:
        card = content.cards.get("accolades", {}).get(accolade["id"]) or {}
        owner = accolade.get("owner")
        claim = f"claimed by {seat_mark(owner)}" if owner is not None else "open"
        marks = accolade.get("marks") or {}
        bots = ", ".join(
            f"{seat_mark(int(s))} {n}/{STARBOT_MARKS_TO_WIN}" for s, n in marks.items()
        )
        lines.append(
            f"  {card_name(content, 'accolades', accolade['id'])} ({card.get('points', '?')} day"
            f" points): {goal_text(card)} · {claim}"
            + (f" · Starbot markers: {bots}" if bots else "")
        )
    return "\n".join(lines)
