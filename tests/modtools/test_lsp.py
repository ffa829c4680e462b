"""`whitedwarf lsp` driven through the real protocol over stdio (issue 11 item 1).

A client starts the server as an editor would (`python -m whitedwarf.tools.cli lsp`), opens a
mod pack made by `whitedwarf new pack`, types a typo, and checks what a modder sees:
the diagnostic, completion of a hook name, hover, go to definition and the quick fix.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient
from whitedwarf.tools.editor.hover import KEYWORDS
from whitedwarf.tools.scaffold import new_pack

TIMEOUT = 60


class Editor:
    """A minimal editor: one language server, the diagnostics it published, open documents."""

    def __init__(self) -> None:
        self.client = LanguageClient("test-editor", "1")
        self.diagnostics: dict[str, list[types.Diagnostic]] = {}
        self.versions: dict[str, int] = {}
        self.published = asyncio.Event()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def _published(params: types.PublishDiagnosticsParams) -> None:
            self.diagnostics[params.uri] = params.diagnostics
            self.published.set()

    async def start(self, root: Path) -> None:
        await self.client.start_io(sys.executable, "-m", "whitedwarf.tools.cli", "lsp")
        await self.client.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(),
                root_uri=root.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="mods")],
            )
        )
        self.client.initialized(types.InitializedParams())

    async def open(self, path: Path) -> str:
        uri = path.as_uri()
        self.versions[uri] = 1
        self.published.clear()
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="yaml", version=1, text=path.read_text()
                )
            )
        )
        await asyncio.wait_for(self.published.wait(), TIMEOUT)
        return uri

    async def type_text(self, uri: str, text: str) -> float:
        """Replace the whole document (unsaved); returns seconds until diagnostics came."""
        self.versions[uri] += 1
        self.published.clear()
        started = time.perf_counter()
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(
                    uri=uri, version=self.versions[uri]
                ),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        await asyncio.wait_for(self.published.wait(), TIMEOUT)
        return time.perf_counter() - started

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


def position(text: str, needle: str, offset: int = 0) -> types.Position:
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return types.Position(line=line, character=index - (text.rfind("\n", 0, index) + 1))


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 4 * TIMEOUT))


@pytest.fixture
def mod(tmp_path: Path) -> Path:
    pack = tmp_path / "space_pirates"
    new_pack(pack)
    return pack


def test_a_modder_session(mod: Path) -> None:
    techs = mod / "techs.yaml"

    async def session() -> dict[str, Any]:
        editor = Editor()
        await editor.start(mod.parent)
        seen: dict[str, Any] = {}
        uri = await editor.open(techs)
        seen["clean"] = editor.diagnostics[uri]
        typo = techs.read_text().replace("+1 attack", "+1 atack")
        seen["latency"] = await editor.type_text(uri, typo)
        seen["typo"] = editor.diagnostics[uri]
        seen["disk"] = techs.read_text()
        fix = await editor.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=seen["typo"][0].range,
                context=types.CodeActionContext(diagnostics=seen["typo"]),
            )
        )
        seen["fix"] = fix
        hook_text = typo.replace(
            "effect: this ship type has +1 atack", "effect: |\n    when round_st"
        )
        await editor.type_text(uri, hook_text)
        seen["completion"] = await editor.client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=position(hook_text, "when round_st", len("when round_st")),
            )
        )
        await editor.type_text(uri, typo.replace("+1 atack", "+1 attack"))
        fixed = typo.replace("+1 atack", "+1 attack")
        seen["hover"] = await editor.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=position(fixed, "+1 attack", 4),
            )
        )
        seen["after_fix"] = editor.diagnostics[uri]
        await editor.stop()
        return seen

    seen = run(session())
    assert list(seen["clean"]) == []
    (diagnostic,) = seen["typo"]
    assert diagnostic.code == "E0403" and "atack" in diagnostic.message
    assert "did you mean `attack`?" in diagnostic.message
    assert diagnostic.range.end.character - diagnostic.range.start.character == len("atack")
    assert "+1 atack" not in seen["disk"]  # the check ran on the unsaved text
    (action,) = seen["fix"]
    (edit,) = action.edit.changes[next(iter(action.edit.changes))]
    assert edit.new_text == "attack" and edit.range == diagnostic.range
    labels = [item.label for item in seen["completion"].items]
    assert "round_start" in labels
    assert all(label.startswith("round_st") for label in labels)
    assert "attack" in seen["hover"].contents.value
    assert list(seen["after_fix"]) == []
    assert seen["latency"] < 5  # generous: the measured figure is in BENCHMARKS.md


def test_ids_complete_and_lead_to_their_card(mod: Path) -> None:
    techs = mod / "techs.yaml"
    replace = "\n- id: x_blaster\n  remove: true\n"

    async def session() -> dict[str, Any]:
        editor = Editor()
        await editor.start(mod.parent)
        uri = await editor.open(techs)
        text = techs.read_text() + "\n- id: x_bl"
        await editor.type_text(uri, text)
        completion = await editor.client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=position(text, "- id: x_bl", len("- id: x_bl")),
            )
        )
        text = techs.read_text() + replace
        await editor.type_text(uri, text)
        where = position(text, "x_blaster", 2)
        target = await editor.client.text_document_definition_async(
            types.DefinitionParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=where
            )
        )
        hover = await editor.client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=where)
        )
        manifest = mod / "pack.yaml"
        manifest_uri = await editor.open(manifest)
        deps = await editor.client.text_document_definition_async(
            types.DefinitionParams(
                text_document=types.TextDocumentIdentifier(uri=manifest_uri),
                position=position(manifest.read_text(), "lastlight:", 2),
            )
        )
        await editor.stop()
        return {"completion": completion, "target": target, "hover": hover, "deps": deps}

    seen = run(session())
    labels = [item.label for item in seen["completion"].items]
    assert "x_blaster" in labels and "space_pirates_tech" not in labels
    (location,) = seen["target"]
    assert location.uri.endswith("content/lastlight/techs.yaml")
    assert "X Blaster" in seen["hover"].contents.value
    (pack,) = seen["deps"]
    assert pack.uri.endswith("content/lastlight/pack.yaml")


def test_a_deprecated_word_has_a_quick_fix(mod: Path) -> None:
    techs = mod / "techs.yaml"
    text = techs.read_text().replace(
        "effect: this ship type has +1 attack",
        "effect: when center_light_harvested -> gain 1 common\n  allow: [W0430]",
    )

    async def session() -> dict[str, Any]:
        editor = Editor()
        await editor.start(mod.parent)
        uri = await editor.open(techs)
        await editor.type_text(uri, text)
        diagnostics = editor.diagnostics[uri]
        actions = await editor.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostics[0].range,
                context=types.CodeActionContext(diagnostics=list(diagnostics)),
            )
        )
        await editor.stop()
        return {"diagnostics": diagnostics, "actions": actions}

    seen = run(session())
    (warning,) = seen["diagnostics"]
    assert warning.code == "W0431"
    assert warning.severity == types.DiagnosticSeverity.Warning
    (action,) = seen["actions"]
    (edit,) = next(iter(action.edit.changes.values()))
    assert edit.new_text == "centre_light_harvested" and edit.range == warning.range


#: A faction of several clauses whose effect has a word of every kind: grammar words,
#: several-word nouns after `this`, numbers, a comparison, `choose one`, `for each`, `your`.
EVERY_WORD = """\
  effect: |
    your large ships have +1 attack
    when ship_moved if light < 3 -> may pay 1 common -> gain 1 light
    activated: exhaust this card -> choose one: gain 1 rare or repeat 2 times -> gain 1 common
    when ship_built -> for each enemy ship here -> deal 1 damage to it
      then take_back an action card of yours
    as soon as number of red planets you control >= 2 -> gain 2 light
  allow: [W0430]
