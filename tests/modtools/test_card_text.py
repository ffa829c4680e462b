"""Card text written from the effect; W0430 when a card's text says otherwise (issue 11 item 2)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.games import game_registry, installed_games
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.registry import Hook, Registry
from whitedwarf.dsl.render import render_effect
from whitedwarf.tools.cli import main
from whitedwarf.tools.scaffold import new_pack

REGISTRY = game_registry("lastlight")


@pytest.mark.parametrize(
    ("effect", "text"),
    [
        ("this ship type has +1 attack", "This ship type has +1 [attack]."),
        ("you have +1 research_draw", "You have +1 cards drawn when you research."),
        ("this ship type can bombard", "This ship type can bombard."),
        ("when round_start -> gain 1 common", "At the start of each round: gain 1 [common]."),
        (  # was "the units in your graveyard is at least 4"
            "as soon as graveyard >= 4 -> gain 3 light",
            "As soon as the number of units in your graveyard is at least 4: gain 3 [light].",
        ),
        (
            "activated: exhaust this card -> gain 1 light",
            "Action: exhaust this card to gain 1 [light].",
        ),
        (
            "when miss_rolled -> may choose one: reroll this die or gain 1 common",
            "For each [miss] you roll: you may choose one: reroll this die or gain 1 [common].",
        ),
        ("trade 1", "Make 1 trade(s)."),
        (
            "as soon as number of red planets you control >= 2 -> gain 2 light",
            "As soon as the number of red planets you control is at least 2: gain 2 [light].",
        ),
        ("gain 1 light then draw 1 tech", "Gain 1 [light], then draw 1 tech."),
        # One unit said with its article; `add` as the modifier it is for the action card.
        ("may build extractor on this planet", "You may build an extractor on this planet."),
        ("build small ship in this sector", "Build a small ship in this sector."),
        (
            "when before_trade -> may exhaust this card -> add 1 to trades",
            "When you play Trade: you may exhaust this card to have +1 trades per Trade action.",
        ),
        ("add -1 to extractor_builds", "Have -1 extractors built per Construct."),
        # A cost before more than one action, and a repeat, read as sentences.
        (
            "activated: pay 1 common -> choose one: gain 1 light or draw 1 tech",
            "Action: pay 1 [common], then choose one: gain 1 [light] or draw 1 tech.",
        ),
        (
            "activated: exhaust this card -> repeat 2 times -> gain 1 common",
            "Action: exhaust this card, then do this 2 times: gain 1 [common].",
        ),
        # The brackets an effect needs are said again: "a and b or c" would mean otherwise.
        (
            "when round_start if light > 1 and (common > 0 or rare > 0) -> gain 1 light",
            "At the start of each round, if you have more than 1 [light] and (you have more "
            "than 0 [common] or you have more than 0 [rare]): gain 1 [light].",
        ),
        (
            "when round_start if not (light > 1 and common > 0) -> gain 1 light",
            "At the start of each round, if not (you have more than 1 [light] and you have "
            "more than 0 [common]): gain 1 [light].",
        ),
        (
            "when round_start if ((light > 1)) or common > 0 and rare > 0 -> gain 1 light",
            "At the start of each round, if you have more than 1 [light] or you have more "
            "than 0 [common] and you have more than 0 [rare]: gain 1 [light].",
        ),
    ],
)
def test_effects_read_as_printed_cards(effect: str, text: str) -> None:
    assert render_effect(effect, REGISTRY) == text


@pytest.mark.parametrize("game", sorted(installed_games()))
def test_every_registry_word_is_printable(game: str) -> None:
    registry = game_registry(game)
    assert all(entry.text for _, entry in registry.entries())


def test_a_new_word_cannot_lack_its_printed_text() -> None:
    registry = Registry("test")
    with pytest.raises(ValueError, match="declares no printed `text`"):
        registry.declare("hooks", [Hook("tea_time", "At tea.", "when tea_time -> gain 1 common")])


def test_every_base_card_is_rendered() -> None:
    data = load_packs([bundled_pack()]).pack.data
    for file in ("techs", "factions", "exploration", "achievements"):
        for card in data[file]:
            text = render_effect(card["effect"], REGISTRY)
            assert text and text[0].isupper() and text.endswith("."), card["id"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture
def mod(tmp_path: Path) -> Path:
    pack = tmp_path / "mod"
    new_pack(pack)
    return pack


def test_validate_warns_when_text_and_effect_disagree(mod: Path) -> None:
    techs = mod / "techs.yaml"
    techs.write_text(techs.read_text().replace("+1 [attack]", "+2 [attack]"))
    diagnostics = load_packs([mod]).diagnostics
    (warning,) = [d for d in diagnostics if d.code == "W0430"]
    assert warning.span.path.endswith("techs.yaml") and warning.span.line == 8
    assert "This ship type has +1 [attack]." in warning.hint
    techs.write_text(techs.read_text().replace("  source: invented", "  source: rulebook"))
    assert not [d for d in load_packs([mod]).diagnostics if d.code == "W0430"]


def test_text_write_makes_them_agree_and_keeps_the_rest(mod: Path) -> None:
    techs = mod / "techs.yaml"
    original = techs.read_text().replace(
        'text: "This ship type has +1 [attack]."', "text: >-\n    Lasers.\n    Many lasers."
    )
    techs.write_text("# my comment\n" + original)
    status, output = run("text", "--check", str(mod))
    assert status == 1 and "mod_tech: This ship type has +1 [attack]." in output
    status, output = run("text", "--write", str(mod))
    assert status == 0 and "rewrote 1 card text" in output
    written = techs.read_text()
    assert written.startswith("# my comment\n")
    assert 'text: "This ship type has +1 [attack]."' in written and "Lasers" not in written
    assert run("text", "--check", str(mod))[0] == 0
    assert [d for d in load_packs([mod]).diagnostics if d.code == "W0430"] == []


def test_text_write_adds_missing_texts_and_respects_allow(mod: Path) -> None:
    factions = mod / "factions.yaml"
    without_text = re.sub(r"(?m)^  text: .*\n", "", factions.read_text())
    assert "text:" not in without_text
    factions.write_text(without_text)
    techs = mod / "techs.yaml"
    techs.write_text(
        techs.read_text().replace("+1 [attack].", "+1 [attack]!") + "  allow: [W0430]\n"
    )
    assert run("text", "--write", str(mod))[0] == 0
    assert 'text: "When you mine: gain 1 [common]."' in factions.read_text()
    assert "+1 [attack]!" in techs.read_text()


def test_the_base_pack_text_agrees_with_its_effects(tmp_path: Path) -> None:
    copy = tmp_path / "lastlight"
    shutil.copytree(bundled_pack(), copy)
    status, output = run("text", "--check", str(copy))
    assert status == 0, output


def test_starlight_cards_carry_their_text_and_a_mods_missing_text_is_listed(
    tmp_path: Path,
) -> None:
    """docs/modding-tools.md: `text content/starlight --check` passes; in a Starlight mod a
    god written without its text is listed, and `--write` writes it."""
    assert run("text", "--check", str(bundled_pack("starlight")))[0] == 0
    mod = tmp_path / "starmod"
    assert run("new", "pack", str(mod), "--game", "starlight")[0] == 0
    (mod / "gods.yaml").write_text(
        "- id: apollo\n  name: Apollo\n  source: invented\n  effect: you have +1 ap_per_turn\n"
    )
    status, output = run("text", "--check", str(mod))
    assert status == 1 and "apollo: You have +1 AP each turn." in output
    assert run("text", "--write", str(mod))[0] == 0
    assert run("text", "--check", str(mod))[0] == 0


@pytest.mark.parametrize(
    ("text", "agrees"),
    [
        ("Points: gain 3 night points. Boon: gain 2 long rays.", True),
        ("Flare points: gain 3 [night point]. Flare boon: gain 2 [long ray].", True),
        ("Points: gain 4 night points. Boon: gain 2 long rays.", False),
        ("Points: gain 3 night points. Boon: gain 2 short rays.", False),
    ],
)
def test_a_flares_text_may_name_its_boxes_in_short(tmp_path: Path, text: str, agrees: bool) -> None:
    """A flare's text "Points: ... Boon: ..." was W0430 against the rendered "Flare points:
    ... Flare boon: ...": the word "Flare" twice was all that differed. The boxes' labels say
    nothing of one card's effect; another number or resource is still told."""
    mod = tmp_path / "starmod"
    assert run("new", "pack", str(mod), "--game", "starlight")[0] == 0
    (mod / "flares.yaml").write_text(
        "- id: sunburst\n  name: Sunburst\n  source: invented\n  points: gain 3 night_points\n"
        f'  boon: gain 2 long_rays\n  text: "{text}"\n'
    )
    found = [d for d in load_packs([mod]).diagnostics if d.code == "W0430"]
    assert (found == []) is agrees, found
    assert run("text", "--check", str(mod))[0] == (0 if agrees else 1)


