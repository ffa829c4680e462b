"""whitedwarf: a data-driven rules authoring framework (the ``whitedwarf`` package itself).

The top-level folders (dsl, interpreter, content, schemas, tools) are mapped into this
package by pyproject.toml; this folder only gives the package its ``__version__`` and its
``python -m whitedwarf`` (docs/architecture.md "Packaging").
"""


def __getattr__(name: str) -> str:
    # ``__version__`` is read from the installed metadata only when asked for: every
    # ``whitedwarf.*`` import runs this file, and importlib.metadata costs about 20 ms of a
    # 0.2 s `validate` (BENCHMARKS.md "Validation").
    if name != "__version__":
        raise AttributeError(f"module 'whitedwarf' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("whitedwarf")
    except PackageNotFoundError:  # imported from a source tree that was never installed
        return "0+unknown"
