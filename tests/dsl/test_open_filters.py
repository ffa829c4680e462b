"""Open filters (``Filter.ids``): a game's adjective whose words are its packs' ids.

The checker takes any word for the open filter of a noun (the game's content check knows the
ids, and names a misspelt one with the pack's ids: Starlight's E0945); a word that is a
declared filter is still that filter, and a noun with no open filter still refuses an unknown
adjective with a "did you mean".
"""

from __future__ import annotations

from whitedwarf.dsl.registry import CardKind, Filter, Hook, Noun, Registry, Value
from whitedwarf.dsl.source import EffectSource


def _registry() -> Registry:
    reg = Registry("garden")
    reg.declare("nouns", [
        Noun("plot", "A plot.", "number of plots", type="plot", plural="plots", text="plot"),
        Noun("bird", "A bird.", "number of birds", type="bird", plural="birds", text="bird"),
    ])  # fmt: skip
    reg.declare("filters", [
        Filter("sunny", "Sunny plots.", "number of sunny plots", applies_to=("plot",),
               text="sunny"),
        Filter("bed", "Plots in the bed of this id.", "number of rose plots",
               applies_to=("plot",), text="in the bed", ids="bed"),
    ])  # fmt: skip
    reg.declare("values", [Value("rain", "Rain.", "rain", text="the rain")])
    reg.declare("hooks", [Hook("dusk", "At dusk.", "when dusk -> ...", text="At dusk")])
    goal = CardKind("goal", "A goal.", "as soon as rain > 1 -> ...", file="goals",
                    clauses=("as_soon_as",), text="goal")  # fmt: skip
    reg.declare("card_kinds", [goal])
    return reg


def test_the_open_word_reaches_the_compiled_selector() -> None:
    from whitedwarf.dsl.checker import Checker
    from whitedwarf.dsl.parser import parse

    reg = _registry()
    source = EffectSource.standalone("as soon as number of sunny rose plots >= 2 -> x")
    checker = Checker(reg, reg.card_kinds["goal"], source)
    resolved = checker.run(parse(source.text))
    assert [d.code for d in checker.diagnostics if d.code != "E0401"] == []
    [selector] = resolved.selectors.values()
    assert selector["filters"] == [["sunny"], ["bed", "rose"]]


def test_a_noun_without_an_open_filter_still_refuses_an_unknown_adjective() -> None:
    from whitedwarf.dsl.checker import Checker
    from whitedwarf.dsl.parser import parse

    reg = _registry()
    source = EffectSource.standalone("as soon as number of sunny birds >= 2 -> x")
    checker = Checker(reg, reg.card_kinds["goal"], source)
    checker.run(parse(source.text))
    codes = [d.code for d in checker.diagnostics]
    assert "E0407" in codes  # `sunny` is a filter, but not one of birds
    source = EffectSource.standalone("as soon as number of blue birds >= 2 -> x")
    checker = Checker(reg, reg.card_kinds["goal"], source)
    checker.run(parse(source.text))
    assert "E0406" in [d.code for d in checker.diagnostics]