def test_a_starlight_card_keeping_counters_says_this_card_in_lower_case(tmp_path: Path) -> None:
    """Starlight's open filters (`aquila stars`) made every word no registry declares a name:
    a god keeping coins was written "put 1 coin on this Card" and "per Charge"."""
    mod = tmp_path / "starmod"
    assert run("new", "pack", str(mod), "--game", "starlight")[0] == 0
    (mod / "gods.yaml").write_text(
        "- id: miser\n  name: Miser\n  source: invented\n  effect: |\n"
        "    when turn_start -> put 1 coin on this card\n"
        "    when turn_start -> gain 1 ap per coin on this card\n"
        "    when turn_start if number of your aquila stars >= 1 -> remove 1 coin from this card\n"
    )
    status, output = run("text", "--check", str(mod))
    assert status == 1, output
    assert (
        "miser: At the start of your turn: put 1 coin on this card. At the start of your turn: "
        "gain 1 [AP] per coin on this card. At the start of your turn, if the number of your "
        "Aquila stars is at least 1: remove 1 coin from this card." in output
    ), output


@pytest.mark.parametrize(
    ("game", "kind", "card"), [("lastlight", "tech", "laser_grid"), ("starlight", "god", "apollo")]
)
def test_a_card_without_text_is_w0432_in_both_games_as_text_check_lists_it(
    tmp_path: Path, game: str, kind: str, card: str
) -> None:
    pack = tmp_path / "mod"
    assert run("new", "pack", str(pack), "--game", game)[0] == 0
    assert run("new", kind, str(pack), card)[0] == 0
    cards = pack / f"{kind}s.yaml"
    head, _, block = cards.read_text().partition(f"- id: {card}\n")
    cards.write_text(f"{head}- id: {card}\n" + re.sub(r"(?m)^  text: .*\n", "", block))
    status, output = run("validate", str(pack))
    assert status == 0 and "warning[W0432]: the card has no text" in output, output
    assert f"`whitedwarf text {pack} --write` writes it" in output, output
    assert f"- id: {card}" in output
    assert run("text", "--check", str(pack))[0] == 1  # the same card, by the same rule
    cards.write_text(cards.read_text() + "  allow: [W0432]\n")
    status, output = run("validate", str(pack))
    assert status == 0 and "W0432" not in output
    assert run("text", "--check", str(pack))[0] == 0


