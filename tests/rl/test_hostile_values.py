"""What a stranger's training script may pass the PettingZoo environment by mistake: an
action that is not a whole number, a seed play does not take, a pack that is not a name or
a folder. Each is a ValueError saying what it is, never an action read as another (1.5 was
action 1, True action 1) nor an OverflowError about index sizes (docs/rules-decisions.md
E191)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from ruamel.yaml import YAML

pytest.importorskip("pettingzoo")

from whitedwarf import rl
from whitedwarf.rl.aec import IllegalAction

from tests.engine.test_limits import BASE_DIR, LOOP


@pytest.fixture(scope="module", params=["lastlight", "starlight"])
def env(request: pytest.FixtureRequest) -> Any:
    made = rl.env(pack=request.param, players=2)
    made.reset(seed=1)
    return made


@pytest.mark.parametrize("action", [1.5, float("nan"), True, "3", None, [0]])
def test_an_action_that_is_not_a_whole_number_is_refused(env: Any, action: Any) -> None:
    env.reset(seed=1)
    with pytest.raises(IllegalAction, match=r"an action is a whole number \(int or a NumPy"):
        env.step(action)


def test_a_numpy_whole_number_is_an_action(env: Any) -> None:
    env.reset(seed=1)
    legal = np.flatnonzero(env.last()[0]["action_mask"])
    env.step(np.int64(legal[0]))
    env.step(np.int32(np.flatnonzero(env.last()[0]["action_mask"])[0]))


@pytest.mark.parametrize(
    ("seed", "said"),
    [
        ("x", "seed is a whole number (int or a NumPy integer), not 'x'"),
        (2.0, "seed is a whole number (int or a NumPy integer), not 2.0"),
        (2**70, "seed is 1180591620717411303424, outside the seeds play takes"),
    ],
)
def test_a_seed_play_does_not_take_is_refused(env: Any, seed: Any, said: str) -> None:
    with pytest.raises(ValueError) as refused:
        env.reset(seed=seed)
    assert str(refused.value).startswith(said)


def test_a_numpy_seed_plays_the_game_of_that_seed(env: Any) -> None:
    env.reset(seed=np.int64(7))
    first = env.last()[0]["observation"].copy()
    env.reset(seed=7)
    assert (env.last()[0]["observation"] == first).all()


@pytest.mark.parametrize("pack", [None, 5, ["lastlight"]])
def test_a_pack_that_is_no_name_nor_folder_is_a_pack_error(pack: Any) -> None:
    with pytest.raises(rl.PackError, match=r"pack is a bundled pack's name .* or a folder"):
        rl.env(pack=pack, players=2)


def test_a_pack_name_too_long_for_the_file_system_is_a_pack_error() -> None:
    with pytest.raises(rl.PackError, match=r"no pack folder 'aaaa.*File name too long"):
        rl.env(pack="a" * 300, players=2)


@pytest.fixture(scope="module")
def loopy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The base pack with every faction's effect running away at Research (test_limits)."""
    pack = tmp_path_factory.mktemp("packs") / "loopy"
    shutil.copytree(BASE_DIR, pack)
    factions = YAML(typ="safe", pure=True).load((pack / "factions.yaml").read_text("utf-8"))
    for card in factions:
        card["effect"] = LOOP
    (pack / "factions.yaml").write_text(json.dumps(factions, indent=1), "utf-8")
    return pack


PLACED = r"\S*loopy/factions\.yaml:\d+:\d+: the effect of card '\w+' ran more than 10,000"


def test_a_runaway_card_stops_the_game_at_its_file_line_and_column(loopy: Path) -> None:
    # The engine's error reached the training script as `the effect of card 'zhur' ran more
    # than 10,000 steps`, without the place `whitedwarf play` gives it.
    made = rl.env(pack=str(loopy), players=4)
    made.reset(seed=1)
    rng = np.random.default_rng(0)
    with pytest.raises(rl.GameStopped) as stopped:
        for _ in made.agent_iter(5000):
            observation = made.last()[0]
            made.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert re.match(PLACED, str(stopped.value))
    assert type(stopped.value.error).__name__ == "EffectLimitReached"


def test_a_runaway_card_stops_an_openspiel_game_at_its_place(loopy: Path) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import whitedwarf.rl.openspiel  # noqa: F401  # registers the games

    game = pyspiel.load_game("python_whitedwarf_lastlight", {"players": 4, "pack": str(loopy)})
    state, rng = game.new_initial_state(), np.random.default_rng(0)
    with pytest.raises(rl.GameStopped, match=PLACED):
        for _ in range(20_000):
            if state.is_chance_node():
                state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
