"""Card skeletons for any installed game, derived from what the game declares.

A game's :class:`~whitedwarf.dsl.packs.kinds.ContentSpec` names its card files (``cards=True``)
and the JSON Schema of one card; its vocabulary names, for each card kind, an example effect.
From these a skeleton is written with every required field filled in: the id and name asked
for, ``source: invented`` (DESIGN principle 6; a printed card copied unchanged keeps
``source: rulebook``), the card kind's example as the effect, the
effect rendered as the printed ``text`` (so the two agree: W0430), the first word of each
closed list, the least number allowed (or the schema's own ``examples``), and for a field
that must name an id of the pack (a :class:`~whitedwarf.dsl.packs.kinds.Reference`) the first
such id of the game's bundled pack.
No game is named here: a third game gets skeletons by declaring its files.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.card_text import TEXT_FIELD, card_text
from whitedwarf.dsl.packs.games import game_registry, game_spec, installed_games
from whitedwarf.dsl.packs.kinds import ContentSpec, FileKind, select
from whitedwarf.dsl.packs.yamlsource import parse_yaml
from whitedwarf.tools.formatter import card_key_order

#: The provenance word of content designed rather than printed (DESIGN principle 6).
INVENTED = "invented"
#: The provenance word of a card as the rulebook prints it (DESIGN principle 6).
PRINTED = "rulebook"
#: The key a mod's card sets to replace its dependency's card of the same id (docs/packs.md).
REPLACE = "replace"
#: Fields a replacement may differ in and still be the printed card (as W0905 counts them,
#: ``dsl/packs/crossref.py``): bookkeeping and flavour, and the provenance itself.
_NOT_PRINTED = frozenset({"source", REPLACE, "notes", "allow", "lore"})


class SkeletonError(Exception):
    """A card kind or id the game does not allow, with the reason in words."""


@dataclass(frozen=True)
class CardFile:
    """One card file kind of one game, as ``new`` names it (``flare``, ``starbot_card``)."""

    game: str
    word: str
    kind: FileKind

    @property
    def file(self) -> str:
        return f"{self.kind.name}.yaml"


def read_yaml(path: Path) -> Any:
    """What the YAML file at ``path`` holds (None when it is missing or not YAML: the
    skeleton is still written, and ``validate`` reports the file)."""
    if not path.is_file():
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):  # unreadable, or not UTF-8 (E0509): not YAML here
        return None
    return _yaml_value(text, path)


def _yaml_value(text: str, path: Path) -> Any:
    located, _ = parse_yaml(text, path, str(path))
    return located.data if located is not None else None


def kind_word(kind: FileKind) -> str:
    """The word ``new`` uses for a card kind: its noun, spaces as ``_`` (``starbot_card``)."""
    return kind.noun.replace(" ", "_")


def card_files(game: str) -> dict[str, CardFile]:
    """Every card kind of ``game`` by its ``new`` word (KeyError for an unknown game)."""
    return {
        kind_word(kind): CardFile(game, kind_word(kind), kind)
        for kind in game_spec(game).card_kinds()
    }


def fixed_ids(card: CardFile) -> list[str]:
    """The ids the rules fix for a kind (a mod only replaces one of them: a Last Light action
    card, a Starlight privilege); empty when a mod may add cards of the kind."""
    return [
        str(value) for value in card.kind.schema.get("properties", {}).get("id", {}).get("enum", [])
    ]


def all_kind_words() -> set[str]:
    """The ``new`` words of every installed game's card kinds."""
    return {word for game in installed_games() for word in card_files(game)}


def find_card_file(game: str, word: str) -> CardFile:
    """The card kind ``word`` of ``game`` (its noun or its file name), or a did-you-mean error."""
    files = card_files(game)
    if word in files:
        return files[word]
    by_file = {spec.kind.name: spec for spec in files.values()}
    if word in by_file:
        return by_file[word]
    close = difflib.get_close_matches(word, [*files, *by_file], n=1)
    hint = f"; did you mean `{close[0]}`?" if close else ""
    raise SkeletonError(
        f"{game} has no card kind {word!r}{hint} (its card kinds: {', '.join(files)})"
    )


