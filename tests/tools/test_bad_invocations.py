"""What a user typing a command wrong sees: a sentence naming the problem and an exit status,
never a traceback (tests/hostile_cli.py). Each case was found by running the command as a user
would, in a folder of their own: a path that is a file, a folder that is not a pack, a pack
file that is not UTF-8, an --out under a file."""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.tools.scaffold import new_pack

from tests.hostile_cli import run

NOT_UTF8 = b"\xff\xfe\x00id: x\n"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's folder: a plain file, an empty folder, packs good and bad."""
    monkeypatch.chdir(tmp_path)
    Path("afile").write_text("hello\n")
    Path("empty").mkdir()
    new_pack(Path("mod"))
    Path("binpack").mkdir()
    Path("binpack/pack.yaml").write_bytes(NOT_UTF8)
    Path("nogame").mkdir()
    Path("nogame/pack.yaml").write_text("id: nogame\nname: N\nversion: 1.0.0\ngame: nosuch\n")
    new_pack(Path("bintechs"))
    Path("bintechs/techs.yaml").write_bytes(NOT_UTF8)
    return tmp_path


SHORT = ("--games", "1", "--players", "2", "--agents", "random", "--round-limit", "2")
#: A pack that sets up 2 players only, played with 3 seats (was an internal error).
MINI = str(Path(__file__).resolve().parents[1] / "fixtures" / "packs" / "_shared" / "mini")
NO_SETUP = "the pack's setups.yaml has no setup for 3 players: it sets up 2"
UNDER_A_FILE = "afile is a file, not a folder"

CASES = {
    "fix, no pack.yaml": (
        ("fix", "empty"),
        1,
        "Error: empty/pack.yaml cannot be read as a pack's manifest; "
        "run `whitedwarf validate empty`",
    ),
    "fix, pack.yaml not UTF-8": (("fix", "--dry-run", "binpack"), 1, "save the file as UTF-8"),
    "fix, unknown game": (("fix", "nogame"), 1, "nogame/pack.yaml cannot be read"),
    "schema --out under a file": (
        ("schema", "--out", "afile/sub"),
        1,
        f"cannot write in afile/sub: {UNDER_A_FILE}",
    ),
    "simulate --out under a file": (
        ("simulate", *SHORT, "--out", "afile/sub"),
        1,
        f"cannot write in afile/sub: {UNDER_A_FILE}",
    ),
    "compare --out under a file": (
        ("compare", "--base", "lastlight", "--variant", "mod", *SHORT, "--out", "afile/c"),
        1,
        f"cannot write in afile/c/base: {UNDER_A_FILE}",
    ),
    "cards --out under a file": (
        ("cards", "mod", "--out", "afile/cards.pdf"),
        1,
        f"cannot write afile/cards.pdf: {UNDER_A_FILE}",
    ),
    "new pack under a file": (
        ("new", "pack", "afile/mod"),
        1,
        f"cannot write in afile/mod: {UNDER_A_FILE}",
    ),
    "new pack, folder name no id": (
        ("new", "pack", "My Mod!"),
        2,
        "'my_mod!', the id made from the folder name 'My Mod!', is not a valid id "
        "(lower-case words joined by `_`): give one with --id",
    ),
    "new tech, pack.yaml not UTF-8": (
        ("new", "tech", "binpack", "laser"),
        1,
        "binpack/pack.yaml is not UTF-8 text; save it as UTF-8",
    ),
    "new tech, techs.yaml not UTF-8": (
        ("new", "tech", "bintechs", "laser"),
        1,
        "bintechs/techs.yaml is not UTF-8 text; save it as UTF-8",
    ),
    "fmt of a file that is no pack file": (
        ("fmt", "afile"),
        1,
        "afile: skipped: it is not a pack file (a .yaml file)",
    ),
    "fmt --check of a folder without pack files": (
        ("fmt", "--check", "empty"),
        1,
        "empty: skipped: the folder holds no pack files (.yaml)",
    ),
    "play, a player count the pack has no setup for": (("play", "--pack", MINI), 1, NO_SETUP),
    "simulate, a player count the pack has no setup for": (
        ("simulate", "--pack", MINI, "--players", "3", "--games", "1", "--out", "sim"),
        1,
        NO_SETUP,
    ),
    "play, unknown seat": (
        ("play", "--seats", "human,bogus"),
        2,
        "Invalid value for --seats: unknown seat kind 'bogus'",
    ),
    # a typo at the first prompt a newcomer types: the known kinds were listed, unranked
    "play, a misspelt seat": (
        ("play", "--seats", "humna,random"),
        2,
        "unknown seat kind 'humna'; known: first, heuristic, human, random, search, strong; "
        "did you mean `human`?",
    ),
    "play, a misspelt bundled pack": (
        ("play", "--pack", "starlite", "--seats", "random,random"),
        2,
        "'starlite' is neither a pack folder nor a bundled pack (lastlight, starlight); "
        "did you mean `starlight`?",
    ),
    "a misspelt command": (
        ("valdate", "mod"),
        2,
        "Error: no command 'valdate'; did you mean `validate`?",
    ),
    "a misspelt command of new": (
        ("new", "tehc", "mod", "laser"),
        2,
        "Error: no command 'tehc'; did you mean `tech`?",
    ),
    "no such command": (
        ("lint",),
        2,
        "no command 'lint'; the commands: cards, compare, doc,",
    ),
    # a strong seat searched for 99999999999999 ms a decision: the game never went on
    "think for ever": (
        ("play", "--seats", "strong,random", "--think", "99999999999999"),
        2,
        "Invalid value for '--think': 99999999999999 ms is more than the 60,000 ms (a minute) "
        "a strong seat may think on one decision",
    ),
    "validate a card file": (
        ("validate", "mod/techs.yaml"),
        2,
        "Error: Invalid value for 'PATHS...': 'mod/techs.yaml' is a file of the pack mod, not "
        "a pack: give the folder, mod",
    ),
    "validate packs of two games": (
        ("validate", "mod", "starlight"),
        2,
        "Error: a run checks the packs of one game, and these are for 2: mod (lastlight), "
        "starlight (starlight); run `whitedwarf validate mod` and `whitedwarf validate starlight`",
    ),
}


@pytest.mark.parametrize(("args", "status", "said"), CASES.values(), ids=CASES.keys())
def test_a_bad_invocation_is_told_in_a_sentence(
    here: Path, args: tuple[str, ...], status: int, said: str
) -> None:
    before = {p: p.read_bytes() for p in here.rglob("*") if p.is_file()}
    code, out = run(*args)
    assert code == status and said in out, out
    assert "Traceback" not in out and "Errno" not in out
    assert {p: p.read_bytes() for p in here.rglob("*") if p.is_file()} == before
