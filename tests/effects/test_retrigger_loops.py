"""W0403 says a card triggers itself until the trigger depth limit stops the game: each
example of tests/dsl/data/retrigger.effects reported W0403 does, in the engine.

Each card is put in play for seat 0, its hook fired once (with a ship of seat 0 for the
hooks that bring one), and every question its effect asks answered with the first option:
the chain must end at the depth limit with the error naming the card.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.interpreter.lastlight import hooks
from whitedwarf.interpreter.lastlight.game import EffectLimitReached
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.vm import EffectLimitError

from tests.effects.scenario import fresh, home, ship, tech

DATA = Path(__file__).parents[1] / "dsl" / "data" / "retrigger.effects"
HOOK = re.compile(r"^when (\w+)")


def certain_loops() -> list[Any]:
    """(card kind, effect) of every line the data file expects W0403 on."""
    out, kind = [], "faction"
    for number, line in enumerate(DATA.read_text(encoding="utf-8").split("\n"), start=1):
        if line == "---":
            kind = "faction"
        elif line.startswith("# kind:"):
            kind = line[7:].strip()
        elif "### W0403" in line:
            out.append(pytest.param(kind, line.partition("###")[0].strip(), id=f"line {number}"))
    return out


@pytest.mark.parametrize(("kind", "effect"), certain_loops())
def test_a_certain_loop_ends_at_the_depth_limit(kind: str, effect: str) -> None:
    game, state = fresh(players=2)
    hook = HOOK.match(effect)
    assert hook is not None
    slot = "small" if kind in ("ship_mod", "ship_ability") else None
    tech(state, 0, "looping", effect, kind="ship_mod" if slot else "civilization", slot=slot)
    state["players"][0]["res"].update(common=3, uncommon=3, rare=3)
    sid = ship(state, 0, "small", home(state, 0))
    provided = dict(registry().hooks[hook.group(1)].provides)
    context = {"ship": sid, "sector": home(state, 0)}
    # Light gained is heard at the check after a step (E141): the first check of a game
    # notes the light so far, so a position's check comes first and hears each gain after.
    hooks.check_achievements(state)
    # The machine's error, or the game's when it comes while a question is answered.
    with pytest.raises((EffectLimitError, EffectLimitReached)) as stopped:
        hooks.fire(state, hook.group(1), 0, {k: v for k, v in context.items() if k in provided})
        while state["frames"]:  # a question of the effect (which sector, which trade)
            game.apply(state, 0, game.legal_options(state, 0)[0].id)
    # light gained heard too deep is its own limit of the same depth (gains.py)
    limit = "heard" if hook.group(1) == "light_gained" else "depth"
    assert (stopped.value.card, stopped.value.limit) == ("looping", limit)
