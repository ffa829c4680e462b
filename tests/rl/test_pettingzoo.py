"""whitedwarf.rl's PettingZoo environments pass PettingZoo's own API, seed and max-cycles
tests for both games at 2-4 players and a mod pack, and show a seat only what it may see."""

from __future__ import annotations

import functools
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    render_test,
    seed_test,
)
from pettingzoo.utils.conversions import aec_to_parallel
from whitedwarf import rl
from whitedwarf.rl.aec import IllegalAction

MOD = Path(__file__).resolve().parent / "packs" / "rl_mod"
CASES = [
    *(("lastlight", n) for n in (2, 3, 4)),
    *(("starlight", n) for n in (2, 3, 4)),
    (str(MOD), 2),
]
IDS = [f"{Path(p).name}-{n}p" for p, n in CASES]


@functools.cache
def _made(pack: str, players: int) -> tuple[Any, Any]:
    """Load each pack once per run (the env is made from the loaded game)."""
    return rl.load(pack, players)


def make(pack: str, players: int, **kw: Any) -> Any:
    from whitedwarf.rl.aec import WhitedwarfEnv

    engine, game = _made(pack, players)
    kw.setdefault("raw_observation", False)
    return WhitedwarfEnv(engine, game, rl.spec_of(engine, game), **kw)


#: PettingZoo's api_test warns of any dict observation and any space not a Box or Discrete,
#: save for its own games on a list by name (chess_v6, connect_four_v3, go_v5, ...), which
#: use the very shape asked of a game with illegal moves: {"observation", "action_mask"}
#: (docs/rl.md "Observations"). It then tests the inner arrays as it does a plain array;
#: only those two by-name warnings are not ours to heed.
BY_NAME = (
    r"ignore:Observation is not a NumPy array:UserWarning",
    r"ignore:Observation space for each agent probably should be:UserWarning",
)


@pytest.mark.filterwarnings(*BY_NAME[:1])
@pytest.mark.filterwarnings(*BY_NAME[1:])
@pytest.mark.parametrize(("pack", "players"), CASES, ids=IDS)
def test_api(pack: str, players: int) -> None:
    api_test(make(pack, players, raw_observation=True), num_cycles=60)


@pytest.mark.parametrize(
    ("pack", "players"), CASES[:1] + CASES[3:4], ids=["lastlight", "starlight"]
)
def test_the_observation_is_pettingzoos_masked_dict_of_arrays(pack: str, players: int) -> None:
    """The shape PettingZoo's own masked games have: a Dict space of two Boxes, and each
    observation a dict of two NumPy arrays inside them (what the warning above is about)."""
    env = make(pack, players)
    env.reset(seed=3)
    agent = env.agent_selection
    space = env.observation_space(agent)
    assert set(space.spaces) == {"observation", "action_mask"}
    seen = env.observe(agent)
    assert isinstance(seen["observation"], np.ndarray) and seen["observation"].dtype == np.float32
    assert isinstance(seen["action_mask"], np.ndarray) and seen["action_mask"].any()
    assert space.contains(seen)


@pytest.mark.parametrize(("pack", "players"), CASES, ids=IDS)
def test_seed(pack: str, players: int) -> None:
    seed_test(lambda: make(pack, players), num_cycles=30)


@pytest.mark.parametrize(("pack", "players"), CASES, ids=IDS)
def test_max_cycles(pack: str, players: int) -> None:
    def env(max_cycles: int) -> Any:
        return make(pack, players, max_cycles=max_cycles, illegal="wait")

    module = SimpleNamespace(
        env=env, parallel_env=lambda max_cycles: aec_to_parallel(env(max_cycles))
    )
    max_cycles_test(module)


@pytest.mark.parametrize(("pack", "players"), CASES, ids=IDS)
def test_parallel_api(pack: str, players: int) -> None:
    """PettingZoo's own parallel test samples each action from the mask it was handed at the
    cycle's start (it raised IllegalAction before a cycle had one decision only)."""
    parallel_api_test(aec_to_parallel(make(pack, players, max_cycles=50)), num_cycles=100)


