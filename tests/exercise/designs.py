"""The design exercise's data: ``designs.yaml`` read into :class:`Design` records.

Each design is a card a designer would plausibly want, written first in plain English from the
rulebooks alone (shared/seeds), then as a card from the docs alone (docs/dsl.md,
docs/reference*.md, docs/packs.md). docs/design-exercise.md explains the fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

HERE = Path(__file__).parent
DESIGNS = HERE / "designs.yaml"

GAMES = ("lastlight", "starlight")
STATUSES = ("exact", "approximate", "not_yet")
#: The card kinds of each game and the pack file a card of that kind goes in.
KIND_FILES = {
    "lastlight": {
        "civilization": "techs",
        "ship_ability": "techs",
        "ship_mod": "techs",
        "faction": "factions",
        "deep_space": "exploration",
        "planetary": "exploration",
        "achievement": "achievements",
    },
    "starlight": {
        "god": "gods",
        "flare": "flares",
        "laurel": "laurels",
        "accolade": "accolades",
    },
}


#: The keys a behaviour check may use, per game (docs/design-exercise.md "What the tests do");
#: any other key is refused, so a misspelt step cannot silently do nothing.
CHECK_KEYS = {"name", "setup", "steps", "bug"}
SETUP_KEYS = {
    "lastlight": {
        "players", "slot", "ships", "extractors", "give", "techs", "hand", "set", "token",
        "options",
    },
    "starlight": {"seats", "options", "markers", "stars", "give", "pools", "set", "turn", "ap"},
}  # fmt: skip
STEP_KEYS = {
    "lastlight": {
        "play", "game_start", "do", "first", "dice", "until_round", "reload", "has", "lacks",
    },
    "starlight": {"do", "first", "draws", "until_end", "reload", "has", "lacks"},
}  # fmt: skip
for _keys in STEP_KEYS.values():
    _keys |= {"expect", "card_only"}


@dataclass(frozen=True)
class Design:
    """One plain-English design and, unless ``not_yet``, its card and behaviour checks."""

    id: str
    game: str
    kind: str
    english: str
    status: str
    covers: str = "ordinary"
    needs: str = ""
    effect: str = ""
    #: Starlight flares have two boxes: ``points`` (blue) and ``boon`` (green).
    points: str = ""
    boon: str = ""
    #: Extra card fields (a tech's ``cost``, a laurel's ``points``...).
    card: dict[str, Any] = field(default_factory=dict)
    #: Warnings the design's pack is expected to give (codes), beyond none.
    warnings: tuple[str, ...] = ()
    checks: tuple[dict[str, Any], ...] = ()
    #: A check the engine fails today: the bug, in one sentence (the test is a strict xfail).
    bug: str = ""
    #: For a design not written yet: the card a designer reaches for, which the checker refuses
    #: (``python -m tests.exercise.tally --messages`` prints what it says).
    tried: str = ""

    @property
    def written(self) -> bool:
        return self.status != "not_yet"


def load(path: Path = DESIGNS) -> list[Design]:
    """Every design of ``path``, checked for the fields the exercise needs."""
    raw = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    try:
        designs = [_design(entry) for entry in raw]
    except ValueError as error:
        raise ValueError(f"{path.name}: {error}") from None
    ids = [d.id for d in designs]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ValueError(f"{path.name}: design ids used twice: {', '.join(dupes)}")
    return designs


def _design(entry: dict[str, Any]) -> Design:
    where = f"design {entry.get('id', '?')!r}"
    game, kind, status = entry.get("game"), entry.get("kind"), entry.get("status")
    if game not in GAMES:
        raise ValueError(f"{where}: game is one of {', '.join(GAMES)}, not {game!r}")
    if kind not in KIND_FILES[game]:
        raise ValueError(f"{where}: kind is one of {', '.join(KIND_FILES[game])}, not {kind!r}")
    if status not in STATUSES:
        raise ValueError(f"{where}: status is one of {', '.join(STATUSES)}, not {status!r}")
    if status != "exact" and not entry.get("needs"):
        raise ValueError(f"{where}: a design that is {status} says what it `needs`")
    written = entry.get("effect") or entry.get("points") or entry.get("boon")
    if (status != "not_yet") != bool(written):
        raise ValueError(f"{where}: a card is written exactly when the status is not not_yet")
    if entry.get("tried") and status != "not_yet":
        raise ValueError(f"{where}: only a design not written yet has a `tried` card")
    if status != "not_yet" and not entry.get("checks"):
        raise ValueError(f"{where}: a written card needs a behaviour check (`checks`)")
    for n, check in enumerate(entry.get("checks", ())):
        _check_keys(f"{where}, check {check.get('name', n)!r}", check, game)
    return Design(
        id=entry["id"],
        game=game,
        kind=kind,
        english=" ".join(str(entry["english"]).split()),
        status=status,
        covers=entry.get("covers", "ordinary"),
        needs=entry.get("needs", ""),
        effect=entry.get("effect", ""),
        points=entry.get("points", ""),
        boon=entry.get("boon", ""),
        card=dict(entry.get("card", {})),
        warnings=tuple(entry.get("warnings", ())),
        checks=tuple(entry.get("checks", ())),
        bug=entry.get("bug", ""),
        tried=entry.get("tried", ""),
    )


def _check_keys(where: str, check: dict[str, Any], game: str) -> None:
    """Refuse a key the runners do not read (a typo would make a step do nothing)."""
    allowed = (
        ("check", set(check), CHECK_KEYS),
        ("setup", set(check.get("setup", {})), SETUP_KEYS[game]),
        *(("step", set(step), STEP_KEYS[game]) for step in check.get("steps", ())),
    )
    for part, keys, known in allowed:
        unknown = sorted(keys - known)
        if unknown:
            raise ValueError(
                f"{where}: a {part} has no key `{unknown[0]}`; its keys: {', '.join(sorted(known))}"
            )
    if not check.get("steps"):
        raise ValueError(f"{where}: a check needs `steps`, ending with an `expect`")
