"""The side panels of the terminal interface as Rich markup: your seat, and everyone's public info.

Both read a seat's view (``Game.observation``) only: the seat's own hand of techs and kept
cards, and for the other seats what :func:`public_players` keeps.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from whitedwarf.interpreter import card_uses
from whitedwarf.interpreter.card_state import kept_text
from whitedwarf.interpreter.lastlight.lasting import said
from whitedwarf.interpreter.lastlight.views.public import card_name, listed, public_players
from whitedwarf.interpreter.state import State
from whitedwarf.tools.render.colours import owner_colour


def _res(res: dict[str, int]) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in listed(res).items())


def own_panel(view: State, seat: int, goal: int | None = None) -> str:
    """The seat's own cards and resources, and the light that ends the game (``goal``, 000
    "Game End": "If any player has 20+ light, the game ends")."""
    me = view["players"][seat]
    colour = owner_colour(seat)
    to_win = f" (the game ends at {goal}+ light)" if goal is not None else ""
    faction_kept = _kept(view, seat, me["faction"]) if me["faction"] else ""
    lines = [
        f"[bold {colour}]You: seat {seat}[/] · {_faction(me)}{faction_kept}"
        f" · [bold]{me['light']} light[/]{to_win}",
        f"resources: {_res(me['res'])}",
        f"action cards in hand: {', '.join(me['hand']) or 'none'}",
        f"played (face up until Refresh): {', '.join(me['played']) or 'none'}",
    ]
    if me["choice"]:
        lines.append(f"your secret choice this round: {me['choice']}")
    hand = me["techs_hand"] if isinstance(me["techs_hand"], list) else []
    lines.append(f"techs in hand: {', '.join(card_name(t) for t in hand) or 'none'}")
    lines.append("techs in play (slot):")
    for tech in me["techs"]:
        state = " [dim](exhausted)[/]" if tech.get("exhausted") else ""
        slot = tech.get("ship_type") or "civilization"
        uses = _uses(view, tech["ref"])
        kept = _kept(view, seat, tech["ref"])
        lines.append(f"  {escape(card_name(tech['ref']))} ({slot}){state}{kept}{uses}")
    lines += _lasting(view, seat)
    achievement = me.get("achievement")
    if achievement in (None, "?") and len(me.get("achievements_dealt") or []) == 1:
        achievement = me["achievements_dealt"][0]  # kept during setup, not yet played out
    if achievement not in (None, "?"):
        lines.append(f"kept achievement (secret): {card_name(str(achievement))}")
    lines.append(f"graveyard: {len(me['graveyard'])} · supply: {_res(me['supply'])}")
    return "\n".join(lines)


def _uses(view: State, ref: str) -> str:
    """A limited card's uses this period (issue 29: `once per round`): ``(used 1 of 1 this
    round)``; empty for a card without a limit or not used yet."""
    found = [e for e in (view.get("card_uses") or {}).values() if e.get("card") == ref]
    return "".join(f" [dim]({escape(card_uses.shown(e))})[/]" for e in found)


def _lasting(view: State, seat: int) -> list[str]:
    """The seat's durations and one-shot discounts (issue 29), one line each."""
    lines = [
        f"  until the end of the {d['until']}: {escape(said(d['clause']))}"
        f" ({escape(card_name(d['card']))})"
        for d in view.get("durations") or ()
        if d.get("owner") == seat
    ]
    lines += [
        f"  {_until(d)}your next {d['thing']} costs {d['amount']} less"
        f" ({escape(card_name(d['card']))})"
        for d in view.get("next_costs") or ()
        if d.get("owner") == seat
    ]
    return ["lasting effects:", *lines] if lines else []


def _until(discount: dict[str, object]) -> str:
    """``until the end of the round: `` before a discount kept to a period's end."""
    return f"until the end of the {discount['until']}: " if discount.get("until") else ""


def _kept(view: State, seat: int, ref: str) -> str:
    """` [3 charges]` after a card that keeps counters or a choice (card state, issue 29)."""
    text = kept_text(view, seat, ref)
    return f" {escape(f'[{text}]')}" if text else ""


def _faction(me: dict[str, Any]) -> str:
    """The seat's faction: while setup goes on, the one it kept (revealed when everyone has
    kept, 000 "setup"), or that it is still to choose."""
    if me["faction"]:
        return f"faction {escape(str(me['faction']))}"
    dealt = me.get("factions_dealt") or []
    if len(dealt) == 1:
        return f"faction {escape(str(dealt[0]))} (kept; revealed when everyone has kept)"
    return "faction: choose one below"


def others_panel(view: State, seat: int, kinds: list[str]) -> str:
    """Every other seat's public information, one block each."""
    blocks = []
    for p in public_players(view, seat):
        if p["seat"] == seat:
            continue
        colour = owner_colour(p["seat"])
        techs = ", ".join(
            f"{t['name']}{'*' if t['exhausted'] else ''}" + (f" [{t['kept']}]" if t["kept"] else "")
            for t in p["techs"]
        )
        kept = f" [{p['faction_kept']}]" if p["faction_kept"] else ""
        blocks.append(
            "\n".join(
                [
                    f"[bold {colour}]seat {p['seat']}[/] ({kinds[p['seat']]}) · "
                    f"{escape(p['faction'] + kept)} · [bold]{p['light']} light[/]",
                    f"  resources: {_res(p['resources'])} · techs in hand: {p['techs_in_hand']}",
                    f"  played: {', '.join(p['played']) or 'none'}"
                    + (f" · {p['choice']}" if p["choice"] else ""),
                    f"  techs: {escape(techs) or 'none'}  (* exhausted)",
                    f"  graveyard: {p['graveyard']} · achievements: "
                    f"{', '.join(p['achievements_done']) or 'none'}",
                ]
            )
        )
    return "\n".join(blocks)
