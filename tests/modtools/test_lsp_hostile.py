"""`whitedwarf lsp` under hostile editors and documents: it answers with diagnostics or nothing.

A fuzzer (or a confused editor) sends garbage, lone surrogates, huge and deeply nested texts,
positions outside the document, requests about documents never opened, changes before the
open, a manifest that changes mid-session. The server must neither crash, nor hang, nor show
"Error in server", nor read what an unopened URI names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lsprotocol import types
from pygls.workspace import Workspace
from whitedwarf.tools.editor import server
from whitedwarf.tools.editor.analysis import check_pack
from whitedwarf.tools.scaffold import new_pack

from tests.modtools.test_lsp import Editor, run

HOSTILE = [
    "\x00\x01{[}]: - !!python/object x\n\t\t- :",
    "[" * 3000 + "]" * 3000,
    "- effect: " + "{a: " * 2000 + "1" + "}" * 2000,
    "a: &a [x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b]\n",
    "- id: x\n\teffect: when round_start -> gain 1 common\n",
    "- id: x\r\n  effect: |\r\n    when round_st\r\n",
    "\ufeff- {id: z, effect: 'this ship'}\n---\n- id: y\n",
    "- id: a\ud800b\n  effect: when \udfff\n",
]


class Quiet(server.PackServer):
    """The server in-process, its diagnostics kept instead of sent."""

    def __init__(self, root: Path) -> None:
        super().__init__()
        self.sent: list[types.PublishDiagnosticsParams] = []
        self.protocol._workspace = Workspace(root.as_uri(), None)

    def text_document_publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None:
        self.sent.append(params)

    def open(self, path: Path, text: str) -> str:
        item = types.TextDocumentItem(uri=path.as_uri(), language_id="yaml", version=1, text=text)
        self.workspace.put_text_document(item)
        server.did_open(self, types.DidOpenTextDocumentParams(text_document=item))
        return item.uri


def ask_everywhere(ls: server.PackServer, uri: str, lines: list[str]) -> None:
    """Completion, hover, go to definition and quick fixes at every place, and past the end."""
    document = types.TextDocumentIdentifier(uri=uri)
    places = [
        (n, c)
        for n, line in enumerate(lines)
        for c in range(0, len(line) + 2, max(1, len(line) // 100))  # a long line: 100 places
    ]
    places += [(len(lines) + 3, 0), (0, 10**6), (10**6, 10**6)]
    for line, column in places:
        at = types.Position(line=line, character=column)
        server.completion(ls, types.CompletionParams(text_document=document, position=at))
        server.hover(ls, types.HoverParams(text_document=document, position=at))
        server.definition(ls, types.DefinitionParams(text_document=document, position=at))
    odd = types.Diagnostic(
        range=types.Range(start=types.Position(9, 50), end=types.Position(2, 0)),
        message="did you mean `x`?",
        data="not a dict",
    )
    server.code_action(
        ls,
        types.CodeActionParams(
            text_document=document, range=odd.range, context=types.CodeActionContext([odd])
        ),
    )


@pytest.fixture(scope="module")
def quiet(tmp_path_factory: pytest.TempPathFactory) -> Quiet:
    root = tmp_path_factory.mktemp("mods")
    new_pack(root / "pirates")
    return Quiet(root)


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_every_position_of_a_hostile_file_gets_an_answer(quiet: Quiet, text: str) -> None:
    uri = quiet.open(quiet_pack(quiet) / "techs.yaml", text)
    lines = text.split("\n")
    ask_everywhere(quiet, uri, lines)
    assert quiet.sent[-1].uri == uri or any(p.uri == uri for p in quiet.sent)


def quiet_pack(quiet: Quiet) -> Path:
    return Path(quiet.workspace.root_path) / "pirates"


def test_a_lone_surrogate_is_a_located_diagnostic(quiet: Quiet) -> None:
    uri = quiet.open(quiet_pack(quiet) / "techs.yaml", "- id: ok\n- id: a\ud800b\n")
    (diagnostic,) = [d for p in quiet.sent if p.uri == uri for d in p.diagnostics][-1:]
    assert diagnostic.code == "E0509" and "U+D800" in diagnostic.message
    assert (diagnostic.range.start.line, diagnostic.range.start.character) == (1, 7)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=st.text(alphabet=st.sampled_from("- :{}[]|>&*!#'\"\t\r\n\ud800idefctwhn_0x"), max_size=60)
)
def test_any_text_in_any_file_is_answered(quiet: Quiet, text: str) -> None:
    for name in ("techs.yaml", "pack.yaml"):
        uri = quiet.open(quiet_pack(quiet) / name, text)
        ask_everywhere(quiet, uri, text.split("\n"))
    quiet.open(quiet_pack(quiet) / "pack.yaml", (quiet_pack(quiet) / "pack.yaml").read_text())


def test_requests_about_documents_never_opened_get_nothing(quiet: Quiet, tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("- id: x_blaster\n")
    uris = [secret.as_uri(), "file:///", "untitled:Untitled-1", "https://example.org/a.yaml"]
    for uri in uris:
        ask_everywhere(quiet, uri, ["- id: x_blaster", ""])
        at = types.Position(line=0, character=8)
        document = types.TextDocumentIdentifier(uri=uri)
        assert server.hover(quiet, types.HoverParams(text_document=document, position=at)) is None
        found = server.completion(
            quiet, types.CompletionParams(text_document=document, position=at)
        )
        assert found.items == []


def test_an_unknown_game_in_a_manifest_being_typed_still_completes(quiet: Quiet) -> None:
    pack = quiet_pack(quiet)
    manifest = (pack / "pack.yaml").read_text()
    quiet.open(pack / "pack.yaml", "id: pirates\ngame: nope\n")
    text = "- id: x\n  effect: when round_st"
    uri = quiet.open(pack / "techs.yaml", text)
    at = types.Position(line=1, character=len("  effect: when round_st"))
    found = server.completion(
        quiet, types.CompletionParams(text_document=types.TextDocumentIdentifier(uri), position=at)
    )
    assert "round_start" in [item.label for item in found.items]
    quiet.open(pack / "pack.yaml", manifest)


@pytest.mark.parametrize("manifest", ["not utf-8", "link out"])
def test_a_manifest_the_loader_refuses_is_not_read(tmp_path: Path, manifest: str) -> None:
    """The words offered in a pack the loader refuses come from its manifest, read from disk
    only as the loader reads it: one that is not UTF-8 raised UnicodeDecodeError out of the
    server; one linked out of the pack (E0507) named the game of a file outside it."""
    pack = tmp_path / "pirates"
    new_pack(pack)
    if manifest == "not utf-8":
        (pack / "pack.yaml").write_bytes((pack / "pack.yaml").read_bytes() + b"\xff\n")
    else:
        outside = tmp_path / "pack.yaml"
        outside.write_text("id: pirates\nname: P\nversion: 1.0.0\ngame: starlight\n")
        (pack / "pack.yaml").unlink()
        (pack / "pack.yaml").symlink_to(outside)
    report = check_pack(pack, {})
    assert report.game == "lastlight"  # what a manifest that names no game gets
    codes = {d.code for found in report.diagnostics.values() for d in found}
    assert codes & {"E0509", "E0507"}, codes


def test_a_session_out_of_step_shows_no_server_error(tmp_path: Path) -> None:
    """Over stdio: changes before the open, a huge document, a folder with a space in its name."""
    pack = tmp_path / "my mods" / "pirates"
    new_pack(pack)
    techs = pack / "techs.yaml"

    async def session() -> dict[str, Any]:
        editor = Editor()
        shown: list[str] = []
        editor.client.feature(types.WINDOW_SHOW_MESSAGE)(lambda p: shown.append(p.message))
        await editor.start(pack.parent)
        never_opened = (pack / "exploration.yaml").as_uri()
        editor.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=never_opened, version=3),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text="x: [")],
            )
        )
        uri = await editor.open(techs)
        await editor.type_text(uri, "- id: x\n  name: " + "A" * (3 * 1024 * 1024) + "\n")
        huge = list(editor.diagnostics[uri])
        await editor.type_text(uri, techs.read_text().replace("+1 attack", "+1 atack"))
        typo = list(editor.diagnostics[uri])
        await editor.stop()
        return {"shown": shown, "huge": huge, "typo": typo}

    seen = run(session())
    assert seen["shown"] == []
    assert [d.code for d in seen["huge"]] == ["E0504"]
    assert [d.code for d in seen["typo"]] == ["E0403"]
