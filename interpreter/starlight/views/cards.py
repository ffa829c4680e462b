"""The printed faces of Starlight's cards: what ``whitedwarf cards`` lays out (``GameEngine
.card_book``).

Cards with effects (flares, laurels, accolades, gods) print the text written from their
effects in the vocabulary's own words (each entry's ``text`` in ``vocabulary.py``, through
``dsl/render.py``), so what is printed is what the engine does; a flare prints its two boxes,
"Flare points" (blue) and "Flare boon" (green), as one text (``dsl/packs/card_text.py``).
Cards that are data (cores, starter cores, Starbot cards) print sentences written here from
their fields, in the words of 003: a core's plan ("Star Plans": its colour scheme and ray
pattern) and aspect ("Launching a Star, step by step" 8), a Starbot card's action, night
points and accolade place ("Starbot Play").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from whitedwarf.dsl.registry import Registry
    from whitedwarf.tools.card_sheets import CardBook, PrintedCard

Card = dict[str, Any]

#: The card files printed, in the order of 003 "Components".
PRINTED_FILES = ("gods", "flares", "laurels", "accolades", "cores", "starters", "starbots")

#: The colour of each face's name band: a flare is printed blue and green (003 "Flares": the
#: blue box, the green box); the others are designed (SL46).
KIND_COLOURS = {
    "god": "#7a4fa0",
    "flare": "#2f6db5",
    "laurel": "#3a9a4a",
    "accolade": "#b8860b",
    "core": "#27324a",
    "starter core": "#4a5a7a",
    "starbot": "#8a2b2b",
}
#: The colour of a face's points disc.
POINT_COLOURS = {"day points": "#d4a017", "night points": "#1d2446"}

#: 003 "Star Plans": how each ray pattern is said (``any`` is designed, SL63).
PATTERN_WORDS = {
    "long": "long rays only",
    "short": "short rays only",
    "equal": "as many long rays as short rays (with an odd number, one more of either)",
    "any": "rays of any size",
}


def card_book() -> CardBook:
    """Starlight's printed cards (``GameEngine.card_book``)."""
    from whitedwarf.tools.card_sheets import CardBook

    return CardBook(PRINTED_FILES, face, KIND_COLOURS, POINT_COLOURS)


def face(card: Card, file: str, registry: Registry, pack: str) -> PrintedCard:
    """The printed face of one card of ``file``."""
    from whitedwarf.tools.card_sheets import PrintedCard

    kind, text, points = _WRITERS[file](card, file, registry)
    name = str(card.get("name", card["id"]))
    return PrintedCard(pack, str(card["id"]), name, kind, points, text)


def effect_text(card: Card, file: str, registry: Registry) -> str:
    """The text of a card's effects, as ``whitedwarf text`` writes it."""
    from whitedwarf.dsl.packs.card_text import card_text
    from whitedwarf.dsl.packs.games import game_spec
    from whitedwarf.interpreter.starlight.vocabulary import GAME

    return card_text(card, game_spec(GAME).kinds[file], registry) or ""


def _god(card: Card, file: str, registry: Registry) -> tuple[str, str, dict[str, int]]:
    return "god", effect_text(card, file, registry), {}


def _flare(card: Card, file: str, registry: Registry) -> tuple[str, str, dict[str, int]]:
    # One paragraph a box: attached to a launch, or used for its boon, never both.
    text = effect_text(card, file, registry).replace(" Flare boon:", "\nFlare boon:")
    return "flare", text + "\nUse one box, never both.", {}


def _goal(card: Card, file: str, registry: Registry) -> tuple[str, str, dict[str, int]]:
    points = int(card.get("points", 0))
    kind = "laurel" if file == "laurels" else "accolade"
    when = (
        "Secret. Scored at the end of the game if the goal is met then."
        if kind == "laurel"
        else "The first player to meet the goal claims it."
    )
    worth = f"{points} day point{'s' if points != 1 else ''}."
    return kind, f"{effect_text(card, file, registry)}\n{when} {worth}", {"day points": points}


def core_plan(card: Card) -> str:
    """003 "Star Plans": a core's colour scheme and ray pattern, in words."""
    colours = [str(c) for c in card.get("colours", [])]
    scheme = (
        ", ".join(colours[:-1]) + f" or {colours[-1]}" if len(colours) > 1 else "".join(colours)
    )
    pattern = PATTERN_WORDS.get(str(card.get("pattern")), f"{card.get('pattern')} rays")
    return f"Plan: {scheme} rays; {pattern}. A star is 2 to 7 rays."


def _core(card: Card, file: str, registry: Registry) -> tuple[str, str, dict[str, int]]:
    del file, registry
    aspect = str(card.get("aspect", "")).replace("_", " ").capitalize()
    return "core", f"{core_plan(card)}\nAspect: {aspect}.", {}


def _starter(card: Card, file: str, registry: Registry) -> tuple[str, str, dict[str, int]]:
    del file, registry
    ray = card.get("ray") or {}
    printed = f"{ray.get('colour', '?')} {ray.get('size', '?')}"
    return (
        "starter core",
        f"Your starter core. Its printed {printed} ray counts as a ray of the star.\n"
        "Takes rays of any colour and size. No aspect.",
        {},
    )


def starbot_text(card: Card) -> str:
    """003 "Starbot Play": the card's action, its night points and its accolade place."""
    action = str(card.get("action", ""))
    if action == "refresh":
        said = "Refresh: shuffle the Starbot discards, this card too, back into the deck."
    else:
        said = f"Action: {action.replace('_', ' ').capitalize()}."
    points = int(card.get("night_points", 0))
    said += f"\nScore {points} night point{'s' if points != 1 else ''}."
    place = card.get("accolade")
    if place is not None:
        said += f"\nPut a marker on accolade {place}."
    return said


def _starbot(card: Card, file: str, registry: Registry) -> tuple[str, str, dict[str, int]]:
    del file, registry
    return "starbot", starbot_text(card), {"night points": int(card.get("night_points", 0))}


_WRITERS = {
    "gods": _god,
    "flares": _flare,
    "laurels": _goal,
    "accolades": _goal,
    "cores": _core,
    "starters": _starter,
    "starbots": _starbot,
}
