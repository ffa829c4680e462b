"""A save whose card names were edited is refused on load, naming the name, where and why.

A save of `whitedwarf play` (or a bare state) made with the bundled packs, with one name
changed to one the pack does not have (a made-up flare in Starlight's face-up pool, a tech
copy in a Last Light hand): `render` used to draw it, and `play --resume` refused it only as
"not where its decisions lead". Both now say which name, where in the state, and why; every
state of played games names only cards its pack has.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from whitedwarf.interpreter.lastlight.persist import unknown_name as lastlight_unknown
from whitedwarf.interpreter.starlight.persist import unknown_name as starlight_unknown
from whitedwarf.tools.cli import main
from whitedwarf.tools.play import replay_header
from whitedwarf.tools.session import load_game

pytest.importorskip("textual")

from whitedwarf.tools.tui.launch import new_session

REPO = Path(__file__).resolve().parents[2]


def saved(game: str, tmp_path: Path, seats: list[str]) -> dict[str, Any]:
    """A save of a few decisions of a game of the bundled pack ``game``."""
    loaded = load_game([REPO / "content" / game])
    engine = loaded.engine
    options = engine.game_options(seats, 200)
    made = engine.game.from_content(loaded.content, len(seats), options)
    session = new_session(made, seats, 2, replay_header(loaded, 2, seats, options), engine)
    for _ in range(6):
        seat = session.human_to_move()
        if seat is None:
            break
        session.choose(seat, session.options(seat)[0].id)
    path = tmp_path / "good.save"
    session.save(path)
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def said(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_a_made_up_flare_in_a_starlight_save_is_refused_by_resume_and_render(
    tmp_path: Path,
) -> None:
    record = saved("starlight", tmp_path, ["human", "starbot"])
    record["state"]["pools"]["flares"][1] = "made_up_flare"
    path = tmp_path / "edited.save"
    text = json.dumps(record)
    path.write_text(text, encoding="utf-8")
    why = (
        "the saved state's pools.flares[1] is 'made_up_flare', which is not a flare of pack "
        "'starlight' (a save names only the cards of the packs it was made with, so the file "
        "was edited)"
    )
    code, output = said("play", "--pack", "starlight", "--resume", str(path))
    assert code == 1 and f"{path}: {why}" in output and "left as it is" in output, output
    assert path.read_text(encoding="utf-8") == text
    # The bare state too, and render draws neither.
    state = tmp_path / "edited.json"
    state.write_text(json.dumps(record["state"]), encoding="utf-8")
    for source in (path, state):
        code, output = said("render", str(source), "--pack", "starlight", "--out", "b.svg")
        assert code == 1 and f"{source}: {why}" in output, output
    assert not (tmp_path / "b.svg").exists()


@pytest.mark.parametrize(
    ("field", "value", "told"),
    [
        (("players", 0, "laurels", 0), "best_laurel", "players[0].laurels[0] is 'best_laurel'"),
        (("players", 1, "god"), "Zeus", None),  # a Starbot has no god: None is nothing there
        (("core_deck", 0), 7, "core_deck[0] is 7, which is not a core"),
        (("players", 0, "flares"), "star_chorus", "players[0].flares is 'star_chorus', not a "),
        (("accolades", 0, "id"), "first_alpah", "did you mean 'first_alpha'?"),
    ],
)
def test_each_kind_of_name_in_a_starlight_state_is_checked(
    tmp_path: Path, field: tuple[Any, ...], value: object, told: str | None
) -> None:
    loaded = load_game([REPO / "content" / "starlight"])
    state = saved("starlight", tmp_path, ["human", "starbot"])["state"]
    assert starlight_unknown(state, loaded.content) is None
    *parents, last = field
    holder = state
    for key in parents:
        holder = holder[key]
    holder[last] = value
    problem = starlight_unknown(state, loaded.content)
    if told is None:
        assert problem is not None and "players[1].god is 'Zeus'" in problem
    else:
        assert problem is not None and told in problem, problem


def test_a_made_up_tech_in_a_last_light_save_is_refused_by_resume_and_render(
    tmp_path: Path,
) -> None:
    record = saved("lastlight", tmp_path, ["human", "random"])
    record["state"]["deck"][-1] = "warp_drvie#1"
    path = tmp_path / "edited.save"
    path.write_text(json.dumps(record), encoding="utf-8")
    index = len(record["state"]["deck"]) - 1
    why = (
        f"the saved state's deck[{index}] is 'warp_drvie#1', which is not a tech of pack "
        "'lastlight' (a save names only the cards of the packs it was made with, so the file "
        "was edited); did you mean 'warp_drive'?"
    )
    code, output = said("play", "--resume", str(path))
    assert code == 1 and f"{path}: {why}" in output, output
    code, output = said("render", str(path), "--out", str(tmp_path / "b.svg"))
    assert code == 1 and f"{path}: {why}" in output, output


@pytest.mark.parametrize("game", ["lastlight", "starlight"])
def test_every_state_of_played_games_names_only_the_packs_cards(game: str) -> None:
    """The check refuses no honest save: random games of 2 to 4 seats, checked as they go
    (a Starlight game with a Starbot seat, to hold Starbot cards)."""
    loaded = load_game([REPO / "content" / game])
    engine, content = loaded.engine, loaded.content
    check = lastlight_unknown if game == "lastlight" else starlight_unknown
    for seats in (["random", "random"], ["random", "random", "random", "random"]):
        options = engine.game_options(seats, 60)
        if game == "starlight" and len(seats) == 2:
            options = {**options, "seats": ["live", "starbot"]}
        played = engine.game.from_content(content, len(seats), options)
        state = played.new_state(5)
        chooser = random.Random(5)
        for number in range(3000):
            if played.is_terminal(state):
                break
            seat = played.current_players(state)[0]
            played.apply(state, seat, chooser.choice(played.legal_options(state, seat)).id)
            if number % 25 == 0:
                assert check(state, content) is None, number
        assert check(state, content) is None
