"""A manifest naming a huge number of dependencies is one located error, at once (E168).

Each name of `depends` is looked for in every search folder (with a did-you-mean over the
packs found), so 20,000 names took 71 s and printed 20,000 errors, and 100,000 (1.2 MB,
under the 2 MiB file limit) minutes. `depends` now names at most 100 packs (E0607).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.packs.quickschema import compile_check, is_valid
from whitedwarf.dsl.packs.schemas import MOST_DEPENDENCIES, manifest_schema

from tests.hostile_cli import run


def _manifest(folder: Path, names: int) -> Path:
    folder.mkdir()
    depends = "".join(f"\n  dep{i}: '*'" for i in range(names))
    (folder / "pack.yaml").write_text(
        f"id: big\nname: Big\nversion: 0.1.0\ngame: lastlight\ndepends:{depends}\n", "utf-8"
    )
    return folder


def test_twenty_thousand_dependencies_are_one_error(tmp_path: Path) -> None:
    status, output = run("validate", str(_manifest(tmp_path / "big", 20_000)), "--no-cache")
    assert status == 1, output
    assert output.count("error[") == 1
    assert "big/pack.yaml:6:3: error[E0607]: `depends` has 20,000 entries; the limit is 100" in (
        output
    )
    assert "= help: a pack builds on a few others" in output


def test_a_hundred_dependencies_are_each_looked_for(tmp_path: Path) -> None:
    result = load_packs([_manifest(tmp_path / "big", MOST_DEPENDENCIES)], bundled=False)
    assert {d.code for d in result.diagnostics} == {"E0703"}
    assert len(result.diagnostics) == MOST_DEPENDENCIES


@pytest.mark.parametrize("names", [0, MOST_DEPENDENCIES, MOST_DEPENDENCIES + 1])
def test_the_quick_check_and_jsonschema_agree_on_the_bound(names: int) -> None:
    import jsonschema

    manifest = {
        "id": "big",
        "name": "Big",
        "version": "0.1.0",
        "game": "lastlight",
        "depends": {f"dep{i}": "*" for i in range(names)},
    }
    schema = manifest_schema()
    expected = jsonschema.Draft202012Validator(schema).is_valid(manifest)
    check = compile_check(schema)
    assert check is not None
    assert is_valid(check, manifest) is expected is (names <= MOST_DEPENDENCIES)
