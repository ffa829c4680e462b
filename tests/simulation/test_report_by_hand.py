"""The balance report's figures against numbers worked out by hand from a few fixed records.

Each test writes game records as a batch would, has the report made from them the way a user
gets it (``simulate --resume`` on a finished batch writes ``summary.json``, ``report.html``
and prints the sentences; ``compare``'s ``comparison.json`` and ``comparison.html``), and
checks what the user reads. The expected intervals are the Wilson score interval worked out
from its formula, (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n) with z = 1.96, rounded
to 4 places beforehand (docs/simulate.md S3), not taken from the code under test.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.interpreter.simulation import plots
from whitedwarf.interpreter.simulation.comparison import (
    added_and_removed,
    changed_cards,
    compare,
)
from whitedwarf.interpreter.simulation.report import comparison_html

from tests.simulation.helpers import run

# (winners, factions) of five 2-player games. Faction A: won g0, lost g1 (seat 1), half of
# the tie in g2, won g3 (seat 1), won g4: 3.5 of 5. B: 1.5 of 5. Seat 0: 1 + 1 + 0.5 + 0 + 1.
GAMES = [
    ([0], ["A", "B"]),
    ([0], ["B", "A"]),
    ([0, 1], ["A", "B"]),
    ([1], ["B", "A"]),
    ([0], ["A", "B"]),
]


def _techs(index: int) -> list[dict[str, Any]]:
    """Seat 0 draws two copies of t, keeps and builds one, owns it at the end, every game.
    Seat 1 draws one t and one u, keeps u; in game 0 it also draws v and does not keep it;
    in game 3 (which it wins) u is in play at the end."""
    seat0 = {"drawn": {"t": 2}, "kept": {"t": 1}, "built": {"t": 1}, "in_play": ["t"]}
    drawn = {"t": 1, "u": 1} | ({"v": 1} if index == 0 else {})
    seat1 = {
        "drawn": drawn,
        "kept": {"u": 1},
        "built": {"u": 1} if index == 3 else {},
        "in_play": ["u"] if index == 3 else [],
    }
    return [seat0, seat1]


def _record(index: int, winners: list[int], factions: list[str], agents: list[str]) -> dict:
    return {
        "index": index,
        "seed": index,
        "players": 2,
        "seats": [0, 1],
        "agents": agents,
        "factions": factions,
        "achievements": [{"kept": "a", "done": []}, {"kept": "a", "done": []}],
        "winners": winners,
        "light": [10, 10],
        "light_by_source": [{"refresh": 1}, {"refresh": 1}],
        "techs": _techs(index),
        "rounds": 10 + index,
        "reason": "light",
        "explored": [],
        "revealed": [],
    }


def _records(agents: list[str] | None = None) -> list[dict]:
    seats = agents or ["heuristic", "heuristic"]
    return [_record(i, w, f, seats) for i, (w, f) in enumerate(GAMES)]


def _report(tmp_path: Path, records: list[dict]) -> tuple[str, dict, str]:
    """A finished batch holding ``records``, reported with ``simulate --resume``: the
    printed sentences, ``summary.json`` and the text of ``report.html``."""
    out = tmp_path / "batch"
    common = ("--players", "2", "--agents", "random", "--round-limit", "1")
    assert run("simulate", *common, "--games", str(len(records)), "--out", str(out))[0] == 0
    lines = "".join(json.dumps(r) + "\n" for r in records)
    (out / "games.jsonl").write_text(lines, encoding="utf-8")
    code, printed = run("simulate", "--resume", str(out))
    assert code == 0, printed
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    page = (out / "report.html").read_text(encoding="utf-8")
    return printed, summary, _text(page)


def _text(page: str) -> str:
    """The words of an HTML page as a reader sees them, one table row per line."""
    page = re.sub(r"<svg.*?</svg>", "", page, flags=re.S)
    page = re.sub(r"</(tr|p|li|h\d)>", "\n", page)
    page = re.sub(r"<(td|th)[^>]*>", " | ", page)
    return re.sub(r"[ \t]+", " ", unescape(re.sub(r"<[^>]+>", "", page)))


def test_faction_and_seat_win_rates_match_a_hand_count(tmp_path: Path) -> None:
    printed, summary, page = _report(tmp_path, _records())
    factions = {r["name"]: r for r in summary["factions"]}
    # A: 3.5 of 5 (a tie gives each tied winner half a win, S6); Wilson 0.2988-0.9274.
    assert factions["A"]["wins"] == 3.5 and factions["A"]["games"] == 5
    assert factions["A"]["rate"] == pytest.approx(0.7)
    assert (factions["A"]["low"], factions["A"]["high"]) == pytest.approx(
        (0.2988, 0.9274), abs=1e-4
    )
    # The exact test rounds 3.5 to 4 wins: P(X <= 1) + P(X >= 4) of Bin(5, 1/2) = 12/32;
    # B's 2 of 5 is the likeliest outcome but one, p = 1. Holm over two rows: 0.75 and 1.
    assert factions["A"]["p"] == pytest.approx(12 / 32)
    assert factions["A"]["p_adjusted"] == pytest.approx(0.75)
    assert factions["B"]["p_adjusted"] == pytest.approx(1.0)
    assert "| A | 5 | 3.5 | 70.0% | 29.9%–92.7% | 0.75 |" in page
    assert "| B | 5 | 1.5 | 30.0% | 7.3%–70.1% | 1 |" in page
    said = printed.splitlines()
    assert "- No faction wins significantly more or less than a fair share." in said
    # Both intervals are 0.9274 - 0.2988 = 0.7012 - 0.0726 = 62.9 points wide.
    assert (
        "- At 5 games a faction's 95% interval is 63 to 63 points wide (widest: B, in 5 games); "
        "four times as many games halve it." in said
    )
    # Seat 0 won g0, g1, g4 and half of g2: the same 3.5 of 5.
    assert (
        "- The starting player (seat 0) wins 70% (95% interval 30-93%): no significant advantage."
        in said
    )
    assert "- Games last 12 rounds (median; shortest 10, longest 14)." in said
    assert "±" not in printed  # a Wilson interval is not symmetric: never written as ± x


def test_tech_rates_pick_rate_and_owners_win_rate_match_a_hand_count(tmp_path: Path) -> None:
    _, summary, page = _report(tmp_path, _records())
    techs = {r["name"]: r for r in summary["techs"]}
    t, u, v = techs["t"], techs["u"], techs["v"]
    # t: drawn by every player-game (10 of 10), kept, built and owned by seat 0 (5 of 10).
    assert (t["drawn"], t["kept"], t["built"], t["owned"]) == (1.0, 0.5, 0.5, 0.5)
    # Pick rate: copies kept of copies drawn, 5 of 2*5 + 5 = 15; Wilson 0.1518-0.5829.
    assert (t["copies_kept"], t["copies_drawn"]) == (5, 15)
    assert t["pick_rate"] == pytest.approx(1 / 3)
    assert (t["pick_low"], t["pick_high"]) == pytest.approx((0.1518, 0.5829), abs=1e-4)
    # Its 5 owners (seat 0) won 3.5; the 5 others 1.5. Cells expect under 5, so Fisher's
    # exact test, of 4 of 5 against 2 of 5 (wins rounded): the tables with 6 wins in 10 put
    # 1..5 of them among the owners with weights 6, 60, 120, 60, 6 (of 252); those no likelier
    # than 4 (60): (6 + 60 + 60 + 6) / 252.
    assert t["owned_games"] == 5 and t["win_owned"] == pytest.approx(0.7)
    assert (t["win_owned_low"], t["win_owned_high"]) == pytest.approx((0.2988, 0.9274), abs=1e-4)
    assert t["win_not_owned"] == pytest.approx(0.3)
    assert t["p"] == pytest.approx(132 / 252)
    # u: 5 drawn, 5 kept: 100%, whose interval stops at 100% (0.5655-1). Its one owner won.
    assert u["pick_rate"] == 1.0
    assert (u["pick_low"], u["pick_high"]) == pytest.approx((0.5655, 1.0), abs=1e-4)
    assert u["owned_games"] == 1 and u["win_owned"] == 1.0
    assert u["win_not_owned"] == pytest.approx(4 / 9)  # the other 4 of the 5 wins, 9 seats
    # v: drawn once, never kept: 0%, interval 0-0.7935 (not "0% ± 0"); never owned.
    assert v["pick_rate"] == 0.0
    assert (v["pick_low"], v["pick_high"]) == pytest.approx((0.0, 0.7935), abs=1e-4)
    assert v["win_owned"] is None
    row = "| t | 100.0% | 50.0% | 50.0% | 50.0% | 33.3% (15–58%) | 5 | 70.0% (30–93%) | 30.0% |"
    assert row in page
    assert "| v | 10.0% | 0.0% | 0.0% | 0.0% | 0.0% (0–79%) | 0 | n/a |" in page
    assert "Pick rate: the copies kept of the copies drawn" in page


def test_seats_that_always_had_the_same_agents_are_not_called_seat_order(tmp_path: Path) -> None:
    printed, summary, page = _report(tmp_path, _records(["heuristic", "random"]))
    assert summary["seat_agents"] == ["heuristic", "random"]
    assert "starting player" not in printed.lower()
    assert (
        "- Seat win rates are the agents' here (seat 0 heuristic, seat 1 random in every game), "
        "so they say nothing about seat order" in printed
    )
    assert "these are the agents' win rates, not an effect of seat order" in page


def test_a_pool_of_agents_still_measures_seat_order(tmp_path: Path) -> None:
    records = _records()
    records[1]["agents"] = ["random", "heuristic"]  # the pool put them the other way round
    printed, summary, _ = _report(tmp_path, records)
    assert summary["seat_agents"] is None
    assert "The starting player (seat 0) wins 70%" in printed


def _starlight(index: int, winners: list[int], kept: list[str | None]) -> dict:
    """A 3-seat Starlight-shaped record: seat 2 is a Starbot, dealt no god."""
    return {
        "index": index,
        "seed": index,
        "players": 3,
        "seats": [0, 1, 2],
        "agents": ["heuristic", "heuristic", "starbot"],
        "winners": winners,
        "points": [50, 40, 30],
        "scores": {},
        "rounds": 15,
        "reason": "daybreak",
        "tiebreak": None,
        "decisions": 100,
        "picks": {
            "god": [
                {"offered": ["g1", "g2"], "kept": kept[0]},
                {"offered": ["g2", "g3"], "kept": kept[1]},
                {"offered": [], "kept": None},
            ]
        },
        "sources": [{}, {}, {}],
    }


def test_a_god_is_measured_against_the_seats_that_could_keep_one() -> None:
    from whitedwarf.interpreter.simulation.tally import summarise

    # The Starbot (never a keeper) wins 2 of 4 games; keepers win 2 of their 8 seats (25%),
    # not the 33% a fair share of three seats would say.
    records = [
        _starlight(0, [2], ["g1", "g2"]),
        _starlight(1, [2], ["g1", "g3"]),
        _starlight(2, [0], ["g1", "g2"]),
        _starlight(3, [1], ["g2", "g3"]),
    ]
    summary = summarise(records)
    assert summary["pick_fair"]["god"] == pytest.approx(2 / 8)
    gods = {r["name"]: r for r in summary["picks"]["god"]}
    # g1: kept in games 0-2 by seat 0, won game 2: 1 of 3. g2: kept 3 times, won once.
    assert (gods["g1"]["wins"], gods["g1"]["games"]) == (1.0, 3)
    # g2 is dealt to both keepers every game (8 times) and kept 3 times.
    assert (gods["g2"]["offered"], gods["g2"]["kept"]) == (8, 3)
    assert gods["g2"]["pick_rate"] == pytest.approx(3 / 8)


def _variant_with_a_new_faction() -> list[dict]:
    """The same games, where the variant deals a new faction C in place of B."""
    records = _records()
    for record in records:
        record["factions"] = ["C" if f == "B" else f for f in record["factions"]]
    return records


def test_compare_lists_a_new_faction_apart_with_its_own_win_rate() -> None:
    result = compare(_records(), _variant_with_a_new_faction())
    names = [r["name"] for r in result["factions"]]
    assert names == ["A"]  # C and B have no change to measure: not rows of -100 to +100 points
    new = result["only_in"]["variant"]
    assert [(r["kind"], r["name"], r["games"]) for r in new] == [("faction", "C", 5)]
    assert [(r["kind"], r["name"]) for r in result["only_in"]["base"]] == [("faction", "B")]
    said = result["sentences"]
    assert (
        "New in the variant: faction C wins 30% of its 5 games (95% interval 7-70%), not "
        "significantly off the fair 50%." in said
    )
    assert any(s.startswith("Of what both packs play, nothing changed significantly") for s in said)
    page = _text(comparison_html(result))
    assert "Played in one pack only" in page
    assert "| New in the variant | faction | C | 5 | 30.0% (7–70%) | 50.0% |" in page
    assert "-100.0" not in page


def test_a_faction_both_packs_hold_but_one_batch_never_dealt_is_not_called_new() -> None:
    # Both packs define A, B and C; chance dealt C only in the variant's games and B only in
    # the base's: neither is what the change added or removed, and the report says so.
    result = compare(_records(), _variant_with_a_new_faction(), in_both={"A", "B", "C"})
    said = result["sentences"]
    assert not any(s.startswith(("New in the variant:", "Only in the base:")) for s in said)
    assert (
        "Only in the variant's games: faction C (both packs hold it; the base's games never "
        "dealt it) wins 30% of its 5 games (95% interval 7-70%), not significantly off the "
        "fair 50%." in said
    )
    assert any(
        s.startswith("Only in the base's games: faction B (both packs hold it") for s in said
    )
    assert not any(s.startswith("The deal changed which factions play") for s in said)
    page = _text(comparison_html(result))
    assert "| Only in the variant's games (in both packs) | faction | C | 5 |" in page


def test_compare_reports_each_seat_and_a_change_of_seat_order() -> None:
    base = _records()
    variant = _records()
    for record in variant:  # every game now goes to seat 1
        record["winners"] = [1]
    result = compare(base, variant)
    seats = {r["name"]: r for r in result["seats"]}
    # seat 0: 3.5 of 5 (Wilson 0.2988-0.9274) -> 0 of 5 (Wilson 0-0.4345). Newcombe's
    # interval of 0 - 0.7: -0.7 - sqrt(0² + (0.9274 - 0.7)²) to -0.7 + sqrt(0.4345² +
    # (0.7 - 0.2988)²), i.e. -0.9274 to -0.1086.
    assert seats["seat 0"]["difference"] == pytest.approx(-0.7)
    low = -0.7 - (0.9274 - 0.7)
    high = -0.7 + (0.4345**2 + (0.7 - 0.2988) ** 2) ** 0.5
    assert (seats["seat 0"]["low"], seats["seat 0"]["high"]) == pytest.approx((low, high), abs=1e-3)
    # Fisher (cells expect under 5): 0 of 5 against 4 of 5 (3.5 rounded), weights 6, 60, 120,
    # 60, 6 of 252 for 0..4 wins among the variant's: p = 12/252; seat 1, 5 of 5 against 2 of
    # 5: 42/252. Holm over the two seats: 2 * 12/252, then max(that, 42/252).
    assert seats["seat 0"]["p_adjusted"] == pytest.approx(24 / 252)
    assert seats["seat 1"]["p_adjusted"] == pytest.approx(42 / 252)
    assert not seats["seat 0"]["significant"]
    page = _text(comparison_html(result))
    assert "Seat win rates: variant minus base" in page
    assert "| seat 0 | 70.0% | 0.0% | -70.0 |" in page
    assert "the interval is for the row alone" in page


def test_the_chart_of_a_change_starts_its_bar_at_no_change() -> None:
    svg = plots.interval_bars("changes", [("x", -0.04, -0.08, 0.0, False)], 0.0, -1.0)
    rect = re.search(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"', svg)
    zero = re.search(r'<text x="([\d.]+)"[^>]*>0</text>', svg)
    assert rect and zero
    # The bar ends at 0 and the axis fits the interval (±5 points, not ±100).
    assert float(rect.group(1)) + float(rect.group(2)) == pytest.approx(
        float(zero.group(1)), abs=0.2
    )
    assert ">-5</text>" in svg and ">+5</text>" in svg


def test_a_solo_batch_has_no_fair_share_or_seat_order() -> None:
    from whitedwarf.interpreter.simulation.tally import summarise

    records = []
    for index, winners in enumerate(([0], [0], [0], [])):  # the solo player lost game 3
        record = _starlight(index, winners, ["g1", None])
        record |= {"players": 1, "seats": [0], "agents": ["heuristic"], "points": [50]}
        record["picks"] = {"god": record["picks"]["god"][:1]}
        records.append(record)
    said = summarise(records)["sentences"]
    # 3 of 4: Wilson 0.3006-0.9544.
    assert said[:2] == ["4 solo games.", "The player wins 75% (95% interval 30-95%) of the games."]
    assert not any("fair share of wins" in s or "starting player" in s for s in said)


def test_compare_says_what_a_new_tech_did_apart_from_the_changes() -> None:
    variant = _records()
    for record in variant:  # the variant's seat 1 draws, keeps and builds a new tech w
        record["techs"][1] = {
            "drawn": {"w": 1},
            "kept": {"w": 1},
            "built": {"w": 1},
            "in_play": ["w"],
        }
    result = compare(_records(), variant)
    assert [(r["kind"], r["name"]) for r in result["only_in"]["variant"]] == [("tech", "w")]
    # u and v were drawn only in the base; w's 5 owners (seat 1) won 1.5 of 5 games, the
    # 5 players without it (seat 0) 3.5: Wilson of 1.5 in 5 is 0.0726-0.7012; Fisher's exact
    # test of 2 of 5 against 4 of 5 (the wins rounded, a half to the even one) is p 0.52.
    assert [r["name"] for r in result["only_in"]["base"]] == ["u", "v"]
    assert [r["name"] for r in result["techs_built"]] == ["t"]
    assert (
        "New in the variant: tech w, built by 50% of players; its 5 owners win 30% (95% "
        "interval 7-70%) against 70% without it (not significant)." in (result["sentences"])
    )
    # comparison.html's row says the same: its owners' rate beside the players' without it
    page = _text(comparison_html(result))
    assert "| New in the variant | tech | w | 5 | 30.0% (7–70%) | 70.0% | \n" in page


def test_compare_says_each_card_only_one_side_played_a_faction_then_techs() -> None:
    """A mod removing a faction and a tech (`{id: zhur, remove: true}` and one tech): the base
    alone plays both, and `compare` says each, not a KeyError after the first."""
    variant = _variant_with_a_new_faction()
    for record in variant:  # the variant has no u and no v: its seats drew only t
        for techs in record["techs"]:
            for counts in ("drawn", "kept", "built"):
                techs[counts] = {k: n for k, n in techs[counts].items() if k not in ("u", "v")}
            techs["in_play"] = [t for t in techs["in_play"] if t not in ("u", "v")]
    result = compare(_records(), variant)
    base_only = [(r["kind"], r["name"]) for r in result["only_in"]["base"]]
    assert base_only == [("faction", "B"), ("tech", "u"), ("tech", "v")]
    said = [s for s in result["sentences"] if s.startswith("Only in the base: ")]
    assert [s.split(",")[0].split(" wins")[0] for s in said] == [
        "Only in the base: faction B",
        "Only in the base: tech u",
        "Only in the base: tech v",
    ]


def _stopped(record: dict) -> dict:
    """A game an engine limit stopped, as a batch records it (docs/simulate.md)."""
    error = "mod/factions.yaml:7:11: the effect of card 'a' ran more than 10,000 steps"
    return {k: record[k] for k in ("index", "seed", "agents")} | {"error": error}


def test_compare_says_the_games_a_mods_runaway_card_stopped() -> None:
    """A mod whose card runs away stops some of its games: `compare` said "3 games on each
    pack" (the fewer of the two) and never named the error that `simulate` says first."""
    variant = _records()
    variant[1], variant[3] = _stopped(variant[1]), _stopped(variant[3])
    said = compare(_records(), variant)["sentences"]
    assert said[:2] == [
        "5 games finished on the base pack and 3 on the variant, of the same seeds and agents.",
        "On the variant, 2 of 5 games stopped with an error and are left out (game 1, seed 1: "
        "mod/factions.yaml:7:11: the effect of card 'a' ran more than 10,000 steps).",
    ]


