"""``whitedwarf lsp``: a Language Server for pack files (pygls).

Features, each from the same code the command line uses:

- diagnostics as you type: the pack of the open file is checked with its dependencies and
  the editor's unsaved texts, with the codes, ranges and hints of ``whitedwarf validate``;
- completion inside effect strings of the words that fit there, from the game's registry
  (:mod:`.effect_context`), and of card ids after ``id:`` in a mod and pack ids under
  ``depends:``;
- hover: every word of an effect (:mod:`.hover`: a registry word's reference entry, a
  grammar word's meaning, a several-word noun such as ``this ship type``); a card id's card;
- go to definition: from a card id to the card in the pack it comes from, from a dependency
  to its ``pack.yaml``;
- quick fixes: a diagnostic whose hint says "did you mean `x`?" offers to write ``x``.

Every column goes through :mod:`.positions` both ways: whitedwarf counts characters, the
editor the units of the negotiated position encoding (UTF-16 unless it offers another).
"""

from __future__ import annotations

import re
from collections.abc import Generator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.registry import Entry
from whitedwarf.tools.editor.analysis import CardPlace, PackReport, check_pack, pack_folder
from whitedwarf.tools.editor.effect_context import effect_at, words_for
from whitedwarf.tools.editor.hover import effect_hover, entry_markdown
from whitedwarf.tools.editor.positions import Columns, editor_lines

SERVER_NAME = "whitedwarf"
SUGGESTION = re.compile(r"did you mean `([^`]+)`\?|write `([^`]+)` instead")
ID_LINE = re.compile(r"^(?P<lead>\s*(?:-\s+)?(?:\{\s*)?id:\s*)(?P<id>[a-z0-9_]*)")
WORD_AT = re.compile(r"[a-z0-9_']+")


class PackProtocol(LanguageServerProtocol):
    """The protocol, tolerant of an editor (or a fuzzer) out of step with it."""

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(
        self, params: types.DidChangeTextDocumentParams
    ) -> Generator[Any, Any, Any]:
        """Apply the changes of an open document; those of one never opened are dropped.

        (pygls raises a KeyError for them, which the editor shows as "Error in server".)
        """
        if unquote(params.text_document.uri) not in self.workspace.text_documents:
            return
        yield from super().lsp_text_document__did_change(params)


class PackServer(LanguageServer):
    """The server: one report per pack folder, refreshed on every change of its files."""

    def __init__(self) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            server_version = version("whitedwarf")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            server_version = "0"
        super().__init__(SERVER_NAME, server_version, protocol_cls=PackProtocol)
        self.reports: dict[Path, PackReport] = {}
        self.published: dict[Path, set[Path]] = {}

    def unsaved(self) -> dict[Path, str]:
        """The texts of every open document, as the editor has them."""
        texts = {}
        for uri, document in self.workspace.text_documents.items():
            path = to_fs_path(uri)
            if path:
                texts[Path(path)] = document.source
        return texts

    def refresh(self, uri: str) -> PackReport | None:
        """Check the pack of ``uri`` again and publish its diagnostics."""
        path = to_fs_path(uri)
        folder = pack_folder(Path(path)) if path else None
        if folder is None:
            return None
        report = check_pack(folder, self.unsaved())
        self.reports[folder] = report
        shown = {p for p in report.diagnostics if p.is_relative_to(folder)}
        for stale in self.published.get(folder, set()) - shown:
            self._publish(stale, [], [])
        for file in shown:
            self._publish(file, report.diagnostics[file], self.lines_of(file, report))
        if path and Path(path) not in shown:
            self._publish(Path(path), [], [])
        self.published[folder] = shown
        return report

    def columns(self, lines: list[str]) -> Columns:
        """The column converter for ``lines`` in the encoding agreed at ``initialize``."""
        return Columns(lines, self.workspace.position_encoding)

    def lines_of(self, file: Path, report: PackReport | None = None) -> list[str]:
        """A file's lines as the check read them, else as the editor has them, else none;
        marked with whether the editor's text starts with a byte order mark
        (``positions.EditorLines``)."""
        uri = from_fs_path(str(file)) or file.as_uri()
        document = self.workspace.text_documents.get(unquote(uri))  # kept unquoted
        source = document.source if document is not None else ""
        if report is not None and file in report.lines:
            return editor_lines(source, report.lines[file])
        return editor_lines(source) if document is not None else []

    def report_for(self, uri: str) -> PackReport | None:
        path = to_fs_path(uri)
        folder = pack_folder(Path(path)) if path else None
        if folder is None:
            return None
        return self.reports.get(folder) or self.refresh(uri)

    def _publish(self, file: Path, diagnostics: list[Diagnostic], lines: list[str]) -> None:
        uri = from_fs_path(str(file)) or file.as_uri()
        columns = self.columns(lines)
        items = [to_lsp(d, columns) for d in diagnostics]
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=items)
        )


