"""A large pack of realistic cards: the base game's techs with their numbers varied.

The one-line templates of ``validate_bench.py`` flatter the validator: real effects have
multi-clause triggers, costs, choices and conditions, and real cards carry a printed ``text``.
Here every generated card is one of the base pack's tech cards (cycling through all of them)
with each number of its effect moved to another value its declared range allows, and a
``text`` written from the varied effect, as ``whitedwarf text --write`` would. The pack is
clean: ``validate`` reports no problem, so every card goes through every pass. Numbers have
small ranges, so about a quarter of 10,000 such effects are distinct texts (identical texts
are compiled once); ``in_range=False`` varies them past their ranges instead, making every
effect with a number distinct and most of them errors (the worst case for the compiler).

The file limit (2 MiB, E0504) keeps a 10,000-card techs file of such cards out of one pack, so
the cards are spread over packs of at most ``PER_PACK`` cards; ``validate`` is given them all.
Run ``python benchmarks/realistic_pack.py OUT_DIR [--cards N] [--beyond-ranges]`` to look at one.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from whitedwarf.content import bundled_pack
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.packs.games import game_registry
from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import EffectSource

PER_PACK = 2500  # about 650 KB of techs.yaml, a third of the file limit
NUMBER = re.compile(r"(?<![\w.])([+-]?)(\d+)\b")
CANDIDATES = range(1, 21)  # the widest declared range of a written number is 1 to 20


def base_techs() -> list[dict[str, Any]]:
    """The base pack's tech cards as plain data (a trusted file, read with ruamel directly)."""
    from ruamel.yaml import YAML

    return YAML(typ="safe").load((bundled_pack() / "techs.yaml").read_text(encoding="utf-8"))


def _compiles(text: str, kind: str, registry: Registry) -> bool:
    compiled, problems = compile_effect(EffectSource.standalone(text), registry, kind)
    return compiled is not None and not problems


def _with(text: str, index: int, value: str) -> str:
    """``text`` with its ``index``-th number replaced by ``value``."""
    match = list(NUMBER.finditer(text))[index]
    return text[: match.start()] + value + text[match.end() :]


@cache
def _choices(text: str, kind: str) -> tuple[tuple[str, ...], ...]:
    """For each number of ``text``, the values (with their sign) the checker accepts there."""
    registry = game_registry("lastlight")
    out = []
    for index, match in enumerate(NUMBER.finditer(text)):
        sign = match.group(1)
        values = [f"{sign}{n}" for n in CANDIDATES]
        allowed = tuple(v for v in values if _compiles(_with(text, index, v), kind, registry))
        out.append(allowed or (match.group(0),))
    return tuple(out)


def variants(text: str, kind: str, count: int, in_range: bool = True) -> list[str]:
    """``count`` texts of the effect with its numbers varied.

    ``in_range``: each number takes the values its declared range allows (the texts are
    distinct while the combinations last, and every one is valid). Otherwise the n-th
    variant adds n to every number, so every text with a number is distinct, and most are
    out of range (E0417): what varying the numbers without looking at the ranges gives.
    """
    if in_range:
        combos = itertools.cycle(itertools.product(*_choices(text, kind)))
    else:
        combos = (
            tuple(f"{m.group(1)}{int(m.group(2)) + n}" for m in NUMBER.finditer(text))
            for n in itertools.count()
        )
    out = []
    for combo in itertools.islice(combos, count):
        pieces, last = [], 0
        for match, value in zip(NUMBER.finditer(text), combo, strict=True):
            pieces += [text[last : match.start()], value]
            last = match.end()
        out.append("".join(pieces) + text[last:])
    return out


def realistic_cards(count: int, in_range: bool = True) -> list[dict[str, Any]]:
    """``count`` varied tech cards, cycling through the base pack's techs (see variants)."""
    techs = base_techs()
    per_tech = -(-count // len(techs))
    texts = {t["id"]: variants(t["effect"].strip(), t["kind"], per_tech, in_range) for t in techs}
    return [
        card(
            techs[index % len(techs)],
            index,
            texts[techs[index % len(techs)]["id"]][index // len(techs)],
        )
        for index in range(count)
    ]


def card(tech: dict[str, Any], index: int, effect: str) -> dict[str, Any]:
    """Card number ``index``: ``tech`` with ``effect``, and the text written from it."""
    return {
        "id": f"real_{index:05d}",
        "name": f"{tech['name']} {index}",
        "kind": tech["kind"],
        "cost": tech["cost"],
        "source": "invented",
        "text": render_effect(effect, game_registry("lastlight")),
        "effect": effect,
    }


def _card_yaml(card: dict[str, Any]) -> str:
    cost = ", ".join(f"{unit}: {amount}" for unit, amount in card["cost"].items())
    effect = card["effect"]
    if "\n" in effect or ": " in effect:  # as the base pack writes them
        effect = "|\n" + "".join(f"    {line}\n" for line in effect.splitlines())
    else:
        effect += "\n"
    return (
        f"- id: {card['id']}\n  name: {card['name']}\n  kind: {card['kind']}\n"
        f"  cost: {{{cost}}}\n  source: invented\n  text: {json.dumps(card['text'])}\n"
        f"  effect: {effect}\n"
    )


def write_realistic_packs(folder: Path, count: int, in_range: bool = True) -> list[Path]:
    """Packs holding ``count`` realistic techs in all, each a mod on the base game."""
    return write_packs(folder, realistic_cards(count, in_range))


def write_packs(folder: Path, cards: list[dict[str, Any]]) -> list[Path]:
    """``cards`` as techs of mod packs on the base game, ``PER_PACK`` to a pack."""
    packs = []
    for number, start in enumerate(range(0, len(cards), PER_PACK), 1):
        pack = folder / f"realmod{number}"
        pack.mkdir()
        (pack / "pack.yaml").write_text(
            f"id: realmod{number}\nname: Realistic mod {number}\nversion: 1.0.0\n"
            "game: lastlight\ndepends: {lastlight: '>=1.0,<2'}\nallow: [W0902]\n"
        )
        body = "".join(_card_yaml(card) for card in cards[start : start + PER_PACK])
        (pack / "techs.yaml").write_text(body, encoding="utf-8")
        packs.append(pack)
    return packs


def distinct_effects(count: int, in_range: bool = True) -> int:
    """How many distinct effect texts ``count`` realistic cards hold (the rest repeat one)."""
    return len({card["effect"] for card in realistic_cards(count, in_range)})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path, help="an empty folder to write the packs into")
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument(
        "--beyond-ranges",
        action="store_true",
        help="vary numbers past their declared ranges: every effect distinct, most refused",
    )
    options = parser.parse_args()
    options.out.mkdir(parents=True, exist_ok=True)
    for pack in write_realistic_packs(options.out, options.cards, not options.beyond_ranges):
        print(pack)


if __name__ == "__main__":
    main()