def skeleton(card: CardFile, card_id: str, name: str, pack_cards: Any = None) -> str:
    """A YAML list item for a new card of ``card`` that validates clean in a mod pack.

    ``name`` is written as given: a YAML scalar (quoted by the caller where it must be).
    ``pack_cards`` is what the mod's file holds already, so a field whose values must be
    unique (an :class:`~whitedwarf.dsl.packs.kinds.IdSpace`, such as an action's number)
    gets one neither it nor the game's bundled pack uses. A copy of a printed card that
    differs from it in nothing keeps ``source: rulebook``: it is the card the rulebook prints
    (W0905 asks for ``source: invented`` once the mod changes it).
    """
    spec = game_spec(card.game)
    schema = card.kind.schema
    properties: dict[str, Any] = schema.get("properties", {})
    _check_fixed_id(card, properties.get("id", {}), card_id)
    values: dict[str, Any] = {"id": card_id, "name": name}
    kind_value = _card_kind_choice(card)
    if kind_value is not None and card.kind.card_kind_field is not None:
        values[card.kind.card_kind_field] = kind_value
    effects = _effects(card, kind_value)
    values |= effects
    if effects and TEXT_FIELD in properties:
        values[TEXT_FIELD] = card_text(values, card.kind, game_registry(card.game))
    printed = printed_card(card, card_id)
    for field, value in printed.items():
        if field in properties and field not in {"id", "name", "source"}:
            values.setdefault(field, value)
    for field in schema.get("required", []):
        if field not in values:
            schema_of_field = properties.get(field, {})
            fixed = _referenced_id(spec, card, field)
            if fixed is None and _is_unique(spec, card, field):
                fixed = _unused(schema_of_field, _taken(card, field, pack_cards), card_id)
            values[field] = _example(schema_of_field, fixed, field)
    if printed and _unchanged(values, name, printed):
        values["source"] = PRINTED
    if properties.get("id", {}).get("enum"):
        # A fixed id is always one of the game's own cards: the mod replaces it (E0801).
        values[REPLACE] = True
    # The schema's order, then fmt's where fmt has one (a planet's colour before its
    # source): the card is appended already laid out, so `fmt --check` passes after `new`.
    ordered = card_key_order(
        [field for field in properties if field in values]
        + ([REPLACE] if REPLACE in values and REPLACE not in properties else [])
    )
    lines = [f"{field}: {name if field == 'name' else _flow(values[field])}" for field in ordered]
    return "- " + "\n  ".join(lines) + "\n"


def _check_fixed_id(card: CardFile, id_schema: dict[str, Any], card_id: str) -> None:
    allowed = id_schema.get("enum")
    if allowed and card_id not in allowed:
        raise SkeletonError(
            f"{card.game} {card.word} ids are fixed by the rules; a mod replaces one of: "
            f"{', '.join(allowed)}"
        )


def printed_card(card: CardFile, card_id: str) -> dict[str, Any]:
    """For a kind whose ids the rules fix (a Last Light action card, a Starlight privilege),
    the bundled card the mod replaces (empty for any other kind): the replacement is a full
    card (docs/packs.md) and starts as the printed one, so it keeps the values the engine
    plays whatever a pack says (an action card's number and steps, E0923)."""
    if not card.kind.schema.get("properties", {}).get("id", {}).get("enum"):
        return {}
    bundled = read_yaml(Path(bundled_pack(card.game)) / card.file)
    found = next((c for c in bundled or [] if isinstance(c, dict) and c.get("id") == card_id), {})
    return dict(found) if found.get("source") == PRINTED else {}


def _unchanged(values: dict[str, Any], name: str, printed: dict[str, Any]) -> bool:
    """Whether the skeleton's ``values`` (its ``name`` a YAML scalar) are the printed card's
    in every field W0905 compares."""
    said = json.loads(name) if name.startswith('"') else name  # as _yaml_name quotes it
    mine = {**values, "name": said}
    fields = (mine.keys() | printed.keys()) - _NOT_PRINTED
    return all(mine.get(field) == printed.get(field) for field in fields)


