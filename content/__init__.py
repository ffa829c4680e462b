"""Bundled content packs (data only). ``content/lastlight`` is the base game."""

from importlib.resources import files
from pathlib import Path


def bundled_pack(pack_id: str = "lastlight") -> Path:
    """Return the folder of a content pack shipped with whitedwarf."""
    return Path(str(files(__name__) / pack_id))
