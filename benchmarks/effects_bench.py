"""Cost of a DSL effect against the same effect written in Python (effects in the hot loop).

Run: ``python benchmarks/effects_bench.py``. Each case fires a hook on a real state many
times; the "python" column is the rule hand-written the way the engine core would write it
(find the card, test, act), so the ratio is the price of data-driven effects.
"""

from __future__ import annotations

import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.hooks import fire
from whitedwarf.interpreter.lastlight.state import extractor_on, gain

from tests.effects.scenario import extractor, faction, fresh, tech

N = 20_000


def main() -> None:
    _, s = fresh()
    for k in range(6):
        tech(s, 0, f"filler_{k}", "when round_end -> gain 1 common")
    faction(s, 0, "korr", "when resources_mined -> gain 1 common")
    tech(s, 0, "tithe", "when after_claim -> for each distant planet you control -> gain 1 common")
    extractor(s, 0, planet="cinder")
    extractor(s, 0, planet="mossreach")
    rings = runtime(s).ring
    supply = s["supply"]

    def reset() -> None:
        s["players"][0]["res"]["common"] = 0
        supply["common"] = 30

    def dsl_none() -> None:
        fire(s, "die_rolled", 0, {})

    def py_none() -> None:
        p = s["players"][0]
        if p["faction"] == "never":
            gain(s, 0, "common", 1)
        for t in p["techs"]:
            if t["ref"] == "never#1":
                gain(s, 0, "common", 1)

    def dsl_gain() -> None:
        fire(s, "resources_mined", 0, {})
        reset()

    def py_gain() -> None:
        p = s["players"][0]
        if p["faction"] == "korr":
            gain(s, 0, "common", 1)
        for t in p["techs"]:
            if t["ref"] == "never#1":
                gain(s, 0, "common", 1)
        reset()

    def dsl_loop() -> None:
        fire(s, "after_claim", 0, {})
        reset()

    def py_loop() -> None:
        p = s["players"][0]
        for t in p["techs"]:
            if t["ref"] == "tithe#1":
                for pid, planet in sorted(s["planets"].items()):
                    x = extractor_on(s, pid)
                    if x is not None and x["owner"] == 0 and rings[planet["sector"]] == "distant":
                        gain(s, 0, "common", 1)
        reset()

    print(f"{'case':<40}{'dsl us':>10}{'python us':>12}{'ratio':>8}")
    for name, dsl, py in (
        ("no card on the hook (7 techs, faction)", dsl_none, py_none),
        ("faction: gain 1 common", dsl_gain, py_gain),
        ("for each distant planet you control", dsl_loop, py_loop),
    ):
        dsl()
        py()
        t_dsl = min(timeit.repeat(dsl, number=N, repeat=3)) / N * 1e6
        t_py = min(timeit.repeat(py, number=N, repeat=3)) / N * 1e6
        print(f"{name:<40}{t_dsl:>10.2f}{t_py:>12.2f}{t_dsl / t_py:>8.2f}")
    assert not s["frames"]


if __name__ == "__main__":
    main()
