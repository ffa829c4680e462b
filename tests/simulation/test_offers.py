"""The balance report tells "weak" from "unplayed" (issue 24 item 5): each record counts the
decisions in which a seat was offered an option naming a card and took it, and the report
flags a card the agents seldom had the chance to play (its numbers say little) apart from one
they passed up though offered (weak, or misjudged by the agents).

Before, a tech kept 43% of the time and built by 0.9% of players read as a weak card, with
nothing to say whether the bot ever could, or would, build it."""

from __future__ import annotations

import json
from pathlib import Path

from whitedwarf.interpreter.simulation.offers import Offers, flag, offer_sentences
from whitedwarf.interpreter.simulation.tally import Tally

from tests.simulation.helpers import pack_copy, run


def test_every_record_counts_the_chances_and_the_report_flags_a_card_never_offered(
    tmp_path: Path,
) -> None:
    pack = pack_copy(tmp_path, "dear")
    techs = pack / "techs.yaml"
    # Grand Archive at a price no one can pay: drawn and kept, never offered to be made (9
    # rares alone were paid once since the heuristic plays Command for its moves).
    text = techs.read_text()
    start = text.index("- id: grand_archive")
    cost = text.index("  cost:", start)
    end = text.index("\n", cost)
    techs.write_text(text[:cost] + "  cost: {uncommon: 10, rare: 10}" + text[end:])
    out = tmp_path / "b"
    code, said = run(
        "simulate", "--pack", str(pack), "--players", "3", "--games", "8", "--workers", "1",
        "-q", "--out", str(out),
    )  # fmt: skip
    assert code == 0, said
    record = json.loads((out / "games.jsonl").read_text().splitlines()[0])
    assert len(record["offers"]) == 3
    assert any("make" in verbs for seat in record["offers"] for verbs in seat.values())
    summary = json.loads((out / "summary.json").read_text())
    dear = next(r for r in summary["offers"] if r["name"] == "grand_archive")
    assert (dear["verb"], dear["offered"], dear["flag"]) == ("make", 0, "few chances")
    assert "Unplayed, not weak: agents seldom had the chance to play" in said
    html = (out / "report.html").read_text()
    assert "Unplayed or passed up" in html and "few chances" in html
    # The sentence names the first six by name; the report's table lists every one.
    assert "<td>Grand Archive (grand_archive)</td><td>make</td><td>0</td>" in html


def test_passed_up_is_offered_often_and_seldom_taken() -> None:
    assert flag(40, 2, 400, "make") == "passed up"
    assert flag(40, 20, 400, "make") is None
    assert flag(3, 3, 400, "make") == "few chances"
    assert flag(3, 0, 20, "make") is None  # 3 of 20 seat-games is not few
    offers = Offers()
    seat = {"salvage_drones": {"make": [2, 0], "use": [0, 0]}}
    for _ in range(30):
        offers.add({"offers": [seat, {}]})
    rows = {(r["name"], r["verb"]): r for r in offers.table() or []}
    assert rows["salvage_drones", "make"]["flag"] == "passed up"
    assert rows["salvage_drones", "make"]["offered"] == 30
    assert rows["salvage_drones", "use"]["flag"] == "few chances"
    said = offer_sentences(offers.table(), 60, {"salvage_drones": "Salvage Drones"})
    assert said[1].startswith("Passed up: the agents seldom took Salvage Drones (make: 0 of 30")


def test_records_without_offers_give_no_table() -> None:
    assert Offers().table() is None
    assert "offers" not in Tally().summary()


def test_a_starlight_flare_bought_from_the_pool_is_counted_by_name(tmp_path: Path) -> None:
    out = tmp_path / "s"
    code, said = run(
        "simulate", "--pack", "starlight", "--players", "3", "--games", "3", "--workers", "1",
        "-q", "--out", str(out),
    )  # fmt: skip
    assert code == 0, said
    summary = json.loads((out / "summary.json").read_text())
    flares = [r for r in summary["offers"] if r["verb"] == "flare"]
    assert flares and all(not r["name"].isdigit() for r in flares)
    assert sum(r["chosen"] for r in flares) > 0