def test_w0430_is_about_substance_not_wording(mod: Path) -> None:
    """Issue 23 item 5: a pack written from the docs got W0430 on texts that say the same
    thing in other words; a text that says another number, resource, verb or target still
    gets it, and its hint is the whole command, with the pack."""
    factions = mod / "factions.yaml"
    original = factions.read_text()
    assert 'text: "When you mine: gain 1 [common]."' in original
    for same in ("Gain a common whenever you mine.", "Whenever you mine, gain a common!"):
        factions.write_text(original.replace("When you mine: gain 1 [common].", same))
        assert [d for d in load_packs([mod]).diagnostics if d.code == "W0430"] == [], same
        assert run("text", "--check", str(mod))[0] == 0, same
    for other in (
        "When you mine: gain 2 [common].",
        "When you mine: gain 1 [rare].",
        "When you mine: pay 1 [common].",
        "When you build: gain 1 [common].",
    ):
        factions.write_text(original.replace("When you mine: gain 1 [common].", other))
        (warning,) = [d for d in load_packs([mod]).diagnostics if d.code == "W0430"]
        assert f"`whitedwarf text {mod} --write` writes it" in (warning.hint or ""), other
    status, output = run("text", "--check", str(mod))
    assert status == 1 and "When you mine: gain 1 [common]." in output


