"""A pack means the same thing whatever folder a command runs in and however the pack is named
(issue 23 item 1): from its parent (`mymod`), from inside it (`.`), from elsewhere (its
absolute path) and through a link kept in another folder.

Before, `cd mymod && whitedwarf validate .` reported W0902 on every card file although
`pack.yaml` allows it (the allow list was matched by the folder as shown, `./`, against files
shown as `techs.yaml`), and a dependency beside the pack was not found (the siblings of `.`
were looked for in `.`); the language server, started by editors from the pack folder, showed
the same warnings.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from lsprotocol import types
from whitedwarf.tools.cli import main
from whitedwarf.tools.scaffold import new_pack

from tests.modtools.test_lsp import Editor, run

#: How each way of naming the pack is taken: (folder to run in, the argument naming the pack).
FORMS = {
    "from its parent": ("mods", "mymod"),
    "from inside": ("mods/mymod", "."),
    "by its absolute path": ("elsewhere", "{root}/mods/mymod"),
    "through a link": ("links", "mymod"),
}


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """``mods/mymod`` (allows W0902 and W0430, depends on its sibling ``mods/basemod``, has a
    deprecated word and a line fmt lays out otherwise), ``links/mymod`` leading to it, and an
    empty ``elsewhere``."""
    mods = tmp_path / "mods"
    new_pack(mods / "basemod")
    pack = mods / "mymod"
    new_pack(pack)
    manifest = pack / "pack.yaml"
    manifest.write_text(
        manifest.read_text()
        .replace('  lastlight: ">=1.0,<2"\n', '  lastlight: ">=1.0,<2"\n  basemod: "*"\n')
        .replace("allow: [W0902]", "allow: [W0902, W0430]")
    )
    techs = pack / "techs.yaml"
    techs.write_text(
        techs.read_text()
        .replace("effect: this ship type has +1 attack", "effect: you have +1 center_light")
        .replace('text: "This ship type has +1 [attack]."', 'text:   "my own words"')
    )
    (tmp_path / "links").mkdir()
    (tmp_path / "links" / "mymod").symlink_to(pack, target_is_directory=True)
    (tmp_path / "elsewhere").mkdir()
    return tmp_path


def invoke(root: Path, form: str, *args: str) -> tuple[int, str]:
    folder, pack = FORMS[form]
    here = os.getcwd()
    os.chdir(root / folder)
    try:
        named = [pack.format(root=root) if arg == "PACK" else arg for arg in args]
        result = CliRunner().invoke(main, named)
    finally:
        os.chdir(here)
    return result.exit_code, result.output


@pytest.mark.parametrize("form", FORMS)
def test_validate_reads_the_allow_list_and_finds_the_sibling(root: Path, form: str) -> None:
    code, out = invoke(root, form, "validate", "PACK", "--format", "json")
    found = [(Path(d["file"]).name, d["code"]) for d in json.loads(out)["diagnostics"]]
    assert (code, found) == (0, [("techs.yaml", "W0431")])
    code, out = invoke(root, form, "validate", "PACK")
    assert "W0902" not in out and "allow: [W0902]" not in out
    assert out.strip().endswith(
        "checked lastlight 1.0.0, basemod 0.1.0, mymod 0.1.0: 0 errors, 1 warning"
    )


@pytest.mark.parametrize("form", FORMS)
def test_text_shows_and_checks_the_same_cards(root: Path, form: str) -> None:
    code, out = invoke(root, form, "text", "PACK")
    assert code == 0 and "mymod_tech: You have +1 center light." in out
    assert invoke(root, form, "text", "PACK", "--check") == (0, "")  # W0430 is allowed


@pytest.mark.parametrize("form", FORMS)
def test_fmt_and_fix_see_the_same_files(root: Path, form: str) -> None:
    code, out = invoke(root, form, "fmt", "PACK", "--check")
    assert code == 1
    assert "1 file would be reformatted, 4 unchanged, 0 left alone" in out
    assert [line.rsplit("/", 1)[-1] for line in out.splitlines()[:1]] == [
        "techs.yaml: would be reformatted"
    ]
    code, out = invoke(root, form, "fix", "PACK", "--dry-run")
    assert code == 0 and "+  effect: you have +1 centre_light" in out
    assert "would fix 1 deprecated word in 1 file" in out


@pytest.mark.parametrize("form", FORMS)
def test_simulate_plays_the_pack(root: Path, form: str, tmp_path: Path) -> None:
    out_dir = tmp_path / f"batch {form}"
    code, out = invoke(
        root, form, "simulate", "--pack", "PACK", "--games", "1", "--workers", "1", "--out",
        str(out_dir),
    )  # fmt: skip
    assert code == 0, out
    assert (out_dir / "report.html").is_file()


class EditorIn(Editor):
    """An editor that starts the server in a folder of its choosing, as editors do (the
    folder of the file opened first, or the workspace's)."""

    async def start_in(self, folder: Path) -> None:
        await self.client.start_io(
            sys.executable, "-m", "whitedwarf.tools.cli", "lsp", cwd=str(folder)
        )
        await self.client.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(),
                root_uri=folder.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=folder.as_uri(), name="mod")],
            )
        )
        self.client.initialized(types.InitializedParams())


@pytest.mark.parametrize("opened", ["mods/mymod/techs.yaml", "links/mymod/techs.yaml"])
def test_the_language_server_started_in_the_pack(root: Path, opened: str) -> None:
    async def session() -> list[Any]:
        editor = EditorIn()
        await editor.start_in(root / "mods" / "mymod")
        uri = await editor.open(root / opened)
        shown = list(editor.diagnostics[uri])
        await editor.stop()
        return shown

    shown = run(session())
    assert [d.code for d in shown] == ["W0431"]