def test_compare_with_no_finished_game_on_one_side_says_so_and_nothing_else(
    tmp_path: Path,
) -> None:
    """Every variant game stopped: the comparison was "0 games on each pack" followed by every
    faction and tech of the base as "Only in the base", and `compare` exited 0."""
    result = compare(_records(), [_stopped(r) for r in _records()])
    assert result["sentences"] == [
        "5 games finished on the base pack and 0 on the variant, of the same seeds and agents.",
        "On the variant, 5 of 5 games stopped with an error and are left out (game 0, seed 0: "
        "mod/factions.yaml:7:11: the effect of card 'a' ran more than 10,000 steps).",
        "Nothing can be compared: a pack with no finished game has no numbers.",
    ]
    assert result["only_in"] == {"variant": [], "base": []}
    page = _text(comparison_html(result))
    assert "Nothing can be compared" in page and "Only in the base" not in page


def test_compare_exits_1_when_a_pack_finished_no_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from whitedwarf.interpreter.lastlight.game import EffectLimitReached
    from whitedwarf.interpreter.simulation import batch

    def runaway(*args: Any, **kwargs: Any) -> None:
        raise EffectLimitReached("x", "steps", "card `x`: a runaway effect")

    monkeypatch.setattr(batch, "play", runaway)
    code, out = run("compare", "--base", "lastlight", "--variant", "lastlight", "--games", "2",
                    "--players", "2", "--workers", "1", "--out", str(tmp_path / "c"))  # fmt: skip
    assert code == 1, out
    assert "no game of the base and the variant batch finished" in out
    assert "On the variant, 2 of 2 games stopped with an error" in out


