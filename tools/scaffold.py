"""Skeletons for new packs and cards (``whitedwarf new``).

Every skeleton validates clean as written, so a designer starts from a working card and changes
it, instead of from a blank file and a list of errors. Nothing here overwrites a file: a new
pack needs an empty or missing folder, and a card is appended to the end of its file (comments
and layout above it are kept).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.games import game_registry, game_spec, installed_games
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.packs.schema_parts import ID_LIMIT, ID_WHY, NAME_LIMIT, NAME_WHY
from whitedwarf.dsl.packs.schemas import write_schemas
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import hostile_character
from whitedwarf.dsl.suggest import not_ascii
from whitedwarf.tools.atomic import (
    cannot_write_in,
    line_end_of,
    link_problem,
    manifest_problem,
    unwritable,
    write_atomically,
)
from whitedwarf.tools.card_skeleton import (
    SkeletonError,
    find_card_file,
    fixed_ids,
    printed_card,
    read_yaml,
    skeleton,
)


class ScaffoldError(Exception):
    """A request ``new`` refuses, with the reason in words: the pack's files are in the way
    (exit 1, README "Exit codes")."""


class RequestRefused(ScaffoldError):
    """A request ``new`` refuses for what its command line asks (exit 2): an id that is not
    one or is taken, a folder that is not empty or not a pack, a kind the game does not
    have."""


@dataclass(frozen=True)
class CardKind:
    """One kind of card ``new`` can write: its file and a skeleton that validates clean."""

    file: str
    skeleton: str  # a YAML list item; {id} and {name} are filled in


CARD_KINDS: dict[str, CardKind] = {
    "tech": CardKind(
        "techs.yaml",
        """- id: {id}
  name: {name}
  kind: ship_mod          # civilization | ship_ability | ship_mod
  cost: {{common: 2}}       # common, uncommon, rare
  copies: 1
  source: invented
  text: {text}
  effect: this ship type has +1 attack
""",
    ),
    "faction": CardKind(
        "factions.yaml",
        """- id: {id}
  name: {name}
  three_plus: false       # true: removed from 2-player games
  source: invented
  text: {text}
  effect: when resources_mined -> gain 1 common
""",
    ),
    "token": CardKind(
        "exploration.yaml",
        """- id: {id}
  name: {name}
  kind: deep_space        # deep_space | planetary
  copies: 1
  source: invented
  text: {text}
  effect: gain 1 light
""",
    ),
    "achievement": CardKind(
        "achievements.yaml",
        """- id: {id}
  name: {name}
  set: 1                  # the set of 4 dealt to one player (1-4)
  source: invented
  text: {text}
  effect: as soon as number of red planets you control >= 2 -> gain 2 light
