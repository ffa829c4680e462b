"""Schema errors as designer diagnostics, located in the YAML file.

Each ``ValidationError.absolute_path`` is walked back into the file's positions: the key of
an unexpected or missing property, the value otherwise. ``oneOf``/``anyOf`` errors are
replaced by their :func:`best_match`, so a designer sees one reason, not every branch's.

Each error also names the data paths it refused (:func:`refused_paths`): the passes after the
schema skip exactly those values, not the whole card, so the other fields of a card with one
bad field are still checked in the same run (DESIGN principle 2) and a refused value never
feeds a later check.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from jsonschema.exceptions import best_match, relevance
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.codes import error
from whitedwarf.dsl.packs.schema_parts import (
    ID_PATTERN,
    WARNING_CODE_PATTERN,
    version_number_out_of_range,
)
from whitedwarf.dsl.packs.yaml_errors import block_header_above
from whitedwarf.dsl.packs.yamlsource import DataPath, YamlFile
from whitedwarf.dsl.suggest import did_you_mean, not_ascii

_TYPE_WORDS = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping",
    "null": "empty",
}


def schema_diagnostics(
    validator: Draft202012Validator,
    data: Any,
    file: YamlFile,
    noun: str,
    codes: dict[DataPath, str] | None = None,
    elsewhere: Callable[[frozenset[str]], list[str]] | None = None,
) -> tuple[list[Diagnostic], set[DataPath]]:
    """Every schema problem of ``data``; also the data paths the schema refused.

    ``codes`` gives some paths their own code (the manifest's `game` is E0702, not E0605).
    ``elsewhere`` names the other files whose cards have all of a card's fields: a card whose
    fields are wrong here is told where it fits (a faction written into techs.yaml).
    """
    out: dict[tuple[str, str, int, int], Diagnostic] = {}
    refused: set[DataPath] = set()
    errors = sorted(_leaves(validator.iter_errors(data)), key=relevance)
    # A value of the wrong type (`copies: .inf`, not a whole number) is said once: that it is
    # also out of range adds nothing (the type error's hint gives the range).
    mistyped = {tuple(err.absolute_path) for err in errors if err.validator == "type"}
    for err in errors:
        path = tuple(err.absolute_path)
        if any(path[: len(tagged)] == tagged for tagged in file.refused):
            continue  # the refused tag was already reported (E0503)
        if err.validator in ("minimum", "maximum") and path in mistyped:
            continue
        refused.update(refused_paths(err, path))
        home = _home_note(err, path, elsewhere)
        for diagnostic in _describe(err, path, file, noun, validator.schema):
            if codes and path in codes:
                diagnostic = replace(diagnostic, code=codes[path])
            if home:
                diagnostic = replace(diagnostic, notes=(*diagnostic.notes, home))
            span = diagnostic.span
            key = (
                diagnostic.code,
                diagnostic.message,
                span.line if span else 0,
                span.column if span else 0,
            )
            out.setdefault(key, diagnostic)
    return list(out.values()), refused


def _home_note(
    err: ValidationError,
    path: DataPath,
    elsewhere: Callable[[frozenset[str]], list[str]] | None,
) -> str | None:
    """Where a card with a field too many or too few belongs, when another file fits it."""
    card = err.instance
    is_card = len(path) == 1 and isinstance(path[0], int) and isinstance(card, dict)
    if elsewhere is None or not is_card or err.validator not in _FIELD_FAULTS:
        return None
    homes = elsewhere(frozenset(str(key) for key in card))
    if not homes:
        return None
    files = " or ".join(f"`{home}`" for home in homes)
    return f"this card has the fields of a card of {files}: is it in the wrong file?"


_FIELD_FAULTS = ("additionalProperties", "required")


def refused_paths(err: ValidationError, path: DataPath) -> list[DataPath]:
    """The data paths whose values ``err`` refuses.

    An unexpected field refuses that field and a missing one the field it lacks, not the
    mapping holding them (its other fields are fine); any other error refuses the value it
    is about, with everything inside it.
    """
    instance = err.instance
    if err.validator == "additionalProperties" and isinstance(instance, dict):
        allowed = err.schema.get("properties", {}) if isinstance(err.schema, dict) else {}
        return [(*path, extra) for extra in instance if extra not in allowed]
    if err.validator == "required" and isinstance(instance, dict):
        return [(*path, name) for name in err.validator_value if name not in instance]
    return [path]


def _leaves(errors: Iterable[ValidationError]) -> Iterable[ValidationError]:
    for err in errors:
        if err.validator in ("oneOf", "anyOf") and err.context:
            yield best_match(err.context)
        else:
            yield err


def _describe(
    err: ValidationError, path: DataPath, file: YamlFile, noun: str, root: Any = None
) -> list[Diagnostic]:
    field = _field(path, noun)
    schema = err.schema if isinstance(err.schema, dict) else {}
    if "x-message" in schema:
        name = path[-1] if path and isinstance(path[-1], str) else None
        hint = schema.get("x-hint") or (f"remove `{name}`" if name else None)
        return [error("E0601", schema["x-message"], file.span(path, key=True), hint)]
    kind = err.validator
    if kind == "additionalProperties":
        return _unknown(err, path, file, field)
    if kind == "required":
        return _missing(err, path, file, field, root)
    if kind == "type":
        return [_wrong_type(err, path, file, field)]
    if kind in ("enum", "const"):
        return [_not_allowed(err, path, file, field)]
    if kind in ("minimum", "maximum") and "minimum" in schema and "maximum" in schema:
        return [_out_of_range(err, schema, path, file, field)]
    if kind == "maxLength":
        return [_too_long(err, schema, path, file, field)]
    if kind == "maxItems" and isinstance(err.instance, list):
        message = f"{field} lists {len(err.instance):,} items; the limit is {schema['maxItems']:,}"
        return [error("E0607", message, file.span(path), schema.get("x-why"))]
    if kind == "maxProperties" and isinstance(err.instance, dict):
        most = schema["maxProperties"]
        message = f"{field} has {len(err.instance):,} entries; the limit is {most:,}"
        return [error("E0607", message, file.span(path), schema.get("x-why"))]
    return [_generic(err, path, file, field)]


def _out_of_range(
    err: ValidationError, schema: dict[str, Any], path: DataPath, file: YamlFile, field: str
) -> Diagnostic:
    low, high = schema["minimum"], schema["maximum"]
    message = f"{field} is {err.instance}, out of range: it must be {low} to {high}"
    hint = schema.get("x-why")
    if hint is None and path and isinstance(path[-1], str):
        hint = _described(path[-1], schema)  # a bound without its own why: what the field is
    return error("E0606", message, file.span(path), hint)


def _too_long(
    err: ValidationError, schema: dict[str, Any], path: DataPath, file: YamlFile, field: str
) -> Diagnostic:
    message = (
        f"{field} is {len(err.instance):,} characters long; the limit is {schema['maxLength']:,}"
    )
    return error("E0607", message, file.span(path), schema.get("x-why"))


def _field(path: DataPath, noun: str) -> str:
    """How messages name the value at ``path``: `cost`, or "this tech" for a whole card."""
    names = [part for part in path if isinstance(part, str)]
    if names:
        return f"`{names[-1]}`"
    return f"this {noun}" if path else "the file"


def _unknown(err: ValidationError, path: DataPath, file: YamlFile, field: str) -> list[Diagnostic]:
    allowed = list(err.schema.get("properties", {}))
    out = []
    for extra in sorted(set(err.instance) - set(allowed)):
        span = file.span((*path, extra), key=True)
        # A key of one word is a field (a slip, or one this kind lacks); a key of several
        # words (`when round_end`) can only be a line of the effect block above it.
        fell_out = None if re.fullmatch(r"\w+", extra) else _out_of_block(file, span.line)
        hint = fell_out or did_you_mean(extra, allowed) or _listing(allowed)
        message = f"`{extra}` is not a field of {field}"
        out.append(error("E0602", message, span, hint))
    return out


def _out_of_block(file: YamlFile, line: int) -> str | None:
    """A hint when the key is a line that fell out of the ``|`` block above it."""
    lines = file.text.split("\n")
    header = block_header_above(lines, line - 1)
    if header is None:
        return None
    header_line, indent = header
    return (
        f"this line is less indented than the block that starts on line {header_line + 1}, "
        f"so it ended the block; indent it by {indent} spaces like the lines above it"
    )


def _listing(words: list[str]) -> str | None:
    return f"the fields are: {', '.join(words)}" if 0 < len(words) <= 12 else None


def _missing(
    err: ValidationError, path: DataPath, file: YamlFile, field: str, root: Any = None
) -> list[Diagnostic]:
    missing = [name for name in err.validator_value if name not in err.instance]
    span = file.span(path, key=bool(path) and isinstance(path[-1], str))
    replacing = isinstance(err.instance, dict) and err.instance.get("replace") is True
    properties = err.schema.get("properties", {}) if isinstance(err.schema, dict) else {}
    return [
        error(
            "E0603",
            f"{field} needs `{name}`",
            span,
            _missing_hint(name, replacing)
            or _described(name, properties.get(name) or _field_schema(root, name)),
        )
        for name in missing
    ]


def _as_id(value: Any) -> str | None:
    """The id a designer most likely meant by ``value`` (`X-Probe` -> `x_probe`), if any."""
    words = re.sub(r"[^a-z0-9]+", "_", str(value).lower()).strip("_")
    if not re.fullmatch(ID_PATTERN.strip("^$"), words):
        return None
    return f"write `{words}`"


def _field_schema(schema: Any, name: str) -> Any:
    """The first schema of a field ``name`` in ``schema``: where a field is required by an
    ``if``/``then`` branch (a planetary token's `tier`), the branch does not describe it."""
    if isinstance(schema, dict):
        found = schema.get("properties", {})
        found = found.get(name) if isinstance(found, dict) else None
        if isinstance(found, dict) and "description" in found:
            return found
        values: Iterable[Any] = schema.values()
    elif isinstance(schema, list):
        values = schema
    else:
        return None
    for value in values:
        found = _field_schema(value, name)
        if found is not None:
            return found
    return None


def _described(name: str, schema: Any) -> str | None:
    """The schema's description of a field, so the message says what to write there."""
    if isinstance(schema, dict) and isinstance(schema.get("description"), str):
        if schema.get("type") == "boolean":  # "`three_plus` is true: ..." read as if it were
            return f"write `{name}: true` or `{name}: false` ({schema['description']})"
        return f"`{name}` is {schema['description']}"
    return None


def _missing_hint(name: str, replacing: bool = False) -> str | None:
    if replacing:  # a modder expects `replace` to patch the fields it names; it does not
        return (
            "`replace: true` puts this whole card in place of the dependency's: copy the "
            "full card, then change what you want"
        )
    if name == "source":
        return "write `source: rulebook` if the seeds print the card, else `source: invented`"
    return None


def _wrong_type(err: ValidationError, path: DataPath, file: YamlFile, field: str) -> Diagnostic:
    wanted = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
    words = " or ".join(_TYPE_WORDS.get(str(name), str(name)) for name in wanted)
    got = _describe_value(err.instance)
    message = f"{field} must be {words}, not {got}"
    hint = None
    if not path and "array" in wanted:
        hint = "a card file is a list: start each card with `- id: ...`"
    elif path and isinstance(path[-1], str):
        hint = (
            _as_bool(path[-1], err.instance, wanted)
            or _as_mapping(path[-1], err.instance, wanted, err.schema)
            or _described(path[-1], err.schema)
        )
    return error("E0604", message, file.span(path), hint)


def _as_mapping(name: str, value: Any, wanted: list[Any], schema: Any) -> str | None:
    """`cost: 2` where a mapping goes: say its keys and an example with the number written,
    `cost: {common: 2}`, rather than only what the field is."""
    keys = list(schema.get("properties", {})) if isinstance(schema, dict) else []
    if wanted != ["object"] or not keys or isinstance(value, dict | list):
        return None
    number = value if isinstance(value, int) and not isinstance(value, bool) else 1
    said = _described(name, schema) or f"`{name}` is"
    return f"{said}, a mapping of {', '.join(keys)}: such as `{name}: {{{keys[0]}: {number}}}`"


_YAML11_BOOLS = {
    "yes": "true",
    "y": "true",
    "on": "true",
    "no": "false",
    "n": "false",
    "off": "false",
}


def _as_bool(name: str, value: Any, wanted: list[Any]) -> str | None:
    """`three_plus: yes` is text to the YAML whitedwarf reads (1.2, as JSON Schema has it):
    say the word to write rather than the field's description."""
    if wanted != ["boolean"] or not isinstance(value, str):
        return None
    meant = _YAML11_BOOLS.get(value.strip().lower())
    if meant is None:
        return f"write `{name}: true` or `{name}: false`"
    return (
        f"write `{name}: {meant}` (`{value}` is text here: only `true` and `false` are yes and no)"
    )


def _describe_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, str):
        return f"text {_short(value)!r}"
    if isinstance(value, int | float):
        return f"the number {value}"
    return _TYPE_WORDS.get(
        {list: "array", dict: "object", type(None): "null"}.get(type(value), ""), "something else"
    )


def _short(value: str) -> str:
    return value if len(value) <= 40 else value[:37] + "..."


def _not_allowed(err: ValidationError, path: DataPath, file: YamlFile, field: str) -> Diagnostic:
    allowed = err.validator_value if err.validator == "enum" else [err.validator_value]
    shown = ", ".join(_word(value) for value in allowed)
    if err.validator == "const":
        message = f"{field} can only be {shown}, not {_word(err.instance)}"
        name = path[-1] if path and isinstance(path[-1], str) else None
        hint = f"write `{name}: {_word(err.validator_value).strip('`')}`" if name else None
        return error("E0605", message, file.span(path), hint)
    message = f"{field} is {_word(err.instance)}, not one of: {shown}"
    hint = None
    if isinstance(err.instance, str):
        hint = did_you_mean(err.instance, [str(value) for value in allowed])
    schema = err.schema if isinstance(err.schema, dict) else {}
    hint = hint or schema.get("x-why")
    name = path[-1] if path and isinstance(path[-1], str) else None
    if hint is None and name is not None and allowed:
        # `kind: 3`: nothing close to suggest, so say what the words mean and write one
        said = _described(name, schema)
        write = f"write one of those words, such as `{name}: {_word(allowed[0]).strip('`')}`"
        hint = f"{said}: {write}" if said else write
    return error("E0605", message, file.span(path), hint)


def _word(value: Any) -> str:
    if value is True or value is False:
        return "`true`" if value else "`false`"
    return f"`{value}`"


def _first_repeat(items: list[Any]) -> Any:
    """The first item of ``items`` that an earlier item equals."""
    seen: list[Any] = []
    for item in items:
        if item in seen:
            return item
        seen.append(item)
    return None


def _warning_code_hint(written: Any) -> str:
    """The fix for an allow entry that is not of a warning code's shape: the same code in
    capitals when that is all it lacks (``w0430`` is ``W0430``), else what codes look like."""
    if isinstance(written, str) and re.fullmatch(WARNING_CODE_PATTERN, written.strip().upper()):
        return f"warning codes are written in capitals: `{written.strip().upper()}`"
    return "warning codes look like W0901; docs/diagnostics.md lists them"


def _generic(err: ValidationError, path: DataPath, file: YamlFile, field: str) -> Diagnostic:
    if err.validator == "pattern" and err.validator_value == ID_PATTERN:
        shown = _short(str(err.instance))
        message = (
            f"{field} must be lower-case words joined by `_` (like `warp_drive`), not {shown!r}"
        )
        span = file.span(path)
        if "propertyNames" in err.schema_path:  # a key of the mapping: point at the key
            span = file.span((*path, str(err.instance)), key=True)
            message = f"a key of {message}"
        return error("E0601", message, span, not_ascii(str(err.instance)) or _as_id(err.instance))
    if err.validator == "pattern" and err.validator_value == WARNING_CODE_PATTERN:
        message = f"`{_short(str(err.instance))}` is not a warning code"
        hint = _warning_code_hint(err.instance)
        return error("E0601", message, file.span(path), hint)
    if err.validator == "pattern" and path and path[-1] == "version":
        hint = 'write a version such as "1.0.0"'
        message = version_number_out_of_range(field, str(err.instance)) or (
            f"{field} must be a semantic version like `1.2.0`, not {_short(str(err.instance))!r}"
        )
        return error("E0601", message, file.span(path), hint)
    if err.validator == "pattern" and path == ("language",):
        message = version_number_out_of_range(field, str(err.instance)) or (
            f"{field} must be a language version like `1.1` (major.minor), not "
            f"{_short(str(err.instance))!r}"
        )
        return error("E0601", message, file.span(path), "`whitedwarf fix` writes the current one")
    what = _described(path[-1], err.schema) if path and isinstance(path[-1], str) else None
    if err.validator == "minLength" and err.instance == "":
        return error("E0601", f"{field} is empty", file.span(path), what)
    if err.validator == "minItems" and isinstance(err.instance, list):
        least = err.validator_value
        message = f"{field} lists {len(err.instance)}, but needs at least {least}"
        return error("E0601", message, file.span(path), what)
    if err.validator == "uniqueItems" and isinstance(err.instance, list):
        message = f"{field} lists {_word(_first_repeat(err.instance))} more than once"
        return error("E0601", message, file.span(path), "write each item once")
    return error("E0601", f"{field}: {err.message}", file.span(path))
