"""The base pack as the engine gets it: through the validating loader, once per test session.

Every engine test, the random-game suites and the recorded playthrough load content this
way (issue 7: one content path). The content is shared by the whole session: a test that
changes card data works on a copy (``GameContent(copy.deepcopy(base_content().files))``).
"""

from __future__ import annotations

from functools import cache

from whitedwarf.interpreter.lastlight.content import GameContent
from whitedwarf.interpreter.lastlight.packs import load_game_content


@cache
def base_content() -> GameContent:
    """The bundled base pack, loaded and validated once."""
    return load_game_content()
