"""Writing a user's file so that a crash leaves either the old file or the new one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` over ``path``: a temporary file beside it first, then one rename.

    The temporary name is fresh (``mkstemp``), so no file of the user's is touched on the way,
    and it is removed again if anything fails.
    """
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
