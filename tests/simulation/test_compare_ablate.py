"""``compare --ablate CARD`` (issue 24 item 4, "and compare"): one card's effect on its holder
on two packs, side by side on the same seeds, and whether the two effects differ.

Before, ``compare`` took no ``--give`` or ``--ablate``: a designer who changed a card ran two
ablations by hand and compared their intervals by eye."""

from __future__ import annotations

import json
from pathlib import Path

from tests.simulation.helpers import BOOSTED, boosted_pack, pack_copy, run
from tests.simulation.test_ablate import noop_pack


def compare_ablate(base: Path, variant: Path, out: Path, *more: str) -> tuple[int, str]:
    return run(
        "compare", "--base", str(base), "--variant", str(variant), "--players", "3",
        "--games", "12", "--seed", "3", "--give", f"0:{BOOSTED}", "--ablate", BOOSTED,
        "--workers", "1", "-q", "--out", str(out), *more,
    )  # fmt: skip


def renamed(tmp_path: Path) -> Path:
    """A copy of the base pack where long_game is called slow_game (no long_game in it)."""
    pack = pack_copy(tmp_path, "renamed")
    techs = pack / "techs.yaml"
    techs.write_text(techs.read_text().replace("id: long_game", "id: slow_game"))
    return pack


def test_a_planted_card_shows_its_effect_on_one_pack_and_not_the_other(tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    (tmp_path / "a").mkdir()
    noop = noop_pack(tmp_path / "a")
    code, text = compare_ablate(noop, boosted_pack(tmp_path), out)
    assert code == 0, text
    base, variant, between = (
        text.split("base pack ")[1].split("variant pack ")[0],
        text.split("variant pack ")[1].split("between the packs:")[0],
        text.split("between the packs:")[1],
    )
    assert "12 paired games (the same seeds with and without The Long Game" in base
    assert "makes no significant difference to its holder's win rate" in base
    # The base's card does nothing of its own, but it is a tech in play, and Research gains
    # 1 light per 4 of them (000 "Action Card #1"): its holder may end a light up. On these
    # 12 seeds it once did significantly (+0.3, p = 0.039) and now does not (+0.2, p =
    # 0.551), so only the size is asserted (below, from comparison.json): under a light, far
    # below the planted +5 a round's.
    assert "Its holder ends with" in base or "Its holder's light does not change" in base
    assert "The Long Game raises its holder's win rate" in variant
    assert "light more on average" in variant and "significant" in variant
    assert "The Long Game's effect on its holder's win rate is larger on the variant" in between
    assert "The Long Game's effect on its holder's light is larger on the variant" in between
    assert text.rstrip().endswith(f"report: {out / 'comparison.html'}")
    result = json.loads((out / "comparison.json").read_text())
    # The two light intervals do not meet: the base's holds 0, the variant's is above it (on
    # these seeds since E158's games, -2.9 to +1.7 and +3.4 to +15.4; the base's high end had
    # been asserted under 1, which its 12 seeds' spread does not promise).
    base_light, variant_light = result["base"]["light"], result["variant"]["light"]
    assert base_light["low"] < 0 < base_light["high"] < variant_light["low"]
    assert result["variant"]["light"]["p"] < 0.05
    assert result["difference"]["pairs"] == 12 and result["difference"]["light"]["low"] > 0
    # Four batches on the same seeds; a side folder is an ablation simulate can resume.
    seeds = {
        tuple(json.loads(line)["seed"] for line in (out / side / arm / "games.jsonl").open())
        for side in ("base", "variant")
        for arm in ("with", "without")
    }
    assert len(seeds) == 1
    html = (out / "comparison.html").read_text()
    assert "Ablation of The Long Game on two packs" in html and "variant minus base" in html
    # Resumed, nothing is played again and the same comparison is written.
    before = (out / "comparison.json").read_text()
    code, text = run("compare", "--resume", str(out), "-q")
    assert code == 0, text
    assert (out / "comparison.json").read_text() == before
    # Run again into the same folder: refused, nothing overwritten.
    code, text = compare_ablate(noop, noop, out)
    assert code == 2 and f"{out} already holds a comparison; pass --force" in text, text
    assert (out / "comparison.json").read_text() == before


def test_a_card_in_one_pack_only_is_measured_there_and_said_so(tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    code, text = run(
        "compare", "--base", str(renamed(tmp_path)), "--variant", str(boosted_pack(tmp_path)),
        "--players", "2", "--games", "3", "--round-limit", "4", "--give", f"0:{BOOSTED}",
        "--ablate", BOOSTED, "--workers", "1", "-q", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    assert (
        "The base pack has no card long_game: The Long Game's effect is measured on the variant "
        "pack alone, with nothing to compare it with." in text
    )
    assert "between the packs" not in text and not (out / "base" / "with").exists()
    assert json.loads((out / "comparison.json").read_text())["only_in"] == "variant"


def test_a_card_in_neither_pack_is_refused_with_the_nearest(tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    base = pack_copy(tmp_path, "base")
    code, text = run(
        "compare", "--base", str(base), "--variant", str(base), "--give", "0:long_gme",
        "--ablate", "long_gme", "--games", "2", "--out", str(out),
    )  # fmt: skip
    assert code == 2, text
    assert "--ablate" in text and f"no card 'long_gme' in either pack ({base}, {base})" in text
    assert "did you mean `long_game`?" in text and "Traceback" not in text
    assert not out.exists()
    code, text = run(
        "compare", "--base", str(base), "--variant", str(base), "--ablate", BOOSTED,
        "--games", "2", "--out", str(out),
    )  # fmt: skip
    assert code == 2 and "long_game is given to no seat: add --give SEAT:long_game" in text


def test_the_docs_example_is_what_compare_says(tmp_path: Path) -> None:
    """docs/simulate.md's `compare --ablate` example (hand weights, as the page says): its
    numbers had gone stale, and the base's small light gain it explained is no longer
    significant on these seeds."""
    from tests.simulation.test_ablate import DOC, _said

    block = DOC.split("$ WHITEDWARF_CARD_VALUES=off whitedwarf compare --base noop")[1]
    command, shown = block.split("\n", 1)
    assert command.split() == [
        "--variant", "boosted", "--players", "3", "--games", "12", "--seed", "3",
        "--give", f"0:{BOOSTED}", "--ablate", BOOSTED, "--out", "runs/cmp-abl",
    ]  # fmt: skip
    (tmp_path / "a").mkdir()
    code, text = compare_ablate(noop_pack(tmp_path / "a"), boosted_pack(tmp_path), tmp_path / "c")
    assert code == 0, text
    assert _said(text) == _said(shown.split("```")[0])
