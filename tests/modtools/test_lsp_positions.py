"""`whitedwarf lsp` counts columns as the editor does: in the negotiated position encoding.

whitedwarf counts a line's characters; the protocol counts UTF-16 code units unless the
client offers UTF-8 or UTF-32 at ``initialize``. A card named "🚀🚀 Rocket" (each rocket is
2 UTF-16 units, 4 UTF-8 bytes) put the diagnostic of a typo after it two columns to the left
of the typo, and hover, completion, go to definition and the quick fix one column off per
rocket the other way.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.workspace import Workspace
from whitedwarf.tools.editor import server
from whitedwarf.tools.editor.positions import Columns
from whitedwarf.tools.scaffold import new_pack

from tests.modtools.test_lsp import Editor, run
from tests.modtools.test_lsp_hostile import Quiet

ROCKETS = (
    '- {id: rocket, name: "🚀🚀 Rocket", kind: ship_mod, cost: {common: 2}, copies: 1,'
    ' source: invented, text: "This ship type has +1 [attack].",'
    " effect: this ship type has +1 atack}\n"
    '- {name: "🚀 gone", id: x_blaster, remove: true}\n'
)
CODECS = {"utf-8": "utf-8", "utf-16": "utf-16-le", "utf-32": "utf-32-le"}
WIDTH = {"utf-8": 1, "utf-16": 2, "utf-32": 4}


def units(text: str, encoding: str) -> int:
    """What an editor using ``encoding`` counts for ``text``."""
    return len(text.encode(CODECS[encoding])) // WIDTH[encoding]


def at(text: str, needle: str, encoding: str, offset: int = 0) -> types.Position:
    """Where ``needle`` (plus ``offset`` characters) is, in the editor's units."""
    index = text.index(needle) + offset
    start = text.rfind("\n", 0, index) + 1
    return types.Position(text.count("\n", 0, index), units(text[start:index], encoding))


class Encoded(Quiet):
    """The server in-process, with ``encoding`` agreed at initialize."""

    def __init__(self, root: Path, encoding: str) -> None:
        super().__init__(root)
        self.protocol._workspace = Workspace(root.as_uri(), None, position_encoding=encoding)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8", "utf-32"])
def test_every_feature_counts_in_the_agreed_units(tmp_path: Path, encoding: str) -> None:
    new_pack(tmp_path / "pirates")
    ls = Encoded(tmp_path, encoding)
    techs = tmp_path / "pirates" / "techs.yaml"
    uri = ls.open(techs, ROCKETS)
    document = types.TextDocumentIdentifier(uri=uri)
    (typo,) = [d for d in ls.sent[-1].diagnostics if d.code == "E0403"]
    assert typo.range == types.Range(
        at(ROCKETS, "atack}", encoding), at(ROCKETS, "atack}", encoding, len("atack"))
    )

    (fix,) = server.code_action(
        ls,
        types.CodeActionParams(document, typo.range, types.CodeActionContext([typo])),
    )
    (edit,) = fix.edit.changes[uri]
    assert edit.new_text == "attack" and edit.range == typo.range

    word = at(ROCKETS, "x_blaster", encoding, 2)
    card = server.hover(ls, types.HoverParams(document, word))
    assert card is not None and "X Blaster" in card.contents.value
    assert card.range == types.Range(
        at(ROCKETS, "x_blaster", encoding), at(ROCKETS, "x_blaster", encoding, len("x_blaster"))
    )
    (target,) = server.definition(ls, types.DefinitionParams(document, word))
    assert target.uri.endswith("/techs.yaml") and "pirates" not in target.uri

    effect = '- id: rocket\n  effect: "🚀 this ship type has +1 attack; when round_st"\n'
    ls.open(techs, effect)
    stat = server.hover(ls, types.HoverParams(document, at(effect, "attack", encoding, 2)))
    assert stat is not None and "attack" in stat.contents.value
    assert stat.range == types.Range(
        at(effect, "attack", encoding), at(effect, "attack", encoding, len("attack"))
    )
    cursor = at(effect, "round_st", encoding, len("round_st"))
    found = server.completion(ls, types.CompletionParams(document, cursor))
    labels = [item.label for item in found.items]
    assert "round_start" in labels and all(label.startswith("round_st") for label in labels)