def test_the_hinted_command_runs_and_makes_them_agree(mod: Path) -> None:
    techs = mod / "techs.yaml"
    techs.write_text(techs.read_text().replace("+1 [attack]", "+2 [attack]"))
    (warning,) = [d for d in load_packs([mod]).diagnostics if d.code == "W0430"]
    command = re.search(r"`whitedwarf (text [^`]+)`", warning.hint or "")
    assert command is not None
    status, output = run(*command.group(1).split())
    assert status == 0 and "rewrote 1 card text" in output, output
    assert [d for d in load_packs([mod]).diagnostics if d.code == "W0430"] == []


@pytest.mark.parametrize(
    ("effect", "text"),
    [
        (
            "when round_end -> destroy a enemy ship",
            "At the end of each round: destroy an enemy ship.",
        ),
        (
            "when round_end -> destroy an small ship",
            "At the end of each round: destroy a small ship.",
        ),
        (
            "when round_end if light < 3 -> gain 1 light",
            "At the end of each round, if you have less than 3 [light]: gain 1 [light].",
        ),
        (
            "when round_end if techs_in_play >= 6 -> gain 1 uncommon",
            "At the end of each round, if you have at least 6 techs in play: gain 1 [uncommon].",
        ),
        ("your large ships have +1 attack", "Your large ships have +1 [attack]."),
    ],
)
def test_generated_english_reads_as_a_card(effect: str, text: str) -> None:
    """Articles agree with the word after them, and a comparison of your own number reads
    "if you have less than 3 [light]" (issue 23 item 5)."""
    assert render_effect(effect, REGISTRY) == text


@pytest.mark.parametrize(
    ("effect", "text"),
    [
        ("you have -1 trade_gift", "Your Trade gives the chosen opponent 1 less [light]."),
        ("you have +2 trade_gift", "Your Trade gives the chosen opponent 2 more [light]."),
        (
            "while number of planets you control >= 3: you have -1 trade_gift",
            "While the number of planets you control is at least 3, your Trade gives the "
            "chosen opponent 1 less [light].",
        ),
    ],
)
def test_a_trade_gift_modifier_reads_as_english(effect: str, text: str) -> None:
    """`whitedwarf text` wrote "You have -1 [light] given by your Trade." (Sha'vani): a stat
    with a ``phrase`` is said as a sentence, its sign as more or less."""
    assert render_effect(effect, REGISTRY) == text


def test_a_modifier_written_word_for_word_still_says_its_effect(mod: Path) -> None:
    """A card text that says the modifier as the language does (the base pack's Sha'vani,
    written before the phrase) is not W0430; one that says another number is."""
    factions = mod / "factions.yaml"
    original = factions.read_text()
    literal = 'text: "You have -1 [light] given by your Trade."'
    card = f"- id: miser\n  name: Miser\n  three_plus: false\n  source: invented\n  {literal}\n"
    factions.write_text(original + card + "  effect: you have -1 trade_gift\n")
    assert [d for d in load_packs([mod]).diagnostics if d.code == "W0430"] == []
    assert run("text", "--check", str(mod))[0] == 0
    factions.write_text(
        original + card.replace("-1 [light]", "-2 [light]") + "  effect: you have -1 trade_gift\n"
    )
    (warning,) = [d for d in load_packs([mod]).diagnostics if d.code == "W0430"]
    assert "Your Trade gives the chosen opponent 1 less [light]." in (warning.hint or "")