@pytest.mark.parametrize(("pack", "players"), CASES, ids=IDS)
def test_the_parallel_api_with_masked_actions_plays_a_game_to_its_end(
    pack: str, players: int
) -> None:
    """docs/rl.md: `max_cycles` for PettingZoo's parallel API. A parallel agent picks each
    seat's action from the mask handed out at the cycle's start; a seat the engine came to
    ask only later in that cycle (the next seat's secret action choice) was told `wait` but
    then asked to decide, and its `wait` raised IllegalAction ("action 0 (wait) is not legal
    for seat_1 now") on the first cycle."""
    par = aec_to_parallel(make(pack, players, max_cycles=5000))
    observations, _ = par.reset(seed=3)
    rng = np.random.default_rng(0)
    decided = 0
    while par.agents:
        actions = {
            agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
            for agent in par.agents
        }
        decided += sum(1 for a in actions.values() if a != 0)
        observations, rewards, terminations, truncations, infos = par.step(actions)
    assert decided > 50
    ended = terminations if any(terminations.values()) else truncations
    assert all(ended.values()) and set(ended) == set(par.possible_agents)
    assert "result" in next(iter(infos.values()))
    assert sum(rewards.values()) == pytest.approx(1.0)  # the win shares, at the end


def play(env: Any, seed: int) -> tuple[list[int], dict[str, float], Any]:
    """A whole masked-random game: the actions taken, each agent's total reward, the end."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken, totals = [], dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        assert action in info["options"]  # every legal action has its option's text
        taken.append(action)
        env.step(action)
    return taken, totals, env.game.result(env.state_)


def test_a_whole_game_rewards_the_win_share_and_a_seed_replays_it() -> None:
    env = make("lastlight", 2)
    taken, totals, result = play(env, 3)
    assert result is not None
    share = {f"seat_{s}": 1 / len(result["winners"]) for s in result["winners"]}
    assert totals == {a: share.get(a, 0.0) for a in env.possible_agents}
    again = make("lastlight", 2)
    assert play(again, 3)[0] == taken
    assert again.state_ == env.state_


def test_shaping_rewards_light_gained_along_the_way() -> None:
    env = make("lastlight", 2, shaping=1.0)
    env.reset(seed=5)
    rewards = []
    for _agent in env.agent_iter(max_iter=400):
        obs, reward, term, trunc, _ = env.last()
        rewards.append(reward)
        if term or trunc:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert any(r != 0 for r in rewards[:-2])


def test_the_round_limit_truncates() -> None:
    engine, base = _made("lastlight", 2)
    game = engine.game.from_content(base.content, 2, {"round_limit": 2})
    from whitedwarf.rl.aec import WhitedwarfEnv

    env = WhitedwarfEnv(engine, game, rl.spec_of(engine, game), raw_observation=False)
    play(env, 1)
    assert env.game.result(env.state_)["reason"] == "round limit"
    # every agent was truncated (and stepped out); none terminated
    env.reset(seed=1)
    ends = []
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            ends.append((term, trunc))
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert ends == [(False, True), (False, True)]


def test_an_illegal_action_is_refused_with_its_legal_ones() -> None:
    env = make("lastlight", 2)
    env.reset(seed=0)
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="is not legal for seat_"):
        env.step(illegal)


def test_render_draws_the_board() -> None:
    env = make("lastlight", 3, render_mode="svg")
    env.reset(seed=2)
    picture = env.render()
    assert picture.startswith("<svg") or "<svg" in picture[:200]


@pytest.mark.parametrize("pack", ["lastlight", "starlight"])
def test_pettingzoos_render_test(pack: str, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's render_test makes the env with render_mode="human" first: it was refused
    ("render_mode is one of ('svg', 'ansi'), not 'human'"). Human mode prints the lines."""
    render_test(lambda render_mode=None: make(pack, 2, render_mode=render_mode))
    env = make(pack, 2, render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert capsys.readouterr().out.startswith("round 1 (")


def test_the_ansi_render_says_each_seat_in_words() -> None:
    """`render_mode="ansi"` said "seat 0 (None): ..." before a faction was kept, and
    "1 techs in play", "1 stars"."""
    env = make("lastlight", 2, render_mode="ansi")
    env.reset(seed=1)
    assert env.render().splitlines() == [
        "round 1 (setup)",
        "seat 0 (no faction yet): 0 light, 0/0/0 resources, 0 techs in play",
        "seat 1 (no faction yet): 0 light, 0/0/0 resources, 0 techs in play",
    ]
    rng = np.random.default_rng(0)
    for _ in range(30):
        env.step(int(rng.choice(np.flatnonzero(env.last()[0]["action_mask"]))))
    assert "seat 0 (veyshan): 1 light, 3/0/0 resources, 1 tech in play" in env.render()
    star = make("starlight", 2, render_mode="ansi")
    star.reset(seed=1)
    assert "seat 0 (live): 0 night, 0 day, 0 stars, 2 AP" in star.render()


def test_a_mod_s_cards_get_action_indices() -> None:
    base, mod = make("lastlight", 2), make(str(MOD), 2)
    assert "faction:rl_corsairs" in mod.action_names
    assert "faction:rl_corsairs" not in base.action_names
    count = {f["family"]: f["count"] for f in base.action_layout}
    grown = {f["family"]: f["count"] for f in mod.action_layout}
    assert grown["faction"] == count["faction"] + 1
    # a faction card is also a card an effect may use or pick (yours or the other seat's)
    assert grown["use"] == count["use"] + 1 and grown["pick"] == count["pick"] + 2


def test_an_unknown_pack_is_one_clear_error() -> None:
    with pytest.raises(rl.PackError, match="no bundled pack 'nosuchpack'") as refused:
        rl.env("nosuchpack")
    assert "(the bundled packs: lastlight, starlight)" in str(refused.value)
    # a typo of a bundled pack's name is told which one was meant, as `play --pack` tells it
    with pytest.raises(rl.PackError, match="; did you mean `starlight`"):
        rl.env("starlite")
    with pytest.raises(rl.PackError, match="2 to 4 players, not 5"):
        rl.env("lastlight", players=5)


@pytest.mark.parametrize(
    ("pack", "players", "said"),
    [("starlight", True, "1 to 5 players, not True"), ("lastlight", "3", "not '3'"),
     ("lastlight", 2.5, "2 to 4 players, not 2.5")],
)  # fmt: skip
def test_a_player_count_that_is_not_a_whole_number_is_refused(
    pack: str, players: Any, said: str
) -> None:
    """True seated one Starlight player, "3" failed with a TypeError, 2.5 reached Last
    Light's setup and failed there."""
    with pytest.raises(rl.PackError, match=said):
        rl.load(pack, players)


@pytest.mark.parametrize(
    ("setting", "said"),
    [({"max_cycles": -1}, "max_cycles is None or a whole number from 1, not -1"),
     ({"max_cycles": 0}, "not 0"), ({"max_cycles": 2.5}, "not 2.5"),
     ({"shaping": float("nan")}, "shaping is a finite number, not nan"),
     ({"shaping": float("inf")}, "not inf"), ({"shaping": "1"}, "not '1'")],
)  # fmt: skip
def test_a_cycle_limit_or_a_shaping_out_of_bounds_is_refused(
    setting: dict[str, Any], said: str
) -> None:
    """max_cycles=-1 truncated every game at its first step; shaping=nan made every reward
    NaN; both were taken without a word."""
    with pytest.raises(ValueError, match=said):
        make("lastlight", 2, **setting)


# -- only what the seat may see ---------------------------------------------------------------


def _midgame(pack: str, players: int, decisions: int) -> tuple[Any, Any, dict[str, Any]]:
    engine, game = _made(pack, players)
    spec = rl.spec_of(engine, game)
    from whitedwarf.interpreter.bots import make_bot

    state = game.new_state(11)
    bots = [make_bot("random", 11, s) for s in range(players)]
    for _ in range(decisions):
        seat = game.current_players(state)[0]
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
    return game, spec, state


def test_lastlight_observation_ignores_what_the_seat_cannot_see() -> None:
    game, spec, state = _midgame("lastlight", 3, 120)
    before = spec.observe(state, 0)
    hidden = game.clone(state)
    # Another seat's techs in hand (same count, other cards), its kept achievement, the deck's
    # order, the face-down tokens and the generator: all hidden from seat 0 (persist.py).
    other = hidden["players"][1]
    other["techs_hand"] = [ref + "x" for ref in other["techs_hand"]]
    other["achievement"] = "some_other_achievement"
    hidden["deck"] = list(reversed(hidden["deck"]))
    hidden["rng"] = 12345
    for sector in hidden["sectors"].values():
        if sector["token"] and not sector["revealed"]:
            sector["token"] = "another_token#1"
    game.edited(hidden)
    assert np.array_equal(spec.observe(hidden, 0), before)
    # ... while what seat 0 may see changes it
    hidden["players"][1]["light"] += 1
    game.edited(hidden)
    assert not np.array_equal(spec.observe(hidden, 0), before)


@pytest.mark.parametrize("players", [2, 4])
def test_lastlight_vector_of_the_state_is_that_of_the_seat_s_observation(players: int) -> None:
    """The encoder reads the state itself (for speed) but only as Game.observation shows it:
    at every decision of a game, each seat's vector equals the one of its observation."""
    from whitedwarf.interpreter.bots import make_bot

    engine, game = _made("lastlight", players)
    spec = rl.spec_of(engine, game)
    state = game.new_state(4)
    bots = [make_bot("random", 4, s) for s in range(players)]
    while not game.is_terminal(state):
        for seat in range(players):
            asked = seat in game.current_players(state)
            view = game.observation(state, seat)
            assert np.array_equal(spec.observe(state, seat), spec.encode(view, seat, asked))
        seat = game.current_players(state)[0]
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))


