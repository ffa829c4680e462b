"""Starlight (seed 003): vocabulary, content, the rules of the rondel, launching, Starbots.

``GAME`` is what this package registers under the ``whitedwarf.games`` entry point group
(pyproject.toml), which is how the pack loader, ``validate``, ``doc`` and the schemas find it,
and how ``play``, ``replay`` and the other commands find its engine (``engine.py``).
"""

from whitedwarf.dsl.packs.games import GameDefinition

GAME = GameDefinition(
    name="starlight",
    registry="whitedwarf.interpreter.starlight.vocabulary:registry",
    content_spec="whitedwarf.interpreter.starlight.content_schema:content_spec",
    engine="whitedwarf.interpreter.starlight.engine:engine",
)
