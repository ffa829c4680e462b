"""A word of another installed game's vocabulary written in a pack of this one.

A designer working on both games copies a card across: `when star_launched ->` in a Last
Light faction was told "unknown hook; `whitedwarf doc` lists all 52 hooks", which does not
say the word is right, only in the other game. The help line says which game has it.
"""

from __future__ import annotations

from whitedwarf.dsl.registry import Registry

#: The kind words of the checker's hints -> the registry section holding those words, and
#: the word in the singular.
_SECTIONS = {
    "hooks": ("hooks", "hook"),
    "verbs": ("verbs", "verb"),
    "stats": ("stats", "stat"),
    "abilities": ("flags", "ability"),
    "values": ("values", "value"),
}


def other_games_word(registry: Registry, word: str, kind: str) -> str | None:
    """Which other installed game has ``word``, unknown in ``registry``'s game, as a word
    of this ``kind`` (the start of a help line); None when none has."""
    found = _SECTIONS.get(kind)
    if found is None:
        return None
    section, singular = found
    # Imported here: the packs' game table imports the checker's modules.
    from whitedwarf.dsl.packs.games import game_registry, installed_games

    for game in sorted(installed_games()):
        if game != registry.game and word in getattr(game_registry(game), section):
            return (
                f"`{word}` is a {singular} of {game}, not of {registry.game}, the game this "
                "pack plays (`game:` in pack.yaml)"
            )
    return None
