"""``simulate --resume`` and ``compare --resume`` on packs changed since the batch started.

Before, the digest kept in ``batch.json`` was never read back: a batch resumed after its pack
was edited silently played the rest of its games on the new content and reported both as one.
Now the resume is refused in one sentence naming the folder and the packs, with the fix."""

from __future__ import annotations

from pathlib import Path

from tests.simulation.helpers import boosted_pack, pack_copy, run


def interrupted(folder: Path, keep: int = 1) -> None:
    """Leave only the first ``keep`` games of the batch in ``folder`` (as Ctrl-C would)."""
    games = folder / "games.jsonl"
    games.write_text("".join(games.read_text().splitlines(keepends=True)[:keep]))


def edit(pack: Path) -> None:
    """Change one tech of the pack (The Long Game gives 4 light, not 5)."""
    techs = pack / "techs.yaml"
    techs.write_text(techs.read_text().replace("gain 5 light", "gain 4 light"))


def test_a_batch_resumed_on_a_changed_pack_is_refused(tmp_path: Path) -> None:
    pack, out = boosted_pack(tmp_path), tmp_path / "b"
    code, text = run(
        "simulate", "--pack", str(pack), "--players", "2", "--games", "3",
        "--round-limit", "4", "--workers", "1", "-q", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    interrupted(out)
    edit(pack)
    code, text = run("simulate", "--resume", str(out), "-q")
    assert code == 1, text
    assert f"{out} was started on other content: {pack.resolve()} changed since" in text
    assert "start a new batch with --out another folder" in text
    assert "Traceback" not in text and "--force" not in text
    assert len((out / "games.jsonl").read_text().splitlines()) == 1  # nothing played
    # The pack put back as it was, the batch goes on.
    techs = pack / "techs.yaml"
    techs.write_text(techs.read_text().replace("gain 4 light", "gain 5 light"))
    code, text = run("simulate", "--resume", str(out), "-q")
    assert code == 0, text
    assert len((out / "games.jsonl").read_text().splitlines()) == 3


def test_an_ablation_and_a_comparison_resumed_on_a_changed_pack_are_refused(
    tmp_path: Path,
) -> None:
    pack = boosted_pack(tmp_path)
    out = tmp_path / "abl"
    code, text = run(
        "simulate", "--pack", str(pack), "--players", "2", "--games", "2", "--round-limit",
        "3", "--give", "0:long_game", "--ablate", "long_game", "--workers", "1", "-q",
        "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    edit(pack)
    code, text = run("simulate", "--resume", str(out), "-q")
    assert code == 1 and f"{out / 'with'} was started on other content" in text, text
    cmp = tmp_path / "cmp"
    base = pack_copy(tmp_path, "base")
    code, text = run(
        "compare", "--base", str(base), "--variant", str(pack), "--players", "2",
        "--games", "2", "--round-limit", "3", "--workers", "1", "-q", "--out", str(cmp),
    )  # fmt: skip
    assert code == 0, text
    techs = base / "techs.yaml"
    techs.write_text(techs.read_text().replace("cost: {common: 2}", "cost: {common: 3}", 1))
    code, text = run("compare", "--resume", str(cmp), "-q")
    assert code == 1 and f"{cmp / 'base'} was started on other content" in text, text


def test_a_ladder_resumed_on_a_changed_pack_is_refused(tmp_path: Path) -> None:
    pack, out = boosted_pack(tmp_path), tmp_path / "lad"
    code, text = run(
        "ladder", "--pack", str(pack), "--agents", "random,first", "--games", "2",
        "--round-limit", "3", "--workers", "1", "-q", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    edit(pack)
    code, text = run("ladder", "--resume", str(out), "-q")
    assert code == 1 and f"{out} was started on other content" in text, text