def test_starlight_observation_ignores_what_the_seat_cannot_see() -> None:
    game, spec, state = _midgame("starlight", 3, 150)
    before = spec.observe(state, 0)
    hidden = game.clone(state)
    other = hidden["players"][1]
    other["laurels"] = (
        [*list(reversed(other["laurels"]))[:-1], "another_laurel"] if other["laurels"] else []
    )
    other["flares"] = ["another_flare"] * len(other["flares"])
    hidden["core_deck"] = list(reversed(hidden["core_deck"]))
    hidden["flare_deck"] = list(reversed(hidden["flare_deck"]))
    hidden["rng"] = 999
    assert np.array_equal(spec.observe(hidden, 0), before)
    hidden["players"][1]["night"] += 3
    assert not np.array_equal(spec.observe(hidden, 0), before)


def test_a_long_choose_one_gets_an_action_per_option(tmp_path: Path) -> None:
    """A mod's `choose one:` of nine options gets nine `branch:` actions (the space numbers
    eight unless a pack's longest choice needs more)."""
    mod = tmp_path / "longchoice"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: longchoice\nname: Long choice\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '*'}\n"
    )
    options = " or ".join(["gain 1 common", "gain 1 uncommon", "gain 1 rare"] * 3)
    (mod / "factions.yaml").write_text(
        "- id: korrundi\n  name: Korrundi\n  three_plus: false\n  source: invented\n"
        f'  effect: "when resources_mined -> choose one: {options}"\n  replace: true\n'
        "  allow: [W0901]\n"
    )
    env = rl.env(mod, players=2)
    count = {f["family"]: f["count"] for f in env.action_layout}
    assert count["branch"] == 9
    assert "branch:8" in env.action_names


