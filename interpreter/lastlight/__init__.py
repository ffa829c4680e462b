"""Last Light: vocabulary, board, rules of each action, combat and setup.

``GAME`` is what this package registers under the ``whitedwarf.games`` entry point group
(pyproject.toml), which is how the pack loader, ``validate``, ``doc`` and the schemas find it,
and how ``play``, ``replay`` and the other commands find its engine (``engine.py``).
"""

from whitedwarf.dsl.packs.games import GameDefinition

GAME = GameDefinition(
    name="lastlight",
    registry="whitedwarf.interpreter.lastlight.vocabulary:registry",
    content_spec="whitedwarf.interpreter.lastlight.content_schema:content_spec",
    engine="whitedwarf.interpreter.lastlight.engine:engine",
)