"""


def test_every_word_of_an_effect_answers_a_hover(mod: Path) -> None:
    """Issue 23 item 11: hover answered only on the registry's words; `this ship type`,
    `has`, `when`, `may`, `->` ... answered nothing."""
    factions = mod / "factions.yaml"
    head, _, tail = factions.read_text().partition("  effect:")
    text = head + EVERY_WORD + tail.partition("\n")[2]
    effect_lines = EVERY_WORD.splitlines()[1:-1]

    async def session() -> dict[tuple[int, str], Any]:
        editor = Editor()
        await editor.start(mod.parent)
        uri = await editor.open(factions)
        await editor.type_text(uri, text)
        answers: dict[tuple[int, str], Any] = {}
        for number, effect_line in enumerate(effect_lines):
            for word in re.finditer(r"\S+", effect_line):
                where = position(text, effect_line, word.start())
                answers[
                    number, f"{word.group(0)}@{word.start()}"
                ] = await editor.client.text_document_hover_async(
                    types.HoverParams(
                        text_document=types.TextDocumentIdentifier(uri=uri), position=where
                    )
                )
        answers[-1, "diagnostics"] = editor.diagnostics[uri]
        await editor.stop()
        return answers

    seen = run(session())
    assert [d.message for d in seen.pop((-1, "diagnostics"))] == []  # a card that compiles
    empty = [key for key, hover in seen.items() if hover is None or not hover.contents.value]
    assert empty == []
    said = {key[1].partition("@")[0]: hover.contents.value for key, hover in seen.items()}
    assert said["this"].startswith("**this card** (selector)")
    assert "trigger" in said["when"] and "chooses whether" in said["may"]
    assert "modifier" in said["have"] and "Then" in said["->"]
    assert "choose one" in said["choose"] and "for each" in said["each"]
    assert "**large** (filter)" in said["large"] and "**ship** (noun)" in said["ships"]


PHRASE = "this ship type has +1 attack"


def test_this_ship_type_is_one_phrase(mod: Path) -> None:
    techs = mod / "techs.yaml"
    text = techs.read_text()
    assert "effect: this ship type has +1 attack" in text

    async def session() -> list[Any]:
        editor = Editor()
        await editor.start(mod.parent)
        uri = await editor.open(techs)
        found = []
        for word in ("this", "ship", "type", "has"):
            at = PHRASE.index(word)
            found.append(
                await editor.client.text_document_hover_async(
                    types.HoverParams(
                        text_document=types.TextDocumentIdentifier(uri=uri),
                        position=position(text, f"effect: {PHRASE}", len("effect: ") + at),
                    )
                )
            )
        await editor.stop()
        return found

    this, ship, kind, has = run(session())
    for hover in (this, ship, kind):
        assert hover.contents.value.startswith("**this ship type** (selector)")
        assert "**ship type** (noun)" in hover.contents.value
        assert hover.range.end.character - hover.range.start.character == len("this ship type")
    assert "modifier" in has.contents.value


def test_every_grammar_keyword_has_a_meaning() -> None:
    """The grammar's keywords (dsl/grammar.lark: quoted strings and the DET, PREP, _HAVE,
    CMP, ADD_OP and MUL_OP words) each have a hover text."""
    grammar = (Path(__file__).parents[2] / "dsl" / "grammar.lark").read_text("utf-8")
    words = set(re.findall(r'"([^"\s]+)"', grammar))
    for terminal in ("DET", "PREP", "_HAVE"):
        alternatives = re.search(rf"^{terminal}(?:\.\d)?: /\(([^)]*)\)", grammar, re.M)
        assert alternatives is not None, terminal
        words |= set(alternatives.group(1).split("|"))
    assert {"when", "may", "->", "has", "this", "your", ">=", "*", "into"} <= words | {"->"}
    missing = sorted(w for w in words | {"->", ":", ";"} if w not in KEYWORDS)
    assert missing == []


NEOVIM_CHECK = """\
local setup, file, out = vim.fn.argv(0), vim.fn.argv(1), vim.fn.argv(2)
vim.cmd("filetype on")
dofile(setup)
vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local function clients()
  local get = vim.lsp.get_clients or vim.lsp.get_active_clients
  return get({ bufnr = buf })