def test_two_environments_of_one_pack_outlive_each_other() -> None:
    import gc

    kept = rl.env("lastlight", players=3)
    dropped = rl.env("lastlight", players=3)
    del dropped
    gc.collect()
    kept.reset(seed=1)  # its content's tables are still found
    assert kept.agent_selection in kept.possible_agents


def test_starlight_with_gods_plays_to_its_end() -> None:
    """Every option of a game with gods (their choice at setup, their powers) has an action."""
    env = rl.env("starlight", players=3, gods=True)
    taken, totals, result = play(env, 2)
    assert any(env.action_names[a].startswith("god:") for a in taken)
    assert result is not None and sum(totals.values()) == pytest.approx(1.0)


def test_lastlight_ships_block_holds_the_ships_only() -> None:
    """Each block is the layout's: the seats' numbers end where the ships begin (a seat's
    techs in play once spilled into the ships block: a warp drive read as a small ship)."""
    from whitedwarf.interpreter.bots import make_bot
    from whitedwarf.interpreter.lastlight.state import LUMOS, SIZES

    players = 4
    engine, game = _made("lastlight", players)
    spec = rl.spec_of(engine, game)
    first = spec.layout.offset["ships"]
    nsec = len(spec.sectors)
    state = game.new_state(4)
    bots = [make_bot("random", 4, s) for s in range(players)]
    while not game.is_terminal(state):
        for seat in range(players):
            want = np.zeros((players + 1) * len(SIZES) * nsec, dtype=np.float32)
            for ship in state["ships"].values():
                owner = players if ship["owner"] == LUMOS else (ship["owner"] - seat) % players
                size = SIZES.index(ship["size"])
                want[(owner * len(SIZES) + size) * nsec + spec.sectors.index(ship["sector"])] += 1
            got = spec.observe(state, seat)[first : first + len(want)]
            assert np.allclose(got * 3, want)
        seat = game.current_players(state)[0]
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))


