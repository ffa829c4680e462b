"""Starlight gods designed in plain English first, then written from docs/dsl.md and
docs/reference-starlight.md alone: it validates, and scenarios prove it does what its
English says (docs/scenarios.md "Starlight")."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.starlight.scenario import (
    blank,
    choose,
    give,
    keep,
    new_game,
    options,
    put_marker,
    put_star,
    turn,
)

PACK = """\
id: heliamod
name: Heliamod
version: 0.1.0
game: starlight
depends:
  starlight: ">=1.0,<2"
"""

#: The god's `text` is its design in plain English, written before its effect.
GODS = """\
- id: helia
  name: Helia
  source: invented
  text: >-
    At the end of each of your turns, if you hold fewer than 2 rays, gain 1 short ray.
    Each time an opponent launches a star, gain 1 night point.
  effect: |
    when turn_end if rays_held < 2 -> gain 1 short_ray
    when an opponent launches a star -> gain 1 night_point
- id: thalassa
  name: Thalassa the Tidewatcher
  source: invented
  text: >-
    Each time you flush a pool, gain 1 long ray. Once per round, when an opponent flushes a
    pool, gain 1 AP.
  effect: |
    when pool_flushed -> gain 1 long_ray
    when an opponent flushes a pool, once per round -> gain 1 ap
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("design") / "heliamod"
    folder.mkdir()
    (folder / "pack.yaml").write_text(PACK, encoding="utf-8")
    (folder / "gods.yaml").write_text(GODS, encoding="utf-8")
    return folder


def test_helia_validates_clean(pack: Path) -> None:
    result = load_packs([pack])
    assert result.diagnostics == [] and result.pack is not None


@pytest.mark.parametrize(("rays", "gained"), [([], 1), (["red:long"], 1), (["red:long"] * 2, 0)])
def test_helia_gives_a_short_ray_at_her_turns_end_below_2_rays(
    pack: Path, rays: list[str], gained: int
) -> None:
    game = new_game(seats=("live", "live"), packs=[str(pack)], gods=True)
    state = blank(game)
    keep(game, state, 0, god="helia")
    if rays:
        give(game, state, 0, rays=rays)
    put_marker(game, state, 0, "gain_cores")
    put_marker(game, state, 1, "gain_cores")
    turn(game, state, 0)
    choose(game, state, "end")
    if gained:  # the keeper picks the short ray's colour from the pool
        picks = options(game, state)
        assert picks and all(p.startswith("ray:") and p.endswith(":short") for p in picks)
        choose(game, state, picks[0])
    held = state["players"][0]["rays"]
    assert len(held) == len(rays) + gained
    assert sum(1 for ray in held if ray.endswith(":short")) == gained


def test_helia_gives_a_night_point_when_an_opponent_launches(pack: Path) -> None:
    """003's Example of Play: Yellow launches into Hydrus; Helia's keeper (Red) hears it."""
    red, yellow, blue = 0, 1, 2
    game = new_game(seats=("live", "live", "live"), packs=[str(pack)], gods=True)
    state = blank(game)
    keep(game, state, red, god="helia")
    put_marker(game, state, red, "gain_cores")
    put_marker(game, state, blue, "gain_cores")
    put_star(game, state, blue, "hydrus_1")
    put_marker(game, state, yellow, "gain_cores")  # one step before the Launch
    give(game, state, yellow, cores=["achernar"], rays=["yellow:long"] * 3)
    state["players"][yellow]["magnitudes"] = [3]
    game.edited(state)
    before = [p["night"] for p in state["players"]]
    turn(game, state, yellow)
    choose(game, state, "step", "act", "core:achernar")
    choose(game, state, "ray:yellow:long", "ray:yellow:long", "ray:yellow:long", "ready")
    choose(game, state, "slot:hydrus_2")
    night = [p["night"] for p in state["players"]]
    assert night[red] == before[red] + 1 and night[blue] == before[blue]
    assert night[yellow] > before[yellow]  # the launch scored


def _flush(pack: Path, keeper: int) -> tuple[object, dict]:
    """Seat 0 on the space before a Gain action whose pool it may flush; ``keeper`` keeps
    Thalassa; seat 1 waits on Gain Cores."""
    game = new_game(seats=("live", "live"), packs=[str(pack)], gods=True)
    state = blank(game)
    keep(game, state, keeper, god="thalassa")
    put_marker(game, state, 0, "launch_aquila_hydrus")
    put_marker(game, state, 1, "gain_cores")
    turn(game, state, 0)
    choose(game, state, "step", "act", "flush")
    return game, state


