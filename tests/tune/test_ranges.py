"""The numbers ``tune`` writes stay inside the ranges the language declares (property), its
ranges are the checker's own (E0417), and the search, cut and resumed from its journal, asks
the same candidates and ends on the same one. No game is played here."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.simulation.tuning import Evaluation, Knob, search
from whitedwarf.tools import tune_pack

PACK = tune_pack.read_pack(tune_pack.resolve_pack("lastlight"))
#: Invented cards of several kinds: a faction with three numbers, a tech with a cost and copies.
CARDS = [PACK.cards[c] for c in ("hexan", "myrr", "grand_archive", "solar_lenses", "comeback")]
KNOBS = tune_pack.find_knobs(PACK, CARDS)


def test_the_ranges_are_the_checkers() -> None:
    by_key = {k.key: (k.value, k.low, k.high) for k in KNOBS}
    # effect[0] is the 3 of `while players != 3` (Hexan by player count, K19), a number too
    assert by_key["hexan:effect[1]"] == (1, -1, 10)  # +1 starting_common: the stat's range
    assert by_key["hexan:effect[2]"] == (-1, -2, 10)  # -1 research_keep: the stat's range
    assert by_key["hexan:effect[4]"] == (2, 1, 10)  # pay 2 common: `pay` takes 1 to 10
    assert by_key["solar_lenses:cost.uncommon"][1:] == (0, 10)  # the schema's cost range
    assert {k.card for k in KNOBS} == {c.id for c in CARDS}


def _hexan_mod(mod: Path, factions: str) -> tuple[tune_pack.Pack, list[Knob]]:
    """A mod of the base pack holding ``factions`` (a Hexan), read as tune reads it, with the
    numbers of its Hexan."""
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        f"id: {mod.name}\nname: {mod.name}\nversion: 1.0.0\ngame: lastlight\n"
        'depends:\n  lastlight: ">=1.0"\n',
        encoding="utf-8",
    )
    (mod / "factions.yaml").write_text(factions, encoding="utf-8")
    pack = tune_pack.read_pack(mod)
    return pack, tune_pack.find_knobs(pack, [pack.cards["hexan"]])


#: Hexan as K17 ships it, written out so that this test keeps a text that writes each of its
#: numbers once (tune edits a number of a text in place only then) whatever the pack does.
HEXAN_K17 = """\
- id: hexan
  replace: true
  name: Hexan Collective
  three_plus: false
  source: invented
  text: >-
    You have +1 starting [common]. You have -1 cards kept when you research. At the start of
    the game: you may pay 2 [common] to build small ship in the home sector.
  effect: |
    you have +1 starting_common
    you have -1 research_keep
    when game_start -> may pay 2 common -> build small ship in the home sector
  lore: Builders who arrive with their first colony already half assembled.
"""


def test_a_signed_number_of_a_text_is_told_from_its_opposite(tmp_path: Path) -> None:
    """Hexan's text writes +1 (starting common) and -1 (cards kept): tune changes the one it
    moved. Before, both read as 1, so neither was changed and the text said the old numbers."""
    pack, knobs = _hexan_mod(tmp_path / "hexan_k17", HEXAN_K17)
    values = [-2 if k.key == "hexan:effect[1]" else k.value for k in knobs]
    ((_, data),) = tune_pack.changed_cards(pack, knobs, values).values()
    assert "+1 starting [common]" in data["text"] and "-2 cards kept" in data["text"]
    values = [2 if k.key == "hexan:effect[0]" else k.value for k in knobs]
    ((_, data),) = tune_pack.changed_cards(pack, knobs, values).values()
    assert "+2 starting [common]" in data["text"] and "-1 cards kept" in data["text"]


#: A card whose text writes 1 three ways (the K19 candidate's Hexan): no number of it can be
#: edited in place, as the text writes it more than once.
HEXAN_ONES = """\
- id: hexan
  replace: true
  name: Hexan Collective
  three_plus: false
  source: invented
  text: >-
    You have +1 starting [common]. You have -1 cards kept when you research. At the start of
    each round, if the round is 3: gain 1 [common].
  effect: |
    you have +1 starting_common
    you have -1 research_keep
    when round_start if round == 3 -> gain 1 common
  lore: Builders who arrive with their first colony already half assembled.
