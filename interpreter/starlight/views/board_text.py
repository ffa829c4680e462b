"""Starlight's board in a terminal: the score track, the rondel, the sky and the pools.

Drawn from one seat's view (``Game.observation``) and the pack's content (the rondel's
spaces, the sky's slots and links, the cards' names and plans), as Rich markup. 003 prints
the board only as pictures; this follows the designed layout (docs/rules-decisions.md SL2,
SL57-SL61): seven rondel spaces clockwise, six constellations of slots joined by links.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from whitedwarf.interpreter.starlight.records import State
from whitedwarf.tools.render.colours import owner_colour

SIZE_LETTER = {"small": "s", "medium": "m", "large": "L"}
TARGET = "◎"
#: Ray colours as the terminal draws them.
RAY_COLOURS = {"orange": "dark_orange", "purple": "magenta", "blue": "dodger_blue1"}
CELL = 10  # characters per slot of the sky, the separating space included

LEGEND = (
    "The sky: each slot is its number, its size (s small: magnitude 2-3, m medium: 4-5,\n"
    f"L large: 6-7, needs Launch Alpha Star), its night points, {TARGET} the target icon (a\n"
    "constellation's first star goes there), the letter of its privilege, and the seat whose\n"
    "star is in it (· empty). A later star goes to an empty slot linked to a filled one.\n"
    "The rondel: ● n is seat n's marker; each step clockwise costs 1 AP."
)


def seat_mark(seat: int) -> str:
    """Seat ``seat``'s marker in its colour."""
    return f"[{owner_colour(seat)}]●{seat}[/]"


def ray_markup(ray: str) -> str:
    """``green:long`` in green."""
    colour, _, size = ray.partition(":")
    return f"[{RAY_COLOURS.get(colour, colour)}]{colour} {size}[/]"


def card_name(content: Any, kind: str, card_id: object) -> str:
    """A card's printed name (its id when the pack has no such card)."""
    card = content.cards.get(kind, {}).get(str(card_id))
    return escape(str(card.get("name", card_id) if card else card_id))


def aspect_words(content: Any, aspect: object) -> str:
    """An aspect as its icon shows it: its name and the icon's colour (``Crown (gold icon)``),
    so that the pack's ``name`` and ``colour`` of an aspect reach the player."""
    card = content.cards.get("aspects", {}).get(str(aspect))
    if card is None:
        return str(aspect)
    colour = card.get("colour")
    name = str(card.get("name", aspect))
    return f"{name} ({colour} icon)" if colour else name


def privileges_help(content: Any) -> str:
    """The help page's privileges: each one's letter on the sky, its name and its text."""
    letters = privilege_letters(content)
    lines = [
        '[bold]Privileges[/] (a slot\'s letter; yours from your next action, 003 "Privileges"):'
    ]
    for pid, card in content.cards.get("privileges", {}).items():
        text = " ".join(str(card.get("text", "")).split())
        lines.append(f"  {letters[pid]} {card_name(content, 'privileges', pid)}: {escape(text)}")
    return "\n".join(lines)


def privilege_letters(content: Any) -> dict[str, str]:
    """Privilege id -> one letter of its name (the first letter or sign not yet taken)."""
    letters: dict[str, str] = {}
    for pid, card in content.cards.get("privileges", {}).items():
        name = str(card.get("name", pid))
        free = [c.upper() for c in name if c.isalnum() or c == "+"]
        letters[pid] = next((c for c in free if c not in letters.values()), "?")
    return letters


def core_plan(content: Any, core: str) -> str:
    """What a Core takes: ``long rays of orange, yellow, green, purple; aspect Crown (gold
    icon)``."""
    starter = content.cards.get("starters", {}).get(core)
    if starter is not None:
        ray = starter.get("ray") or {}
        return f"printed {ray.get('colour')} {ray.get('size')} ray; any other rays"
    card = content.cards.get("cores", {}).get(core) or {}
    pattern = {"equal": "as many long as short", "any": "any"}.get(
        str(card.get("pattern")), str(card.get("pattern"))
    )
    colours = ", ".join(card.get("colours") or []) or "any colour"
    aspect = aspect_words(content, card["aspect"]) if card.get("aspect") else "none"
    return f"{pattern} rays of {colours}; aspect {aspect}"


def core_line(content: Any, core: str) -> str:
    """A Core's name with its plan."""
    kind = "starters" if core in content.cards.get("starters", {}) else "cores"
    return f"{card_name(content, kind, core)} [dim]({escape(core_plan(content, core))})[/]"


def flare_text(content: Any, flare: str) -> str:
    """A Flare's two boxes: ``points: ... · boon: ...``."""
    card = content.cards.get("flares", {}).get(flare) or {}
    return escape(f"points: {card.get('points', '?')} · boon: {card.get('boon', '?')}")


