"""How a state finds its content's runtime tables (interpreter/lastlight/content.py).

The content object owns its runtime per player count; a state names it by id, looked up in
a directory of weak references, so nothing outlives the content it was built from.
"""

import copy
import gc
from dataclasses import replace

import pytest
from whitedwarf.interpreter.lastlight.content import GameContent, runtime
from whitedwarf.interpreter.lastlight.effects import card_effect
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.vocabulary import registry

from tests.base_content import base_content


def test_a_state_finds_the_runtime_its_content_owns():
    content = GameContent(base_content().files, "owned")
    game = Game.from_content(content, 3)
    state = game.new_state(1)
    assert runtime(state) is content.runtimes[3]


def test_each_loaded_content_has_its_own_memo_tables():
    first = GameContent(base_content().files, "memo")
    second = GameContent(base_content().files, "memo")
    tech = base_content().files["techs"][0]["id"]
    card_effect(first.runtime(2), tech)
    assert tech in first.runtimes[2].effects
    assert first.runtimes[2] is not second.runtime(2)
    assert not second.runtimes[2].effects


def test_a_runtime_goes_with_its_content():
    content = GameContent(base_content().files, "dropped")
    state = Game.from_content(content, 2).new_state(0)
    del content
    gc.collect()
    with pytest.raises(KeyError, match="is not loaded"):
        runtime(state)


def test_a_stat_the_pack_does_not_set_starts_at_the_registrys_default(monkeypatch):
    files = copy.deepcopy(base_content().files)
    del files["supply"]["rules"]["research_draw"]
    stat = registry().stats["research_draw"]
    monkeypatch.setitem(registry().stats, "research_draw", replace(stat, default=5))
    content = GameContent(files, "defaults")
    assert content.runtime(2).base_stats["research_draw"] == 5
    assert GameContent(base_content().files, "set").runtime(2).base_stats["research_draw"] == 3
