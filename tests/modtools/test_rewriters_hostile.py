"""The pack rewriters (`fmt`, `fix`, `text --write`, `new`) on hostile packs: a file keeps its
line ends, byte order mark, permissions and comments; a read-only file is refused before any
file of the pack is written; a file one YAML reader accepts and the layout keeper cannot read
is left alone with the reason, not a traceback."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from whitedwarf.tools.formatter import format_text
from whitedwarf.tools.scaffold import new_pack

from tests.hostile_cli import run
from tests.modtools.test_deprecation import OLD_WORDS

UNTIDY = "  name: Mod Tech\n", "  name:    Mod Tech   # spaced\n"


@pytest.fixture
def mod(tmp_path: Path) -> Path:
    pack = tmp_path / "mod"
    new_pack(pack)
    return pack


def snapshot(pack: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(pack)): p.read_bytes() for p in sorted(pack.rglob("*")) if p.is_file()
    }


def untidy(pack: Path, crlf: bool = False, bom: bool = False) -> Path:
    techs = pack / "techs.yaml"
    text = techs.read_text().replace(*UNTIDY).replace('"This ship type', '"Wrong: this ship type')
    if crlf:
        text = text.replace("\n", "\r\n")
    techs.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode())
    return techs


@pytest.mark.parametrize(
    "command", [("fmt",), ("text", "--write"), ("fix",)], ids=["fmt", "text", "fix"]
)
def test_a_read_only_file_stops_the_rewrite_before_any_file_is_written(
    mod: Path, command: tuple[str, ...]
) -> None:
    techs = untidy(mod)
    techs.write_text(techs.read_text() + OLD_WORDS)
    (mod / "factions.yaml").write_text(
        (mod / "factions.yaml").read_text().replace("name:", "name: ")
    )
    locked = techs  # factions.yaml, written first in name order, must not be written either
    locked.chmod(0o444)
    before = snapshot(mod)
    code, out = run(*command, str(mod))
    assert code == 1 and f"{locked}: the file is read-only" in out and "no file was changed" in out
    assert snapshot(mod) == before
    assert stat.S_IMODE(locked.stat().st_mode) == 0o444


def test_new_refuses_to_append_to_a_read_only_file(mod: Path) -> None:
    techs = mod / "techs.yaml"
    techs.chmod(0o444)
    before = techs.read_bytes()
    code, out = run("new", "tech", str(mod), "big_gun")
    assert code == 1 and "read-only" in out and techs.read_bytes() == before


@pytest.mark.parametrize("bom", [False, True], ids=["crlf", "crlf-bom"])
def test_fmt_and_text_keep_line_ends_bom_and_permissions(mod: Path, bom: bool) -> None:
    techs = untidy(mod, crlf=True, bom=bom)
    techs.chmod(0o640)
    assert run("fmt", str(mod))[0] == 0
    assert run("fmt", "--check", str(mod))[0] == 0  # the CRLF file is laid out once, for good
    assert run("text", "--write", str(mod))[0] == 0
    assert run("new", "tech", str(mod), "big_gun")[0] == 0
    raw = techs.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") == bom
    assert raw.count(b"\r\n") == raw.count(b"\n")  # every line still ends in CRLF
    assert b"# spaced" in raw and b"Wrong:" not in raw and b"big_gun" in raw
    assert stat.S_IMODE(techs.stat().st_mode) == 0o640
    assert run("validate", str(mod))[0] == 0


def test_fix_keeps_crlf(mod: Path) -> None:
    techs = mod / "techs.yaml"
    techs.write_bytes((techs.read_text() + OLD_WORDS).replace("\n", "\r\n").encode())
    assert run("fix", "--no-backup", str(mod))[0] == 0
    raw = techs.read_bytes()
    assert b"centre_light_harvested" in raw and raw.count(b"\r\n") == raw.count(b"\n")


REWRITERS = [("fmt",), ("text", "--write"), ("fix", "--no-backup")]
REWRITER_IDS = ["fmt", "text", "fix"]


@pytest.mark.parametrize("command", REWRITERS, ids=REWRITER_IDS)
def test_a_link_inside_the_pack_is_written_through_and_stays_a_link(
    mod: Path, command: tuple[str, ...]
) -> None:
    """docs/rules-decisions.md C30: the three rewriters follow a link whose target is in the
    pack folder (here in a subfolder, which the loader reads through the link too)."""
    techs = mod / "techs.yaml"
    real = mod / "shared" / "techs.yaml"
    real.parent.mkdir()
    real.write_text(untidy(mod).read_text() + OLD_WORDS)
    techs.unlink()
    techs.symlink_to(Path("shared") / "techs.yaml")
    before = real.read_bytes()
    code, out = run(*command, str(mod))
    assert code == 0 and "skipped" not in out, out
    assert techs.is_symlink() and real.read_bytes() != before
    wrote = {"fmt": b"name: Mod Tech      # spaced", "text": b'"This ship', "fix": b"centre_light"}
    assert wrote[command[0]] in real.read_bytes()


def test_a_second_name_of_a_file_is_written_once_and_said(mod: Path) -> None:
    techs = mod / "techs.yaml"
    real = mod / "real.yaml"
    real.write_text(untidy(mod).read_text() + OLD_WORDS)
    techs.unlink()
    techs.symlink_to("real.yaml")
    code, out = run("fmt", str(mod))
    assert code == 0 and f"{techs}: skipped: it is a link to {real}, which is written once" in out
    assert f"{real}: reformatted" in out and techs.is_symlink()


@pytest.mark.parametrize("command", REWRITERS, ids=REWRITER_IDS)
def test_a_link_out_of_the_pack_is_never_written_through_and_is_named(
    mod: Path, tmp_path: Path, command: tuple[str, ...]
) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text(untidy(mod).read_text() + OLD_WORDS)
    before = outside.read_bytes()
    techs = mod / "techs.yaml"
    techs.unlink()
    techs.symlink_to(outside)
    code, out = run(*command, str(mod))
    # fmt and fix skip it and say so; text refuses the pack (E0507) before writing anything.
    said = f"{techs}: skipped: it is a link that leads outside the pack folder"
    refused = "`techs.yaml` is a link that leads outside the pack folder"
    assert code == 1 and (said in out or (command[0] == "text" and refused in out)), out
    assert outside.read_bytes() == before and techs.is_symlink()


MANIFEST_READERS = [
    ("fix", "--no-backup"),
    ("fix", "--dry-run"),
    ("new", "tech", "{pack}", "laser"),
    ("new", "planet", "{pack}", "teal"),
    ("new", "card", "{pack}", "faction", "corsairs"),
]


@pytest.mark.parametrize("command", MANIFEST_READERS, ids=" ".join)
@pytest.mark.parametrize("link", ["out", "loop"])
def test_a_manifest_linked_out_of_the_pack_is_never_read(
    mod: Path, tmp_path: Path, command: tuple[str, ...], link: str
) -> None:
    """fix and new read a pack's game (and fix its language) from pack.yaml; through a link
    out of the pack they read a file that is not the pack's (fix said 'fixed 0 deprecated
    words; language 1.1' of the outside file's game, new appended a card). Each refuses the
    pack, as the loader does (E0507), and writes nothing; fmt skips the link (above)."""
    techs = mod / "techs.yaml"
    techs.write_text(techs.read_text() + OLD_WORDS)
    outside = tmp_path / "pack.yaml"
    outside.write_text((mod / "pack.yaml").read_text())
    (mod / "pack.yaml").unlink()
    if link == "out":
        (mod / "pack.yaml").symlink_to(outside)
    else:
        (mod / "pack.yaml").symlink_to("pack.yaml")
    before, outside_before = snapshot(mod), outside.read_bytes()
    args = [part.format(pack=mod) for part in command]
    code, out = run(*args, *([] if command[0] == "new" else [str(mod)]))
    said = " ".join(out.split())
    why = "leads outside the pack folder" if link == "out" else "cannot be followed"
    assert code == 1 and f"{mod / 'pack.yaml'}: it is a link that {why}" in said, out
    assert f"{command[0]} needs the pack's own manifest" in said
    assert "no file was changed" in said and "E0507" in said
    assert snapshot(mod) == before and outside.read_bytes() == outside_before


@pytest.mark.parametrize("dry_run", [True, False], ids=["dry-run", "run"])
def test_fix_exits_1_when_it_skips_a_link_with_or_without_dry_run(
    mod: Path, tmp_path: Path, dry_run: bool
) -> None:
    """A dry run ends as the run would (like `fmt --check`, `text --check`): a file it names
    as skipped is a file the fix cannot make, so CI running `fix --dry-run` is told."""
    (mod / "factions.yaml").write_text((mod / "factions.yaml").read_text() + OLD_WORDS)
    outside = tmp_path / "outside.yaml"
    outside.write_text((mod / "techs.yaml").read_text())
    (mod / "techs.yaml").unlink()
    (mod / "techs.yaml").symlink_to(outside)
    code, out = run("fix", *(["--dry-run"] if dry_run else []), "--no-backup", str(mod))
    assert code == 1, out
    assert f"{mod / 'techs.yaml'}: skipped: it is a link that leads outside the pack" in out
    verb = "would fix" if dry_run else "fixed"
    assert f"{verb} 3 deprecated words in 1 file" in out
    assert "; 1 file skipped (named above)" in out
    assert ("center_light" in (mod / "factions.yaml").read_text()) == dry_run


def test_fix_dry_run_says_a_read_only_file_would_stop_the_fix(mod: Path) -> None:
    techs = mod / "techs.yaml"
    techs.write_text(techs.read_text() + OLD_WORDS)
    techs.chmod(0o444)
    before = snapshot(mod)
    code, out = run("fix", "--dry-run", str(mod))
    assert code == 1, out
    assert f"{techs}: the file is read-only" in out and "fix would change no file" in out
    assert "+    when centre_light_harvested" in out  # the changes are still shown
    assert snapshot(mod) == before


def test_fix_dry_run_of_a_fixable_pack_exits_0(mod: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    techs = mod / "techs.yaml"
    techs.write_text(techs.read_text() + OLD_WORDS)
    monkeypatch.chdir(mod.parent)
    code, out = run("fix", "--dry-run", "mod")
    assert code == 0 and "would fix 3 deprecated words in 1 file\n" in out, out
    assert "--- mod/techs.yaml\n" in out  # named as the user named the pack, not absolute


def test_fmt_diff_says_a_read_only_file_would_stop_fmt(mod: Path) -> None:
    techs = untidy(mod)
    techs.chmod(0o444)
    code, out = run("fmt", "--diff", str(mod))
    assert code == 1 and f"{techs}: the file is read-only" in out, out
    assert "fmt would change no file" in out and "+  name: Mod Tech" in out


def test_fmt_of_a_file_linked_out_of_its_pack_writes_nothing(mod: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text("- id: out_tech\n  name:   Out\n")
    techs = mod / "techs.yaml"
    techs.unlink()
    techs.symlink_to(outside)
    code, out = run("fmt", str(techs))
    assert code == 1 and "leads outside the pack folder" in out
    assert outside.read_text() == "- id: out_tech\n  name:   Out\n" and techs.is_symlink()


def test_what_only_the_layout_keeper_cannot_read_is_left_alone(mod: Path) -> None:
    techs = mod / "techs.yaml"
    techs.write_text(techs.read_text().replace("cost: {common: 2}", "cost: {common: 2}\t"))
    before = techs.read_bytes()
    code, out = run("fmt", str(mod))
    assert code == 1 and "left alone: the layout keeper cannot read it (line 5" in out
    assert techs.read_bytes() == before


CARD = (
    "# head\n- id: a  # c1\n  name: A\n  kind: ship_mod\n  cost: {common: 2}\n  copies: 1\n"
    '  source: invented\n  text: "t"\n  effect: this ship type has +1 attack  # c2\n# tail\n'
)


@settings(max_examples=60, deadline=None)
@given(
    edits=st.lists(
        st.tuples(st.integers(0, 9), st.sampled_from(["  # zz", " ", "\t", "  #", "\n# line"])),
        max_size=5,
    )
)
def test_fmt_never_loses_a_comment_nor_raises(edits: list[tuple[int, str]]) -> None:
    lines = CARD.split("\n")
    for number, (line, addition) in enumerate(edits):
        lines[line] += addition + (str(number) if addition.endswith(("zz", "line")) else "")
    text = "\n".join(lines)
    result = format_text(text, Path("techs.yaml"), "techs.yaml")
    if result.text is not None:
        for comment in re.findall(r"#\s*(zz\d|line\d|c\d|head|tail)", text):
            assert comment in result.text


def test_a_link_loop_is_named_not_followed(mod: Path) -> None:
    (mod / "a.yaml").symlink_to("b.yaml")
    (mod / "b.yaml").symlink_to("a.yaml")
    code, out = run("fmt", str(mod))
    assert code == 1 and f"{mod / 'a.yaml'}: skipped: it is a link that cannot be followed" in out
    assert "Traceback" not in out


@pytest.mark.parametrize("dry_run", [True, False], ids=["dry-run", "run"])
def test_fix_names_a_file_it_could_not_read_and_exits_1(mod: Path, dry_run: bool) -> None:
    """A file no YAML reading gets data from (here: a tab before a key, then old words) was
    passed over in silence: "fixed 3 deprecated words in 1 file", exit 0, the words of the
    unread file never looked at. It is named, with the first problem, and the run exits 1."""
    (mod / "factions.yaml").write_text((mod / "factions.yaml").read_text() + OLD_WORDS)
    techs = mod / "techs.yaml"
    techs.write_text(OLD_WORDS + "\t- broken: [\n")
    before = techs.read_bytes()
    code, out = run("fix", *(["--dry-run"] if dry_run else []), "--no-backup", str(mod))
    assert code == 1, out
    assert re.search(
        rf"{re.escape(str(techs))}: skipped: it could not be read \({re.escape(str(techs))}:"
        r"\d+:\d+: error\[E05\d\d\]: [^)]+\): its deprecated words, if any, are not fixed; "
        r"`whitedwarf validate` shows why",
        out,
    ), out
    verb = "would fix" if dry_run else "fixed"
    assert f"{verb} 3 deprecated words in 1 file" in out  # factions.yaml's
    assert "; 1 file skipped (named above)" in out
    assert techs.read_bytes() == before
