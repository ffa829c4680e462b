"""The pack side of ``whitedwarf tune``: the numbers a pack lets it move, and the pack it writes.

* :func:`read_pack`: a pack folder's manifest and cards, read with ruamel.yaml's round trip
  (comments and layout kept, so a card copied into the output pack reads as it was written);
* :func:`find_knobs`: the numbers of the chosen cards, each with the range the language
  declares for it. A field's range (``cost``, ``copies``, ``points``) is its schema's
  ``minimum`` and ``maximum``; a number written in an effect (``gain 3 light``) is bounded
  by the checker (E0417, docs/dsl.md "Every number written in an effect has a declared
  range"), so the range is asked of the checker itself: the pack is loaded once with every
  such number written out of range (a unique value each) and the E0417 of each value names
  its range. A number the checker does not bound is not moved;
* :func:`write_mod`: the change as a mod pack that depends on the tuned pack and replaces
  only the cards it changed (``replace: true``), each copied with its comments;
* :func:`apply_in_place` / :func:`diff_in_place`: ``--write`` and ``--dry-run``.
"""

from __future__ import annotations

import copy
import difflib
import io
import re
import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from whitedwarf.interpreter.simulation.tuning import Knob, TuneError, TuneOptionError
from whitedwarf.tools.atomic import write_atomically

#: The card fields whose whole numbers may move (their schema gives the range); other whole
#: numbers of a card (an achievement's set, a token's tier) say what the card is.
NUMBER_FIELDS = ("cost", "copies", "points", "night_points")
#: A whole number written in an effect: not part of a word (``3d6``, ``x2``) or a decimal.
NUMBER = re.compile(r"(?<![\w.])([+-]?)(\d+)(?![\w.])")
#: The first value written out of range when asking the checker for ranges.
PROBE = 900_000_000
_OUT_OF_RANGE = re.compile(
    r"^[+-]?(\d+) is out of range for (.+?): it must be (-?\d+) to \+?(-?\d+)"
)


def _yaml() -> YAML:
    """ruamel.yaml set to write the packs' card files back as they were read."""
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=2, offset=0)
    return yaml


@dataclass
class Card:
    """One card as written: its file, its round-trip data and its place in the file."""

    id: str
    file: str
    data: Any
    index: int

    @property
    def source(self) -> str:
        return str(self.data.get("source", ""))


@dataclass
class Pack:
    """A pack folder read for tuning: its manifest and its cards, by id."""

    folder: Path
    id: str
    version: str
    game: str
    cards: dict[str, Card] = field(default_factory=dict)
    #: The warnings the pack silences (its manifest's ``allow``), silenced in its mod too.
    allow: list[str] = field(default_factory=list)


def resolve_pack(pack: str) -> Path:
    """A pack argument as a folder: a path, or the id of a bundled pack."""
    path = Path(pack)
    if path.name == "pack.yaml":
        path = path.parent
    if (path / "pack.yaml").is_file():
        return path
    from whitedwarf.content import bundled_pack

    bundled = bundled_pack(pack)
    if "/" not in pack and (bundled / "pack.yaml").is_file():
        return bundled
    raise TuneError(f"{pack}: no pack here (a pack is a folder with a pack.yaml)")


def is_bundled(folder: Path) -> bool:
    """Whether ``folder`` is a pack shipped with whitedwarf (never written in place)."""
    from whitedwarf.content import bundled_pack

    return folder.resolve().parent == bundled_pack().resolve().parent


def read_pack(folder: Path) -> Pack:
    """The manifest and every card of the pack in ``folder``."""
    from whitedwarf.dsl.packs.games import game_spec

    yaml = _yaml()
    manifest = yaml.load((folder / "pack.yaml").read_text("utf-8"))
    pack = Pack(folder, str(manifest["id"]), str(manifest["version"]), str(manifest["game"]))
    pack.allow = [str(code) for code in manifest.get("allow", None) or []]
    for kind in game_spec(pack.game).card_kinds():
        path = folder / f"{kind.name}.yaml"
        if not path.is_file():
            continue
        entries = yaml.load(path.read_text("utf-8")) or []
        for index, entry in enumerate(entries):
            if isinstance(entry, Mapping) and "id" in entry and not entry.get("remove"):
                pack.cards[str(entry["id"])] = Card(str(entry["id"]), path.name, entry, index)
    return pack


