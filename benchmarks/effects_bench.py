"""Cost of a DSL effect against the same effect written in Python (effects in the hot loop).

Run: ``python benchmarks/effects_bench.py [--rounds N]``. Each case makes one moment of the
game happen on a real state many times: the "DSL" column fires the hook (or resolves the
token, or reads the stat) with a card whose effect is DSL text; the "Python" column is the
same rule hand-written the way the engine core would write it (find the card, test, act).
The ratio is the price of data-driven effects; the issue's target is about 1.3.

Both columns do the work the rules require: after each resource a card gives, the hand-written
rule runs the achievement check as every effect verb does (docs/rules-decisions.md E17: an
achievement is played "immediately"). The "Python, no check" column leaves the check out, as
this benchmark did before, for comparison.

Times are CPU time (``time.process_time``), the best of several interleaved rounds, so a
busy machine disturbs them less; the table is Markdown.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.hooks import check_achievements, fire, run_card
from whitedwarf.interpreter.lastlight.state import extractor_on, gain
from whitedwarf.interpreter.lastlight.stats import stat

from tests.effects.scenario import add_card, extractor, faction, fresh, tech

N = 5_000


Case = tuple[str, Callable[[], None], Callable[[], None], Callable[[], None]]


def cases() -> list[Case]:
    """``(name, dsl, python, python without the achievement check)`` per case, on one state."""
    _, s = fresh()
    for k in range(6):
        tech(s, 0, f"filler_{k}", "when round_end -> gain 1 common")
    faction(s, 0, "korr", "when resources_mined -> gain 1 common")
    tech(s, 0, "tithe", "when after_claim -> for each distant planet you control -> gain 1 common")
    tech(s, 0, "long_game", "when after_mine if round >= 8 -> gain 1 uncommon")
    tech(s, 0, "blaster", "this ship type has +1 attack", kind="ship_mod", slot="medium")
    add_card(s, "exploration", "remnant", "gain 1 light", kind="deep_space", copies=0)
    extractor(s, 0, planet="cinder")
    extractor(s, 0, planet="mossreach")
    s["round"] = 8
    rings = runtime(s).ring
    p = s["players"][0]
    res, supply = p["res"], s["supply"]
    base_attack = runtime(s).ship_stats["medium"]["attack"]

    def reset() -> None:
        res["common"] = res["uncommon"] = 0
        p["light"] = 0
        supply.update(common=30, uncommon=15, light=30)

    def dsl_none() -> None:
        fire(s, "die_rolled", 0, {})

    def dsl_gain() -> None:
        fire(s, "resources_mined", 0, {})
        reset()

    def dsl_when() -> None:
        fire(s, "after_mine", 0, {})
        reset()

    def dsl_loop() -> None:
        fire(s, "after_claim", 0, {})
        reset()

    def dsl_token() -> None:
        run_card(s, 0, "remnant#1", {"sector": "outer_03"})
        reset()

    def dsl_stat() -> None:
        stat(s, 0, "attack", "medium")

    def python(checked: bool) -> list[Callable[[], None]]:
        """The hand-written rules; ``checked``: each gain is followed by the achievement check
        (docs/rules-decisions.md E17), as every verb of a card effect is."""

        def given(unit: str, source: str = "other") -> None:
            gain(s, 0, unit, 1, source)
            if checked:
                check_achievements(s)

        def py_none() -> None:
            if p["faction"] == "never":
                given("common")
            for t in p["techs"]:
                if t["ref"] == "never#1":
                    given("common")

        def py_gain() -> None:
            if p["faction"] == "korr":
                given("common")
            for t in p["techs"]:
                if t["ref"] == "never#1":
                    given("common")
            reset()

        def py_when() -> None:
            if p["faction"] == "never":
                given("common")
            for t in p["techs"]:
                if t["ref"] == "long_game#1" and s["round"] >= 8:
                    given("uncommon")
            reset()

        def py_loop() -> None:
            if p["faction"] == "never":
                given("common")
            for t in p["techs"]:
                if t["ref"] == "tithe#1":
                    for pid, planet in sorted(s["planets"].items()):
                        x = extractor_on(s, pid)
                        if (
                            x is not None
                            and x["owner"] == 0
                            and rings[planet["sector"]] == "distant"
                        ):
                            given("common")
            reset()

        def py_token() -> None:
            if "remnant#1".partition("#")[0] == "remnant":
                given("light", "exploration")  # a token's light is counted as the token's
            reset()

        def py_stat() -> None:
            bonus = 0
            for t in p["techs"]:
                if t["ref"] == "blaster#1" and t["ship_type"] == "medium":
                    bonus += 1
            base_attack + bonus

        return [py_none, py_gain, py_when, py_loop, py_token, py_stat]

    names = [
        "no card on the hook (8 techs, faction)",
        "faction trigger: gain 1 common",
        "tech trigger with `if round >= 8`",
        "for each distant planet you control",
        "exploration token: gain 1 light",
        "ship mod: +1 attack read by the engine",
    ]
    dsl = [dsl_none, dsl_gain, dsl_when, dsl_loop, dsl_token, dsl_stat]
    return list(zip(names, dsl, python(True), python(False), strict=True))


def best(fn: Callable[[], None], number: int) -> float:
    """CPU seconds of ``number`` calls."""
    start = time.process_time()
    for _ in range(number):
        fn()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds (best of)")
    parser.add_argument(
        "--only",
        metavar="CASE:COLUMN",
        help="run one case's column (a case number from 1, and dsl, python or unchecked) "
        "--calls times inside functools.reduce and print nothing: for instruction counts, "
        "valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce",
    )
    parser.add_argument("--calls", type=int, default=N, help="calls for --only")
    args = parser.parse_args()
    table = cases()
    if args.only:
        case, _, column = args.only.partition(":")
        name, *columns = table[int(case) - 1]
        fn = columns[("dsl", "python", "unchecked").index(column)]
        fn()  # compile and fill the memo tables before counting

        def calls(*_: object) -> None:
            for _ in range(args.calls):
                fn()

        # Only this reduce is counted with ``--collect-atstart=no
        # --toggle-collect=functools_reduce``, so start-up does not blur the count.
        functools.reduce(calls, [0], None)
        return
    rows = []
    for name, dsl, py, unchecked in table:
        dsl()
        py()
        unchecked()
        t_dsl = t_py = t_raw = float("inf")
        for _ in range(args.rounds):
            t_dsl = min(t_dsl, best(dsl, N))
            t_py = min(t_py, best(py, N))
            t_raw = min(t_raw, best(unchecked, N))
        rows.append((name, t_dsl / N * 1e6, t_py / N * 1e6, t_raw / N * 1e6))
    print("| case | DSL µs | Python µs | DSL / Python | Python, no check µs | DSL / that |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, t_dsl, t_py, t_raw in rows:
        print(
            f"| {name} | {t_dsl:.2f} | {t_py:.2f} | {t_dsl / t_py:.2f} | {t_raw:.2f} "
            f"| {t_dsl / t_raw:.2f} |"
        )


if __name__ == "__main__":
    main()
