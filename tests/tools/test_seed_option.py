"""Every command that plays games takes the seeds `play` takes: a signed 64-bit whole number.

Before, only `play` was bounded: `simulate --seed 99999999999999999999999999999` ran a batch
whose seed no save or log may hold, `tune --seed -1` stopped with an internal error once the
pack had been played as it was (Optuna's sampler refused the seed), and a 5,000-digit seed
was echoed whole in the refusal."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import main

#: Each command with the least it needs besides --seed (the seed is refused before the rest).
COMMANDS = {
    "play": [],
    "simulate": ["--games", "1"],
    "compare": ["lastlight", "lastlight"],
    "explain": ["lastlight"],
    "ladder": ["--agents", "random,first"],
    "tune": ["lastlight"],
}
RANGE = "a seed is -9223372036854775808 to 9223372036854775807 (64 bits)"


def run(command: str, seed: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, [command, *COMMANDS[command], "--seed", seed])
    return result.exit_code, result.output


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("seed", [str(2**63), str(-(2**63) - 1), "9" * 30])
def test_a_seed_past_64_bits_is_refused_by_every_command(command: str, seed: str) -> None:
    code, out = run(command, seed)
    assert code == 2, out
    assert f"Invalid value for '--seed': {seed} is not a seed: {RANGE}" in out, out


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_huge_seed_is_told_cut_short(command: str) -> None:
    code, out = run(command, "9" * 5000)
    assert code == 2, out
    assert f"'--seed': {'9' * 40}...{'9' * 10} (5,000 characters) is not a seed" in out, out
    assert len(out) < 600, out


@pytest.mark.parametrize("seed", ["1.5", "--5", "", "\u0661\u0662", "0x10"])
def test_a_seed_that_is_no_whole_number_is_refused(seed: str) -> None:
    """`\u0661\u0662` (Arabic-Indic digits) would be read by int() as 12."""
    code, out = run("simulate", seed)
    assert code == 2 and f"Invalid value for '--seed': {seed!r} is not a whole number" in out, out
