"""W0430: a card whose printed ``text`` says something other than its ``effect``; W0432: a
card with an effect and no ``text`` at all.

A card with more than one effect (a points box and a boon box on one card: a
``FileKind``'s ``more_effects``) has one text saying each box, each opened by its card kind's
printed name: "Flare points: ... Flare boon: ..." (:func:`card_text`).

The text a player reads and the effect the engine runs are two sources of truth on one card,
and they drift apart. The effect is the one that counts, so the text is compared with the text
written from the effect (dsl/render.py) in substance: numbers, resources, verbs, hooks and
targets, not wording ("gain a light" says what "Gain 1 [light]." does: ``same_substance``).
Cards with ``source: rulebook`` keep their printed wording on purpose and are not compared;
any other card can keep its own wording with ``allow: [W0430]``. ``whitedwarf text PACK
--write`` rewrites the texts from the effects (the hint names the pack).
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from whitedwarf.dsl.diagnostics import Diagnostic, Span
from whitedwarf.dsl.packs.codes import warning
from whitedwarf.dsl.packs.content import Content
from whitedwarf.dsl.packs.kinds import ContentSpec, FileKind
from whitedwarf.dsl.parser import EffectSyntaxError
from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.render import render_effect, render_literal, same_substance

TEXT_FIELD = "text"
MISSING_TEXT = "W0432"  # a card without a text (W0430: a text that says something else)
KEPT_WORDING = "rulebook"  # the `source` whose printed wording is kept as printed


def text_mismatches(
    content: Content,
    spec: ContentSpec,
    registry: Registry,
    compiled: Mapping[str, Mapping[str, object]],
    card_texts: Mapping[tuple[str, str], str] = MappingProxyType({}),
) -> list[Diagnostic]:
    """W0430 for each compiled card whose text differs from the text of its effect.

    ``card_texts`` holds texts already written from effects (by card kind and effect text);
    the others are written here.
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
            if card.get("source") == KEPT_WORDING:
                continue
            try:
                rendered = card_text(card, kind, registry, card_texts)
            except EffectSyntaxError:  # pragma: no cover - it compiled, so it parses
                continue
            if rendered is None:
                continue
            if written is None and TEXT_FIELD in kind.schema.get("properties", {}):
                out.append(_missing_text(entry.span(("id",)), rendered))
            elif isinstance(written, str) and not says_effect(
                written, rendered, card, kind, registry
            ):
                out.append(
                    warning(
                        "W0430",
                        "the card's text says something other than its effect",
                        entry.span((TEXT_FIELD,)),
                        f'the effect reads: "{rendered}"; `{write_command(entry.file.display)}` '
                        "writes it, or keep your wording with `allow: [W0430]`",
                    )
                )
    return out


def write_command(file: str) -> str:
    """``whitedwarf text PACK --write`` for the pack a card file (as displayed) is in."""
    folder = os.path.dirname(file) or "."
    return f"whitedwarf text {shlex.quote(folder)} --write"


def _missing_text(span: Span, rendered: str) -> Diagnostic:
    """W0432: a card a player would pick up with no words on it (any game, any card kind
    with an effect and a ``text``; ``whitedwarf text --check`` lists the same cards)."""
    return warning(
        MISSING_TEXT,
        "the card has no text",
        span,
        f'the effect reads: "{rendered}"; `{write_command(span.path)}` writes it, or silence '
        "this with `allow: [W0432]`",
    )


def says_effect(
    written: str, rendered: str, card: Mapping[str, Any], kind: FileKind, registry: Registry
) -> bool:
    """Whether ``written``, a card's text, says what its effect (``rendered``) does: in
    substance, or as the effect's words say it (a modifier written "You have -1 [light]
    given by your Trade." where the effect's text is "Your Trade gives the chosen opponent
    1 less [light].": the stat's ``phrase``, dsl/render.py)."""
    if same_substance(written, rendered, registry):
        return True
    labels = _box_labels(card, kind, registry)
    if labels and same_substance(
        _unlabelled(written, labels), _unlabelled(rendered, labels), registry
    ):
        return True
    literal = card_text(card, kind, registry, literal=True)
    return (
        literal is not None and literal != rendered and same_substance(written, literal, registry)
    )


def _box_labels(card: Mapping[str, Any], kind: FileKind, registry: Registry) -> list[str]:
    """The printed names of a card's boxes ("Flare points", "Flare boon") when it has more
    than one; none for a card of one effect, whose text has no label."""
    fields = kind.effect_fields()
    if len(fields) < 2:
        return []
    out = []
    for _, fixed_kind, _ in fields:
        card_kind = registry.card_kinds.get(fixed_kind or kind.card_kind_of(dict(card)) or "")
        if card_kind is not None:
            out.append(card_kind.text)
    return out


def _unlabelled(text: str, labels: list[str]) -> str:
    """``text`` without its boxes' labels, written in full ("Flare points:") or by their last
    word ("Boon:"): the same words open every such card, so they say nothing of this one's
    effect, and a designer's "Points: ... Boon: ..." says what "Flare points: ... Flare
    boon: ..." does."""
    for label in labels:
        last = label.split()[-1]
        # The short form only where a sentence starts: "gain 3 night points: ..." keeps them.
        full, short = re.escape(label), re.escape(last)
        text = re.sub(rf"\b{full}\s*:|(?:^|(?<=[.!?]))\s*{short}\s*:", " ", text, flags=re.I)
    return text


def card_text(
    card: Mapping[str, Any],
    kind: FileKind,
    registry: Registry,
    written: Mapping[tuple[str, str], str] = MappingProxyType({}),
    literal: bool = False,
) -> str | None:
    """The text of a card written from its effects (None: it has none).

    One effect: its text. Several (``more_effects``): each effect's text after its card
    kind's printed name, in the order of :meth:`FileKind.effect_fields`. ``written`` holds
    texts already written, by card kind and effect text. Raises EffectSyntaxError for an
    effect that does not parse. ``literal``: each modifier word for word (``render_literal``).
    """
    boxes = []
    for name, fixed_kind, _ in kind.effect_fields():
        effect = card.get(name)
        if not isinstance(effect, str):
            continue
        kind_name = fixed_kind or kind.card_kind_of(dict(card)) or ""
        if literal:
            text = render_literal(effect, registry, kind_name)
        else:
            text = written.get((kind_name, effect)) or render_effect(effect, registry, kind_name)
        card_kind = registry.card_kinds.get(kind_name)
        boxes.append((card_kind.text if card_kind is not None else name, text))
    if not boxes:
        return None
    if len(kind.effect_fields()) == 1:
        return boxes[0][1]
    return " ".join(f"{label[:1].upper()}{label[1:]}: {text}" for label, text in boxes)
