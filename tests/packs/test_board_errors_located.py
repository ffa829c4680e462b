"""A board or setup the game's own checks refuse (E0903) is told at the value to change.

Before, every board error pointed at the first line of board.yaml (`18:1`, the board's `id`)
with no help line, and every setup error at the setup's `players`, whatever was wrong: a
designer had to find the ring, sector or list item by reading the message. Each case edits
one value of a copy of the base pack; the error is told at that value, with its fix.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.tools.cli import main


def validate_edited(tmp_path: Path, file: str, old: str, new: str) -> str:
    pack = tmp_path / "lastlight"
    shutil.copytree(bundled_pack(), pack)
    path = pack / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 1, result.output
    return result.output


#: case -> (file, the text replaced, its replacement, the line told (its text), the
#: caret's column, the message, the help line)
CASES = {
    "a turn that is not a whole number of slots": (
        "board.yaml",
        "degrees_per_rotation: 45",
        "degrees_per_rotation: 50",
        "    degrees_per_rotation: 50",
        27,
        "the board cannot be built: ring 'outer' turns 50 degrees, not a whole number of its "
        "16 slots",
        "a slot of ring 'outer' is 22.5 degrees: turn it by a multiple of that, such as 45, or "
        "give it a number of slots that divides its turn",
    ),
    "a slot past the ring": (
        "board.yaml",
        "{id: inner_1, slot: 1}",
        "{id: inner_1, slot: 9}",
        "      - {id: inner_1, slot: 9}",
        29,
        "the board cannot be built: sector 'inner_1' does not fit in ring 'inner' of 8 slots: "
        "its slot is 9",
        "the slots of ring 'inner' are 0 to 7",
    ),
    "a span wider than the ring": (
        "board.yaml",
        "{id: inner_1, slot: 1}",
        "{id: inner_1, slot: 1, span: 20}",
        "      - {id: inner_1, slot: 1, span: 20}",
        38,
        "the board cannot be built: sector 'inner_1' does not fit in ring 'inner' of 8 slots: "
        "its span is 20",
        "a sector of ring 'inner' spans 1 to 8 slots",
    ),
    "two sectors on one slot": (
        "board.yaml",
        "{id: inner_1, slot: 1}",
        "{id: inner_1, slot: 0}",
        "      - {id: inner_1, slot: 0}",
        29,
        "the board cannot be built: sectors 'inner_0' and 'inner_1' overlap at slot 0 of ring "
        "'inner'",
        "give each sector slots of its own (a sector covers `span` slots from its `slot`, "
        "default 1)",
    ),
    "the white dwarf off the centre": (
        "setups.yaml",
        "white_dwarf: centre",
        "white_dwarf: inner_0",
        "    white_dwarf: inner_0",
        18,
        "the 4-player setup is not valid: the white dwarf must be in the centre, not 'inner_0'",
        'write `white_dwarf: centre` (000 "Board Rotation": the centre sector holds the white '
        "dwarf), or leave it out",
    ),
    "a home on a ring": (
        "setups.yaml",
        "homes: [distant_00, distant_04, distant_08, distant_12]",
        "homes: [distant_00, distant_04, distant_08, outer_12]",
        "    homes: [distant_00, distant_04, distant_08, outer_12]",
        49,
        "the 4-player setup is not valid: home sector 'outer_12' is not a distant sector",
        "colony ships start in the distant sectors, which do not turn: one of distant_00, ",
    ),
    "two planets on one sector": (
        "setups.yaml",
        "{sector: inner_2, token: rare}",
        "{sector: inner_0, token: rare}",
        "      - {sector: inner_0, token: rare}",
        18,
        "the 4-player setup is not valid: it places a planet on 'inner_0', which already has "
        "a planet",
        "put one thing on a sector: move one of them to an empty sector",
    ),
    "a home short": (
        "setups.yaml",
        "homes: [distant_00, distant_04, distant_08, distant_12]",
        "homes: [distant_00, distant_04, distant_08]",
        "    homes: [distant_00, distant_04, distant_08]",
        12,
        "the 4-player setup is not valid: it lists 3 homes for 4 players",
        "list one home per player, 4 distant sectors (each a colony ship)",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_board_or_setup_error_is_told_at_the_value_to_change(tmp_path: Path, case: str) -> None:
    file, old, new, line, column, message, hint = CASES[case]
    out = validate_edited(tmp_path, file, old, new)
    found = re.search(
        rf"{re.escape(file)}:(\d+):(\d+): error\[E0903\]: (.*)\n +\|\n *\d+ \| (.*)\n.*\n"
        r"  = help: (.*)\n",
        out,
    )
    assert found, out
    assert int(found.group(2)) == column, out
    assert (found.group(3), found.group(4)) == (message, line), out
    assert found.group(5).startswith(hint), out


@pytest.mark.parametrize(
    ("file", "old", "new", "message", "hint"),
    [
        ("setups.yaml", "  - players: 3\n", "  - players: 2\n",
         "two setups have `players: 2`", "give each setup its own `players`, or remove one"),
        ("actions.yaml", "- number: 2\n", "- number: 1\n",
         "two action cards have `number: 1`",
         "give each action card its own `number`, or remove one"),
    ],
)  # fmt: skip
def test_a_player_count_or_an_action_number_written_twice_is_named_by_its_field(
    tmp_path: Path, file: str, old: str, new: str, message: str, hint: str
) -> None:
    """Two setups for 2 players were told "two setups have the id `2`", help "give each
    setup its own id": a setup has no id; its `players` is what to change."""
    out = validate_edited(tmp_path, file, old, new)
    assert re.search(
        rf"{re.escape(file)}:\d+:\d+: error\[E0901\]: {re.escape(message)} \(the first is at ", out
    ), out
    assert f"  = help: {hint}\n" in out, out