def test_games_a_round_limit_stopped_are_said_first_hand(tmp_path: Path) -> None:
    # A pack whose numbers keep games from ending (game_end_light 100) fills the batch with
    # games the round limit cut off: the report must say so, not only show 200 rounds.
    records = _records()
    for record in records[:3]:
        record["reason"] = "round limit"
    printed, summary, page = _report(tmp_path, records)
    said = "3 of 5 games stopped at a round limit instead of ending by the rules"
    assert said in printed and said in page
    assert summary["reasons"] == {"round limit": 3, "light": 2}
    for record in records:
        record["reason"] = "round limit"
    printed, _, _ = _report(tmp_path / "all", records)
    assert "Every game stopped at a round limit" in printed
    printed, _, _ = _report(tmp_path / "none", _records())
    assert "round limit" not in printed


def test_counts_of_one_and_of_none_read_as_words() -> None:
    """A short batch said "in 1 games", "of its 1 games", "its 1 owners win" and "its 0 owners
    win n/a"."""
    from whitedwarf.interpreter.simulation.tally import summarise

    records = _records()[:1]
    said = summarise(records)["sentences"]
    assert said[0].startswith("1 game of 2 players;")
    assert not any(" 1 games" in s for s in said), said
    variant = _variant_with_a_new_faction()[:1]
    variant[0]["techs"][1] = {"drawn": {"w": 1}, "kept": {}, "built": {}, "in_play": []}
    compared = compare(records, variant)["sentences"]
    assert "New in the variant: faction C wins 0% of its 1 game (95% interval 0-79%), " in (
        " ".join(compared)
    )
    assert (
        "New in the variant: tech w, built by 0% of players; nobody had it in play at the end."
        in (compared)
    )