def board(content: Any, view: State) -> str:
    """The whole board as Rich markup, from one seat's view."""
    lines = [_track(content, view), "", "[bold]The rondel[/] (clockwise)"]
    lines += _rondel(content, view)
    lines += ["", "[bold]The sky[/]"]
    lines += _sky(content, view)
    lines += ["", "[bold]The pools[/] (refilled at the end of each turn)"]
    lines += _pools(content, view)
    return "\n".join(lines)


def _track(content: Any, view: State) -> str:
    night = " · ".join(f"{seat_mark(p['seat'])} {p['night']}" for p in view["players"])
    at = view.get("daybreak_at", content.setup.get("daybreak", 65))
    if view.get("last_round"):
        dawn = f"daybreak came: round {view['last_round']} is the last"
    else:
        dawn = f"daybreak at {at}"
    return f"round {view['round']} · night points: {night} · {dawn}"


def space_action(content: Any, space: dict[str, Any]) -> str:
    """What a rondel space's action does and costs, in a few words (003 "Actions")."""
    setup = content.setup
    action = str(space.get("action"))
    if action == "gain_cores":  # 003 "Gain Cores": "Take up to 2 Cores ... for 1 each"
        return f"take up to {setup.get('cores_per_action', 2)} Cores, 1 AP each"
    if action in ("gain_long_rays", "gain_short_rays"):  # 003 "Gain Rays": "1 per ray"
        return f"take {action.split('_')[1]} rays, 1 AP each"
    if action == "launch":  # 003 "Launch": "It costs 1 to launch a star" (the space's name
        # says where to)
        return f"launch one star, {setup.get('launch_cost', 1)} AP"
    if action == "gain_flares":  # 003 "Gain Flares": "costs of 1, 2, 3, and 4"
        costs = "/".join(str(c) for c in setup.get("flare_costs", [1, 2, 3, 4]))
        return f"buy Flares, {costs} AP each"
    return words_of(action)


def words_of(identifier: str) -> str:
    """``gain_cores`` -> ``gain cores``."""
    return identifier.replace("_", " ")


def _rondel(content: Any, view: State) -> list[str]:
    """Each space: its number, the markers on it, its name and what its action does."""
    lines = []
    room = 3 * len(view["players"])
    for index, space in enumerate(content.spaces):
        marks = [p["seat"] for p in view["players"] if p["marker"] == index]
        here = " ".join(seat_mark(seat) for seat in marks)
        pad = " " * max(0, room - 3 * len(marks))
        name = escape(str(space.get("name", space.get("id"))))
        what = escape(space_action(content, space))
        lines.append(f" {index + 1} {here}{pad}{name} [dim]· {what}[/]")
    return lines


def _sky(content: Any, view: State) -> list[str]:
    letters = privilege_letters(content)
    lines = []
    for cid, slots in content.constellations.items():
        cells = [_slot_cell(content.slots[s], view["slots"].get(s), letters) for s in slots]
        label = escape(cid.capitalize()[:8])
        lines.append(f"{label:<8}" + "".join(cells))
        links = sorted({tuple(sorted((_num(s), _num(t)))) for s in slots
                        for t in content.slots[s].links})  # fmt: skip
        lines.append(f"{'':8}[dim]links {' '.join(f'{a}-{b}' for a, b in links)}[/]")
    names = " · ".join(
        f"{letter} {card_name(content, 'privileges', pid)}" for pid, letter in letters.items()
    )
    lines.append(f"[dim]privileges: {names}[/]")
    return lines


def _num(slot_id: str) -> str:
    return slot_id.rpartition("_")[2] or slot_id


def _slot_cell(slot: Any, owner: int | None, letters: dict[str, str]) -> str:
    target = TARGET if slot.target else " "
    privilege = letters.get(slot.privilege, " ") if slot.privilege else " "
    text = (
        f"{_num(slot.id)}{SIZE_LETTER.get(slot.size, '?')}{slot.night_points:>2}{target}{privilege}"
    )
    star = seat_mark(owner) if owner is not None else "· "
    width = len(text) + 2
    return f"{text}{star}" + " " * max(1, CELL - width)


def _pools(content: Any, view: State) -> list[str]:
    pools = view["pools"]
    lines = [" cores:"]
    lines += [f"   {core_line(content, c)}" for c in pools["cores"]] or ["   (empty)"]
    bags = view["bags"]
    for size in ("long", "short"):
        rays = "  ".join(ray_markup(r) for r in pools[size]) or "(empty)"
        lines.append(f" {size} rays: {rays} [dim](bag: {len(bags[size])})[/]")
    costs = content.setup.get("flare_costs", [1, 2, 3, 4])
    lines.append(f" flares [dim](deck: {view['flare_deck']})[/]:")
    for place, flare in enumerate(pools["flares"]):
        cost = costs[place] if place < len(costs) else "?"
        if flare is None:
            lines.append(f"   {cost} AP (empty)")
            continue
        name = card_name(content, "flares", flare)
        lines.append(f"   {cost} AP {name}: [dim]{flare_text(content, flare)}[/]")
    return lines
