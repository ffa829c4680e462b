"""`whitedwarf new` for any installed game: card skeletons derived from the game's declarations
(its ContentSpec's card files, their schemas, its vocabulary's example effects) validate clean
right after they are appended, for every card kind of both games (issues 10 and 11)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.games import game_spec
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.tools.card_skeleton import card_files, read_yaml
from whitedwarf.tools.cli import main

from tests.dsl.test_games import tiny_installed  # noqa: F401  (the fixture)

#: Card kinds whose ids the game fixes (Starlight's six privileges, Last Light's six action
#: cards): a mod replaces one, and the skeleton starts as the printed card.
FIXED_IDS = {("starlight", "privilege"): "launch_alpha_star", ("lastlight", "action_card"): "trade"}
#: Card kinds a game refuses new cards of, whatever the schema allows.
REFUSED: dict[tuple[str, str], str] = {}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def new_pack(folder: Path, game: str) -> Path:
    pack = folder / "mod"
    status, output = run("new", "pack", str(pack), "--game", game)
    assert status == 0, output
    return pack


def errors_and_warnings(pack: Path) -> list[str]:
    return [d.headline() for d in load_packs([pack]).diagnostics]


def assert_unchanged_copy(found: list[str]) -> None:
    """A replace-only card's skeleton is the printed card until the mod edits it: the one
    thing validate says is W0906 (the replacement changes nothing)."""
    assert len(found) == 1 and "warning[W0906]" in found[0], found


@pytest.mark.parametrize(
    ("game", "word"),
    [(game, word) for game in ("lastlight", "starlight") for word in card_files(game)],
)
def test_every_card_kind_of_both_games_appends_a_card_that_validates(
    tmp_path: Path, game: str, word: str
) -> None:
    pack = new_pack(tmp_path, game)
    card_id = FIXED_IDS.get((game, word), "extra")
    before = {str(p.relative_to(pack)): p.read_text() for p in pack.rglob("*") if p.is_file()}
    status, output = run("new", "card", str(pack), word, card_id)
    if (game, word) in REFUSED:
        assert status == 1 and REFUSED[game, word] in output, output  # the game's rule
        assert {
            str(p.relative_to(pack)): p.read_text() for p in pack.rglob("*") if p.is_file()
        } == before  # nothing written
        return
    assert status == 0, output
    found = errors_and_warnings(pack)
    if (game, word) in FIXED_IDS:  # a printed card copied unchanged replaces it with itself
        assert_unchanged_copy(found)
    else:
        assert found == []
    file = card_files(game)[word].file
    assert f"id: {card_id}" in (pack / file).read_text()


@pytest.mark.parametrize("game", ["lastlight", "starlight"])
def test_every_skeleton_is_already_in_fmt_layout(tmp_path: Path, game: str) -> None:
    """`new` for every card kind of the game (twice: into a new file, then appended), and
    `fmt --check` has nothing to change and `validate` nothing to say: a planet's colour came
    after its source and a Starbot card's `accolade: null` lost its null under fmt."""
    pack = new_pack(tmp_path, game)
    for word in card_files(game):
        if (game, word) in REFUSED:
            continue
        fixed = FIXED_IDS.get((game, word))
        for card_id in [fixed] if fixed else [f"first_{word}", f"second_{word}"]:
            status, output = run("new", word, str(pack), card_id)
            assert status == 0, output
    status, output = run("fmt", "--check", str(pack))
    assert status == 0, output
    assert "0 files would be reformatted" in output
    status, output = run("validate", str(pack))
    # A printed card copied unchanged (the fixed ids) replaces it with itself until edited: W0906.
    fixed = sum(1 for g, _ in FIXED_IDS if g == game)
    assert status == 0 and f"0 errors, {fixed} warning" in output, output
    assert output.count("warning[W0906]") == fixed, output


