"""The planted pack of the tune tests, and the command line that tunes it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from whitedwarf.tools.cli import main

MANIFEST = """\
id: planted
name: Planted
version: 1.0.0
game: lastlight
description: One invented faction given light before the first round.
depends:
  lastlight: ">=1.0"
allow: [W0902]  # a sixteenth faction
"""

FACTIONS = """\
# A planted imbalance: light before the first round.
- id: sunborn
  name: Sunborn
  three_plus: false
  source: invented
  # the planted number
  text: "At the start of the game, gain {light} [{unit}]."
  effect: when game_start -> gain {light} {unit}
  lore: Born rich.
"""

#: What fair means for the planted pack (docs/tune.md's example).
TARGETS = """\
# Sunborn wins 35-65% of the 2-player games it is in.
players: [2]
fair:
  tolerance: 0.15
  sides: [sunborn]
"""

#: Sunborn against Iou'Nell in every 2-player game of 20 rounds: +4 light wins about 80%, +1
#: about 58% (measured over 100 games); since the heuristic plays Command for its moves, +1
#: light wins 67% of tune's 100 (53% of 100 other seeds), +1 common is fair.
TUNE = (
    "--option", "factions=sunborn,iou_nell", "--round-limit", "20", "--games", "40",
    "--budget", "8", "--confirm-games", "60", "--workers", "1",
)  # fmt: skip


def planted_pack(folder: Path, light: int = 4, unit: str = "light") -> Path:
    """A mod of the base game whose one invented faction gains ``light`` of ``unit`` (light,
    or a resource) at the start."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(MANIFEST)
    (folder / "factions.yaml").write_text(FACTIONS.format(light=light, unit=unit))
    return folder


def targets_file(folder: Path) -> Path:
    path = folder / "targets.yaml"
    path.write_text(TARGETS)
    return path


def run(*args: str) -> tuple[int, str]:
    """Run ``whitedwarf ARGS`` in-process; (exit code, output)."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output
