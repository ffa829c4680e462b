"""How pack paths are shown to designers: relative to the current folder when inside it."""

from __future__ import annotations

import os
from pathlib import Path


def display_path(path: Path) -> str:
    """``path`` relative to the current directory when it is inside it, else absolute."""
    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return absolute.as_posix()