def choose_cards(
    pack: Pack, named: Sequence[str], all_invented: bool, wanted: Sequence[str]
) -> list[Card]:
    """The cards whose numbers may move: those ``named`` (``--move``, rulebook ones too),
    every invented card (``--move-all-invented``), else the ``wanted`` ones (the sides and
    cards that miss their targets), which must be invented."""
    for card in named:
        if card not in pack.cards:
            from whitedwarf.dsl.suggest import did_you_mean

            close = did_you_mean(card, pack.cards)
            hint = f"; {close}" if close else ""
            raise TuneOptionError(f"--move {card}: the pack {pack.id} has no card {card!r}{hint}")
    if named:
        return [pack.cards[c] for c in dict.fromkeys(named)]
    if all_invented:
        return [c for c in pack.cards.values() if c.source != "rulebook"]
    chosen = [pack.cards[c] for c in dict.fromkeys(wanted) if c in pack.cards]
    invented = [c for c in chosen if c.source != "rulebook"]
    if chosen and not invented:
        refuse_printed(chosen[0].id)
    return invented


def refuse_printed(card: str) -> None:
    """A printed card tune would have to change, and was not told it may."""
    raise TuneError(
        f"{card} is printed in the rulebook (source: rulebook) and tune never changes a "
        f"printed card unless it is named: add --move {card} to let it move"
    )


def find_knobs(pack: Pack, cards: Sequence[Card], search: Sequence[str] = ()) -> list[Knob]:
    """Every number of ``cards`` that may move, with its declared range."""
    knobs = [knob for card in cards for knob in _field_knobs(pack.game, card)]
    return knobs + _effect_knobs(pack, cards, search)


def _field_knobs(game: str, card: Card) -> Iterator[Knob]:
    from whitedwarf.dsl.packs.games import game_spec

    schema = game_spec(game).kinds[card.file.removesuffix(".yaml")].schema
    properties = schema.get("properties", {})
    for name in NUMBER_FIELDS:
        value = card.data.get(name)
        spec = properties.get(name, {})
        if isinstance(value, Mapping):
            for key, number in value.items():
                inner = spec.get("properties", {}).get(key, {})
                knob = _ranged(card, f"{name}.{key}", number, inner)
                if knob is not None:
                    yield knob
        else:
            knob = _ranged(card, name, value, spec)
            if knob is not None:
                yield knob


def _ranged(card: Card, where: str, value: Any, spec: Mapping[str, Any]) -> Knob | None:
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    if "minimum" not in spec or "maximum" not in spec:
        return None
    what = str(spec.get("description", where))
    return Knob(card.id, card.file, where, value, int(spec["minimum"]), int(spec["maximum"]), what)


def effect_fields(game: str, file: str) -> list[str]:
    """The fields of a card of ``file`` that hold effects (``effect``, a flare's ``boon``)."""
    from whitedwarf.dsl.packs.games import game_spec

    kind = game_spec(game).kinds[file.removesuffix(".yaml")]
    return [name for name, _, _ in kind.effect_fields()]


def _effect_knobs(pack: Pack, cards: Sequence[Card], search: Sequence[str]) -> list[Knob]:
    """The numbers written in the cards' effects, with the ranges the checker gives them."""
    probes: dict[int, tuple[Card, str, int, int]] = {}
    changed: dict[str, Any] = {}
    value = PROBE
    for card in cards:
        for name in effect_fields(pack.game, card.file):
            text = card.data.get(name)
            if not isinstance(text, str):
                continue
            parts: list[str] = []
            last = 0
            seats = player_counts_at(text)
            for index, match in enumerate(NUMBER.finditer(text)):
                if match.start(2) in seats:
                    continue  # `if players != 3`: which games the card acts in, not a number
                value += 1
                probes[value] = (card, name, index, int(match.group(1) + match.group(2)))
                parts += [text[last : match.start()], f"{match.group(1)}{value}"]
                last = match.end()
            if parts:
                entry = changed.setdefault(card.id, copy.deepcopy(card.data))
                entry[name] = "".join([*parts, text[last:]])
    if not probes:
        return []
    found = _checker_ranges(pack, cards, changed, search)
    knobs = []
    for number, (card, name, index, written) in probes.items():
        if number in found:
            low, high, what = found[number]
            knobs.append(Knob(card.id, card.file, f"{name}[{index}]", written, low, high, what))
    return knobs


def player_counts_at(effect: str) -> set[int]:
    """Where ``effect`` compares the number of players with a written number (``if players
    != 3``): the offsets of those numbers. They say at which player counts a card acts, a
    choice of the design and not an amount to balance, and the checker bounds them as any
    number (0 to 100), so tune leaves them as written. An effect that does not parse has
    none (the checker tells its author)."""
    from whitedwarf.dsl import ast
    from whitedwarf.dsl.parser import EffectSyntaxError, EffectTooDeep, parse

    try:
        tree = parse(effect)
    except (EffectSyntaxError, EffectTooDeep):  # the checker tells the author
        return set()
    found: set[int] = set()
    for node in ast.nodes_in(tree, ast.Compare):
        for one, other in ((node.left, node.right), (node.right, node.left)):
            counts_players = isinstance(one, ast.ValueRef) and one.name.text == "players"
            if counts_players and isinstance(other, ast.Num):
                found.add(other.pos.start)
    return found


