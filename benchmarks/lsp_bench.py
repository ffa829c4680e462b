"""How long the language server takes to answer an edit, measured through the protocol.

A client starts `whitedwarf lsp` over stdio, opens a copy of the base pack's techs.yaml (127
cards in the pack, 68 tech designs in the file), and changes one card's effect ``--edits``
times, alternating a typo and its fix; each time it measures from sending `didChange` to
receiving the diagnostics. Prints the median and the slowest.

Run: ``python benchmarks/lsp_bench.py [--edits 30]``.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from whitedwarf.content import bundled_pack


async def measure(edits: int) -> list[float]:
    folder = Path(tempfile.mkdtemp()) / "lastlight"
    shutil.copytree(bundled_pack(), folder)
    techs = folder / "techs.yaml"
    text = techs.read_text()
    client = LanguageClient("bench", "1")
    published = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _published(params: types.PublishDiagnosticsParams) -> None:
        if params.uri == techs.as_uri():
            published.set()

    await client.start_io(sys.executable, "-m", "whitedwarf.tools.cli", "lsp")
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    uri = techs.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)
        )
    )
    await published.wait()
    times = []
    for version in range(2, edits + 2):
        edited = text.replace("+1 attack", "+1 atack" if version % 2 else "+1 attack", 1)
        published.clear()
        started = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)],
            )
        )
        await published.wait()
        times.append(time.perf_counter() - started)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    shutil.rmtree(folder.parent)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--edits", type=int, default=30)
    times = asyncio.run(measure(parser.parse_args().edits))
    print("| measure | ms |\n| --- | --- |")
    print(f"| edit → diagnostics, median of {len(times)} | {statistics.median(times) * 1000:.0f} |")
    print(f"| edit → diagnostics, slowest | {max(times) * 1000:.0f} |")


if __name__ == "__main__":
    main()