def test_thalassa_gives_her_keeper_a_long_ray_for_a_flush(pack: Path) -> None:
    game, state = _flush(pack, keeper=0)
    picks = options(game, state)  # the long ray's colour, from the pool
    assert picks and all(p.startswith("ray:") and p.endswith(":long") for p in picks)
    choose(game, state, picks[0])
    assert state["players"][0]["rays"] == [picks[0].removeprefix("ray:")]


def _end_turn(game: object, state: dict) -> None:
    while game.current_players(state) == [0]:  # type: ignore[attr-defined]
        found = options(game, state)
        choose(game, state, next((o for o in ("done", "end") if o in found), found[0]))


def test_thalassa_gives_an_ap_once_a_round_for_an_opponents_flush_kept_for_her_turn(
    pack: Path,
) -> None:
    """The AP comes in seat 0's turn and is spent in seat 1's (SL155): 5 AP a turn, and 1
    more; a second flush in the round gives nothing more."""
    game, state = _flush(pack, keeper=1)
    assert state["players"][1].get("ap_waiting") == 1  # not spendable in seat 0's turn
    choose(game, state, "flush")  # the pool again: the use of the round is spent
    assert state["players"][1].get("ap_waiting") == 1
    _end_turn(game, state)
    assert game.current_players(state) == [1]  # type: ignore[attr-defined]
    assert state["players"][1]["ap"] == 5 + 1 and "ap_waiting" not in state["players"][1]


def test_without_thalassa_the_turn_brings_the_usual_ap(pack: Path) -> None:
    game = new_game(seats=("live", "live"), packs=[str(pack)], gods=True)
    state = blank(game)
    put_marker(game, state, 0, "launch_aquila_hydrus")
    put_marker(game, state, 1, "gain_cores")
    turn(game, state, 0)
    choose(game, state, "step", "act", "flush")
    _end_turn(game, state)
    assert state["players"][1]["ap"] == 5


def test_ap_waiting_for_the_next_turn_is_shown_on_the_mats(pack: Path) -> None:
    """The terminal shows the AP Thalassa's keeper gained in seat 0's turn (SL155), on her
    own mat and on the other seat's view of it."""
    from whitedwarf.interpreter.starlight.views.panels import others_panel, own_panel

    game, state = _flush(pack, keeper=1)
    content = game.content  # type: ignore[attr-defined]
    own = own_panel(content, game.observation(state, 1), 1)  # type: ignore[attr-defined]
    assert "1 gained for the next turn" in own
    other = others_panel(content, game.observation(state, 0), 0, ["live", "live"])  # type: ignore[attr-defined]
    assert "1 gained for the next turn" in other


def test_ap_waiting_is_in_the_public_view_and_the_rl_vector(pack: Path) -> None:
    """Thalassa's AP for seat 0's flush waits for seat 1's turn (SL155): public, so the
    picture's seat view and the RL vector of both seats show it (AP / 10, as the vector's AP),
    the fast encoder as the from-scratch one, and neither once seat 1's turn has taken it."""
    from whitedwarf.interpreter.starlight.rl.spec import StarlightSpec
    from whitedwarf.interpreter.starlight.rl.vector import NUMBERS
    from whitedwarf.interpreter.starlight.views.public import panel_lines, sky_view

    game = new_game(seats=("live", "live"), packs=[str(pack)], gods=True)
    state = blank(game)
    keep(game, state, 1, god="thalassa")
    put_marker(game, state, 0, "launch_aquila_hydrus")
    put_marker(game, state, 1, "gain_cores")
    turn(game, state, 0)
    spec = StarlightSpec(game)
    seats_at, width = spec.layout.offset["seats"], spec._width

    def seen(seat: int) -> list[float]:
        """Seat 1's AP and AP waiting as ``seat`` sees them, the fast vector checked against
        the from-scratch one."""
        asked = seat in game.current_players(state)  # type: ignore[attr-defined]
        fast = spec.observe(state, seat, asked)
        view = game.observation(state, seat)  # type: ignore[attr-defined]
        assert np.array_equal(fast, spec.encode(view, seat, asked))
        row = seats_at + spec._rels[seat][1] * width
        return [float(fast[row + 1]), float(fast[row + NUMBERS - 1])]

    assert seen(0) == seen(1) == [0.0, 0.0]
    choose(game, state, "step", "act", "flush")
    tenth = float(np.float32(0.1))
    assert seen(0) == seen(1) == [0.0, tenth]
    sky = sky_view(game.content, state)  # type: ignore[attr-defined]
    assert [s.ap_waiting for s in sky.seats] == [0, 1]
    assert "1 gained for the next turn" in panel_lines(sky.seats[1])[1]
    _end_turn(game, state)
    assert seen(0) == seen(1) == [float(np.float32(0.6)), 0.0]
    assert [s.ap_waiting for s in sky_view(game.content, state).seats] == [0, 0]  # type: ignore[attr-defined]
