"""Starlight's vocabulary is the one table of its words (DESIGN principle 1).

Every verb and value names the function that runs it, every such function is declared, every
stat has the default and the setup.yaml key the engine reads, and every card kind's file is a
file of the content spec.
"""

from __future__ import annotations

import inspect

import pytest
from whitedwarf.interpreter.starlight import values, verbs
from whitedwarf.interpreter.starlight.bindings import WORDS
from whitedwarf.interpreter.starlight.content_schema import content_spec
from whitedwarf.interpreter.starlight.vocabulary import registry

from tests.starlight.helpers import mini

REG = registry()


def test_every_declared_word_runs_a_function_and_every_function_is_declared() -> None:
    assert WORDS.problems(REG, ("verbs", "nouns", "filters", "values")) == []
    bound = {verb.run for verb in WORDS.verbs.values()} | set(WORDS.values.values())
    for module, prefix in ((verbs, "verb_"), (values, "value_")):
        short = module.__name__.rpartition(".")[2]
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ == module.__name__ and name.startswith(prefix):
                assert function in bound, f"{short}.{name} implements no declared word"


def test_every_stat_is_a_setup_number_with_a_default() -> None:
    setup = content_spec().kinds["setup"].schema["properties"]
    for name, stat in REG.stats.items():
        assert stat.default is not None and stat.setting == f"setup:{name}"
        assert name in setup
        assert mini().number(name) == stat.default  # the mini pack plays the printed numbers


def test_every_card_kind_lives_in_a_file_of_the_content_spec() -> None:
    kinds = content_spec().kinds
    for kind in REG.card_kinds.values():
        assert kind.file in kinds
    assert kinds["flares"].effect_fields() == [
        ("points", None, "flares"), ("boon", "flare_boon", "flares.boon")]  # fmt: skip


def test_every_value_reads_a_number_in_a_game() -> None:
    from tests.starlight.helpers import make_game, position

    game = make_game()
    state = position(game, stars=["hydrus_1", "hydrus_2"], rays=["red:long", "red:short"])
    for name in REG.values:
        assert isinstance(game.adapter.values[name](game, state, 0), int), name
    assert game.adapter.values["linked_stars"](game, state, 0) == 2


def test_each_verb_fires_the_hooks_it_declares(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starlight's hooks come from the turn and the launch (turns.py, launch.py, actions.py),
    and from a verb only where it declares so (``Verb.fires``: `flush` fires `pool_flushed`,
    issue 29), so W0403 and W0404 know every trigger that can fire itself: running each verb,
    every ray and core asked answered, fires exactly the hooks it declares."""
    from whitedwarf.interpreter.starlight import gods

    from tests.starlight.helpers import make_game, position

    game = make_game()
    state = position(game, ap=5)
    fired: list[str] = []
    monkeypatch.setattr(gods, "fire", lambda game, state, seat, hook, *a, **k: fired.append(hook))
    frame = {"card": "gods:test", "owner": 0, "clause": 0, "context": {"card": "test"}, "depth": 1}
    arguments = {
        "gain": [[[2, unit]] for unit in REG.verbs["gain"].params[0].types],
        "pay": [[[1, "ap"]]],
        "claim": [[]],
        # card state (issue 29): counters on the frame's card
        "put": [[[2, "charge"], "test"]],
        "remove": [[[1, "charge"], "test"]],
        "flush": [[pool] for pool in REG.verbs["flush"].params[0].words],
        "discard": [[[1, "core"]]],
        "steal": [[[1, "long_ray"], "1"], [[1, "short_ray"], "1"]],
    }
    assert set(arguments) == set(REG.verbs)
    for name, calls in arguments.items():
        verb = REG.verbs[name]
        declared = {fires.hook for fires in verb.fires}
        for args in calls:
            fired.clear()
            bound = WORDS.verbs[name]
            pending = bound.run(game, state, frame, *args)
            while isinstance(pending, dict):
                option = pending["options"][0][0]
                assert bound.resume is not None, f"{name} asks but has no resume"
                pending = bound.resume(game, state, frame, pending, option)
            assert set(fired) == declared, (name, args, fired)