end
local attached = vim.wait(30000, function() return #clients() > 0 end, 100)
vim.wait(60000, function() return #vim.diagnostic.get(buf) > 0 end, 100)
local lines = { "attached=" .. tostring(attached) }
for _, client in ipairs(clients()) do
  table.insert(lines, "client=" .. client.name)
end
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(lines, "diagnostic=" .. tostring(d.code) .. ":" .. d.message)
end
vim.fn.writefile(lines, out)
vim.cmd("qall!")
"""


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed")
def test_the_documented_neovim_setup_attaches_and_shows_diagnostics(mod: Path) -> None:
    """docs/modding-tools.md's Neovim block, run as written in a headless Neovim (Debian's
    0.7 has no `vim.lsp.config`, which the block needed before): the client attaches to a
    pack file and the typo's E0403 arrives."""
    page = (Path(__file__).parents[2] / "docs" / "modding-tools.md").read_text("utf-8")
    section = page.partition("### Neovim")[2]
    block = re.search(r"```lua\n(.*?)```", section, re.S)
    assert block is not None
    setup, check, out = mod.parent / "init.lua", mod.parent / "check.lua", mod.parent / "out"
    setup.write_text(block.group(1))
    check.write_text(NEOVIM_CHECK)
    techs = mod / "techs.yaml"
    techs.write_text(techs.read_text().replace("+1 attack", "+1 atack"))
    # the block starts `whitedwarf lsp`: the one installed with this python
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    files = [str(setup), str(techs), str(out)]
    subprocess.run(
        ["nvim", "--headless", "-u", "NONE", "-c", f"luafile {check}", "--", *files],
        env={**os.environ, "PATH": path},
        timeout=150,
        check=True,
        capture_output=True,
    )
    lines = out.read_text().splitlines()
    assert "attached=true" in lines and "client=whitedwarf" in lines, lines
    assert any(line.startswith("diagnostic=E0403:unknown stat `atack`") for line in lines), lines


def test_a_enemy_ship_has_a_quick_fix(mod: Path) -> None:
    """W0402 (issue 23 item 5): `a enemy ship` would print so on the card; the editor offers
    `an`."""
    factions = mod / "factions.yaml"
    head, _, tail = factions.read_text().partition("  effect:")
    text = head + "  effect: when round_end -> destroy a enemy ship\n" + tail.partition("\n")[2]

    async def session() -> dict[str, Any]:
        editor = Editor()
        await editor.start(mod.parent)
        uri = await editor.open(factions)
        await editor.type_text(uri, text)
        diagnostics = [d for d in editor.diagnostics[uri] if d.code == "W0402"]
        actions = await editor.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostics[0].range,
                context=types.CodeActionContext(diagnostics=diagnostics),
            )
        )
        await editor.stop()
        return {"diagnostics": diagnostics, "actions": actions}

    seen = run(session())
    (warning,) = seen["diagnostics"]
    assert warning.message.startswith("`a enemy` does not read as English")
    (action,) = seen["actions"]
    (edit,) = next(iter(action.edit.changes.values()))
    assert edit.new_text == "an" and edit.range == warning.range