def _checker_ranges(
    pack: Pack, cards: Sequence[Card], changed: Mapping[str, Any], search: Sequence[str]
) -> dict[int, tuple[int, int, str]]:
    from whitedwarf.dsl.packs.loader import load_packs

    by_id = {card.id: card for card in cards}
    with tempfile.TemporaryDirectory(prefix="whitedwarf-tune-") as tmp:
        probe = Path(tmp) / f"{pack.id}_probe"
        write_pack_files(
            pack, probe, f"{pack.id}_probe", {i: (by_id[i], d) for i, d in changed.items()}
        )
        result = load_packs([pack.folder, probe], list(search))
    found: dict[int, tuple[int, int, str]] = {}
    for diagnostic in result.diagnostics:
        matched = _OUT_OF_RANGE.match(diagnostic.message) if diagnostic.code == "E0417" else None
        if matched:
            low, high = int(matched.group(3)), int(matched.group(4))
            found[int(matched.group(1))] = (low, high, matched.group(2))
    return found


# -- writing ----------------------------------------------------------------------------------


def changed_cards(
    pack: Pack, knobs: Sequence[Knob], values: Sequence[int]
) -> dict[str, tuple[Card, Any]]:
    """Each card a change touches: the card and a copy of its data with the new numbers (its
    text's too, where the text writes the old number once: the text says what the card
    does; each found in the text as written, so two changed numbers do not mix)."""
    out: dict[str, tuple[Card, Any]] = {}
    texts: dict[str, dict[int, tuple[int, str]]] = {}  # card -> start -> (end, new)
    for knob, value in zip(knobs, values, strict=True):
        if value == knob.value:
            continue
        card = pack.cards[knob.card]
        _, data = out.setdefault(card.id, (card, copy.deepcopy(card.data)))
        set_number(data, knob, value)
        printed = card.data.get("text")
        if "[" in knob.where and isinstance(printed, str):
            words = [m for m in NUMBER.finditer(printed) if _says(m, knob.value)]
            if len(words) == 1:
                word = words[0]
                new = f"{value:+d}" if word.group(1) else str(value)
                texts.setdefault(card.id, {})[word.start()] = (word.end(), new)
    for card_id, edits in texts.items():
        card, data = out[card_id]
        printed = str(card.data["text"])
        for start in sorted(edits, reverse=True):
            end, new = edits[start]
            printed = printed[:start] + new + printed[end:]
        data["text"] = _like(card.data["text"], printed)
    for card, data in out.values():
        _rewrite_text_from_effect(pack.game, card, data)
    return out


def _rewrite_text_from_effect(game: str, card: Card, data: Any) -> None:
    """A text that writes a changed number more than once (Hexan's "1"s since K19) is not
    edited number by number; if it is the text written from the card's effect (`whitedwarf
    text`), it is written again from the new effect, so it still says what the card does."""
    from whitedwarf.dsl.packs.card_text import card_text
    from whitedwarf.dsl.packs.games import game_registry, game_spec
    from whitedwarf.dsl.parser import EffectSyntaxError

    printed = card.data.get("text")
    if not isinstance(printed, str) or card.source == "rulebook":
        return
    kinds = [k for k in game_spec(game).card_kinds() if f"{k.name}.yaml" == card.file]
    if not kinds:
        return
    registry = game_registry(game)
    try:
        before = card_text(card.data, kinds[0], registry)
        after = card_text(data, kinds[0], registry)
    except EffectSyntaxError:  # an effect that does not parse keeps its text; validate says why
        return
    if before is not None and after is not None and before == printed.strip() != after:
        data["text"] = _like(printed, after)


def _says(word: re.Match[str], value: int) -> bool:
    """Whether a number of a card's text writes ``value``: a signed one with its sign (Hexan's
    "+1 starting [common]" is not its "-1 cards kept when you research"), a plain one as
    the amount (``pay 2`` is 2, ``-1 trade_gift`` may be written "1 [light] less")."""
    sign, digits = word.group(1), int(word.group(2))
    return digits == value if sign == "+" else -digits == value if sign else digits == abs(value)


