"""Benchmark `whitedwarf validate`: the base pack cold and cached, and 10,000-card packs.

Run: python benchmarks/validate_bench.py [--runs N] [--cards N] [--no-growth]
Prints a Markdown table: the best and the median wall time of N runs, process start
included (the best is the one to compare on a shared machine: noise only ever adds time).

Cases: the base pack cold, with whitedwarf's byte code cached and without it (its
``__pycache__`` folders moved aside for the run and put back); the base pack with the report
cached; three generated packs of 10,000 cards: realistic cards (``realistic_pack.py``: the
base game's 68 tech effects with their numbers varied within their ranges, clean), the same
varied past their ranges (every effect with a number distinct, most refused) and the seven
one-line templates below; then realistic packs of 2,500 to 20,000 cards, to see growth.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE = ROOT / "content" / "lastlight"
sys.path.insert(0, str(Path(__file__).resolve().parent))

from realistic_pack import distinct_effects, write_realistic_packs  # noqa: E402

# Templates with numbers that vary per card, so every generated effect is a distinct text
# (identical texts are compiled once, which would flatter the benchmark). Since the effect
# language bounds every number (issue 6), most of these numbers are out of range: the pack
# reports about 11,000 errors, so this case also measures reporting them.
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
PACKAGES = ("dsl", "interpreter", "content", "schemas", "tools")  # whitedwarf's own code


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


@contextmanager
def own_bytecode_hidden() -> Iterator[None]:
    """whitedwarf's ``__pycache__`` folders moved aside (and put back afterwards)."""
    folders = []
    for name in PACKAGES:
        for location in importlib.import_module(f"whitedwarf.{name}").__path__:
            folders += sorted(Path(location).rglob("__pycache__"))
    moved = [(folder, folder.with_name("__pycache__.hidden-by-bench")) for folder in folders]
    try:
        for folder, aside in moved:
            folder.rename(aside)
        yield
    finally:
        for folder, aside in moved:
            if aside.exists() and not folder.exists():
                aside.rename(folder)


def wall(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return elapsed


def timed(args: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """The best and the median wall time of ``runs`` runs."""
    times = [wall(args, env) for _ in range(runs)]
    return min(times), statistics.median(times)


def row(case: str, times: tuple[float, float], note: str = "") -> str:
    best, median = times
    return f"| {case} | {best:.3f} s | {median:.3f} s | {note} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--no-growth", action="store_true", help="skip the growth rows")
    options = parser.parse_args()
    exe = [sys.executable, "-m", "whitedwarf.tools.cli", "validate"]
    big_runs = max(1, options.runs // 2)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "WHITEDWARF_CACHE_DIR": str(Path(tmp) / "cache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        cold = [*exe, "--no-cache", str(BASE)]
        wall(cold, env)  # writes the byte code
        rows.append(row("`validate content/lastlight`, no cache", timed(cold, env, options.runs)))
        with own_bytecode_hidden():
            plain = {**env, "PYTHONDONTWRITEBYTECODE": "1"}
            times = timed(cold, plain, options.runs)
        rows.append(row("the same, whitedwarf's byte code not cached", times))
        wall([*exe, str(BASE)], env)  # fill the report cache
        rows.append(row("the same, report cached", timed([*exe, str(BASE)], env, options.runs)))
        n = options.cards
        for label, in_range in (("realistic", True), ("realistic past ranges", False)):
            folder = Path(tmp) / label.replace(" ", "_")
            folder.mkdir()
            packs = [str(p) for p in write_realistic_packs(folder, n, in_range)]
            note = f"{distinct_effects(n, in_range):,} distinct effects"
            note += "; clean" if in_range else "; most numbers out of range (errors)"
            times = timed([*exe, "--no-cache", *packs], env, big_runs)
            rows.append(row(f"{n:,} {label} cards, no cache", times, note))
        big = write_big_pack(Path(tmp), n)
        times = timed([*exe, "--no-cache", str(big)], env, big_runs)
        note = f"{n:,} distinct effects; most numbers out of range (errors)"
        rows.append(row(f"{n:,} cards of seven one-line templates, no cache", times, note))
        if not options.no_growth:
            rows += growth(Path(tmp), exe, env, big_runs)
    print("| case | best | median | note |")
    print("| --- | ---: | ---: | --- |")
    print("\n".join(rows))


def growth(tmp: Path, exe: list[str], env: dict[str, str], runs: int) -> list[str]:
    """Realistic packs of 2,500 to 20,000 cards: the time each 1,000 more cards add."""
    rows = []
    previous: tuple[int, float] | None = None
    for cards in (2_500, 5_000, 10_000, 20_000):
        folder = tmp / f"growth_{cards}"
        folder.mkdir()
        packs = [str(p) for p in write_realistic_packs(folder, cards)]
        best, median = timed([*exe, "--no-cache", *packs], env, runs)
        note = ""
        if previous is not None:
            added = (best - previous[1]) / (cards - previous[0]) * 1000
            note = f"{added:.3f} s per 1,000 cards more (best times)"
        rows.append(row(f"growth: {cards:,} realistic cards", (best, median), note))
        previous = (cards, best)
    return rows


if __name__ == "__main__":
    main()