#: A count of one with a plural noun ("in 1 games"), as the sentences must never say.
ONE_AND_A_PLURAL = re.compile(r"\b1 (?:[a-z]+ )?(?:games|rounds|owners|points|techs)\b")


def test_one_game_is_said_in_the_singular() -> None:
    from whitedwarf.interpreter.simulation.tally import summarise

    record = _record(0, [0], ["A", "B"], ["heuristic", "heuristic"]) | {"rounds": 1}
    said = summarise([record])["sentences"]
    assert said[0] == "1 game of 2 players; a fair share of wins is 50%."
    precision = next(s for s in said if s.startswith("At 1 game a faction's"))
    assert "in 1 game);" in precision
    assert "Games last 1 round (median; shortest 1, longest 1)." in said
    assert not [s for s in said if ONE_AND_A_PLURAL.search(s)], said
    solo = _starlight(0, [0], ["g1", None])
    solo |= {"players": 1, "seats": [0], "agents": ["heuristic"], "points": [50]}
    solo["picks"] = {"god": solo["picks"]["god"][:1]}
    said = summarise([solo])["sentences"]
    assert said[:2] == ["1 solo game.", "The player wins 100% (95% interval 21-100%) of the game."]


def test_one_game_on_each_pack_and_one_owner_are_said_in_the_singular() -> None:
    base, variant = _records()[:1], _records()[:1]
    variant[0]["techs"][1] = {
        "drawn": {"w": 1},
        "kept": {"w": 1},
        "built": {"w": 1},
        "in_play": ["w"],
    }
    said = compare(base, variant)["sentences"]
    assert said[0] == "1 game on each pack, the same seeds and agents."
    assert (
        "New in the variant: tech w, built by 50% of players; its 1 owner wins 0% (95% "
        "interval 0-79%) against 100% without it (not significant)." in said
    )
    assert not [s for s in said if ONE_AND_A_PLURAL.search(s)], said


