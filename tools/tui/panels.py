"""The side panels of the terminal interface as Rich markup: your seat, and everyone's public info.

Both read a seat's view (``Game.observation``) only: the seat's own hand of techs and kept
cards, and for the other seats what :func:`public_players` keeps.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from whitedwarf.tools.render.public import card_name, listed, public_players
from whitedwarf.tools.render.svg import owner_colour

State = dict[str, Any]


def _res(res: dict[str, int]) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in listed(res).items())


def own_panel(view: State, seat: int) -> str:
    """The seat's own cards and resources."""
    me = view["players"][seat]
    colour = owner_colour(seat)
    lines = [
        f"[bold {colour}]You: seat {seat}[/] · faction {escape(str(me['faction'] or '(keeping)'))}"
        f" · [bold]{me['light']} light[/]",
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
        lines.append(f"  {escape(card_name(tech['ref']))} ({slot}){state}")
    if me.get("achievement") not in (None, "?"):
        lines.append(f"kept achievement (secret): {card_name(str(me['achievement']))}")
    lines.append(f"graveyard: {len(me['graveyard'])} · supply: {_res(me['supply'])}")
    return "\n".join(lines)


def others_panel(view: State, seat: int, kinds: list[str]) -> str:
    """Every other seat's public information, one block each."""
    blocks = []
    for p in public_players(view, seat):
        if p["seat"] == seat:
            continue
        colour = owner_colour(p["seat"])
        techs = ", ".join(f"{t['name']}{'*' if t['exhausted'] else ''}" for t in p["techs"])
        blocks.append(
            "\n".join(
                [
                    f"[bold {colour}]seat {p['seat']}[/] ({kinds[p['seat']]}) · "
                    f"{escape(p['faction'])} · [bold]{p['light']} light[/]",
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
