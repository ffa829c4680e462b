"""Cards of several players that fire each other forever end the game in one located error.

The checker reads one trigger at a time (docs/diagnostics.md "Limits"), so three players each
holding `when ship_moved -> move an enemy ship to an adjacent sector` validate clean: each
card alone is no loop. In play each move fires the moved ship owner's card, which moves
another enemy ship, and so on; the effect machine's depth limit ends it (DESIGN principle 3,
docs/rules-decisions.md E167) with the card, its place and what ends such a chain: never a
hang, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

from tests.hostile_cli import run

PUSHER = """\
- id: pusher_{x}
  name: Pusher {X}
  three_plus: false
  source: invented
  text: "When one of your ships moves: move an enemy ship to an adjacent sector."
  effect: when ship_moved -> move an enemy ship to an adjacent sector
"""


def _pushers(tmp_path: Path) -> Path:
    pack = tmp_path / "pushers"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: pushers\nname: Pushers\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '*'}\nallow: [W0902]\n",
        "utf-8",
    )
    cards = "".join(PUSHER.format(x=x, X=x.upper()) for x in "abc")
    (pack / "factions.yaml").write_text(cards, "utf-8")
    return pack


def test_the_loop_validates_clean(tmp_path: Path) -> None:
    status, output = run("validate", str(_pushers(tmp_path)), "--no-cache")
    assert status == 0, output
    assert "0 errors, 0 warnings" in output


def test_play_ends_at_the_depth_limit_naming_the_card_and_the_way_out(tmp_path: Path) -> None:
    pack = _pushers(tmp_path)
    factions = "factions=pusher_a,pusher_b,pusher_c"
    status, output = run("play", "--pack", str(pack), "--option", factions, "--seed", "1")
    assert status == 1, output
    line = next(line for line in output.splitlines() if "trigger chain" in line)
    assert line.startswith("Error: ") and "pushers/factions.yaml:" in line, line
    assert "started a trigger chain deeper than 16 effects" in line
    assert "cards (of one player or of several) firing each other's hooks" in line
    assert "give the chain an end" in line and "once per round" in line