@pytest.mark.parametrize(("players", "gods"), [(2, False), (4, False), (3, True)])
def test_starlight_vector_of_the_state_is_that_of_the_seat_s_observation(
    players: int, gods: bool
) -> None:
    """Starlight's encoder reads the state itself (no copy of it a step) but only as
    Game.observation shows it: each seat's vector equals its observation's at every decision
    of a whole game (with gods: another seat's god stays hidden while gods are chosen)."""
    from whitedwarf.interpreter.bots import make_bot

    engine, base = _made("starlight", players)
    game = engine.game.from_content(base.content, players, {"gods": gods}) if gods else base
    spec = rl.spec_of(engine, game)
    state = game.new_state(6)
    bots = [make_bot("random", 6, s) for s in range(players)]
    while not game.is_terminal(state):
        for seat in range(players):
            asked = seat in game.current_players(state)
            view = game.observation(state, seat)
            assert np.array_equal(spec.observe(state, seat), spec.encode(view, seat, asked))
        seat = game.current_players(state)[0]
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))


@pytest.mark.parametrize("players", [2, 4])
def test_every_option_s_action_is_the_one_its_name_numbers(players: int) -> None:
    """The environment numbers an option without naming it where it can (a move by its
    ship's owner, size and sector, an id naming nothing by a table): at every decision of a
    game, each option's action is the one its name has in ``action_names``."""
    env = make("lastlight", players)
    env.reset(seed=8)
    spec, names = env.spec, env.action_names
    rng = np.random.default_rng(8)
    moves = 0
    for _agent in env.agent_iter():
        _, _, term, trunc, info = env.last(observe=False)
        if term or trunc:
            env.step(None)
            continue
        seat, options = env._asked
        for option in options:
            k = spec.index(env.state_, seat, option.id)
            assert names[k] == spec.name(env.state_, seat, option.id), option.id
            moves += option.id.startswith("move:")
        for k, option in env._legal.items():  # the mask's actions, as the environment numbers
            assert names[k] == spec.name(env.state_, seat, option.id), option.id
        firsts: dict[int, Any] = {}  # each action names the engine's first option for it
        for option in options:
            firsts.setdefault(spec.index(env.state_, seat, option.id), option)
        assert list(env._legal.items()) == list(firsts.items())
        env.step(int(rng.choice(list(info["options"]))))
    assert moves > 100


@pytest.mark.parametrize(
    ("pack", "players"), [("lastlight", 2), ("lastlight", 4), ("starlight", 3)]
)
def test_the_env_s_observations_are_the_reference_s_game_after_game(
    pack: str, players: int
) -> None:
    """The environment keeps each seat's vector between its observations and writes only
    what changed: what an agent gets at every step of two seeded games in a row (the second
    after a reset, one env, one encoder) equals the reference encoding of the seat's
    ``Game.observation``, the mask has a 1 exactly at the legal actions, and the info
    gives each its first option's text."""
    env = make(pack, players)
    spec, game = env.spec, env.game
    steps = 0
    for seed in (3, 4):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            seat = env._seat[agent]
            view = game.observation(env.state_, seat)
            assert np.array_equal(obs["observation"], spec.encode(view, seat, True))
            assert obs["observation"].dtype == np.float32
            assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(info["options"])
            texts: dict[int, str] = {}  # each action's text: its first option's
            for option in game.legal_options(env.state_, seat):
                texts.setdefault(spec.index(env.state_, seat, option.id), option.text)
            assert info["options"] == texts
            kept = obs["observation"].copy()
            env.step(int(rng.choice(list(info["options"]))))
            assert np.array_equal(obs["observation"], kept)  # the agent's copy is its own
            steps += 1
    assert steps > 300