def test_w0430_reads_a_designers_everyday_phrases_alike(mod: Path) -> None:
    """A token written from the docs: "2 or more" says "at least 2", "in this sector" says
    Last Light's "here", "as well" adds nothing; another number is still W0430."""
    exploration = mod / "exploration.yaml"
    card = (
        "- id: derelict_freighter\n  name: Derelict Freighter\n  kind: deep_space\n"
        "  copies: 1\n  source: invented\n"
        '  text: "Gain 1 [uncommon]. If N or more of your ships are in this sector, draw 1 '
        'tech as well."\n'
        "  effect: gain 1 uncommon then if number of ships of yours here >= 2 -> draw 1 tech\n"
    )
    original = exploration.read_text()
    exploration.write_text(original + card.replace("N or more", "2 or more"))
    assert [d for d in load_packs([mod]).diagnostics if d.code == "W0430"] == []
    exploration.write_text(original + card.replace("N or more", "3 or more"))
    (warning,) = [d for d in load_packs([mod]).diagnostics if d.code == "W0430"]
    assert "the number of ships of yours here is at least 2" in (warning.hint or "")


def test_w0430_reads_the_references_after_as_the_texts_when(mod: Path) -> None:
    """docs/reference.md says `unit_destroyed` fires "After you destroy an enemy unit"; a
    faction whose text said so was W0430 against the rendered "When you destroy an enemy
    unit". "After" and "when" now say the same; a `before_` hook's "Before" still differs."""
    factions = mod / "factions.yaml"
    original = factions.read_text()
    mine = 'text: "When you mine: gain 1 [common]."\n  effect: when resources_mined'
    assert mine in original
    destroyed = 'text: "{}: gain 1 [common]."\n  effect: when unit_destroyed'
    for said, warned in (
        ("After you destroy an enemy unit", False),
        ("When you destroy an enemy unit", False),
        ("Before you destroy an enemy unit", True),
    ):
        factions.write_text(original.replace(mine, destroyed.format(said)))
        found = [d for d in load_packs([mod]).diagnostics if d.code == "W0430"]
        assert bool(found) is warned, said


_ALIASED = """\
- id: alpha_tech
  name: Alpha Tech
  kind: civilization
  cost: {common: 1}
  source: invented
  text: &shared "Gain stuff."   # shared
  effect: &eff when round_end -> gain 1 common
- id: beta_tech
  name: Beta Tech
  kind: civilization
  cost: {common: 1}
  source: invented
  text: *shared
  effect: *eff
"""


def _aliased_mod(tmp_path: Path, techs: str) -> Path:
    pack = tmp_path / "aliased"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        'id: aliased\nname: A\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: ">=1.0"}\n'
        "allow: [W0902]\n",
        encoding="utf-8",
    )
    (pack / "techs.yaml").write_text(techs, encoding="utf-8")
    return pack


def test_text_write_rewrites_a_text_shared_through_an_alias_once(tmp_path: Path) -> None:
    """Two cards whose `text` is one anchored value (`&shared`, `*shared`): the rewrite
    replaced the value and its anchor, so the alias named nothing and the command said only
    "could not rewrite the texts safely". The anchor stays, and the value is written once."""
    pack = _aliased_mod(tmp_path, _ALIASED)
    result = CliRunner().invoke(main, ["text", str(pack), "--write"])
    assert result.exit_code == 0, result.output
    written = (pack / "techs.yaml").read_text(encoding="utf-8")
    assert 'text: &shared "At the end of each round: gain 1 [common]."   # shared' in written
    assert "text: *shared" in written
    assert CliRunner().invoke(main, ["text", str(pack), "--check"]).exit_code == 0