def test_compare_lists_every_card_only_one_pack_played() -> None:
    """Two factions new in the variant: the sentence of the first reused the name of the
    side it was listed under ("above"), and the second raised KeyError: 'above'."""
    variant = _records()
    for index, record in enumerate(variant):
        record["factions"] = ["C" if index % 2 else "D", "B"]
    said = compare(_records(), variant)["sentences"]
    assert [s.split(" wins")[0] for s in said if s.startswith("New in the variant")] == [
        "New in the variant: faction C",
        "New in the variant: faction D",
    ]
    assert any(s.startswith("Only in the base: faction A") for s in said)


# -- issue 23: what a new designer reads first ------------------------------------------------


def _achievers(games: int = 40) -> list[dict]:
    """2-player games: seat 0 keeps ``never`` and never completes it; seat 1 completes
    ``always`` every game; ``half`` is kept by seat 1 too and completed in every other game."""
    records = []
    for index in range(games):
        record = _record(index, [index % 2], ["A", "B"], ["heuristic", "heuristic"])
        done = ["always", "half"] if index % 2 else ["always"]
        record["achievements"] = [
            {"kept": "never", "done": []},
            {"kept": None if index % 2 else "half", "done": done},
        ]
        records.append(record)
    return records


def test_an_achievement_far_from_the_others_is_said_in_a_sentence() -> None:
    from whitedwarf.interpreter.simulation.tally import summarise

    summary = summarise(_achievers())
    rows = {r["name"]: r for r in summary["achievements"]}
    # never: 0 of 40; Wilson 0 to z²/(40 + z²) = 3.8416/43.8416 = 0.0876. The others: always
    # 40 of 40 and half 20 of 40, 60 of 80 = 75%.
    assert (rows["never"]["low"], rows["never"]["high"]) == pytest.approx((0, 0.0876), abs=1e-4)
    assert rows["never"]["others"] == pytest.approx(0.75)
    assert rows["never"]["far"] and rows["always"]["far"] and not rows["half"]["far"]
    said = summary["sentences"]
    # All achievements together: 60 of 120 = 50%.
    assert (
        "Achievements completed far more often than the others when kept (all achievements: "
        "50%; 95% intervals, significant): always 40 of 40 (91-100%)." in said
    )
    assert (
        "Achievements completed far less often than the others when kept (all achievements: "
        "50%; 95% intervals, significant): never 0 of 40 (0-9%)." in said
    )
    assert not any("half 20" in s for s in said)  # 50% is not far from the others' 50%