""",
    ),
}

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")  # the schemas' id pattern
SCHEMA_OF_FILE = {
    "pack.yaml": "pack",
    "techs.yaml": "techs",
    "factions.yaml": "factions",
    "exploration.yaml": "exploration",
    "achievements.yaml": "achievements",
}


def check_id(card_id: str) -> None:
    """Ids are lower-case words joined by ``_`` (the schemas' id pattern), at most
    ``ID_LIMIT`` characters (E0607 otherwise: ``new`` would write a card that fails)."""
    if not ID_PATTERN.match(card_id):
        plain = not_ascii(card_id)
        raise RequestRefused(
            f"{card_id!r} is not a valid id: use lower-case words joined by `_`, e.g. `warp_drive`"
            + (f" ({plain})" if plain else "")
        )
    if len(card_id) > ID_LIMIT:
        raise RequestRefused(
            f"the id is {len(card_id)} characters long; the limit is {ID_LIMIT} ({ID_WHY})"
        )


def check_name(name: str | None) -> None:
    """A name ``new`` writes must validate: one line of at most ``NAME_LIMIT`` plain
    characters (E0607, E0514 otherwise; a raw control character makes the whole file
    unreadable YAML)."""
    if name is None:
        return
    if len(name) > NAME_LIMIT:
        raise RequestRefused(
            f"the name is {len(name)} characters long; the limit is {NAME_LIMIT} ({NAME_WHY})"
        )
    odd = hostile_character(name) or next(
        (
            (i, f"this text holds the character {c!r}", "")
            for i, c in enumerate(name)
            if c in "\t\n"
        ),
        None,
    )
    if odd is not None:
        raise RequestRefused(
            f"the name {name!r} cannot be written: {odd[1]}; a name is one line of plain characters"
        )


def title_of(card_id: str) -> str:
    """``warp_drive`` → ``Warp Drive``: the default card name."""
    return " ".join(word.capitalize() for word in card_id.split("_"))


#: The folder of a pack that ``new pack`` writes its game's JSON Schemas into.
SCHEMAS_FOLDER = "schemas"


def modeline(folder: Path, file: str) -> str:
    """The yaml-language-server line that gives editors the schema of the Last Light file
    ``file`` (empty when the pack has no copy of it: see :func:`modeline_to`)."""
    return modeline_to(folder, SCHEMA_OF_FILE[file])


def modeline_to(folder: Path, kind: str) -> str:
    """The yaml-language-server line pointing at the schema of the file kind ``kind`` in the
    pack's own ``schemas/`` folder, or nothing when the pack has no such schema.

    The path is relative to the pack and inside it, so the line works wherever the pack is
    cloned: one to the schemas installed with whitedwarf was a path of the machine that made
    the pack (a site-packages or a checkout), wrong on every other. A line to a file that is
    not there would be an error in the editor, so a pack without the copy gets no line
    (``whitedwarf schema --game GAME --out PACK/schemas`` writes one).
    """
    if not (folder / SCHEMAS_FOLDER / f"{kind}.schema.json").is_file():
        return ""
    return f"# yaml-language-server: $schema={SCHEMAS_FOLDER}/{kind}.schema.json\n"


def write_pack_schemas(folder: Path, game: str) -> list[Path]:
    """Copy the JSON Schemas of ``game``'s files into the pack's ``schemas/`` folder, for the
    editor; the loader reads only the YAML files at the top of a pack, so they change
    nothing else."""
    return write_schemas(folder / SCHEMAS_FOLDER, game)


#: The game ``new pack`` writes a mod of unless told otherwise; its card skeletons are above.
DEFAULT_GAME = "lastlight"


def base_dependency(game: str = DEFAULT_GAME) -> str:
    """The version range of the bundled base pack a new mod should ask for (``>=1.0,<2``)."""
    text = (Path(bundled_pack(game)) / "pack.yaml").read_text(encoding="utf-8")
    found = re.search(r"^version:\s*(\d+)\.(\d+)", text, re.MULTILINE)
    major, minor = (int(found.group(1)), int(found.group(2))) if found else (1, 0)
    return f">={major}.{minor},<{major + 1}"


def manifest(folder: Path, pack_id: str, name: str) -> str:
    """A mod's ``pack.yaml`` depending on the bundled base pack."""
    return (
        modeline(folder, "pack.yaml")
        + f"id: {pack_id}\n"
        + f"name: {name}\n"
        + "version: 0.1.0\n"
        + "game: lastlight\n"
        + f'language: "{game_registry("lastlight").language}"  # of the effect language\n'
        + f"description: {name}, a Last Light mod.\n"
        + "depends:\n"
        + f'  lastlight: "{base_dependency()}"\n'
        + _box_counts_allowed(DEFAULT_GAME)
    )


def game_manifest(folder: Path, pack_id: str, name: str, game: str) -> str:
    """A mod's ``pack.yaml`` for another game, depending on that game's bundled pack."""
    _game_pack(game)
    return (
        modeline(folder, "pack.yaml")
        + f"id: {pack_id}\n"
        + f"name: {name}\n"
        + "version: 0.1.0\n"
        + f"game: {game}\n"
        + f'language: "{game_registry(game).language}"  # of the effect language\n'
        + f"description: {name}, a {_game_name(game)} mod.\n"
        + "depends:\n"
        + f'  {game}: "{base_dependency(game)}"\n'
        + _box_counts_allowed(game)
    )


def dependency(folder: Path, game: str | None = None) -> Any:
    """The manifest of the mod ``folder`` a new pack builds on; refused when it has none
    that reads, or is for another game than ``game`` (``--game``, when given)."""
    from whitedwarf.dsl.packs.manifest import read_manifest

    base, problems = read_manifest(folder)
    if base is None:
        why = problems[0].headline() if problems else f"{folder} has no pack.yaml"
        raise RequestRefused(
            f"--depends {folder}: not a pack that can be read ({why}); "
            f"`whitedwarf validate {folder}` says why"
        )
    if game is not None and base.game != game:
        raise RequestRefused(
            f"--depends {folder}: {base.id} is a {base.game} pack, not a {game} one; "
            "leave --game out: a mod of it is for its game"
        )
    return base


def _on_mod(text: str, base: Any, name: str) -> str:
    """A new mod's manifest ``text`` (named ``name``) turned to depend on the mod ``base``
    (its id, from its version to its next major version) instead of the game's bundled
    pack."""
    lines = text.split("\n")
    lines[lines.index("depends:") + 1] = (
        f'  {base.id}: ">={base.version},<{base.version.major + 1}"'
    )
    return "\n".join(
        f"description: {name}, a mod of {base.name}." if line.startswith("description: ") else line
        for line in lines
    )


#: The manifest's line silencing W0902, written off by ``new pack`` and turned on by ``new
#: card`` with the first card of a counted deck: an ``allow`` entry that silences nothing is
#: W0903 (docs/rules-decisions.md E166), and a new pack has no card yet.
BOX_COUNTS_OFF = "# allow: [W0902]"
BOX_COUNTS_ON = "allow: [W0902]"


def _box_counts_allowed(game: str) -> str:
    """The lines of a new manifest about W0902, for a game with box counts (Last Light's
    decks, Starlight's 28 Starbot cards): every card a mod adds to a counted deck would
    warn, so :func:`allow_box_counts` turns the allow on with the first one."""
    if not game_spec(game).counts:
        return ""
    return (
        "# The base game's box counts do not include the cards this pack adds: W0902 would say\n"
        + "# so for each one. The next line is on once the pack has one (`new card` turns it on).\n"
        + BOX_COUNTS_OFF
        + "\n"
    )


def allow_box_counts(folder: Path, file: str) -> None:
    """Turn on the manifest's ``allow: [W0902]`` that :func:`_box_counts_allowed` wrote off,
    once a card is added to ``file``, a deck with a box count; a manifest the designer has
    changed since is left as it is."""
    manifest = folder / "pack.yaml"
    counted = {count.kind for count in game_spec(pack_game(folder)).counts}
    if Path(file).stem not in counted or manifest.is_symlink() or unwritable(manifest):
        return  # the card is written; validate's W0902 says how to silence it
    lines = manifest.read_text(encoding="utf-8").splitlines(keepends=True)
    shown = [line.rstrip("\r\n") for line in lines]
    if BOX_COUNTS_OFF in shown and BOX_COUNTS_ON not in shown:
        at = shown.index(BOX_COUNTS_OFF)
        lines[at] = BOX_COUNTS_ON + lines[at][len(BOX_COUNTS_OFF) :]
        write_atomically(manifest, "".join(lines))


def _game_name(game: str) -> str:
    """The name of ``game``'s bundled pack (``Starlight``), or its id when it cannot be read."""
    from whitedwarf.dsl.packs.manifest import read_manifest

    manifest, _ = read_manifest(Path(bundled_pack(game)))
    return manifest.name if manifest is not None else game


def _game_pack(game: str) -> None:
    """ScaffoldError unless ``game`` has a bundled pack for a mod to depend on."""
    if not (Path(bundled_pack(game)) / "pack.yaml").is_file():
        raise ScaffoldError(f"game {game!r} has no bundled pack for a mod to depend on")


def new_pack(
    folder: Path,
    pack_id: str | None = None,
    name: str | None = None,
    game: str = DEFAULT_GAME,
    empty: bool = False,
    depends: Path | None = None,
) -> list[Path]:
    """Write a mod pack with one example card of each kind; returns the files written.

    With ``empty`` (and for a game other than Last Light, whose card skeletons are not
    hand-written) only ``pack.yaml`` is written: a designer adding just a faction adds it with
    ``new faction`` instead of deleting three placeholder cards. Either way the game's JSON
    Schemas are copied into the pack's ``schemas/``, which each file's first line names.
    ``depends``: the folder of a mod this one builds on (a mod of a mod), whose game it is for
    and whose id and major version it depends on, in place of the base pack.
    """
    base = None if depends is None else dependency(depends)
    if base is not None:
        game = base.game
    if pack_id is None:
        pack_id = folder.name.lower().replace("-", "_").replace(" ", "_")
        if not ID_PATTERN.match(pack_id):
            raise RequestRefused(
                f"{pack_id!r}, the id made from the folder name {folder.name!r}, is not a "
                "valid id (lower-case words joined by `_`): give one with --id, e.g. "
                "--id space_pirates"
            )
    check_id(pack_id)
    check_name(name)
    if pack_id in installed_games():
        # The mod would depend on itself (E0706) and stand in for the bundled pack of that id.
        raise RequestRefused(
            f"`{pack_id}` is the id of the {pack_id} pack shipped with whitedwarf, which a mod "
            f"depends on; name the mod otherwise (--id, or another folder name)"
        )
    if folder.is_symlink() and not folder.exists():
        raise RequestRefused(f"{folder} is a link to nothing; choose a new folder")
    if folder.exists() and not folder.is_dir():  # a file, a device (/dev/null), a FIFO
        raise RequestRefused(f"{folder} exists and is not a folder; choose a new folder")
    if folder.exists() and any(folder.iterdir()):
        raise RequestRefused(f"{folder} exists and is not empty; choose a new folder")
    name = name or title_of(pack_id)
    if game != DEFAULT_GAME:
        _game_pack(game)  # refused before anything is written
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:  # a file on the way, a folder it may not write in
        raise ScaffoldError(cannot_write_in(folder, error)) from None
    schemas = write_pack_schemas(folder, game)
    text = (
        manifest(folder, pack_id, name)
        if game == DEFAULT_GAME
        else game_manifest(folder, pack_id, name, game)
    )
    if base is not None:
        text = _on_mod(text, base, name)
    if game != DEFAULT_GAME:
        return [_write_new(folder / "pack.yaml", text), *schemas]
    written = [_write_new(folder / "pack.yaml", text), *schemas]
    if empty:
        return written
    for kind in CARD_KINDS:
        card_id = f"{pack_id}_{kind}"
        written.append(new_card(folder, kind, card_id, title_of(card_id)))
    return written


def new_card(folder: Path, kind: str, card_id: str, name: str | None = None) -> Path:
    """Append a card skeleton of ``kind`` to its file in the pack at ``folder``."""
    if kind not in CARD_KINDS:
        raise RequestRefused(f"unknown card kind {kind!r}; one of: {', '.join(CARD_KINDS)}")
    check_id(card_id)
    check_name(name)
    linked = manifest_problem(folder, "new", "it makes the folder a pack")
    if linked is not None:
        raise ScaffoldError(linked)
    if not (folder / "pack.yaml").is_file():
        raise RequestRefused(f"{folder} is not a pack (no pack.yaml); `whitedwarf new pack` first")
    spec = CARD_KINDS[kind]
    _refuse_base_id(folder, DEFAULT_GAME, spec.file, card_id)
    card = spec.skeleton.format(
        id=card_id, name=_yaml_name(name or title_of(card_id)), text=_printed(spec.skeleton)
    )
    written = _append(folder / spec.file, card_id, card, modeline(folder, spec.file))
    allow_box_counts(folder, spec.file)
    return written


def pack_game(folder: Path) -> str:
    """The game the pack at ``folder`` is for (its manifest's ``game``; Last Light if unsaid)."""
    manifest = folder / "pack.yaml"
    linked = manifest_problem(folder, "new", "its game")
    if linked is not None:  # never read through, as the loader never reads it (E0507)
        raise ScaffoldError(linked)
    if not manifest.is_file():
        raise RequestRefused(f"{folder} is not a pack (no pack.yaml); `whitedwarf new pack` first")
    _utf8_text(manifest)  # its game cannot be read from a file that is not UTF-8 text
    data = read_yaml(manifest)
    game = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME
    if game not in installed_games():
        raise ScaffoldError(f"{manifest} is for game {game!r}, which is not installed")
    return str(game)


def new_card_of_game(folder: Path, word: str, card_id: str, name: str | None = None) -> Path:
    """Append a skeleton of the card kind ``word`` of the pack's own game.

    ``word`` is checked against the game of ``folder``'s manifest. Last Light's four kinds
    keep their hand-written skeletons (with the comments listing each field's choices); every
    other card kind of every game is derived from the game's declarations
    (:mod:`whitedwarf.tools.card_skeleton`).
    """
    check_id(card_id)
    check_name(name)
    game = pack_game(folder)
    if game == DEFAULT_GAME and word in CARD_KINDS:  # `token`, as `new token PACK ID` has it
        return new_card(folder, word, card_id, name)
    try:
        card_file = find_card_file(game, word)
        if not fixed_ids(card_file):  # a fixed id is one of the game's own: it is replaced
            _refuse_base_id(folder, game, card_file.file, card_id)
        if game == DEFAULT_GAME:
            written = next((k for k, s in CARD_KINDS.items() if s.file == card_file.file), None)
            if written is not None:
                return new_card(folder, written, card_id, name)
        # A printed card copied (a fixed id) keeps its printed name unless given another.
        printed = printed_card(card_file, card_id).get("name")
        card = skeleton(
            card_file,
            card_id,
            _yaml_name(name or (printed if isinstance(printed, str) else title_of(card_id))),
            read_yaml(folder / card_file.file),
        )
    except SkeletonError as error:
        raise RequestRefused(str(error)) from None
    top = modeline_to(folder, card_file.kind.name)
    if (folder / card_file.file).exists():
        _appendable(folder / card_file.file, card_id)  # said of the user's file, not the trial's
    _try_first(folder, card_file.file, card_id, card, top)
    path = _append(folder / card_file.file, card_id, card, top)
    if not fixed_ids(card_file):  # a card of the game's own is replaced, not added
        allow_box_counts(folder, card_file.file)
    return path


def _refuse_base_id(folder: Path, game: str, file: str, card_id: str) -> None:
    """Refuse (a command-line problem: README "Exit codes") an id the game's bundled pack
    has in ``file``: the new card would add a second one, which validate refuses (E0801).
    Say the two ways on: another id, or the base card copied with ``replace: true``."""
    for owner, folder_of_owner in _dependencies(folder):
        cards = read_yaml(folder_of_owner / file)
        listed = cards if isinstance(cards, list) else []
        ids = {
            card.get("id")
            for card in listed
            if isinstance(card, dict) and card.get("remove") is not True
        }
        if card_id in ids:
            raise RequestRefused(
                f"{owner}'s {file} already has a card with id `{card_id}`: choose a new id, or "
                f"to change that card copy it into {folder / file} with `replace: true` "
                "(docs/packs.md)"
            )


def _dependencies(folder: Path) -> list[tuple[str, Path]]:
    """The packs the pack at ``folder`` depends on, transitively, as validate finds them (a
    mod of a mod: the bundled pack is a dependency of its dependency), by id and folder."""
    from whitedwarf.dsl.packs.loader import bundled_search
    from whitedwarf.dsl.packs.resolve import resolve

    found = resolve([folder], bundled_search())
    own = found.roots[0] if found.roots else None
    return [(m.id, m.folder) for m in found.order if m.id != own]


def _try_first(folder: Path, file: str, card_id: str, card: str, top: str) -> None:
    """Append the card to a copy of the pack and validate it there; refuse it (in the game's
    own words) when it would be an error, since a game may refuse what its schema allows
    (Last Light plays only its six printed action cards: E0923)."""
    with tempfile.TemporaryDirectory() as scratch:
        trial = Path(scratch) / folder.name
        shutil.copytree(folder, trial)
        path = trial / file
        before = path.read_text(encoding="utf-8").count("\n") if path.is_file() else 0
        _append(path, card_id, card, top)
        errors = [
            d
            for d in load_packs([trial]).diagnostics
            if d.is_error
            and d.span is not None
            and Path(d.span.path).name == file
            and d.span.line > before
        ]
    if errors:
        raise ScaffoldError(
            f"{folder.name} cannot take a new card of this kind: {errors[0].message}"
            + (f" ({errors[0].hint})" if errors[0].hint else "")
        )


def _appendable(path: Path, card_id: str) -> str:
    """The text of ``path``, which a card ``card_id`` may be appended to; ScaffoldError
    (naming ``path``) when it has that id already or holds a bare empty list, or when it
    leads out of its pack folder (a link: the card would be written into the file it names)."""
    _inside_pack(path)
    text = _utf8_text(path)
    if re.search(rf"^\s*-?\s*id:\s*['\"]?{re.escape(card_id)}['\"]?\s*$", text, re.MULTILINE):
        raise RequestRefused(f"{path} already has a card with id `{card_id}`")
    if text.strip() in ("[]", "") or re.fullmatch(r"(\s*#.*\n?)*\s*\[\]\s*", text):
        raise ScaffoldError(f"{path} holds an empty list `[]`; remove it, then run this again")
    return text


def _utf8_text(path: Path) -> str:
    """The text of the pack file ``path``; ScaffoldError when it is not UTF-8 (E0509)."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ScaffoldError(
            f"{path} is not UTF-8 text; save it as UTF-8, then run this again"
        ) from None


def _inside_pack(path: Path) -> None:
    """ScaffoldError unless ``path`` is, or would be, a regular file of its pack folder (the
    loader's rule E0507: a pack reads, and ``new`` writes, only the pack's own files)."""
    problem = link_problem(path, path.parent)  # the rewriters' one rule on links (C30)
    if problem is not None:
        raise ScaffoldError(f"{path}: {problem}; not written")
    if path.exists() and not path.is_file():
        raise ScaffoldError(f"{path} is not a regular file; not written")


def _append(path: Path, card_id: str, card: str, top: str) -> Path:
    """Append ``card`` to ``path`` (created with ``top`` first when missing); never overwrite."""
    if not path.exists():
        _inside_pack(path)  # a dangling link out of the pack (an existing file: _appendable)
        return _write_new(path, top + card)
    text = _appendable(path, card_id)
    problem = unwritable(path)
    if problem is not None:  # appending works on a read-only file when run as root
        raise ScaffoldError(f"{path}: {problem}; not written")
    separator = "" if text.endswith("\n") or not text else "\n"
    line_end = line_end_of(path.read_bytes().decode("utf-8", "replace"))  # CRLF stays CRLF
    with path.open("a", encoding="utf-8", newline=line_end) as stream:
        stream.write(separator + "\n" + card)
    return path


def _printed(skeleton: str) -> str:
    """The skeleton's text, written from its effect (so the two agree: W0430)."""
    effect = re.search(r"^  effect: (.*)$", skeleton, re.MULTILINE)
    assert effect is not None
    return json.dumps(render_effect(effect.group(1), game_registry("lastlight")))


def _yaml_name(name: str) -> str:
    """A card name as a YAML scalar: quoted when plain YAML would misread it."""
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9 '\-]*", name) and ": " not in name:
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _write_new(path: Path, text: str) -> Path:
    with path.open("x", encoding="utf-8", newline="\n") as stream:  # "x": never overwrite
        stream.write(text)
    return path
