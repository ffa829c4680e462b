"""A mod's action card with an id not of the six (000 "playing the game"): refused at the id
with the six named, a did-you-mean for a typo, and what to do instead of a new action."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import main

CARD = """\
- id: {id}
  name: Scout
  number: 1
  steps: [research, manufacture]
  returnable: true
  turn_order: false
  source: invented
  replace: true
"""


@pytest.mark.parametrize(
    ("card_id", "hint"),
    [
        ("reserch", "help: did you mean `research`?"),
        ("scout", "help: new actions need engine rules: add effects to techs or factions instead"),
    ],
)
def test_an_action_card_id_not_of_the_six_is_refused_at_the_id(
    tmp_path: Path, card_id: str, hint: str
) -> None:
    pack = tmp_path / "mod"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        'id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: ">=1.0,<2"}\n'
    )
    (pack / "actions.yaml").write_text(CARD.format(id=card_id))
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 1, result.output
    assert (
        f"actions.yaml:1:7: error[E0605]: `id` is `{card_id}`, not one of: `research`, `mine`, "
        "`construct`, `trade`, `refresh`, `command`" in result.output
    )
    assert hint in result.output