def test_text_write_says_why_when_an_aliased_text_cannot_serve_both_cards(
    tmp_path: Path,
) -> None:
    techs = _ALIASED.replace("effect: *eff", "effect: when round_end -> gain 2 common")
    pack = _aliased_mod(tmp_path, techs)
    result = CliRunner().invoke(main, ["text", str(pack), "--write"])
    assert result.exit_code == 1
    assert "techs.yaml:6:9: the cards `alpha_tech`, `beta_tech` share this text through a YAML" in (
        result.output
    )
    assert "write each card's text out (no `*alias`)" in result.output
    assert (pack / "techs.yaml").read_text(encoding="utf-8") == techs


@pytest.mark.parametrize(
    ("inside", "after"),
    [
        (
            "for each opponent -> (give 1 common to it then gain 1 light)",
            "for each opponent -> give 1 common to it then gain 1 light",
        ),
        ("may (gain 1 light then gain 1 common)", "may gain 1 light then gain 1 common"),
        (
            "if light < 5 -> (gain 1 light then gain 1 common)",
            "if light < 5 -> gain 1 light then gain 1 common",
        ),
        (
            "choose one: gain 2 common or (gain 1 uncommon then gain 1 light)",
            "(choose one: gain 2 common or gain 1 uncommon) then gain 1 light",
        ),
    ],
)
def test_a_step_after_a_loop_condition_or_choice_is_told_from_one_inside_it(
    inside: str, after: str
) -> None:
    """`then` is the loosest join (docs/dsl.md "Steps"): the step after a loop, a `may`, an
    `if` or a choice is not part of it, and the text starts a sentence for it; the same
    step inside (in parentheses) stays joined with ", then". The two cards printed the same
    text before."""
    first, second = render_effect(inside, REGISTRY), render_effect(after, REGISTRY)
    assert ", then " in first and ". Then " not in first
    assert ". Then " in second
    assert first.replace(", then ", ". Then ") == second


def test_the_step_after_a_loop_reads_as_its_own_sentence() -> None:
    text = render_effect(
        "for each opponent -> if number of ships of it here >= 1 -> steal 1 common from it "
        "then gain 1 light",
        REGISTRY,
    )
    assert text == (
        "For each opponent, if the number of ships of it here is at least 1, steal 1 [common] "
        "from it. Then gain 1 [light]."
    )


@pytest.mark.parametrize(
    ("effect", "kind", "text"),
    [
        # a ship tech hears these for its own ship type only (E127, E156): its text says so
        ("when unit_lost -> gain 1 common", "ship_mod", "When you lose a ship of this type:"),
        ("when ship_built -> gain 1 common", "ship_ability", "When you build a ship of this type:"),
        ("when ship_moved -> gain 1 common", "ship_mod", "When one of your ships of this type"),
        ("when damage_dealt -> gain 1 common", "ship_mod", "When a ship of this type deals damage"),
        # any other card hears every one
        ("when unit_lost -> gain 1 common", "civilization", "When you lose a unit:"),
        ("when damage_dealt -> gain 1 common", "faction", "When you deal damage:"),
        ("when damage_dealt -> gain 1 common", None, "When you deal damage:"),
    ],
)
def test_a_ship_techs_hooks_about_a_ship_are_said_of_its_own_ship_type(
    effect: str, kind: str | None, text: str
) -> None:
    """The sixth design round's `ll_scrap_drive` (a ship mod's `when unit_lost`) printed
    "When you lose a unit" and paid only for its own ship type's losses."""
    assert render_effect(effect, REGISTRY, kind).startswith(text)


@pytest.mark.parametrize(
    ("effect", "text"),
    [
        (
            "when turn_start -> may until the end of the turn: you can launch_anywhere",
            "At the start of your turn: you may choose that until the end of the turn, you can "
            "launch to any constellation.",
        ),
        ("may for each opponent -> gain 1 ap", "You may, for each opponent, gain 1 [AP]."),
        (
            "when turn_start -> may your next launch costs 1 less",
            "At the start of your turn: you may have your next launch cost 1 less.",
        ),
    ],
)
def test_you_may_reads_before_a_step_that_starts_with_no_verb(effect: str, text: str) -> None:
    """`sl_wanderlust` printed "you may until the end of the turn, you can ..."."""
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    assert render_effect(effect, starlight()) == text
