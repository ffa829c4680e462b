"""whitedwarf: a data-driven rules authoring framework (the ``whitedwarf`` package itself).

The top-level folders (dsl, interpreter, content, schemas, tools) are mapped into this
package by pyproject.toml; this folder only gives the package its ``__version__`` and its
``python -m whitedwarf`` (docs/architecture.md "Packaging").
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("whitedwarf")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0+unknown"
