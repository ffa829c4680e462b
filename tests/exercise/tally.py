"""How the design exercise stands: ``python -m tests.exercise.tally``.

Prints, per game, how many designs of ``designs.yaml`` are written exactly, approximately or
not yet, and how many written cards misbehave (a behaviour check marked with a ``bug``, run
as a strict xfail), then lists every design that is not exact with the construct it needs,
and every known misbehaviour. With ``--messages`` it also prints what the checker says to the
card a designer tried for each design not written yet (issue 29 item 9: a message for what
does not exist should say so, not suggest a word that only looks alike). Issue 29's "done
when" is 36 of 40 Last Light designs and 18 of 20 Starlight designs exact, and no written card
misbehaving.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from tests.exercise.designs import GAMES, STATUSES, Design, load

#: Issue 29 "Done when": exact designs wanted per game.
TARGETS = {"lastlight": 36, "starlight": 18}


def bugs(design: Design) -> list[tuple[str, str]]:
    """The design's misbehaving checks: (check name, the bug)."""
    found = []
    for n, check in enumerate(design.checks):
        bug = check.get("bug") or design.bug
        if bug:
            found.append((str(check.get("name", n)), " ".join(str(bug).split())))
    return found


def report(designs: Sequence[Design]) -> str:
    """The tally, as printed."""
    lines = [
        "design exercise: tests/exercise/designs.yaml (docs/design-exercise.md)",
        "",
        f"{'game':<10} {'designs':>7} {'exact':>5} {'approximate':>11} {'not_yet':>7} "
        f"{'misbehaving':>11}",
    ]
    for game in GAMES:
        mine = [d for d in designs if d.game == game]
        counts = {s: sum(1 for d in mine if d.status == s) for s in STATUSES}
        wrong = sum(1 for d in mine if bugs(d))
        lines.append(
            f"{game:<10} {len(mine):>7} {counts['exact']:>5} {counts['approximate']:>11} "
            f"{counts['not_yet']:>7} {wrong:>11}"
        )
    lines.append("")
    for game in GAMES:
        mine = [d for d in designs if d.game == game]
        exact = sum(1 for d in mine if d.status == "exact" and not bugs(d))
        lines.append(
            f"issue 29 done when: {game} {exact} of {len(mine)} exact and well-behaved "
            f"(wanted {TARGETS[game]})"
        )
    for status in ("not_yet", "approximate"):
        listed = [d for d in designs if d.status == status]
        if listed:
            lines += ["", f"{status.replace('_', ' ')}:"]
            lines += [
                f"  {d.id} ({d.covers}): {' '.join(d.needs.split())}"
                + (" [checks ready]" if status == "not_yet" and d.checks else "")
                for d in listed
            ]
    wrong = [(d, name, bug) for d in designs for name, bug in bugs(d)]
    if wrong:
        lines += ["", "misbehaving (strict xfails of tests/exercise/test_designs.py):"]
        lines += [f"  {d.id}-{name}: {bug}" for d, name, bug in wrong]
    return "\n".join(lines)


def messages(designs: Sequence[Design]) -> str:
    """What the checker says to the card a designer tried for each design not written yet
    (its first error, with the hint), or that the card validates now."""
    import dataclasses
    import tempfile

    from tests.exercise.packs import write_pack

    lines = ["", "what the checker says to the cards tried for designs not written yet:"]
    with tempfile.TemporaryDirectory() as root:
        for design in designs:
            if design.status != "not_yet" or not design.tried:
                continue
            card = dataclasses.replace(design, effect=design.tried, status="exact")
            found = _first_problem(write_pack(card, Path(root)))
            tried = " / ".join(line.strip() for line in design.tried.strip().splitlines())
            lines.append(f"  {design.id}: `{tried}`")
            lines.append(f"    {found or 'validates now: write the card and its checks'}")
    return "\n".join(lines)


def _first_problem(folder: Path) -> str:
    from whitedwarf.dsl.packs.loader import load_packs

    found = load_packs([folder], []).diagnostics
    errors = [d for d in found if d.is_error]
    if not errors:
        return ""
    first = errors[0]
    said = f"{first.severity.value}[{first.code}]: {first.message}"
    return said + (f" (help: {first.hint})" if first.hint else "")


def main(argv: Sequence[str] = ()) -> int:
    """Print the tally (with ``--messages``, what the checker says to the tried cards)."""
    designs = load()
    print(report(designs))
    if "--messages" in argv:
        print(messages(designs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