def test_the_achievement_table_has_intervals_and_the_test(tmp_path: Path) -> None:
    _, _, page = _report(tmp_path, _achievers())
    assert "| never | 40 | 0 | 0.0% | 0.0%–8.8% | 75.0% |" in page
    assert "against all the other achievements together" in page


def test_games_that_stopped_with_an_error_are_said_first(tmp_path: Path) -> None:
    """`simulate | head` hid the failures: they were the last sentence."""
    records = _records()
    records[2] = _stopped(records[2])
    printed, _, _ = _report(tmp_path, records)
    assert printed.splitlines()[0] == (
        "- 1 of 5 games stopped with an error and are left out (game 2, seed 2: "
        "mod/factions.yaml:7:11: the effect of card 'a' ran more than 10,000 steps)."
    )


def test_a_round_limit_cut_off_is_said_right_after_the_count_of_games(tmp_path: Path) -> None:
    records = _records()
    for record in records[:3]:
        record["reason"] = "round limit"
    printed, _, _ = _report(tmp_path, records)
    assert printed.splitlines()[1].startswith("- 3 of 5 games stopped at a round limit")


def _shorter_games(games: int = 60) -> tuple[list[dict], list[dict]]:
    """Base and variant of ``games`` 2-player games. In the variant games are 5 rounds
    shorter, seat 1 (faction B) wins every game, and in the shorter game nobody builds the
    techs t1..t4 that both seats built in the base; seat 0 builds x, which no one built."""
    base, variant = [], []
    for index in range(games):
        one = _record(index, [index % 2], ["A", "B"], ["heuristic", "heuristic"])
        one["rounds"] = 20
        built = {f"t{n}": 1 for n in range(1, 5)}
        drawn = built | {"x": 1}
        one["techs"] = [
            {"drawn": drawn, "kept": drawn, "built": built, "in_play": list(built)},
            {"drawn": drawn, "kept": drawn, "built": built, "in_play": list(built)},
        ]
        two = json.loads(json.dumps(one))
        two["rounds"] = 15 - index % 2
        two["winners"] = [1]
        two["techs"][0]["built"] = {"x": 1}
        two["techs"][1]["built"] = {}
        base.append(one)
        variant.append(two)
    return base, variant


def test_compare_leads_with_factions_then_length_then_cards() -> None:
    said = compare(*_shorter_games())["sentences"]
    assert said[0] == "60 games on each pack, the same seeds and agents."
    assert said[1].startswith("Faction A now wins 0% instead of 50%")
    assert said[2].startswith("Faction B now wins 100% instead of 50%")
    # The four techs built less in shorter games are one clause, not four sentences.
    length = next(i for i, s in enumerate(said) if s.startswith("Games are"))
    assert said[length] == (
        "Games are 5.5 rounds shorter on average (95% interval -5.6 to -5.4; significant); with "
        "them 4 techs "
        "are built significantly less often (the table of build rates in the report lists each)."
    )
    assert length < next(i for i, s in enumerate(said) if s.startswith("x is now built"))
    assert not any(s.startswith("t1 is now built") for s in said)
    page = _text(comparison_html(compare(*_shorter_games())))
    assert "| t1 | 100.0% | 0.0% | -100.0 |" in page  # each one is in the report's table
    # A tech the variant changed is the cause to look at: never counted away with the length.
    said = compare(*_shorter_games(), changed=[{"kind": "tech", "name": "t1"}])["sentences"]
    assert said[1] == "The variant changes tech t1."
    assert "with them 3 techs are built significantly less often" in " ".join(said)
    assert "t1 is now built by 0% of players instead of 100% (-100 points; significant)." in said


def test_compare_names_the_cards_the_variant_adds_and_removes() -> None:
    """A mod of the base that changed a tech, added a faction and a token and removed a tech
    led with "The variant changes tech Warp Drive" alone: what it adds and removes is the
    cause to read every change against too."""
    base = {"techs": [{"id": "t1", "cost": 1}, {"id": "gone"}], "factions": [{"id": "a"}]}
    variant = {
        "techs": [{"id": "t1", "cost": 2}],
        "factions": [{"id": "a"}, {"id": "new_faction"}],
        "exploration": [{"id": "new_token"}],
    }
    edits = added_and_removed(base, variant)
    assert edits == {
        "added": [
            {"kind": "exploration", "name": "new_token"},
            {"kind": "faction", "name": "new_faction"},
        ],
        "removed": [{"kind": "tech", "name": "gone"}],
    }
    said = compare(*_shorter_games(), changed=changed_cards(base, variant), edits=edits)[
        "sentences"
    ]
    assert said[1] == (
        "The variant changes tech t1; adds exploration token new_token, faction new_faction; "
        "removes tech gone."
    )
    only = compare(*_shorter_games(), edits=edits)["sentences"]
    assert only[1].startswith("The variant adds exploration token new_token")