def open_lines(ls: PackServer, uri: str) -> tuple[TextDocument, list[str]] | None:
    """The editor's text of an open document, by lines; None for any other URI.

    Requests about a document the editor has not opened (an unknown, remote or vanished URI,
    a folder) are answered with nothing rather than by reading whatever the URI names.
    """
    document = ls.workspace.text_documents.get(unquote(uri))  # pygls keeps them unquoted
    if document is None:
        return None
    return document, editor_lines(document.source)  # without a byte order mark, as checked


def to_lsp(diagnostic: Diagnostic, columns: Columns) -> types.Diagnostic:
    """A whitedwarf diagnostic as the protocol's (0-based lines; columns in the client's
    units, from the characters of the file's ``columns.lines``)."""
    span = diagnostic.span
    assert span is not None
    line, column = span.line - 1, span.column - 1
    end_line = (span.end_line or span.line) - 1
    end_column = (span.end_column or span.column + 1) - 1
    if (end_line, end_column) <= (line, column):
        end_line, end_column = line, column + 1
    start = columns.position(line, column)
    message = diagnostic.message + (f"\nhelp: {diagnostic.hint}" if diagnostic.hint else "")
    return types.Diagnostic(
        range=types.Range(start=start, end=columns.position(end_line, end_column)),
        message=message,
        severity=(
            types.DiagnosticSeverity.Error
            if diagnostic.is_error
            else types.DiagnosticSeverity.Warning
        ),
        code=diagnostic.code,
        source=SERVER_NAME,
        data={"hint": diagnostic.hint} if diagnostic.hint else None,
    )


server = PackServer()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: PackServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.refresh(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: PackServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.refresh(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: PackServer, params: types.DidSaveTextDocumentParams) -> None:
    ls.refresh(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: PackServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.refresh(params.text_document.uri)  # the file on disk is what counts again


@server.feature(
    types.TEXT_DOCUMENT_COMPLETION,
    types.CompletionOptions(trigger_characters=[" ", ":"]),
)
def completion(ls: PackServer, params: types.CompletionParams) -> types.CompletionList:
    opened = open_lines(ls, params.text_document.uri)
    line = params.position.line
    if opened is None or line >= len(opened[1]):
        return types.CompletionList(is_incomplete=False, items=[])
    document, lines = opened
    column = ls.columns(lines).from_client(line, params.position.character)
    report = ls.report_for(params.text_document.uri)
    items: list[types.CompletionItem] = []
    if report is not None:
        cursor = effect_at(lines, line, column, report.effect_keys(Path(document.path)))
        if cursor is not None:
            items = [_word_item(w, s, e) for w, s, e in words_for(report.registry, cursor)]
        else:
            items = _id_items(report, document.path, lines, line, column)
    return types.CompletionList(is_incomplete=False, items=items)


def _word_item(word: str, section: str, entry: Entry | None) -> types.CompletionItem:
    kinds = {
        "verbs": types.CompletionItemKind.Function,
        "hooks": types.CompletionItemKind.Event,
        "stats": types.CompletionItemKind.Property,
        "flags": types.CompletionItemKind.EnumMember,
        "values": types.CompletionItemKind.Variable,
        "nouns": types.CompletionItemKind.Class,
        "filters": types.CompletionItemKind.Enum,
        "resources": types.CompletionItemKind.Unit,
    }
    return types.CompletionItem(
        label=word,
        kind=kinds.get(section, types.CompletionItemKind.Keyword),
        detail=f"{section[:-1] if section.endswith('s') else section}"
        + (f": {entry.doc}" if entry else ""),
        documentation=_markdown(entry_markdown(word, section, entry)) if entry else None,
    )


def _id_items(
    report: PackReport, path: str, lines: list[str], line: int, column: int
) -> list[types.CompletionItem]:
    """Card ids after ``id:`` (for replace/remove in a mod), pack ids under ``depends:``."""
    text = lines[line][:column] if line < len(lines) else ""
    file = Path(path)
    if ID_LINE.match(text) and file.stem in {p.kind for ps in report.cards.values() for p in ps}:
        own = {c for c, ps in report.cards.items() if any(p.file == file for p in ps)}
        return [
            types.CompletionItem(
                label=card_id,
                kind=types.CompletionItemKind.Reference,
                detail=f"{places[0].kind}: {places[0].card.get('name', card_id)}",
            )
            for card_id, places in sorted(report.cards.items())
            if places[0].kind == file.stem and card_id not in own
        ]
    if file.name == "pack.yaml" and _under_key(lines, line, "depends"):
        return [
            types.CompletionItem(label=pack_id, kind=types.CompletionItemKind.Module)
            for pack_id in sorted(report.packs)
            if report.packs[pack_id].parent != report.folder
        ]
    return []


def _under_key(lines: list[str], line: int, key: str) -> bool:
    for above in range(line - 1, -1, -1):
        text = lines[above]
        if text.strip() and not text.startswith((" ", "\t")):
            return text.startswith(f"{key}:")
    return False


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: PackServer, params: types.HoverParams) -> types.Hover | None:
    opened = open_lines(ls, params.text_document.uri)
    if opened is None:
        return None
    document, lines = opened
    columns = ls.columns(lines)
    line = params.position.line
    column = columns.from_client(line, params.position.character)
    report = ls.report_for(params.text_document.uri)
    if report is None:
        return None
    if effect_at(lines, line, column, report.effect_keys(Path(document.path))) is not None:
        return _effect_hover(ls, params.text_document.uri, columns, line, column)
    word, word_range = _word_at(lines, line, column, columns)
    if not word:
        return None
    if word in report.cards:
        cards = [p for p in report.cards[word] if not p.card.get("remove")]
        # the card as it now stands
        text = _card_markdown((cards or report.cards[word])[-1], report)
    else:
        return None
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text), range=word_range
    )


