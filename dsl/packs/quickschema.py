"""A quick yes/no answer to "is this data valid against this schema?", for clean packs.

jsonschema is the library of record: every schema diagnostic comes from it
(:mod:`.schema_errors`). But its general machinery costs about 60 µs per card and its import
about 40 ms, and most files a designer validates have no schema problem at all. The schemas
are fixed and use a handful of keywords, so :func:`compile_check` turns one into nested
Python closures answering only "valid or not", with jsonschema's own semantics (Draft
2020-12) for each keyword it knows. The loader asks it first and asks jsonschema only when
the answer is "not valid": a valid file gets no diagnostic either way, so the diagnostics
are the same by construction (tests/packs/test_quickschema.py checks the answers agree).

A keyword it does not know makes :func:`compile_check` return None (that schema always goes
to jsonschema); a value it cannot judge exactly (a number type the YAML loader never makes,
an ``enum`` mixing strings with other values) raises :class:`Unsure`, which callers treat
like "not valid", so a wrong "valid" cannot happen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]

# Keywords that say nothing about validity.
_ANNOTATIONS = frozenset(
    {"$schema", "$id", "$comment", "title", "description", "default", "examples"}
)
_EXACT_TYPES = (dict, list, str, int, float, bool, type(None))


class Unsure(Exception):
    """The quick check cannot tell exactly; ask jsonschema."""


class _Unknown(Exception):
    """The schema uses a keyword the quick check does not model."""


def compile_check(schema: Any) -> Check | None:
    """A function telling whether data is valid against ``schema``, or None if unsupported."""
    try:
        return _compile(schema)
    except _Unknown:
        return None


def is_valid(check: Check | None, data: Any) -> bool:
    """True only when ``check`` is sure ``data`` is valid."""
    if check is None:
        return False
    try:
        return check(data)
    except (Unsure, RecursionError):
        return False


def _compile(schema: Any) -> Check:
    if schema is True:
        return _always
    if schema is False:
        return _never
    if not isinstance(schema, dict):
        raise _Unknown(repr(schema))
    checks: list[Check] = []
    for keyword, value in schema.items():
        if keyword in _ANNOTATIONS or keyword.startswith("x-") or keyword in _COMPANIONS:
            continue
        make = _KEYWORDS.get(keyword)
        if make is None:
            raise _Unknown(keyword)
        checks.append(make(value, schema))
    if len(checks) == 1:
        return checks[0]
    return _all_of(checks)


def _always(_: Any) -> bool:
    return True


def _never(_: Any) -> bool:
    return False


def _all_of(checks: list[Check]) -> Check:
    def check(instance: Any) -> bool:
        return all(one(instance) for one in checks)

    return check


# -- types -------------------------------------------------------------------------------


def _is_type(name: str, instance: Any) -> bool:
    """jsonschema's Draft 2020-12 type checker, for the types the loader makes."""
    kind = type(instance)
    if kind not in _EXACT_TYPES:
        raise Unsure(f"a {kind.__name__}")
    if name == "object":
        return kind is dict
    if name == "array":
        return kind is list
    if name == "string":
        return kind is str
    if name == "boolean":
        return kind is bool
    if name == "null":
        return instance is None
    if name == "number":
        return kind is int or kind is float
    if name == "integer":
        return kind is int or (kind is float and instance.is_integer())
    raise Unsure(f"the type {name!r}")


def _type(value: Any, _: dict[str, Any]) -> Check:
    names = [value] if isinstance(value, str) else list(value)
    for name in names:
        if name not in ("object", "array", "string", "boolean", "null", "number", "integer"):
            raise _Unknown(f"type {name!r}")

    def check(instance: Any) -> bool:
        return any(_is_type(name, instance) for name in names)

    return check


# -- values ------------------------------------------------------------------------------


def _enum(values: list[Any], _: dict[str, Any] | None = None) -> Check:
    """Membership by jsonschema's ``equal``: True is not 1, 1 is 1.0, a string only itself.

    Strings, booleans, numbers, None and empty lists or mappings are compared exactly; a
    member that is a non-empty list or mapping makes any list or mapping instance unsure.
    """
    strings = frozenset(v for v in values if type(v) is str)
    flags = [v for v in values if type(v) is bool]
    numbers = [v for v in values if type(v) in (int, float)]
    has_none = any(v is None for v in values)
    empty = {kind: any(type(v) is kind and not v for v in values) for kind in (list, dict)}
    filled = any(type(v) in (list, dict) and v for v in values)
    if any(type(v) not in _EXACT_TYPES for v in values):
        raise _Unknown("an enum member of another type")

    def check(instance: Any) -> bool:
        kind = type(instance)
        if kind is str:
            return instance in strings
        if kind is bool:
            return any(instance is flag for flag in flags)
        if kind is int or kind is float:
            return any(instance == number for number in numbers)
        if instance is None:
            return has_none
        if kind is list or kind is dict:
            if not instance and empty[kind]:
                return True
            if filled:
                raise Unsure("an enum with lists or mappings")
            return False
        raise Unsure(f"a {kind.__name__}")

    return check