def _card_kind_choice(card: CardFile) -> str | None:
    """The registry card kind the main effect is compiled for (the first one a field allows)."""
    if card.kind.card_kind is not None:
        return card.kind.card_kind
    if card.kind.card_kind_field is None:
        return None
    field = card.kind.schema.get("properties", {}).get(card.kind.card_kind_field, {})
    known = game_registry(card.game).card_kinds
    return next((value for value in field.get("enum", []) if value in known), None)


def _effects(card: CardFile, kind_value: str | None) -> dict[str, str]:
    """Each effect field of the card with its card kind's example effect."""
    known = game_registry(card.game).card_kinds
    out: dict[str, str] = {}
    for field, fixed_kind, _ in card.kind.effect_fields():
        kind = fixed_kind or kind_value
        if kind is not None and kind in known:
            out[field] = known[kind].example
    return out


def _referenced_id(spec: ContentSpec, card: CardFile, field: str) -> str | None:
    """The first id of the bundled pack the field must name, if the game says it names one."""
    for reference in spec.references:
        if reference.kind == card.kind.name and reference.path == f"*/{field}":
            space = next((s for s in spec.ids if s.name == reference.target), None)
            path = Path(bundled_pack(card.game)) / f"{space.kind}.yaml" if space else None
            if space is None or path is None or not path.is_file():
                return None
            data = read_yaml(path)
            return next((str(value) for _, value in select(data, space.path)), None)
    return None


def _is_unique(spec: ContentSpec, card: CardFile, field: str) -> bool:
    """Whether the game says the values of ``field`` are ids (unique among the cards)."""
    return any(s.kind == card.kind.name and s.path == f"*/{field}" for s in spec.ids)


def _taken(card: CardFile, field: str, pack_cards: Any) -> set[Any]:
    """The values of ``field`` the game's bundled pack and the mod's file use already."""
    path = Path(bundled_pack(card.game)) / card.file
    bundled = read_yaml(path)
    return {value for data in (bundled, pack_cards) for _, value in select(data, f"*/{field}")}


def _unused(schema: dict[str, Any], taken: set[Any], card_id: str) -> Any:
    """The least number (or, for text, the card's id) the schema allows that is not taken."""
    if schema.get("type") == "integer":
        low, high = schema.get("minimum", 0), schema.get("maximum", len(taken) + 1)
        free = next((n for n in range(low, high + 1) if n not in taken), None)
        if free is None:
            raise SkeletonError(f"every allowed value of `{card_id}`'s numbered field is taken")
        return free
    return card_id


def _example(schema: dict[str, Any], referenced: str | None, field: str) -> Any:
    """The plainest value a schema allows: first of a list, least number, required fields."""
    if referenced is not None:
        return referenced
    if "const" in schema:
        return schema["const"]
    if schema.get("examples"):
        # The game's own example: a Starbot card's accolade place, where the plainest value
        # the schema allows (null, for the Refresh card) would not make a complete card.
        return schema["examples"][0]
    if "enum" in schema:
        # A new card is the modder's design, not the rulebook's (DESIGN principle 6).
        return INVENTED if INVENTED in schema["enum"] else schema["enum"][0]
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    if "null" in kinds:
        return None
    if "integer" in kinds or "number" in kinds:
        return max(schema.get("minimum", 0), min(1, schema.get("maximum", 1)))
    if "boolean" in kinds:
        return False
    if "array" in kinds:
        item = schema.get("items", {})
        return [_example(item, None, field) for _ in range(schema.get("minItems", 0))]
    if "object" in kinds:
        properties = schema.get("properties", {})
        return {
            key: _example(properties.get(key, {}), None, key) for key in schema.get("required", [])
        }
    return field.replace("_", " ")


_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_ ()*+<>=.,'-]*")


def _flow(value: Any) -> str:
    """``value`` as a one-line YAML value (flow style for lists and mappings)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_flow(item)}" for key, item in value.items()) + "}"
    text = str(value)
    plain = _PLAIN.fullmatch(text) and ": " not in text and " #" not in text
    if plain and _yaml_value(text, Path("value")) == text:
        return text
    return json.dumps(text)