def test_a_starlight_mod_gets_a_god_and_two_flares_by_kind_name(tmp_path: Path) -> None:
    pack = new_pack(tmp_path, "starlight")
    assert run("new", "god", str(pack), "apollo")[0] == 0
    assert run("new", "flare", str(pack), "comet", "--name", "Comet: Tail")[0] == 0
    assert run("new", "card", str(pack), "flares", "ember")[0] == 0  # the file name works too
    gods = (pack / "gods.yaml").read_text()
    assert gods.startswith("# yaml-language-server: $schema=")
    assert "- id: apollo\n  name: Apollo\n  source: invented\n" in gods
    flares = (pack / "flares.yaml").read_text()
    assert 'name: "Comet: Tail"' in flares and "- id: ember" in flares
    assert errors_and_warnings(pack) == []
    data = load_packs([pack]).pack.data
    assert {"apollo"} <= {g["id"] for g in data["gods"]}
    assert {"comet", "ember"} <= {f["id"] for f in data["flares"]}


def test_append_keeps_the_file_and_refuses_an_existing_id(tmp_path: Path) -> None:
    pack = new_pack(tmp_path, "starlight")
    (pack / "gods.yaml").write_text(
        "# my gods\n- id: lumen\n  name: Lumen\n  source: invented\n"
        '  text: "At the start of your turn: gain 1 [AP]."\n'
        "  effect: when turn_start -> gain 1 ap  # a comment the designer wrote\n"
    )
    status, output = run("new", "god", str(pack), "apollo")
    assert status == 0, output
    text = (pack / "gods.yaml").read_text()
    assert text.startswith("# my gods\n- id: lumen") and "# a comment the designer wrote" in text
    status, output = run("new", "card", str(pack), "god", "lumen")
    # named as the user's file, not the scratch copy the card is tried in
    assert status == 2 and f"{pack / 'gods.yaml'} already has a card with id `lumen`" in output
    assert (pack / "gods.yaml").read_text() == text
    assert errors_and_warnings(pack) == []


def test_a_kind_is_checked_against_the_packs_game_with_did_you_mean(tmp_path: Path) -> None:
    pack = new_pack(tmp_path, "starlight")
    status, output = run("new", "card", str(pack), "flair", "comet")
    assert status == 2 and "did you mean `flare`?" in output
    status, output = run("new", "tech", str(pack), "laser")  # Last Light's kind, Starlight pack
    assert status == 2 and "starlight has no card kind 'tech'" in output
    assert not (pack / "techs.yaml").exists()
    lastlight = tmp_path / "ll"
    run("new", "pack", str(lastlight))
    status, output = run("new", "god", str(lastlight), "apollo")
    assert status == 2 and "lastlight has no card kind 'god'" in output


def test_fixed_ids_are_refused_with_the_allowed_ones(tmp_path: Path) -> None:
    pack = new_pack(tmp_path, "starlight")
    status, output = run("new", "card", str(pack), "privilege", "free_lunch")
    assert status == 2 and "ids are fixed by the rules" in output and "refill_rays" in output
    pack = new_pack(tmp_path / "ll", "lastlight")
    status, output = run("new", "card", str(pack), "action_card", "scout")
    assert status == 2 and "lastlight action_card ids are fixed by the rules" in output
    assert "research, mine, construct, trade, refresh, command" in output
    assert not (pack / "actions.yaml").exists()


def test_a_replaced_action_card_starts_as_the_printed_one(tmp_path: Path) -> None:
    """`new card PACK action_card research` wrote an unused `number: 7`, which the game then
    refused (E0923: the engine plays it as number 1): nothing was written, and no way given."""
    pack = new_pack(tmp_path, "lastlight")
    status, output = run("new", "card", str(pack), "action_card", "research")
    assert status == 0, output
    card = (pack / "actions.yaml").read_text()
    assert "number: 1" in card and "steps: [research, manufacture]" in card
    assert "replace: true" in card
    assert_unchanged_copy(errors_and_warnings(pack))