def _const(value: Any, schema: dict[str, Any]) -> Check:
    return _enum([value], schema)


def _bound(compare: Callable[[Any, Any], bool]) -> Callable[[Any, dict[str, Any]], Check]:
    def make(limit: Any, _: dict[str, Any]) -> Check:
        def check(instance: Any) -> bool:
            if not _is_type("number", instance):
                return True
            return compare(instance, limit)

        return check

    return make


def _min_length(limit: int, _: dict[str, Any]) -> Check:
    def check(instance: Any) -> bool:
        return not _is_type("string", instance) or len(instance) >= limit

    return check


def _max_length(limit: int, _: dict[str, Any]) -> Check:
    def check(instance: Any) -> bool:
        return not _is_type("string", instance) or len(instance) <= limit

    return check


def _pattern(pattern: str, _: dict[str, Any]) -> Check:
    search = re.compile(pattern).search  # jsonschema calls re.search(pattern, instance)

    def check(instance: Any) -> bool:
        return not _is_type("string", instance) or search(instance) is not None

    return check


# -- arrays ------------------------------------------------------------------------------


def _items(items: Any, schema: dict[str, Any]) -> Check:
    if "prefixItems" in schema:
        raise _Unknown("prefixItems")
    one = _compile(items)

    def check(instance: Any) -> bool:
        if not _is_type("array", instance):
            return True
        return all(one(item) for item in instance)

    return check


def _min_items(limit: int, _: dict[str, Any]) -> Check:
    def check(instance: Any) -> bool:
        return not _is_type("array", instance) or len(instance) >= limit

    return check


def _max_items(limit: int, _: dict[str, Any]) -> Check:
    def check(instance: Any) -> bool:
        return not _is_type("array", instance) or len(instance) <= limit

    return check


def _max_properties(limit: int, _: dict[str, Any]) -> Check:
    def check(instance: Any) -> bool:
        return not _is_type("object", instance) or len(instance) <= limit

    return check


def _unique_items(unique: bool, _: dict[str, Any]) -> Check:
    def check(instance: Any) -> bool:
        if not unique or not _is_type("array", instance):
            return True
        if all(type(item) is str for item in instance):
            return len(set(instance)) == len(instance)
        raise Unsure("unique items that are not all strings")

    return check


# -- objects -----------------------------------------------------------------------------


def _properties(properties: dict[str, Any], _: dict[str, Any]) -> Check:
    checks = [(name, _compile(sub)) for name, sub in properties.items()]

    def check(instance: Any) -> bool:
        if not _is_type("object", instance):
            return True
        return all(not (name in instance and not one(instance[name])) for name, one in checks)

    return check


def _additional(additional: Any, schema: dict[str, Any]) -> Check:
    if "patternProperties" in schema:
        raise _Unknown("patternProperties")
    known = frozenset(schema.get("properties", {}))
    if additional is False:

        def closed(instance: Any) -> bool:
            return not _is_type("object", instance) or known.issuperset(instance)

        return closed
    one = _compile(additional)

    def check(instance: Any) -> bool:
        if not _is_type("object", instance):
            return True
        return all(one(value) for name, value in instance.items() if name not in known)

    return check


def _required(names: list[str], _: dict[str, Any]) -> Check:
    def check(instance: Any) -> bool:
        if not _is_type("object", instance):
            return True
        return all(name in instance for name in names)

    return check


def _property_names(names: Any, _: dict[str, Any]) -> Check:
    one = _compile(names)

    def check(instance: Any) -> bool:
        return not _is_type("object", instance) or all(one(name) for name in instance)

    return check


# -- combinations ------------------------------------------------------------------------


def _if(condition: Any, schema: dict[str, Any]) -> Check:
    test = _compile(condition)
    then = _compile(schema.get("then", True))
    otherwise = _compile(schema.get("else", True))

    def check(instance: Any) -> bool:
        return then(instance) if test(instance) else otherwise(instance)

    return check


def _not(sub: Any, _: dict[str, Any]) -> Check:
    one = _compile(sub)

    def check(instance: Any) -> bool:
        return not one(instance)

    return check


def _all(subs: list[Any], _: dict[str, Any]) -> Check:
    return _all_of([_compile(sub) for sub in subs])


_KEYWORDS: dict[str, Callable[[Any, dict[str, Any]], Check]] = {
    "type": _type,
    "enum": _enum,
    "const": _const,
    "minimum": _bound(lambda value, limit: not value < limit),  # as jsonschema words it (NaN)
    "maximum": _bound(lambda value, limit: not value > limit),
    "minLength": _min_length,
    "maxLength": _max_length,
    "pattern": _pattern,
    "items": _items,
    "minItems": _min_items,
    "maxItems": _max_items,
    "uniqueItems": _unique_items,
    "maxProperties": _max_properties,
    "properties": _properties,
    "additionalProperties": _additional,
    "required": _required,
    "propertyNames": _property_names,
    "if": _if,
    "not": _not,
    "allOf": _all,
}
# Read by the keyword they belong to (``then``/``else`` by ``if``), not checked on their own.
_COMPANIONS = frozenset({"then", "else"})
