"""A printed card that tune was told to move (`--move x_blaster`) is written in the mod as
what it now is: `source: invented` (W0905: a changed card that says `source: rulebook`)."""

from __future__ import annotations

import copy
from pathlib import Path

from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.tools.tune_pack import read_pack, write_pack_files


def test_a_moved_printed_card_is_written_as_invented(tmp_path: Path) -> None:
    pack = read_pack(bundled_pack())
    card = pack.cards["x_blaster"]
    assert card.source == "rulebook"
    data = copy.deepcopy(card.data)
    data["copies"] = 2
    write_pack_files(pack, tmp_path / "tuned", "tuned", {"x_blaster": (card, data)})
    written = (tmp_path / "tuned" / "techs.yaml").read_text()
    assert "source: invented" in written and "source: rulebook" not in written
    result = load_packs([tmp_path / "tuned"])
    assert result.errors == []
    assert [d.code for d in result.warnings if d.code == "W0905"] == []
    assert card.data["source"] == "rulebook"  # the pack read is left as it was
