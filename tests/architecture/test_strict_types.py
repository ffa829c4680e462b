"""CI's type check is ``mypy --strict`` (docs/architecture.md "Types"): the settings it reads
turn strict on, and ``.ci/run`` runs it on every CI run (``.ci/typecheck`` runs mypy on
``dsl/``, ``interpreter/`` and ``tools/``; it must find nothing)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


#: The flags ``--strict`` turns on (mypy --help, "--strict").
STRICT_FLAGS = (
    "warn_unused_configs", "disallow_any_generics", "disallow_subclassing_any",
    "disallow_untyped_calls", "disallow_untyped_defs", "disallow_incomplete_defs",
    "check_untyped_defs", "disallow_untyped_decorators", "warn_redundant_casts",
    "warn_unused_ignores", "warn_return_any", "no_implicit_reexport", "strict_equality",
    "extra_checks",
)  # fmt: skip


def test_mypy_settings_are_strict() -> None:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mypy"]
    assert settings.get("strict") is True
    # Nothing turns a part of it off again for the whole tree.
    assert [flag for flag in STRICT_FLAGS if settings.get(flag) is False] == []


def test_ci_runs_the_type_check_on_the_three_folders() -> None:
    run = (ROOT / ".ci" / "run").read_text("utf-8")
    assert ".ci/typecheck" in run
    typecheck = (ROOT / ".ci" / "typecheck").read_text("utf-8")
    for package in (
        "whitedwarf.dsl",
        "whitedwarf.interpreter",
        "whitedwarf.tools",
        "whitedwarf.rl",
    ):
        assert f"-p {package}" in typecheck
    assert "--config-file" in typecheck and "pyproject.toml" in typecheck