def test_starlight_vector_sees_an_edit_of_one_part_alone() -> None:
    """Starlight's encoder keeps each part of a seat's vector until what it read changes:
    an edit in place of one part alone (a seat's privileges, a pool, its own laurels, its AP
    alone, its stars, its rays, its god) shows in the next observation of every seat, as the
    reference encodes it."""
    game, spec, state = _midgame("starlight", 3, 150)
    edits = [
        lambda s: s["players"][1]["privileges"].update({spec.privileges[0]: 1}),
        lambda s: s["players"][1]["privileges"].clear(),
        lambda s: s["pools"]["long"].append(s["pools"]["long"][0]),
        lambda s: s["bags"]["short"].pop(),
        lambda s: s["players"][0]["laurels"].append(spec.laurels[0]),
        lambda s: s["players"][2]["aspects"].append("no_such_aspect"),
        # one part of a row alone: a scalar, a list shown by its size, a list of cards held
        lambda s: s["players"][1].update(ap=s["players"][1]["ap"] + 1),
        lambda s: s["players"][2]["stars"].append("another_star"),
        lambda s: s["players"][2]["rays"].append(s["players"][2]["rays"][0]),
        lambda s: s["players"][0]["rays"].clear(),
        # a god kept, then another: shown to every seat once all have one (gods hidden
        # while the gods phase lasts, persist.observation)
        lambda s: s["players"][1].update(god=spec.gods[0]),
        lambda s: s["players"][1].update(god=spec.gods[-1]),
        lambda s: s["players"][1].update(god=None),
    ]
    for edit in edits:
        for seat in range(3):
            spec.observe(state, seat)  # each seat's vector kept
        edit(state)
        for seat in range(3):
            view = game.observation(state, seat)
            asked = seat in game.current_players(state)
            assert np.array_equal(spec.observe(state, seat), spec.encode(view, seat, asked))


def test_a_mod_with_errors_names_each_where_it_is(tmp_path: Path) -> None:
    """A researcher opening a broken mod is told the file and line, as `validate` tells
    them, not the bare messages; a folder that is not there is said to be missing."""
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        'id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: "*"}\n'
    )
    (mod / "techs.yaml").write_text("- {id: warp_drivve, remove: true}\n")
    with pytest.raises(rl.PackError) as refused:
        rl.env(str(mod))
    said = str(refused.value)
    assert f"the pack {str(mod)!r} has errors: " in said
    assert "techs.yaml:1:8: error[E0802]: cannot remove `warp_drivve`" in said
    assert f"`whitedwarf validate {mod}` shows each with its fix" in said
    with pytest.raises(rl.PackError, match=r"no pack folder '.*gone': it does not exist"):
        rl.env(str(tmp_path / "gone"))


def test_a_keep_question_of_an_effect_is_an_action(tmp_path: Path) -> None:
    """`keep N tech from M` (the bundled War Memorial; here a mod's faction at every
    round's start) asks which tech to keep: the action space had no `keep:` names, so the
    environment raised UnmappedOption in the middle of docs/examples/train_masked_policy.py."""
    mod = tmp_path / "keepmod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        'id: keepmod\nname: Keepmod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: "*"}\n'
        "allow: [W0902]\n"
    )
    (mod / "factions.yaml").write_text(
        "- {id: keeper, name: Keeper, three_plus: false, source: invented,\n"
        "   text: Keep 1 tech from 2., allow: [W0430],\n"
        "   effect: 'when round_start -> keep 1 tech from 2'}\n"
    )
    env = rl.env(str(mod), players=2, factions="keeper,hexan")
    env.reset(seed=1)
    for _ in range(200):
        observation, _, _, _, info = env.last()
        names = [env.action_names[i] for i in info["options"]]
        if any(name.startswith("keep:") for name in names):
            break
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    else:
        raise AssertionError("no keep question in 200 steps")
    assert all(name.startswith("keep:") for name in names), names
    assert all(text.startswith("keep ") for text in info["options"].values())
    env.step(next(iter(info["options"])))  # kept: the game goes on