"""


def test_a_text_that_writes_a_number_twice_is_written_again_from_its_effect(
    tmp_path: Path,
) -> None:
    """The text cannot be edited number by number (three 1s), but it is the text written from
    the effect, so tune writes it again from the changed effect: it says +2, not +1."""
    pack, knobs = _hexan_mod(tmp_path / "hexan_ones", HEXAN_ONES)
    values = [2 if k.key == "hexan:effect[0]" else k.value for k in knobs]
    ((_, data),) = tune_pack.changed_cards(pack, knobs, values).values()
    assert "+2 starting [common]" in data["text"] and "gain 1 [common]" in data["text"]
    assert "-1 cards kept" in data["text"]


@settings(max_examples=12, deadline=None)
@given(st.data())
def test_every_number_written_is_inside_its_declared_range(data: st.DataObject) -> None:
    values = [data.draw(st.integers(k.low, k.high), label=k.key) for k in KNOBS]
    cards = tune_pack.changed_cards(PACK, KNOBS, values)
    with tempfile.TemporaryDirectory() as tmp:
        mod = Path(tmp) / "mod"
        tune_pack.write_pack_files(PACK, mod, "lastlight_tuned", cards)
        result = load_packs([PACK.folder, mod])
        assert result.errors == [], [d.headline() for d in result.errors]
        # the texts say the new numbers (W0430: a text that says something else)
        assert [d.headline() for d in result.warnings if d.code == "W0430"] == []
        again = tune_pack.read_pack(mod)
        found = {k.key: k.value for k in tune_pack.find_knobs(again, list(again.cards.values()))}
    for knob, value in zip(KNOBS, values, strict=True):
        if knob.card in cards:
            assert found[knob.key] == value and knob.low <= value <= knob.high


def _scored(values: tuple[int, ...]) -> Evaluation:
    """A stand-in for the games: the miss falls as the first knob nears 5."""
    miss = abs(values[0] - 5) / 10
    return Evaluation(values, [], miss, sum(values) / 100, 8)


KNOBS_2 = [
    Knob("a", "factions.yaml", "effect[0]", 9, 1, 20),
    Knob("b", "techs.yaml", "copies", 2, 1, 3),
]


def test_the_search_asks_only_numbers_inside_their_ranges_and_resumes_the_same() -> None:
    journal: list[Evaluation] = []
    asked: list[tuple[int, ...]] = []

    def evaluate(values: tuple[int, ...]) -> Evaluation:
        asked.append(values)
        return _scored(values)

    whole = search(KNOBS_2, evaluate, 30, 7, journal)
    assert all(
        k.low <= v <= k.high for values in asked for k, v in zip(KNOBS_2, values, strict=True)
    )
    assert whole is not None and whole.values[0] == 5 and whole.values[1] == 2  # one knob moved
    cut = journal[: len(journal) // 2]
    asked.clear()
    resumed = search(KNOBS_2, evaluate, 30, 7, cut)
    assert resumed is not None and resumed.values == whole.values
    assert [e.values for e in cut] == [e.values for e in journal]
    assert len(asked) == len(journal) - len(journal) // 2  # the cut half was not played again


@pytest.mark.parametrize("seed", [-1, 2**32, 2**63 - 1])
def test_the_search_takes_every_seed_tune_takes(seed: int) -> None:
    """`tune --seed -1` played the pack as it was, then stopped with an internal error
    (Optuna's sampler takes 0 to 2**32 - 1); the seed is folded into its range."""
    best = search(KNOBS_2, _scored, 30, seed, [])
    assert best is not None and best.values[0] == 5


STARLIGHT = tune_pack.read_pack(tune_pack.resolve_pack("starlight"))
#: Starlight's cards of three kinds: gods (effects), a laurel (points, a goal), a flare.
SL_CARDS = [STARLIGHT.cards[c] for c in ("hermes", "helion", "far_traveller")]
SL_KNOBS = tune_pack.find_knobs(STARLIGHT, SL_CARDS)


@settings(max_examples=6, deadline=None)
@given(st.data())
def test_a_starlight_change_validates_too(data: st.DataObject) -> None:
    assert {k.card for k in SL_KNOBS} == {c.id for c in SL_CARDS}
    values = [data.draw(st.integers(k.low, k.high), label=k.key) for k in SL_KNOBS]
    cards = tune_pack.changed_cards(STARLIGHT, SL_KNOBS, values)
    with tempfile.TemporaryDirectory() as tmp:
        mod = Path(tmp) / "mod"
        tune_pack.write_pack_files(STARLIGHT, mod, "starlight_tuned", cards)
        result = load_packs([STARLIGHT.folder, mod])
        assert result.errors == [], [d.headline() for d in result.errors]


def test_a_player_count_a_card_compares_with_is_not_a_number_to_move(tmp_path: Path) -> None:
    """`if players != 3` says at which player counts the card acts: tune offered the 3 as a
    number to move (0 to 100, "a number"), and could have made the card act in every game."""
    seated = HEXAN_K17.replace(
        "when game_start -> may pay", "when game_start if players != 3 -> may pay"
    ).replace("the game: you may", "the game, if there are not 3 players: you may")
    pack, knobs = _hexan_mod(tmp_path / "seated", seated)
    assert [k.key for k in knobs] == ["hexan:effect[0]", "hexan:effect[1]", "hexan:effect[3]"]
    values = [3 if k.key == "hexan:effect[3]" else k.value for k in knobs]
    ((_, data),) = tune_pack.changed_cards(pack, knobs, values).values()
    assert "when game_start if players != 3 -> may pay 3 common" in data["effect"]
