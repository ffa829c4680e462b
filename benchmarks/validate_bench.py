"""Benchmark `whitedwarf validate`: the base pack cold and cached, and a 10,000-card pack.

Run: python benchmarks/validate_bench.py [--runs N]
Prints a Markdown table (median wall time of N runs, process start included).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE = ROOT / "content" / "lastlight"

# Templates with numbers that vary per card, so every generated effect is a distinct text
# (identical texts are compiled once, which would flatter the benchmark).
EFFECTS = [
    ("ship_mod", "this ship type has +{a} attack"),
    ("ship_mod", "this ship type has +{a} movement\nthis ship type can bombard"),
    ("civilization", "activated: exhaust this card -> gain {a} light"),
    ("civilization", "when after_mine -> gain {a} common per {b} planets you control"),
    ("civilization", "when before_trade if light < {b} -> may pay {a} rare -> gain {a} light"),
    (
        "ship_ability",
        "when ability_rolled -> may exhaust this card -> take_back {a} action cards of yours",
    ),
    ("ship_ability", "when ability_rolled -> deal {a} damage to an enemy ship here"),
]


def write_big_pack(folder: Path, cards: int) -> Path:
    """A mod pack on the base game adding ``cards`` techs (block-scalar effects)."""
    pack = folder / "bigmod"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: bigmod\nname: Big mod\nversion: 1.0.0\ngame: lastlight\n"
        "depends: {lastlight: '>=1.0,<2'}\nallow: [W0902]\n"
    )
    lines = []
    for index in range(cards):
        kind, template = EFFECTS[index % len(EFFECTS)]
        effect = template.format(a=1 + index // 7 % 1000, b=2 + index // 7000)
        body = "\n".join("    " + line for line in effect.splitlines())
        lines.append(
            f"- id: gen_{index:05d}\n  name: Generated {index}\n  kind: {kind}\n"
            f"  cost: {{common: {index % 4 + 1}}}\n  source: invented\n  effect: |\n{body}\n"
        )
    (pack / "techs.yaml").write_text("".join(lines))
    return pack


def wall(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return elapsed


def median_wall(args: list[str], env: dict[str, str], runs: int) -> float:
    return statistics.median(wall(args, env) for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cards", type=int, default=10_000)
    options = parser.parse_args()
    exe = [sys.executable, "-m", "whitedwarf.tools.cli", "validate"]
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "WHITEDWARF_CACHE_DIR": str(Path(tmp) / "cache")}
        cold = median_wall([*exe, "--no-cache", str(BASE)], env, options.runs)
        wall([*exe, str(BASE)], env)  # fill the cache
        cached = median_wall([*exe, str(BASE)], env, options.runs)
        big = write_big_pack(Path(tmp), options.cards)
        large = median_wall([*exe, "--no-cache", str(big)], env, max(1, options.runs // 3))
    print("| case | median wall time |")
    print("| --- | --- |")
    print(f"| `validate content/lastlight`, no cache | {cold:.3f} s |")
    print(f"| `validate content/lastlight`, cached report | {cached:.3f} s |")
    print(f"| `validate` of a generated {options.cards:,}-card pack, no cache | {large:.3f} s |")


if __name__ == "__main__":
    main()
