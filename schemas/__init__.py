"""JSON Schemas (2020-12) for every content file kind and the pack manifest."""

from importlib.resources import files
from pathlib import Path


def schema_dir() -> Path:
    """Return the folder holding the shipped ``*.schema.json`` files."""
    return Path(str(files(__name__)))
