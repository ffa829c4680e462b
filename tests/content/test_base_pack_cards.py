"""The base pack's cards: techs, factions, exploration tokens and achievements.

Checks that every effect compiles cleanly for its card kind, that the box counts match the
rulebook (and the choices in docs/rules-decisions.md "Cards"), that every card printed in the
seeds is present with its exact wording and `source: rulebook`, and that every word of the
Last Light vocabulary is used by at least one card (DESIGN "Cards not in the text").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.card_state import LANGUAGE_VERBS
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry

PACK = Path(__file__).resolve().parents[2] / "content" / "lastlight"
CARD_FILES = ("techs", "factions", "exploration", "achievements")

TECH_KINDS = {"civilization", "ship_ability", "ship_mod"}
TOKEN_KINDS = {"deep_space", "planetary"}
RESOURCES = {"common", "uncommon", "rare"}
SOURCES = {"rulebook", "invented"}

# The cards whose text the seeds print (000), with the lost icons in [brackets].
RULEBOOK_TECHS = {
    "x_blaster": "This ship type has +1 [attack].",
    "power_shield": "This ship type has +1 [shield].",
    "supersonic": "This ship type has +1 [movement].",
    "bombardment": "This ship can now bombard enemy extractors.",
    "ai_targeting": "Pay [1 uncommon] to treat this as a [explode].",
    "galactic_monument": "Exhaust this card to gain [1 light].",
    "development": (
        "When taking the construct action, you may exhaust this card to build an extra extractor."
    ),
    "resourcefulness": "Exhaust this card to unexhaust another technology card.",
    "planning": "You may exhaust this card to return an action card to your hand.",
    "warp_drive": (
        "You may exhaust this card and pay [1 uncommon] to move one of your ships of this type "
        "to any location."
    ),
}
RULEBOOK_FACTIONS = {
    "iou_nell": (
        "You start the game with 1 additional unresearched technology card. When playing your "
        "research action, draw 1 additional card."
    ),
    "allterra": (
        "When you build an extractor, immediately gain resources as though you mined this planet."
    ),
    # 000 is cut off after "you may:"; only the printed opening is checked.
    "deshard": "For each [miss] you roll in combat, you may:",
    "lyannae": (
        "If one or more of your ships harvest light from the center star, gain 1 extra [light]."
    ),
    "talorin": (
        "When you play your command action, you may spend [1 uncommon] to move 1 ship 1 extra "
        "sector."
    ),
}
RULEBOOK_ACHIEVEMENTS = {
    "red_worlds": "Keep hidden. Play immediately when you control 2 red planets. Gain 2 [light].",
}
# 000 "Exploration Icons Explained": the wording of each icon, and the effect it compiles to.
EXPLORATION_ICONS = {
    "You may pick up an action card other than the Refresh card.": "take_back",
    "Draw one tech card and put it in your hand.": "draw",
    "You may immediately build an extractor on this planet.": "build",
    "You may take a trade action, making one trade only.": "trade",
    "Immediately build a small ship in this sector (if you have one unbuilt in your supply).": (
        "build"
    ),
    "You may move one of your ships to this sector.": "move",
    "Gain resource(s) of the type shown.": "gain",
    "Gain a light.": "gain",
    "Research a tech without paying its cost.": "manufacture_free",
}


# --- loading ---------------------------------------------------------------------------------


def _load(stem: str) -> list[dict[str, Any]]:
    yaml = YAML(typ="safe", pure=True)
    data = yaml.load((PACK / f"{stem}.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, list), f"{stem}.yaml must be a list of cards"
    return data


@pytest.fixture(scope="module")
def cards() -> dict[str, list[dict[str, Any]]]:
    return {stem: _load(stem) for stem in CARD_FILES}


def _kind(stem: str, card: dict[str, Any]) -> str:
    if stem == "factions":
        return "faction"
    if stem == "achievements":
        return "achievement"
    return card["kind"]


def _copies(card: dict[str, Any]) -> int:
    return int(card.get("copies", 1))


@pytest.fixture(scope="module")
def compiled(cards: dict[str, list[dict[str, Any]]]) -> list[tuple[str, str, dict[str, Any]]]:
    """(file, id, compiled effect) for every card; fails on any diagnostic."""
    out = []
    problems = []
    for stem, items in cards.items():
        for card in items:
            text = card["effect"]
            result, diagnostics = compile_effect(
                EffectSource.standalone(text), registry(), _kind(stem, card)
            )
            for d in diagnostics:
                problems.append(f"{stem}:{card['id']}: {d.code} {d.message} ({d.hint})")
            if result is not None:
                out.append((stem, card["id"], result))
    assert not problems, "\n".join(problems)
    return out


# --- files -----------------------------------------------------------------------------------


@pytest.mark.parametrize("stem", CARD_FILES)
def test_file_header_and_plain_yaml(stem: str) -> None:
    text = (PACK / f"{stem}.yaml").read_text(encoding="utf-8")
    assert text.splitlines()[0] == (
        f"# yaml-language-server: $schema=../../schemas/{stem}.schema.json"
    )
    from ruamel.yaml.events import AliasEvent, NodeEvent

    for event in YAML(typ="safe", pure=True).parse(text):
        assert not isinstance(event, AliasEvent), f"{stem}.yaml uses an alias"
        if isinstance(event, NodeEvent):
            assert event.anchor is None, f"{stem}.yaml uses an anchor"
        tag = getattr(event, "tag", None)
        assert tag is None or tag.startswith("tag:yaml.org,2002:"), f"{stem}.yaml uses {tag}"


def test_manifest() -> None:
    manifest = YAML(typ="safe", pure=True).load((PACK / "pack.yaml").read_text(encoding="utf-8"))
    assert manifest["id"] == "lastlight"
    assert manifest["name"] == "Last Light"
    assert manifest["version"] == "1.0.0"
    assert manifest["game"] == "lastlight"
    assert manifest["description"]


def test_every_effect_compiles_without_diagnostics(compiled: list[Any], cards: Any) -> None:
    assert len(compiled) == sum(len(items) for items in cards.values())


def test_ids_unique_and_sources(cards: dict[str, list[dict[str, Any]]]) -> None:
    seen: Counter[str] = Counter()
    for stem, items in cards.items():
        for card in items:
            seen[card["id"]] += 1
            assert card.get("source") in SOURCES, f"{stem}:{card['id']} needs a source"
            assert card.get("name"), f"{stem}:{card['id']} needs a name"
            assert card.get("text"), f"{stem}:{card['id']} needs its printed text"
            assert _copies(card) >= 1
    assert [i for i, n in seen.items() if n > 1] == []


# --- counts ----------------------------------------------------------------------------------


def test_tech_deck(cards: dict[str, list[dict[str, Any]]]) -> None:
    techs = cards["techs"]
    assert sum(_copies(t) for t in techs) == 83  # 001 "2. Components"; see rules-decisions
    kinds = Counter()
    for tech in techs:
        assert tech["kind"] in TECH_KINDS
        assert tech["cost"], f"{tech['id']} has no cost"
        assert set(tech["cost"]) <= RESOURCES
        assert all(isinstance(n, int) and n > 0 for n in tech["cost"].values())
        kinds[tech["kind"]] += _copies(tech)
    assert all(kinds[k] >= 10 for k in TECH_KINDS), kinds
    # 000: "No player may have two civilization technologies with the same name": names identify
    # a design, so no two designs share one.
    names = Counter(t["name"] for t in techs)
    assert [n for n, c in names.items() if c > 1] == []


def test_factions(cards: dict[str, list[dict[str, Any]]]) -> None:
    factions = cards["factions"]
    assert len(factions) == 15
    assert all(isinstance(f["three_plus"], bool) for f in factions)
    two_player = [f for f in factions if not f["three_plus"]]
    assert any(f["three_plus"] for f in factions)
    assert len(two_player) >= 2 * 2  # each of 2 players is dealt 2 (000 "setup")


def test_exploration_tokens(cards: dict[str, list[dict[str, Any]]]) -> None:
    supply = YAML(typ="safe", pure=True).load((PACK / "supply.yaml").read_text(encoding="utf-8"))
    tokens = cards["exploration"]
    counts: Counter[str] = Counter()
    for token in tokens:
        assert token["kind"] in TOKEN_KINDS
        if token["kind"] == "planetary":
            assert token["tier"] in ("common", "rare")
            assert token["resource"] in RESOURCES
            counts[token["tier"]] += _copies(token)
        else:
            assert "tier" not in token and "resource" not in token
            counts["deep_space"] += _copies(token)
    assert counts["deep_space"] == 12 == supply["deep_space_tokens"]
    assert counts["common"] == 18 == supply["planetary_tokens"]["common"]
    assert counts["rare"] == 15 == supply["planetary_tokens"]["rare"]
    rare_yield = Counter(
        t["resource"] for t in tokens if t.get("tier") == "rare" for _ in range(_copies(t))
    )
    assert rare_yield["common"] == 0 and rare_yield["rare"] >= 7


def test_achievement_sets(cards: dict[str, list[dict[str, Any]]]) -> None:
    achievements = cards["achievements"]
    assert len(achievements) == 16
    assert Counter(a["set"] for a in achievements) == {1: 4, 2: 4, 3: 4, 4: 4}


# --- printed cards ---------------------------------------------------------------------------


def _by_id(items: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {card["id"]: card for card in items}


@pytest.mark.parametrize(
    ("stem", "printed"),
    [
        ("techs", RULEBOOK_TECHS),
        ("factions", RULEBOOK_FACTIONS),
        ("achievements", RULEBOOK_ACHIEVEMENTS),
    ],
)
def test_rulebook_cards_present(cards: Any, stem: str, printed: dict[str, str]) -> None:
    by_id = _by_id(cards[stem])
    for card_id, text in printed.items():
        assert card_id in by_id, f"{stem}: printed card {card_id} missing"
        card = by_id[card_id]
        assert card["source"] == "rulebook", card_id
        assert card["text"].startswith(text), f"{card_id}: {card['text']!r}"
    rulebook = {c["id"] for c in cards[stem] if c["source"] == "rulebook"}
    assert rulebook == set(printed), "only printed cards are `source: rulebook`"


def test_rulebook_card_details(cards: Any) -> None:
    techs = _by_id(cards["techs"])
    assert techs["warp_drive"]["copies"] == 3  # 000 prints three
    red = _by_id(cards["achievements"])["red_worlds"]
    expected = "as soon as number of red planets you control >= 2 -> gain 2 light"
    assert red["effect"].strip() == expected


def test_every_exploration_icon_appears(cards: Any, compiled: list[Any]) -> None:
    verbs_by_id = {
        card_id: {verb for _, verb in _calls(result)}
        for stem, card_id, result in compiled
        if stem == "exploration"
    }
    for wording, verb in EXPLORATION_ICONS.items():
        carriers = [
            t
            for t in cards["exploration"]
            if t["text"] == wording or t["text"].startswith(wording + " [")
        ]
        assert carriers, f"no token prints {wording!r}"
        assert all(t["source"] == "rulebook" for t in carriers)
        assert all(verb in verbs_by_id[t["id"]] for t in carriers), wording
    for token in cards["exploration"]:
        if "this planet" in token["effect"]:
            assert token["kind"] == "planetary", token["id"]


# --- vocabulary coverage ---------------------------------------------------------------------


def _walk_code(code: list[list[Any]]) -> Iterator[tuple[str, Any]]:
    for instruction in code:
        op = instruction[0]
        if op == "call":
            yield "verb", instruction[1]
            for operand in instruction[2]:
                yield from _walk_operand(operand)
        elif op == "affordable":
            for verb, operands in instruction[1]:
                yield "verb", verb
                for operand in operands:
                    yield from _walk_operand(operand)
        elif op in ("choose", "loop"):
            yield from _walk_selector(instruction[2])
        elif op == "check":
            yield from _walk_cond(instruction[1])
        elif op == "repeat":
            yield from _walk_expr(instruction[2])


def _walk_operand(operand: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(operand, list):
        for item in operand:
            yield from _walk_operand(item)
        return
    if not isinstance(operand, dict):
        return
    if "this" in operand:
        yield "noun_type", operand["this"]
    if "amount" in operand:
        yield "unit", operand["unit"]
        yield from _walk_expr(operand["amount"])
    if "num" in operand:
        yield from _walk_expr(operand["num"])
    if "stat" in operand:
        yield "stat", operand["stat"]
    if "select" in operand:
        yield from _walk_selector(operand["select"])
    if "unit_kind" in operand:
        yield "noun_type", operand["unit_kind"]
        if operand.get("size"):
            yield "filter", operand["size"]
    if "party" in operand:  # a named party (issue 29): the noun that names it
        key = str(operand["party"]).removesuffix("_of")
        for noun in registry().nouns.values():
            if key in (noun.party, noun.party_in):
                yield "noun", noun.name


def _walk_selector(selector: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    names = [f[0] for f in selector["filters"]]
    if selector["type"] == "player":
        yield "noun", "opponent" if "opponent" in names else "player"
    else:
        yield "noun_type", selector["type"]
    for item in selector["filters"]:
        if item[0] == "other_than":
            yield from _walk_operand(item[1])
        else:  # `opponent` too: the noun means the filter of that name (Noun.implies)
            yield "filter", item[0]
    if selector.get("count") is not None:
        yield from _walk_expr(selector["count"])


def _walk_expr(expr: list[Any]) -> Iterator[tuple[str, Any]]:
    op = expr[0]
    if op == "value":
        yield "value", expr[1]
    elif op == "count":
        yield from _walk_selector(expr[1])
    elif op in ("+", "-", "*", "/"):
        yield from _walk_expr(expr[1])
        yield from _walk_expr(expr[2])


def _walk_cond(cond: list[Any]) -> Iterator[tuple[str, Any]]:
    op = cond[0]
    if op == "cmp":
        yield from _walk_expr(cond[2])
        yield from _walk_expr(cond[3])
    elif op == "not":
        yield from _walk_cond(cond[1])
    else:
        for item in cond[1]:
            yield from _walk_cond(item)


def _walk_card(result: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    yield "card_kind", result["kind"]
    for clause in result["clauses"]:
        yield from _walk_clause(clause)


def _walk_clause(clause: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """The words of one clause; a `while` clause's words are its condition's and its inner
    clause's (Hexan's `while players != 3: you have +1 starting_common`, K19)."""
    form = clause["form"]
    if form == "modifier":
        yield "stat", clause["stat"]
        if clause["scope"] == "ship_type":
            yield "noun_type", "ship_type"
    elif form == "grant":
        yield "flag", clause["flag"]
        yield "noun_type", "ship_type"
    elif form == "trigger":
        yield "hook", clause["hook"]
    elif form == "while":
        yield from _walk_clause(clause["clause"])
    if clause.get("when") is not None:
        yield from _walk_cond(clause["when"])
    if "code" in clause:
        yield from _walk_code(clause["code"])


def _calls(result: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    return ((k, v) for k, v in _walk_card(result) if k == "verb")


def _used_words(compiled: list[Any]) -> dict[str, set[str]]:
    reg = registry()
    by_type: dict[str, set[str]] = {}
    for noun in reg.nouns.values():
        if noun.type != "player":
            by_type.setdefault(noun.type, set()).add(noun.name)
    used: dict[str, set[str]] = {section: set() for section in reg.SECTIONS}
    for _, _, result in compiled:
        for what, word in _walk_card(result):
            if what == "verb":
                used["verbs"].add(word)
            elif what == "noun":
                used["nouns"].add(word)
            elif what == "noun_type":
                used["nouns"] |= by_type.get(word, set())
            elif what == "filter":
                used["filters"].add(word)
            elif what == "stat":
                used["stats"].add(word)
            elif what == "flag":
                used["flags"].add(word)
            elif what == "hook":
                used["hooks"].add(word)
            elif what == "value":
                used["values"].add(word)
            elif what == "unit" and word in reg.resources:
                used["resources"].add(word)
            elif what == "card_kind":
                used["card_kinds"].add(word)
    return used


@pytest.mark.parametrize("section", registry().SECTIONS)
def test_every_registry_entry_is_used(compiled: list[Any], section: str) -> None:
    used = _used_words(compiled)[section]
    declared = set(getattr(registry(), section))
    if section == "verbs":  # the language's own counter verbs, for mods (issue 29, R13)
        declared -= LANGUAGE_VERBS
    if section == "nouns":  # `the leader` is for mods' catch-up cards: no base card has one (E136)
        declared -= {"leader"}
    # Words the registry marks for designers' cards (W0901 does not ask the base pack for
    # them either): `ahead`/`behind` (no base card ranks players), `attacked` (E138).
    declared -= {
        name for name in declared if getattr(getattr(registry(), section)[name], "for_mods", False)
    }
    unused = sorted(declared - used)
    assert unused == [], f"{section} not used by any card: {unused}"