def test_compare_says_the_deal_changed_when_a_faction_is_added() -> None:
    """A variant adding faction C in place of B half of the time: C is new, B is dealt less."""
    base = [*_records(), _record(5, [0], ["A", "B"], ["heuristic", "heuristic"])]
    variant = json.loads(json.dumps(base))
    for record in variant[::2]:  # games 0, 2 and 4 deal C instead of B
        record["factions"] = ["C" if f == "B" else f for f in record["factions"]]
    said = compare(base, variant)["sentences"]
    assert said[1] == (
        "The deal changed which factions play: new faction C is in 50% of games; the 2 "
        "factions of both packs are in 75% of games on average instead of 100% (50-100% each, "
        "instead of 100%)."
    )
    assert said[2].startswith("New in the variant: faction C wins")
    page = _text(comparison_html(compare(base, variant)))
    assert "| B | 100.0% | 50.0%\n" in page and "| C | n/a | 50.0%\n" in page


def test_a_given_god_counts_for_its_holder_and_its_deal_for_no_pick() -> None:
    """``--give 0:g3``: seat 0 holds g3 whatever it kept (its deal measures no pick); seat 1,
    which kept g3 from its deal, holds seat 0's god instead (one copy of each: swapped)."""
    from whitedwarf.interpreter.simulation.records import mark_given
    from whitedwarf.interpreter.simulation.report import simulation_html
    from whitedwarf.interpreter.simulation.tally import summarise

    games = []
    for index, winners in enumerate([[0], [1], [0], [2]]):
        record = _starlight(index, winners, [None, None])
        record["picks"]["god"][:2] = [
            {"offered": ["g1", "g2"], "kept": None, "held": "g3"},
            {"offered": ["g2", "g3"], "kept": None, "held": "g1"},
        ]
        mark_given(record["picks"], [{"seat": 0, "card": "g3", "kind": "gods", "round": 1}])
        games.append(record)
    seat_0, seat_1 = games[0]["picks"]["god"][:2]
    assert (seat_0["kept"], seat_0["given"], seat_1["kept"]) == (None, True, "g3")
    gods = {r["name"]: r for r in summarise(games)["picks"]["god"]}
    assert (gods["g3"]["games"], gods["g3"]["wins"]) == (4, 2.0)  # seat 0: games 0 and 2
    assert (gods["g1"]["games"], gods["g1"]["wins"]) == (4, 1.0)
    assert (gods["g3"]["offered"], gods["g3"]["kept"]) == (4, 4)  # seat 1's deal only
    assert (gods["g1"]["offered"], gods["g1"]["pick_rate"]) == (0, None)  # only ever given
    html = simulation_html(summarise(games))
    assert "<tr><td>g1</td><td>0</td><td>0</td><td>n/a</td><td>n/a</td></tr>" in html


def test_a_comparison_whose_games_changed_length_only_does_not_say_nothing_changed() -> None:
    """The same winners, every variant game 2 or 3 rounds longer: "Nothing changed
    significantly" was followed by "Games are 2.4 rounds longer ... (significant interval)",
    which it contradicted; and a mean that rounds to 0.0 read "0.0 rounds longer"."""
    variant = [{**r, "rounds": r["rounds"] + 2 + r["index"] % 2} for r in _records()]
    said = compare(_records(), variant)["sentences"]
    assert not any(s.startswith("Nothing changed") for s in said)
    assert (
        "No faction or seat win rate, tech build rate or tech owners' win rate moved beyond "
        "chance; the games' length did (below)." in said
    )
    assert any(s.startswith("Games are 2.4 rounds longer on average (95% interval +") for s in said)
    same = compare(_records(), _records())["sentences"]
    assert any(s.startswith("Nothing changed significantly: no faction") for s in same)
    assert "Games are as long on average (a change of 0.0 rounds, 95% interval 0.0 to 0.0)." in same


def test_an_agent_significantly_off_the_fair_share_is_said_to_be() -> None:
    """A mixed-agent batch (README: `--agents heuristic,random,starbot`): "Agent random wins
    0% (95% interval 0-11%) of its seats" said no more than an agent at its share did."""
    from whitedwarf.interpreter.simulation.summary import _agent_sentence

    off = {"name": "random", "rate": 0.0, "low": 0.0, "high": 0.1135, "significant": True}
    level = {"name": "heuristic", "rate": 0.4667, "low": 0.302, "high": 0.639, "significant": False}
    assert _agent_sentence(off, 1 / 3) == (
        "Agent random wins 0% (95% interval 0-11%) of its seats, below the fair 33% (significant)."
    )
    assert (
        _agent_sentence(level, 1 / 3)
        == "Agent heuristic wins 47% (95% interval 30-64%) of its seats."
    )


def _never_built(record: dict) -> dict:
    """The record with seat 0 keeping t but never building it."""
    seat0 = {**record["techs"][0], "built": {}, "in_play": []}
    return {**record, "techs": [seat0, record["techs"][1]]}


def _twenty() -> list[dict]:
    """The five games four times over (20 games: a build rate of 50% against 0% is
    significant)."""
    return [{**r, "index": r["index"] + 5 * k} for k in range(4) for r in _records()]


