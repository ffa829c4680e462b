"""W0430: a card whose printed ``text`` says something other than its ``effect``.

The text a player reads and the effect the engine runs are two sources of truth on one card,
and they drift apart. The effect is the one that counts, so the text is compared with the text
written from the effect (dsl/render.py), after evening out case, brackets and punctuation.
Cards with ``source: rulebook`` keep their printed wording on purpose and are not compared;
any other card can keep its own wording with ``allow: [W0430]``. ``whitedwarf text PACK
--write`` rewrites the texts from the effects.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.codes import warning
from whitedwarf.dsl.packs.content import Content
from whitedwarf.dsl.packs.kinds import ContentSpec
from whitedwarf.dsl.parser import EffectSyntaxError
from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.render import normalise, render_effect

TEXT_FIELD = "text"
KEPT_WORDING = "rulebook"  # the `source` whose printed wording is kept as printed


def text_mismatches(
    content: Content,
    spec: ContentSpec,
    registry: Registry,
    compiled: Mapping[str, Mapping[str, object]],
    card_texts: Mapping[str, str] = MappingProxyType({}),
) -> list[Diagnostic]:
    """W0430 for each compiled card whose text differs from the text of its effect.

    ``card_texts`` holds texts already written from effects (by effect text); the others
    are written here.
    """
    out = []
    for kind in spec.card_kinds():
        field = kind.effect_field
        if field is None:
            continue
        for entry in content.cards.get(kind.name, []):
            card = entry.data
            if not isinstance(card, dict) or entry.id not in compiled.get(kind.name, {}):
                continue
            if entry.refuses((TEXT_FIELD,)) or entry.refuses(("source",)):
                continue  # a refused text, or source, is not compared (the schema said why)
            written = card.get(TEXT_FIELD)
            if not isinstance(written, str) or card.get("source") == KEPT_WORDING:
                continue
            rendered = card_texts.get(card[field])
            if rendered is None:
                try:
                    rendered = render_effect(card[field], registry)
                except EffectSyntaxError:  # pragma: no cover - it compiled, so it parses
                    continue
            if normalise(rendered) != normalise(written):
                out.append(
                    warning(
                        "W0430",
                        "the card's text says something other than its effect",
                        entry.span((TEXT_FIELD,)),
                        f'the effect reads: "{rendered}"; `whitedwarf text --write` writes '
                        "it, or keep your wording with `allow: [W0430]`",
                    )
                )
    return out