@pytest.mark.parametrize(
    ("game", "word", "card_id", "file"),
    [
        ("starlight", "privilege", "refill_rays", "privileges.yaml"),
        ("starlight", "privilege", "laurels_bonus", "privileges.yaml"),
        ("lastlight", "action_card", "research", "actions.yaml"),
    ],
)
def test_a_printed_card_copied_unchanged_keeps_source_rulebook(
    tmp_path: Path, game: str, word: str, card_id: str, file: str
) -> None:
    """`new privilege PACK refill_rays` wrote the printed card word for word under `source:
    invented`: a card no one had designed. The copy is the printed card, name and all, until
    the mod changes it, and then W0905 asks for `source: invented`."""
    pack = new_pack(tmp_path, game)
    status, output = run("new", word, str(pack), card_id)
    assert status == 0, output
    card = (pack / file).read_text()
    assert "source: rulebook" in card and "invented" not in card, card
    printed = next(c for c in read_yaml(bundled_pack(game) / file) if c["id"] == card_id)
    assert f"name: {printed['name']}" in card.replace('"', ""), card
    assert_unchanged_copy(errors_and_warnings(pack))
    text = str(printed["text"]).split()[0]
    (pack / file).write_text(card.replace(f"text: {text}", f"text: Twice, {text}"))
    told = errors_and_warnings(pack)
    assert len(told) == 1 and "W0905" in told[0] and "(`text`)" in told[0], told


def test_a_printed_card_copied_under_another_name_is_invented(tmp_path: Path) -> None:
    pack = new_pack(tmp_path, "starlight")
    status, output = run("new", "privilege", str(pack), "refill_rays", "--name", "Free Refills")
    assert status == 0, output
    card = (pack / "privileges.yaml").read_text()
    assert "name: Free Refills" in card and "source: invented" in card, card
    assert errors_and_warnings(pack) == []


@pytest.mark.parametrize(
    ("game", "listed", "fixed"),
    [
        ("lastlight", "KIND: tech, faction, exploration_token, achievement, planet;",
         "an action_card only replaces one of the game's own, ID one of research, mine, "
         "construct, trade, refresh, command"),
        ("starlight",
         "KIND: flare, laurel, accolade, god, starbot_card, aspect, core, starter_core;",
         "a privilege only replaces one of the game's own, ID one of buy_night_points"),
    ],
)  # fmt: skip
def test_new_pack_empty_lists_the_kinds_a_mod_may_add(
    tmp_path: Path, game: str, listed: str, fixed: str
) -> None:
    """`new pack --empty` listed `action_card` (and Starlight's `privilege`) among the kinds
    to add, though `new card` refuses a new one: the kinds whose ids the rules fix are said
    apart, with the ids a mod replaces."""
    status, output = run("new", "pack", str(tmp_path / "m"), "--empty", "--game", game)
    assert status == 0, output
    assert listed in output and fixed in output


def test_last_lights_own_kinds_write_the_same_card_either_way(tmp_path: Path) -> None:
    for way in ("card", "kind"):
        pack = tmp_path / way / "mod"
        run("new", "pack", str(pack))
        args = (
            ("card", str(pack), "tech", "laser") if way == "card" else ("tech", str(pack), "laser")
        )
        assert run("new", *args)[0] == 0
    written = [(tmp_path / way / "mod/techs.yaml").read_text() for way in ("card", "kind")]
    assert written[0] == written[1]


def test_new_pack_for_starlight_says_how_to_add_cards(tmp_path: Path) -> None:
    status, output = run("new", "pack", str(tmp_path / "sm"), "--game", "starlight")
    assert status == 0
    kinds = ", ".join(word for word in card_files("starlight") if word != "privilege")
    assert f"new card {tmp_path / 'sm'} KIND ID` (KIND: {kinds}; a privilege" in output
    # the game by its name, as Last Light's mod says "a Last Light mod" (was "a starlight mod")
    assert "description: Sm, a Starlight mod.\n" in (tmp_path / "sm" / "pack.yaml").read_text()


