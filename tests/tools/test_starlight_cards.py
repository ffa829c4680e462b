"""`whitedwarf text` and `whitedwarf cards` for Starlight (issue 10 item 4): each card's text is
written from its effect in the words Starlight's vocabulary declares (``text`` of each entry),
a flare's two boxes each named; data cards (cores, starters, Starbot cards) are worded from
their fields (``interpreter/starlight/views/cards.py``); ``text --check`` finds a card whose text
says something else, and a mod's new god and flares get their text too.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.games import game_registry
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.starlight.views.cards import PRINTED_FILES, face
from whitedwarf.tools.cli import main

from tests.starlight.helpers import write_mod_cards

PACK = bundled_pack("starlight")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def shown() -> dict[str, str]:
    """``whitedwarf text`` of the bundled pack, card id -> text."""
    code, out = run("text", str(PACK))
    assert code == 0, out
    return dict(line.split(": ", 1) for line in out.splitlines())


@pytest.mark.parametrize(
    ("card", "text"),
    [
        (  # flares.yaml: a computed amount, then the green box
            "star_chorus",
            "Flare points: Gain [night point] equal to the number of your stars. "
            "Flare boon: Gain 2 [long ray].",
        ),
        (  # the brackets of the effect are kept
            "scholars_glow",
            "Flare points: Gain [night point] equal to (the number of magnitudes you recorded + "
            "the number of aspects you recorded) / 2. Flare boon: Gain 1 [core].",
        ),
        (
            "giant_flare",
            "Flare points: If the magnitude of this star is at least 5, gain 8 [night point]. "
            "Flare boon: Gain 1 [core].",
        ),
        (  # laurels.yaml: 003's sample laurel, the pack's ids as names (open filters)
            "four_constellations",
            "As soon as the number of your Aquila stars is at least 1 and the number of your "
            "Hydrus stars is at least 1 and the number of your Lyra stars is at least 1 and the "
            "number of your Cygnus stars is at least 1: claim this card.",
        ),
        (
            "rich_sky",
            "As soon as the number of your Cornucopia aspects is at least 1 and the number of "
            "your privileges is at least 3: claim this card.",
        ),
        (  # accolades.yaml
            "first_alpha",
            "As soon as the number of your alpha stars is at least 1: claim this card.",
        ),
        (  # gods.yaml: a hook, a stat, a flag
            "helion",
            "At the start of your turn: gain 1 [AP]. You have -5 AP you may save.",
        ),
        (
            "mammon",
            "You have +3 AP you may save. You have +1 AP on your first turn. "
            "You can ignore the occupation surcharge. You have +1 AP to launch. "
            "While the number of players is at least 3, you have +1 AP to launch. "
            "While the number of players is at least 4, you have +1 AP to launch. "
            "At the end of the game: if the number of players is at least 4, gain 2 "
            "[night point].",
        ),
    ],
)
def test_each_kind_of_card_reads_in_starlights_words(
    shown: dict[str, str], card: str, text: str
) -> None:
    assert shown[card] == text


def test_every_card_with_an_effect_is_shown(shown: dict[str, str]) -> None:
    data = load_packs([PACK]).pack.data
    ids = {c["id"] for f in ("flares", "laurels", "accolades", "gods") for c in data[f]}
    assert set(shown) == ids
    assert all("_" not in text for text in shown.values())  # no raw vocabulary names


def test_data_cards_are_worded_from_their_fields() -> None:
    data, registry = load_packs([PACK]).pack.data, game_registry("starlight")
    cards = {f: {c["id"]: c for c in data[f]} for f in PRINTED_FILES}

    def text(file: str, card: str) -> str:
        return face(cards[file][card], file, registry, "starlight").text

    # cores.yaml: Achernar is orange, yellow, green, purple; long; cornucopia (003 "Star Plans")
    assert text("cores", "achernar") == (
        "Plan: orange, yellow, green or purple rays; long rays only. A star is 2 to 7 rays.\n"
        "Aspect: Cornucopia."
    )
    assert "as many long rays as short rays" in text("cores", "antares")
    assert text("starters", "starter_red_long").startswith(
        "Your starter core. Its printed red long ray counts as a ray of the star."
    )
    assert text("starbots", "starbot_01") == (
        "Action: Launch.\nScore 5 night points.\nPut a marker on accolade 1."
    )
    assert text("starbots", "starbot_28").startswith("Refresh: shuffle the Starbot discards")
    laurel = face(cards["laurels"]["four_constellations"], "laurels", registry, "starlight")
    assert laurel.cost == {"day points": 5} and laurel.text.endswith(
        "Secret. Scored at the end of the game if the goal is met then. 5 day points."
    )


def test_text_write_gives_every_card_its_text_and_check_finds_one_that_disagrees(
    tmp_path: Path,
) -> None:
    pack = tmp_path / "starlight"
    shutil.copytree(PACK, pack)
    data = load_packs([PACK]).pack.data
    worded = [  # a card printed in the rulebook keeps its printed wording (W0430)
        c for f in ("flares", "laurels", "accolades", "gods") for c in data[f]
        if c["source"] != "rulebook"
    ]  # fmt: skip
    assert 90 <= len(worded) <= 35 + 43 + 5 + 10
    assert run("text", str(pack), "--check") == (0, "")  # the bundled texts are up to date
    for name in ("flares", "laurels", "accolades", "gods"):  # a pack written without texts
        file = pack / f"{name}.yaml"
        lines = file.read_text(encoding="utf-8").splitlines(keepends=True)
        file.write_text("".join(x for x in lines if not x.startswith("  text: ")), "utf-8")
    code, out = run("text", str(pack), "--check")
    assert code == 1 and len(out.splitlines()) == len(worded)
    code, out = run("text", str(pack), "--write")
    assert code == 0 and out.strip().endswith(f"rewrote {len(worded)} card texts")
    assert run("text", str(pack), "--check") == (0, "")
    code, out = run("validate", "--no-cache", str(pack))
    assert code == 0 and "0 errors, 0 warnings" in out, out
    gods = pack / "gods.yaml"
    written = '  text: "At the start of your turn: gain 1 [AP]. You have -5 AP you may save."\n'
    assert written in gods.read_text(encoding="utf-8")
    gods.write_text(
        gods.read_text(encoding="utf-8").replace(written, "  text: At the start, gain 2 AP.\n"),
        encoding="utf-8",
    )
    code, out = run("validate", "--no-cache", str(pack))
    assert "gods.yaml" in out and "W0430" in out and "0 errors, 1 warning" in out, out
    code, out = run("text", str(pack), "--check")
    assert code == 1 and out.strip() == (
        f"{gods}: helion: At the start of your turn: gain 1 [AP]. You have -5 AP you may save."
    )
    assert run("text", str(pack), "--write")[1].strip().endswith("rewrote 1 card text")
    assert run("text", str(pack), "--check") == (0, "")


def test_a_flares_text_names_both_boxes_and_validates(tmp_path: Path) -> None:
    pack = tmp_path / "starlight"
    shutil.copytree(PACK, pack)
    flares = pack / "flares.yaml"
    flares.write_text(
        flares.read_text(encoding="utf-8").replace(
            '  text: "Flare points: Gain [night point] equal to the number of your stars. '
            'Flare boon: Gain 2 [long ray]."\n',
            "  text: gain night points equal to the number of your stars\n",
        ),
        encoding="utf-8",
    )
    assert run("text", str(pack), "--check")[0] == 1  # the boon box is not said
    assert run("text", str(pack), "--write")[0] == 0
    assert 'text: "Flare points: Gain [night point] equal to the number of your stars. ' in (
        flares.read_text(encoding="utf-8")
    )
    code, out = run("validate", "--no-cache", str(pack))
    assert code == 0 and "0 warnings" in out, out


def test_the_whole_box_prints_with_its_sentences(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    code, said = run("cards", str(PACK), "--out", str(out))
    data = load_packs([PACK]).pack.data
    total = sum(len(data[f]) for f in PRINTED_FILES)
    assert total == 10 + 35 + 43 + 5 + 48 + 8 + 28  # 003 "Components"
    pages = -(-total // 9)
    assert code == 0 and said.strip() == (
        f"wrote {out}: {total} cards on {pages} pages, and the key to their icons on page "
        f"{pages + 1}"
    )
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(out).pages)
    for file in PRINTED_FILES:
        for card in data[file]:
            assert card["name"] in text, card["id"]
    assert "Flare boon: Gain 2 [long ray]. Use one box, never both." in text
    assert "Action: Gain cores. Score 3 night points. Put a marker on accolade 2." in text


def write_mod(folder: Path) -> Path:
    """A Starlight mod: a new god and two flares (as in test_starlight_cli.py)."""
    mod = folder / "mymod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: mymod\nname: My Mod\nversion: 0.1.0\ngame: starlight\nlanguage: '1.0'\n"
        "depends:\n  starlight: '>=1.0,<2'\n",
        encoding="utf-8",
    )
    write_mod_cards(mod)
    return mod


def test_a_mods_new_god_and_flares_get_their_text_and_print(tmp_path: Path) -> None:
    mod = write_mod(tmp_path)
    search = ("--pack-path", str(PACK.parent))
    code, out = run("validate", "--no-cache", str(mod), *search)
    assert code == 0, out
    code, out = run("text", str(mod), *search)
    assert code == 0 and out.splitlines() == [
        "twin_sparks: Flare points: Gain [night point] equal to the number of your stars * 2. "
        "Flare boon: Gain 2 [short ray].",
        "long_glow: Flare points: Gain 3 [night point]. Flare boon: Gain 2 [long ray].",
        "lumen: At the start of your turn: gain 1 [AP].",
    ]
    pdf = tmp_path / "mod.pdf"
    code, out = run("cards", str(mod), *search, "--out", str(pdf))
    assert code == 0 and out.strip().startswith(f"wrote {pdf}: 3 cards on 1 page, "), out
    text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert "Lumen the Generous" in text and "Twin Sparks" in text and "Star Chorus" not in text
