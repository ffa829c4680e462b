"""Shared by the simulation tests: run the CLI and make a pack with one tech changed."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.tools.cli import main

#: The tech the overpowered test pack rewrites, and its new effect: +5 light every round.
BOOSTED = "long_game"
BOOST = "when round_end -> gain 5 light"


def run(*args: str) -> tuple[int, str]:
    """Run ``whitedwarf ARGS`` in-process; (exit code, output)."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def pack_copy(tmp_path: Path, name: str) -> Path:
    """A copy of the base pack in ``tmp_path/name``."""
    target = tmp_path / name
    shutil.copytree(bundled_pack("lastlight"), target)
    return target


def boosted_pack(tmp_path: Path) -> Path:
    """A copy of the base pack where one cheap tech gives +5 light each round (3 copies)."""
    pack = pack_copy(tmp_path, "boosted")
    techs = pack / "techs.yaml"
    text = techs.read_text(encoding="utf-8")
    old = (
        "  cost: {common: 2}\n  copies: 1\n  source: invented\n"
        "  text: |-\n"
        "    At the end of each round, if the round is at least 8: gain 1 [uncommon].\n"
        "    At the end of the game, if the round is at least 20: gain 1 [light].\n"
        "  effect: |-\n"
        "    when round_end if round >= 8 -> gain 1 uncommon\n"
        "    when game_end if round >= 20 -> gain 1 light\n"
    )
    new = (
        "  cost: {common: 1}\n  copies: 3\n  source: invented\n"
        '  text: "At the end of each round: gain 5 [light]."\n'
        f"  effect: {BOOST}\n"
    )
    assert old in text, "the base pack's long_game changed; update the test pack"
    techs.write_text(text.replace(old, new), encoding="utf-8")
    return pack
