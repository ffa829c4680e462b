"""`whitedwarf doc`: the checked-in reference is fresh, and every example in it compiles."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.tools.doc import CLAUSE_FORMS, STEP_FORMS, doc, render

REFERENCE = Path(__file__).parents[2] / "docs" / "reference.md"
REGISTRY = registry()


def clean_kinds(text: str) -> list[str]:
    """The card kinds for which ``text`` compiles without a single diagnostic."""
    kinds = []
    for kind in REGISTRY.card_kinds:
        compiled, diagnostics = compile_effect(EffectSource.standalone(text), REGISTRY, kind)
        if compiled is not None and not diagnostics:
            kinds.append(kind)
    return kinds


def compiles_somewhere(example: str) -> bool:
    """A whole effect compiles as written; a step that needs a hook's `this die` compiles
    inside a trigger; a selector (a filter's example) compiles as what `for each` walks."""
    wrapped = [example, f"for each {example} -> gain 1 common"]
    wrapped += [f"when {hook} -> {example}" for hook in REGISTRY.hooks]
    wrapped += [f"when round_end -> for each {example} -> gain 1 common"]
    return any(clean_kinds(text) for text in wrapped)


def test_the_checked_in_reference_is_fresh():
    assert REFERENCE.read_text(encoding="utf-8") == render(REGISTRY), "run `whitedwarf doc`"


def test_rendering_is_deterministic():
    assert render(REGISTRY) == render(registry())


@pytest.mark.parametrize(
    ("section", "name"), [(section, entry.name) for section, entry in REGISTRY.entries()]
)
def test_every_registry_example_compiles(section, name):
    example = getattr(REGISTRY, section)[name].example
    assert compiles_somewhere(example), f"{section} {name}: {example!r}"


def test_whole_effect_examples_compile_as_written():
    """Only filters (selectors) and die verbs (a hook's die) may be fragments."""
    fragments = {
        f"{section} {entry.name}"
        for section, entry in REGISTRY.entries()
        if not clean_kinds(entry.example)
    }
    assert {f.split()[0] for f in fragments} <= {"filters", "verbs", "nouns"}, fragments


@pytest.mark.parametrize("example", [f[2] for f in CLAUSE_FORMS] + [f[1] for f in STEP_FORMS])
def test_grammar_summary_examples_compile(example):
    assert clean_kinds(example), example


def test_every_word_is_on_the_page():
    page = render(REGISTRY)
    for section, entry in REGISTRY.entries():
        assert f"`{entry.name}`" in page, (section, entry.name)
        assert entry.example in page, (section, entry.name)


def test_check_flag(tmp_path):
    out = tmp_path / "reference.md"
    runner = CliRunner()
    assert runner.invoke(doc, ["--out", str(out), "--check"]).exit_code == 1  # missing
    written = runner.invoke(doc, ["--out", str(out)])
    assert written.exit_code == 0 and out.read_text(encoding="utf-8") == render(REGISTRY)
    assert runner.invoke(doc, ["--out", str(out), "--check"]).exit_code == 0
    out.write_text(render(REGISTRY) + "stale\n", encoding="utf-8")
    stale = runner.invoke(doc, ["--out", str(out), "--check"])
    assert stale.exit_code == 1 and "out of date" in stale.output


def test_stdout_and_unknown_game():
    runner = CliRunner()
    assert runner.invoke(doc, ["--out", "-"]).output == render(REGISTRY)
    bad = runner.invoke(doc, ["--game", "nosuchgame", "--out", "-"])
    assert bad.exit_code == 2 and "unknown game" in bad.output


def test_the_command_is_registered():
    from whitedwarf.tools.cli import main

    assert main.get_command(None, "doc") is doc


def test_a_file_whitedwarf_did_not_write_is_not_overwritten_without_force(tmp_path):
    notes = tmp_path / "reference.md"
    notes.write_text("my own notes\n", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(doc, ["--out", str(notes)])
    assert result.exit_code == 2 and "pass --force" in result.output
    assert notes.read_text(encoding="utf-8") == "my own notes\n"
    assert runner.invoke(doc, ["--out", str(notes), "--force"]).exit_code == 0
    # A generated page is the tool's own: it is brought up to date without asking.
    assert runner.invoke(doc, ["--out", str(notes)]).exit_code == 0
    assert notes.read_text(encoding="utf-8") == render(registry())


@pytest.mark.parametrize("game", ["lastlight", "starlight"])
def test_every_grammar_example_on_a_games_page_compiles_in_that_game(game):
    """A modder copies the page's examples: on Starlight's page `this ship type has +1
    attack` (Last Light's words) was E0403/E0405; each example must compile in its game."""
    from whitedwarf.dsl.packs.games import game_registry
    from whitedwarf.tools.doc_examples import compiles

    registry = game_registry(game)
    page = render(registry)
    grammar = page[page.index("## Grammar summary") : page.index("## Verbs")]
    tables = [line for line in grammar.splitlines() if line.startswith("| `")]
    cells = [cell.strip() for line in tables for cell in line.split("|")[2:4]]
    examples = [c[1:-1] for c in cells if c.startswith("`") and c.endswith("`") and "<" not in c]
    assert len(examples) >= 12, examples
    for example in examples:
        assert compiles(example, registry), f"{game}: {example!r}"
    prose = re.findall(r"`((?:if|gain|you) [^`<\s]+ [^`<]+)`", prose_of(page))
    assert prose
    for example in prose:
        if example == "if C -> A then B":  # the letters stand for any condition and steps
            continue
        if example.endswith("-> ..."):
            example = example.replace(
                "-> ...", "-> gain 1 ap" if game == "starlight" else "-> gain 1 light"
            )
        assert compiles(example, registry), f"{game}: {example!r}"


def prose_of(page: str) -> str:
    """The page's paragraphs (not its tables), joined into one line."""
    return " ".join(line for line in page.splitlines() if not line.startswith("|"))


def test_check_outside_the_repository_says_the_pages_are_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where there is no docs/ folder, --check says what is missing and the command that
    writes each page (for another game, with its --game: `--out` alone writes Last Light's)."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(doc, ["--check"])
    assert result.exit_code == 1
    assert "out of date" not in result.output
    assert (
        f"docs/reference.md is missing (looked in {tmp_path}); "
        "run `whitedwarf doc --out docs/reference.md` to write it"
    ) in result.output
    command = "whitedwarf doc --game starlight --out docs/reference-starlight.md"
    assert f"run `{command}` to write it" in result.output
    # The commands it names write the pages it checks.
    assert runner.invoke(doc, ["--out", "docs/reference.md"]).exit_code == 0
    assert runner.invoke(doc, command.split()[2:]).exit_code == 0
    result = runner.invoke(doc, ["--check"])
    assert result.exit_code == 0, result.output


def test_check_of_a_page_someone_else_wrote_names_force(tmp_path: Path) -> None:
    page = tmp_path / "reference.md"
    page.write_text("my notes\n", encoding="utf-8")
    result = CliRunner().invoke(doc, ["--out", str(page), "--check"])
    assert result.exit_code == 1
    assert f"`whitedwarf doc --out {page} --force` replaces it" in result.output


def test_an_out_that_cannot_be_written_is_said_in_words(tmp_path: Path) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("x", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(doc, ["--out", str(blocker / "docs" / "reference.md")])
    assert result.exit_code == 1 and not isinstance(result.exception, OSError)
    assert f"cannot write {blocker}/docs/reference.md: {blocker} is a file, not a folder" in (
        result.output
    )
    result = runner.invoke(doc, ["--out", str(tmp_path)])
    assert result.exit_code == 2 and "is a folder; name the page's file" in result.output
    result = runner.invoke(doc, ["--out", str(tmp_path), "--check"])
    assert result.exit_code == 1 and "is not a file" in result.output


@pytest.mark.parametrize(
    ("game", "other"), [("starlight", "lastlight"), ("lastlight", "starlight")]
)
def test_a_games_page_shows_selectors_and_filters_in_its_own_words(game, other):
    """Starlight's page showed `2 ships`, `up to 2 ships`, the qualifiers `of this type` and
    `you control`, the filters `red planet` and `ships here` and `1 light per 2 planets you
    control`: Last Light's words, which a Starlight effect refuses. Each page's selector,
    filter and number prose uses only its own game's nouns and filters."""
    from whitedwarf.dsl.packs.games import game_registry

    ours, theirs = game_registry(game), game_registry(other)

    def words(registry):
        found = {n.name for n in registry.nouns.values()} | {
            n.plural for n in registry.nouns.values()
        }
        context = {p for k in registry.card_kinds.values() for p, _ in k.context}
        # `the player to your left` is a form of every game that names sides (SL158)
        seated = {"player"} if registry.sides else set()
        return found | set(registry.filters) | context | seated

    foreign = words(theirs) - words(ours) - set(ours.verbs) - set(ours.values)
    page = render(ours)
    parts = [
        page[page.index("### Selectors") : page.index("### Amounts and conditions")],
        page[page.index("## Filters") : page.index("| filter | form |")],
        page[page.index("## Numbers\n") : page.index("## Numbers in pack files")],
        page[page.index("## Hooks") : page.index("| hook | provides |")],
    ]
    spans = [span for part in parts for span in re.findall(r"`([^`]+)`", part)]
    shown = {word for span in spans for word in re.findall(r"[a-z_]+", span)}
    assert not shown & foreign, sorted(shown & foreign)
    qualifiers = page[page.index("Qualifiers:") :].splitlines()[1]
    for flt in ours.filters.values():
        if flt.form in ("of", "you"):
            assert flt.name in qualifiers, (flt.name, qualifiers)


@pytest.mark.parametrize("game", ["lastlight", "starlight"])
def test_every_of_filter_on_a_games_page_is_written_as_it_compiles(game):
    """Starlight's page wrote `of this opponents` and `star of this opponents` where the
    docs and the examples say `stars of opponents`: an `of` filter takes `this` only when it
    reads the hook's thing (`of this constellation`), and each phrase compiles."""
    from whitedwarf.dsl.packs.games import game_registry
    from whitedwarf.tools.doc import filter_phrase
    from whitedwarf.tools.doc_examples import compiles

    registry = game_registry(game)
    page = render(registry)
    for flt in registry.filters.values():
        if flt.form != "of":
            continue
        phrase = filter_phrase(flt, registry)
        assert f"`{phrase}`" in page, phrase
        assert flt.needs or f"of this {flt.name}" not in page, flt.name
        noun, rest = phrase.split(" ", 1)
        counted = f"number of {registry.nouns[noun].plural or noun} {rest} >= 1"
        gain = f"gain 1 {next(iter(registry.resources))}"
        tried = [f"if {counted} -> {gain}"]
        tried += [f"when {hook} if {counted} -> {gain}" for hook in registry.hooks]
        assert any(compiles(text, registry) for text in tried), phrase