def test_a_position_inside_a_character_is_its_start() -> None:
    """Half a surrogate pair (UTF-16) or a byte inside a UTF-8 sequence: the character."""
    line = ["a🚀b"]
    assert [Columns(line, "utf-16").from_client(0, u) for u in range(5)] == [0, 1, 1, 2, 3]
    assert [Columns(line, "utf-8").from_client(0, u) for u in (1, 3, 5, 6)] == [1, 1, 2, 3]
    assert Columns(line, "utf-16").from_client(0, 9) == 8  # past the end stays past it
    assert Columns(line, "utf-16").to_client(0, 4) == 5  # one past the end


@pytest.mark.parametrize(("offered", "agreed"), [(None, "utf-16"), (["utf-8", "utf-16"], "utf-8")])
def test_the_encoding_is_negotiated_over_stdio(
    tmp_path: Path, offered: list[str] | None, agreed: str
) -> None:
    """An editor that offers nothing gets UTF-16 (the protocol's default); one that offers
    UTF-8 first gets it, is told so in the capabilities, and gets byte columns."""
    pack = tmp_path / "pirates"
    new_pack(pack)
    techs = pack / "techs.yaml"
    techs.write_text(ROCKETS)

    async def session() -> dict[str, Any]:
        editor = Editor()
        await editor.client.start_io(sys.executable, "-m", "whitedwarf.tools.cli", "lsp")
        general = types.GeneralClientCapabilities(position_encodings=offered)
        result = await editor.client.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(general=general if offered else None),
                root_uri=tmp_path.as_uri(),
            )
        )
        editor.client.initialized(types.InitializedParams())
        uri = await editor.open(techs)
        seen = {"encoding": result.capabilities.position_encoding}
        seen["typo"] = [d for d in editor.diagnostics[uri] if d.code == "E0403"]
        await editor.stop()
        return seen

    seen = run(session())
    assert seen["encoding"] == agreed
    (typo,) = seen["typo"]
    assert typo.range.start == at(ROCKETS, "atack}", agreed)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_a_byte_order_mark_does_not_shift_line_1(tmp_path: Path, encoding: str) -> None:
    """whitedwarf's reader drops a UTF-8 byte order mark; an editor that keeps it in the text
    counts it as line 1's first character. The typo's diagnostic on line 1 was one column
    left of the typo, and hover, the quick fix and completion there one column off the
    other way; line 2 was right."""
    new_pack(tmp_path / "pirates")
    ls = Encoded(tmp_path, encoding)
    techs = tmp_path / "pirates" / "techs.yaml"
    text = (
        "\ufeff- {id: rocket, name: Rocket, kind: ship_mod, cost: {common: 2}, copies: 1,"
        ' source: invented, text: "x", effect: this ship type has +1 atack}\n'
        '- {name: "gone", id: x_blaster, remove: true}\n'
    )
    uri = ls.open(techs, text)
    document = types.TextDocumentIdentifier(uri=uri)
    (typo,) = [d for d in ls.sent[-1].diagnostics if d.code == "E0403"]
    assert typo.range == types.Range(
        at(text, "atack}", encoding), at(text, "atack}", encoding, len("atack"))
    )
    (fix,) = server.code_action(
        ls, types.CodeActionParams(document, typo.range, types.CodeActionContext([typo]))
    )
    (edit,) = fix.edit.changes[uri]
    assert edit.new_text == "attack" and edit.range == typo.range
    removal = '\ufeff- {name: "gone", id: x_blaster, remove: true}\n'
    ls.open(techs, removal)
    card = server.hover(ls, types.HoverParams(document, at(removal, "x_blaster", encoding, 2)))
    assert card is not None and "X Blaster" in card.contents.value
    assert card.range == types.Range(
        at(removal, "x_blaster", encoding), at(removal, "x_blaster", encoding, len("x_blaster"))
    )
    # Before the mark is line 1's first column too: nothing is found there, nothing fails.
    assert server.hover(ls, types.HoverParams(document, types.Position(0, 0))) is None