def set_number(data: Any, knob: Knob, value: int) -> None:
    """Write ``value`` where ``knob`` is in a card's round-trip data."""
    where = knob.where
    if "[" in where:
        name, index = where[:-1].split("[")
        text = data[name]
        match = list(NUMBER.finditer(text))[int(index)]
        new = f"{value:+d}" if match.group(1) else str(value)
        data[name] = _like(text, text[: match.start()] + new + text[match.end() :])
    elif "." in where:
        name, key = where.split(".", 1)
        data[name][key] = value
    else:
        data[where] = value


def _like(old: Any, new: str) -> Any:
    """``new`` in the scalar style of ``old`` (a literal block stays a literal block)."""
    kind = type(old)
    return new if kind is str else kind(new)


def write_pack_files(
    pack: Pack, out: Path, pack_id: str, cards: Mapping[str, tuple[Card, Any]], note: str = ""
) -> list[Path]:
    """A mod pack in ``out`` that depends on ``pack`` and replaces ``cards`` (each the full
    card plus ``replace: true``: docs/packs.md "Mods"); returns the files written."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    yaml = _yaml()
    out.mkdir(parents=True, exist_ok=True)
    manifest = CommentedMap()
    manifest["id"] = pack_id
    manifest["name"] = f"{pack.id} tuned"
    manifest["version"] = "0.1.0"
    manifest["game"] = pack.game
    manifest["description"] = note or f"Numbers of {pack.id} changed by whitedwarf tune."
    manifest["depends"] = {pack.id: f"=={pack.version}"}
    if pack.allow:
        manifest["allow"] = list(pack.allow)
    written = [out / "pack.yaml"]
    _dump(yaml, manifest, written[0])
    by_file: dict[str, list[tuple[Card, Any]]] = {}
    for card, data in cards.values():
        by_file.setdefault(card.file, []).append((card, data))
    for file, entries in sorted(by_file.items()):
        seq = CommentedSeq()
        for _card, data in sorted(entries, key=lambda e: e[0].index):
            entry = copy.deepcopy(data)
            entry.insert(1, "replace", True)
            if entry.get("source") == "rulebook":
                # A printed card tune was told to move (--move) is printed no more (W0905).
                entry["source"] = "invented"
            seq.append(entry)
        path = out / file
        _dump(
            yaml,
            seq,
            path,
            header=f"# Cards of {pack.id} with numbers changed by whitedwarf tune.\n",
        )
        written.append(path)
    return written


def _dump(yaml: YAML, data: Any, path: Path, header: str = "") -> None:
    stream = io.StringIO()
    yaml.dump(data, stream)
    path.write_text(header + stream.getvalue(), "utf-8")


def in_place_texts(
    pack: Pack, cards: Mapping[str, tuple[Card, Any]]
) -> dict[Path, tuple[str, str]]:
    """Each file of ``pack`` a change touches: its text now and with the change (the file
    read and written by the round trip; a file the round trip would change elsewhere is
    refused, so nothing but the changed numbers moves)."""
    yaml = _yaml()
    out: dict[Path, tuple[str, str]] = {}
    for file in sorted({card.file for card, _ in cards.values()}):
        path = pack.folder / file
        before = path.read_text("utf-8")
        entries = yaml.load(before)
        stream = io.StringIO()
        yaml.dump(entries, stream)
        if stream.getvalue() != before:
            raise TuneError(
                f"{path}: cannot be rewritten without changing its layout; "
                "apply the mod pack instead"
            )
        for card, data in cards.values():
            if card.file == file:
                entries[card.index] = data
        stream = io.StringIO()
        yaml.dump(entries, stream)
        out[path] = (before, stream.getvalue())
    return out


def diff_in_place(pack: Pack, cards: Mapping[str, tuple[Card, Any]]) -> str:
    """The unified diff ``--write`` would make (``--dry-run``)."""
    lines: list[str] = []
    for path, (before, after) in in_place_texts(pack, cards).items():
        lines += difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            f"a/{path.name}",
            f"b/{path.name}",
        )
    return "".join(lines)


def apply_in_place(pack: Pack, cards: Mapping[str, tuple[Card, Any]]) -> list[Path]:
    """``--write``: the change made in the pack's own files, each first copied to
    ``FILE.bak`` (an older backup is kept as ``FILE.bak.1``, ...); returns the backups."""
    if is_bundled(pack.folder):
        raise TuneError(
            f"{pack.folder}: a pack shipped with whitedwarf is not changed in place; "
            "use the mod pack tune writes (without --write)"
        )
    texts = in_place_texts(pack, cards)
    backups = []
    for path, (_, after) in texts.items():
        backup = path.with_name(path.name + ".bak")
        n = 0
        while backup.exists():
            n += 1
            backup = path.with_name(f"{path.name}.bak.{n}")
        shutil.copy2(path, backup)
        backups.append(backup)
        write_atomically(path, after)
    return backups