def test_the_kinds_come_from_the_games_declarations() -> None:
    for game in ("lastlight", "starlight"):
        declared = {kind.name for kind in game_spec(game).card_kinds()}
        assert {spec.kind.name for spec in card_files(game).values()} == declared


def test_help_says_an_achievement() -> None:
    status, output = run("new", "--help")
    assert status == 0 and "Append an achievement skeleton" in output


@pytest.mark.usefixtures("tiny_installed")
def test_the_tiny_third_game_gets_skeletons_too(tmp_path: Path) -> None:
    """A game whitedwarf knows nothing of (tests/dsl/tiny_game) gets skeletons of its kinds."""
    garden = tmp_path / "garden"
    garden.mkdir()
    (garden / "pack.yaml").write_text("id: garden\nname: Garden\nversion: 1.0.0\ngame: tiny\n")
    status, output = run("new", "spell", str(garden), "sunrise")
    assert status == 0, output
    status, output = run("new", "card", str(garden), "spell", "drizzle")
    assert status == 0, output
    assert errors_and_warnings(garden) == []
    assert [s["id"] for s in load_packs([garden]).pack.data["spells"]] == ["sunrise", "drizzle"]


def test_a_new_starbot_card_names_an_accolade_place(tmp_path: Path) -> None:
    """003 "Starbot Play": every Starbot card but Refresh marks an accolade place, so the
    skeleton (a Gain Cores card) names one rather than `accolade: null` (E0948); the mod's
    manifest allows the deck's 29th card (W0902), as a Last Light mod's allows new techs:
    written off with the pack, turned on with the card (an entry that silences nothing is
    W0903, E166)."""
    pack = new_pack(tmp_path, "starlight")
    assert "\n# allow: [W0902]\n" in (pack / "pack.yaml").read_text()
    status, output = run("new", "card", str(pack), "starbot_card", "overdrive")
    assert status == 0, output
    assert "\nallow: [W0902]\n" in (pack / "pack.yaml").read_text()
    card = (pack / "starbots.yaml").read_text()
    assert "action: gain_cores" in card and "accolade: 1" in card
    assert errors_and_warnings(pack) == []


@pytest.mark.parametrize("game", ["lastlight", "starlight"])
def test_a_mod_of_a_mod_is_started_with_depends(tmp_path: Path, game: str) -> None:
    """`new pack FOLDER` could only start a mod of the base pack: a mod of a mod meant
    editing pack.yaml by hand (its id, a version range, the game). `--depends MOD` writes
    them, for the mod's game, and the new mod validates on top of it."""
    base = new_pack(tmp_path, game)
    status, output = run("new", "pack", str(tmp_path / "modmod"), "--depends", str(base))
    assert status == 0, output
    manifest = (tmp_path / "modmod" / "pack.yaml").read_text("utf-8")
    assert f"game: {game}\n" in manifest and '\n  mod: ">=0.1.0,<1"\n' in manifest
    assert "description: Modmod, a mod of Mod.\n" in manifest
    result = load_packs([tmp_path / "modmod"])
    assert [d.headline() for d in result.diagnostics] == []
    assert [p.id for p in result.pack.packs] == [game, "mod", "modmod"]
    # Elsewhere than beside the mod, the next step names the folder to find it in.
    status, output = run("new", "pack", str(tmp_path / "more" / "x"), "--depends", str(base))
    assert status == 0 and f"--pack-path {tmp_path}`" in output, output


def test_depends_on_a_mod_of_another_game_than_game_is_refused(tmp_path: Path) -> None:
    base = new_pack(tmp_path, "starlight")
    args = ("new", "pack", str(tmp_path / "x"), "--depends", str(base), "--game", "lastlight")
    status, output = run(*args)
    assert status == 2 and "mod is a starlight pack, not a lastlight one" in output, output
    assert not (tmp_path / "x").exists()