def _markdown(text: str) -> types.MarkupContent:
    return types.MarkupContent(kind=types.MarkupKind.Markdown, value=text)


def _effect_hover(
    ls: PackServer, uri: str, columns: Columns, line: int, column: int
) -> types.Hover | None:
    """Every word of an effect answers (:mod:`.hover`): the game's words, the grammar's,
    numbers; a pack's id written in it (an open filter's word) shows its card."""
    report = ls.report_for(uri)
    if report is None:
        return None
    text = columns.lines[line]
    found = effect_hover(report.registry, text, column)
    if found is None:
        return None
    value = found.markdown
    word = text[found.start : found.end]
    places = [p for p in report.cards.get(word, []) if not p.card.get("remove")]
    if places and not any(e.name == word for _, e in report.registry.entries()):
        value = _card_markdown(places[-1], report)
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value),
        range=columns.range(line, found.start, found.end),
    )


def _card_markdown(place: CardPlace, report: PackReport) -> str:
    """A card for hover: its name, kind and cost, text and each of its effects (Starlight's
    flare: its points and its boon)."""
    card = place.card
    lines = [f"**{card.get('name', place.id)}** (`{place.id}`, {place.kind})"]
    for key in ("kind", "cost", "copies", "source"):
        if key in card:
            lines.append(f"- {key}: {card[key]}")
    if "text" in card:
        lines.append(f"\n{card['text']}")
    for key in report.effect_keys(place.file):
        if key in card:
            label = "" if key == "effect" else f"{key}:\n"
            lines.append(f"\n{label}```\n{str(card[key]).strip()}\n```")
    lines.append(f"\n{place.file.name}:{place.line + 1}")
    return "\n".join(lines)


def _word_at(
    lines: list[str], line: int, column: int, columns: Columns
) -> tuple[str, types.Range | None]:
    """The word at character ``column``, with its range in the client's units."""
    if line >= len(lines):
        return "", None
    for match in WORD_AT.finditer(lines[line]):
        if match.start() <= column <= match.end():
            return match.group(0), columns.range(line, match.start(), match.end())
    return "", None


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(ls: PackServer, params: types.DefinitionParams) -> list[types.Location]:
    opened = open_lines(ls, params.text_document.uri)
    if opened is None:
        return []
    document, lines = opened
    columns = ls.columns(lines)
    line = params.position.line
    column = columns.from_client(line, params.position.character)
    word, _ = _word_at(lines, line, column, columns)
    report = ls.report_for(params.text_document.uri) if word else None
    if report is None or not word:
        return []
    here = Path(document.path)
    if here.name == "pack.yaml" and word in report.packs and report.packs[word] != here:
        target = report.packs[word]
        return [_location(target, 0, 0, 0, ls.columns([]))]
    places = [p for p in report.cards.get(word, []) if p.file != here]
    return [
        _location(p.file, p.line, p.column, p.end_column, ls.columns(ls.lines_of(p.file, report)))
        for p in places[:1]
    ]


def _text_in(columns: Columns, where: types.Range) -> str:
    """The text of a one-line range the client sent (in its units)."""
    start, end = where.start, where.end
    if start.line != end.line or start.line >= len(columns.lines):
        return ""
    begin = columns.from_client(start.line, start.character)
    return columns.lines[start.line][begin : columns.from_client(end.line, end.character)]


def _location(
    file: Path, line: int, column: int, end_column: int, columns: Columns
) -> types.Location:
    """A place in ``file`` (character columns of ``columns.lines``), in the client's units."""
    where = columns.range(line, column, max(end_column, column))
    return types.Location(uri=file.as_uri(), range=where)


@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
)
def code_action(ls: PackServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    opened = open_lines(ls, params.text_document.uri)
    if opened is None:
        return []
    columns = ls.columns(opened[1])
    actions = []
    for diagnostic in params.context.diagnostics:
        if not WORD_AT.fullmatch(_text_in(columns, diagnostic.range)):
            continue  # only a misspelt word is replaced by its suggestion
        hint = (diagnostic.data or {}).get("hint") if isinstance(diagnostic.data, dict) else None
        found = SUGGESTION.search(hint or diagnostic.message)
        if not found:
            continue
        fix = found.group(1) or found.group(2)
        edit = types.TextEdit(range=diagnostic.range, new_text=fix)
        actions.append(
            types.CodeAction(
                title=f"Change to `{fix}`",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic],
                is_preferred=True,
                edit=types.WorkspaceEdit(changes={params.text_document.uri: [edit]}),
            )
        )
    return actions


def main() -> None:
    """Serve over standard input and output (what editors start)."""
    server.start_io()
