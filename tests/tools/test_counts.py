"""A count of one is said in the singular ("1 game", "1 file", "1 decision"), everywhere a
report, a summary or a command says how many (dsl/counts.py); the balance report said
"in 1 games". Only the words change: JSON keys and the records are as they were."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.dsl.counts import counted, noun_for
from whitedwarf.interpreter import engines
from whitedwarf.interpreter.lastlight import summary as lastlight_summary
from whitedwarf.tools.cli import main
from whitedwarf.tools.scaffold import new_pack

#: A tech in the words of language 1.0: one deprecated word (docs/dsl.md).
ONE_OLD_WORD = """
- id: pilgrims
  name: Pilgrims
  kind: civilization
  cost: {common: 2}
  source: invented
  effect: you have +1 center_light
  allow: [W0430]
"""
#: A one with a plural noun after it: what no output may say.
ONE_AND_A_PLURAL = re.compile(
    r"\b1 (?:[a-z]+ )?(?:games|rounds|decisions|files|cards|pages|words|texts|points)\b"
)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("count", "said"),
    [
        (0, "0 games"),
        (1, "1 game"),
        (2, "2 games"),
        (1.5, "1.5 games"),
        (1.0, "1 game"),
        (27.0, "27 games"),
    ],
)
def test_counted(count: float, said: str) -> None:
    assert counted(count, "game") == said


def test_a_plural_not_made_with_s() -> None:
    assert counted(1, "entry", "entries") == "1 entry"
    assert counted(3, "entry", "entries") == "3 entries"
    assert noun_for(2, "die", "dice") == "dice"


def test_a_game_of_one_round_says_round() -> None:
    base = {"winners": [0], "rounds": 1, "reason": "round limit", "final_hash": "h"}
    said = engines.summary_text(base | {"points": [1, 2]})
    assert said.splitlines()[:3] == [
        "winner: seat 0 after 1 round (round limit)",
        "  seat 0: 1 point",
        "  seat 1: 2 points",
    ]
    lastlight = base | {"light": [3], "techs_in_play": [1], "factions": ["myrr"]}
    assert lastlight_summary.summary_text(lastlight).splitlines()[:2] == [
        "winner: seat 0 after 1 round (round limit)",
        "  seat 0 (myrr): 3 light, 1 tech in play",
    ]


def test_the_rewriters_say_one_file_and_one_word(tmp_path: Path) -> None:
    pack = tmp_path / "mod"
    new_pack(pack)
    techs = pack / "techs.yaml"
    techs.write_text(techs.read_text() + ONE_OLD_WORD)
    status, output = run("fix", "--no-backup", str(pack))
    assert status == 0 and "fixed 1 deprecated word in 1 file;" in output, output
    factions = pack / "factions.yaml"
    text = factions.read_text()
    three_plus = re.search(r"  three_plus: .*\n", text)
    assert three_plus is not None
    moved = text.replace(three_plus[0], "").replace(
        "  source: invented\n", "  source: invented\n" + three_plus[0]
    )
    factions.write_text(moved)  # three_plus after source: fmt moves it up
    status, output = run("fmt", "--check", str(pack))
    assert status == 1 and "1 file would be reformatted," in output, output
    assert not ONE_AND_A_PLURAL.search(output), output


def test_cards_says_one_card_on_one_page(tmp_path: Path) -> None:
    pack = tmp_path / "mod"
    new_pack(pack)
    for name in ("factions", "exploration", "achievements"):
        (pack / f"{name}.yaml").unlink()
    status, output = run("cards", str(pack), "--out", str(tmp_path / "cards.pdf"))
    assert status == 0 and "1 card on 1 page" in output, output
