"""designs.yaml is read strictly: a design the exercise cannot use is refused in a sentence
naming it (docs/design-exercise.md "What a design is")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.exercise.designs import load

GOOD = """
- id: ll_probe
  game: lastlight
  kind: civilization
  english: Gain 1 common each round.
  status: exact
  effect: when round_end -> gain 1 common
  checks: [{steps: [{expect: {}}]}]
"""


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "designs.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_design_loads(tmp_path: Path) -> None:
    (design,) = load(_file(tmp_path, GOOD))
    assert (design.id, design.status, design.written) == ("ll_probe", "exact", True)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("kind: civilization", "kind: god"),
            "designs.yaml: design 'll_probe': kind is one of civilization",
        ),
        (("status: exact", "status: done"), "design 'll_probe': status is one of exact"),
        (("status: exact", "status: approximate"), "is approximate says what it `needs`"),
        (("  checks: [{steps: [{expect: {}}]}]\n", ""), "needs a behaviour check"),
        (("  effect: when round_end -> gain 1 common\n", ""), "a card is written exactly when"),
        (("{expect: {}}", "{expext: {}}"), "check 0: a step has no key `expext`; its keys: "),
        (("[{steps:", "[{setpu: {}, steps:"), "check 0: a check has no key `setpu`"),
    ],
)
def test_a_design_the_exercise_cannot_use_is_refused_by_name(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        load(_file(tmp_path, GOOD.replace(*change)))


def test_a_design_id_used_twice_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="design ids used twice: ll_probe"):
        load(_file(tmp_path, GOOD + GOOD))
