"""Run every benchmark and print one Markdown report (paste it into BENCHMARKS.md).

Run: ``python benchmarks/run.py [--quick]``. Each benchmark runs in its own process so one
cannot warm the caches of another; the machine's facts come first, since timings mean
nothing without them.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SUITES = (
    (
        "Validation (`whitedwarf validate`)",
        "validate_bench.py",
        ["--runs", "7"],
        ["--runs", "3", "--no-growth"],
    ),
    ("Engine (full random-agent games)", "engine_bench.py", [], ["--quick"]),
    ("Game length and the state's size", "length_bench.py", [], ["--quick"]),
    ("Effects (DSL against hand-written Python)", "effects_bench.py", [], ["--rounds", "3"]),
    ("Language server (`whitedwarf lsp`)", "lsp_bench.py", [], ["--edits", "6"]),
    ("Simulation (`whitedwarf simulate`)", "simulate_bench.py", [], ["--quick"]),
    ("Starlight's heuristic agent", "starlight_agent_bench.py", [], ["--games", "9"]),
    ("RL environment (`whitedwarf.rl`)", "rl_bench.py", [], ["--games", "2", "--rounds", "1"]),
)


def machine() -> str:
    """CPU, cores, Python and the load average when the run started."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"- machine: {cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}\n"
        f"- Python {platform.python_version()}; load average at start: {load}"
    )


def commit() -> str:
    """The commit measured, with a mark when the work tree differs from it."""

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=HERE, capture_output=True, text=True)
        return done.stdout.strip()

    head = git("rev-parse", "--short", "HEAD") or "an unknown commit"
    return head + (" (with uncommitted changes)" if git("status", "--porcelain") else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs, for a smoke test")
    quick = parser.parse_args().quick
    print(f"- measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} at {commit()}")
    print(machine())
    for title, script, full, short in SUITES:
        args = short if quick else full
        command = " ".join(["python", f"benchmarks/{script}", *args])
        print(f"\n## {title}\n\n`{command}`\n", flush=True)
        subprocess.run([sys.executable, str(HERE / script), *args], check=True)


if __name__ == "__main__":
    main()