def test_a_build_rate_of_a_card_the_variant_does_not_change_says_it_was_valued_anew() -> None:
    """Seen comparing the base pack with a mod adding three techs: "Warp Drive is now built by
    0% of players instead of 16% (significant)", a card the mod does not touch. Each pack's
    card values are learned from its own play (S21): the mod's agents valued it -0.9 light,
    the base's 0.0. The sentence says so rather than leave the change to take the blame."""
    worth = {"t": {"base": 0.0001, "variant": -0.8902}}
    result = compare(_twenty(), [_never_built(r) for r in _twenty()], revalued=worth)
    said = next(s for s in result["sentences"] if s.startswith("t is now built by 0%"))
    assert said.endswith(
        "; the variant does not change it: its agents value it anew (-0.9 light to build, "
        "+0.0 light on the base; each pack's card values are learned from its own play, "
        "docs/simulate.md S21)."
    )
    assert result["revalued"] == worth
    # a card the variant changed is the change's doing: nothing is added
    changed = [{"kind": "tech", "name": "t"}]
    result = compare(_twenty(), [_never_built(r) for r in _twenty()], None, changed, None, worth)
    said = next(s for s in result["sentences"] if s.startswith("t is now built by 0%"))
    assert "anew" not in said


def _building(record: dict, cards: list[str], build: bool = True) -> dict:
    """The record with seat 0 drawing and keeping each of ``cards``, and building them."""
    held = {c: 1 for c in cards}
    seat0 = {"drawn": held, "kept": held, "built": held if build else {}, "in_play": []}
    if build:
        seat0["in_play"] = list(cards)
    return {**record, "techs": [seat0, record["techs"][1]]}


def test_many_build_rates_moved_by_the_agents_values_are_one_sentence() -> None:
    """Comparing the base pack with a mod adding a faction and two techs (1,000 3-player games,
    seed 5): 34 sentences "X is now built by ...; the variant does not change it: its agents
    value it anew ..." came after the mod's own, which a designer had to dig out. More than
    three such cards are one sentence: how many, the three that moved most with both worths,
    and where the others are; three or fewer are still said one by one."""
    cards = ["c1", "c2", "c3", "c4", "c5"]
    worth = {c: {"base": 0.5, "variant": -1.0 - i / 10} for i, c in enumerate(cards)}
    base = [_building(r, cards) for r in _twenty()]
    result = compare(base, [_building(r, cards, build=False) for r in _twenty()], revalued=worth)
    said = [s for s in result["sentences"] if "anew" in s]
    assert said == [
        "5 techs the variant does not change are built significantly more or less often, and "
        "its agents value them anew (each pack's card values are learned from its own play, "
        "docs/simulate.md S21): they may have moved for that alone, not for what the change "
        "does; the largest: c1 0% instead of 50% (-1.0 light to build, +0.5 light on the "
        "base); c2 0% instead of 50% (-1.1 light to build, +0.5 light on the base); c3 0% "
        "instead of 50% (-1.2 light to build, +0.5 light on the base); 2 more in "
        "comparison.html."
    ]
    assert sorted(result["revalued"]) == cards
    three = compare(
        [_building(r, cards[:3]) for r in _twenty()],
        [_building(r, cards[:3], build=False) for r in _twenty()],
        revalued=worth,
    )
    one_by_one = [s for s in three["sentences"] if "anew" in s]
    assert [s.split(" ")[0] for s in one_by_one] == ["c1", "c2", "c3"]


def test_a_change_of_length_whose_interval_holds_0_is_said_not_significant() -> None:
    """Starlight vs a mod with a new god: "Games are 1.2 rounds shorter on average (95%
    interval -2.4 to 0.0)." read as a finding; every other change says whether it is one."""
    variant = [{**r, "rounds": r["rounds"] + (2 if r["index"] % 2 else -1)} for r in _records()]
    said = compare(_records(), variant)["sentences"]
    length = next(s for s in said if s.startswith("Games are"))
    assert length.startswith("Games are 0.2 rounds longer on average (95% interval ")
    assert length.endswith("; not significant).")


def test_compare_says_how_often_a_new_flare_was_taken() -> None:
    """Starlight against a mod adding a flare and two gods: "The variant adds flare Comet,
    god Apollo, god Boreas", then a sentence for each god and none for Comet, which has no
    win-rate row. It is said with its batch's chances (the report's `offers`): bought 2 of
    the 4 seat-games it was offered in, its boon used in none of its 2 chances."""
    base = [_starlight(i, [i % 2], ["g1", "g2"]) for i in range(4)]
    variant = [_starlight(i, [i % 2], ["g1", "g2"]) for i in range(4)]
    for record in variant:  # seat 0 is offered Comet in every game, buys it in two
        bought = record["index"] < 2
        comet = {"flare": [1, int(bought)]} | ({"boon": [1, 0]} if bought else {})
        record["offers"] = [{"comet": comet}, {}, {}]
    edits = {"added": [{"kind": "flare", "name": "comet"}], "removed": []}
    said = compare(base, variant, edits=edits)["sentences"]
    assert "The variant adds flare comet." in said
    assert (
        "New in the variant: flare comet, how often taken when offered (boon: 0 of 2 chances, "
        "flare: 2 of 4 chances); what it does to its holder: `simulate --give 0:comet "
        "--ablate comet`." in said
    ), said
    # a card no seat was ever offered (a Last Light token is revealed, not taken): not said
    never = [{**r, "offers": [{}, {}, {}]} for r in variant]
    said = compare(base, never, edits=edits)["sentences"]
    assert not [s for s in said if s.startswith("New in the variant: flare")], said
