"""The command-line parameter naming a content pack: a folder, or a bundled pack's id.

Kept apart from ``session`` (which loads the engines) so ``validate``, whose cached answer
must come quickly, can use it without importing a game."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import click
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.suggest import did_you_mean

#: Where, in the click context's ``meta`` (shared by a command and its group), the paths that
#: were named by a bundled pack's id are kept, each with that id.
BY_ID = "whitedwarf.packs_named_by_id"

#: The manifest, the one file that may stand for its pack on the command line.
MANIFEST = "pack.yaml"


class PackPath(click.Path):
    """A pack folder or ``pack.yaml`` that exists, or the id of a pack shipped with
    whitedwarf (``lastlight``, ``starlight``): a designer who installed whitedwarf has no
    ``content/`` folder of their own to point at, yet compares a mod against the base game.

    A folder of that name in the working directory wins over the id. A command that writes
    into the pack asks :func:`refuse_writing_bundled` before it does. The one file that
    stands for its pack is its ``pack.yaml``; another file is refused, named as given, unless
    ``any_file`` (``fmt``, which lays out files one by one)."""

    name = "pack"

    def __init__(self, file_okay: bool = True, any_file: bool = False) -> None:
        super().__init__(exists=True, file_okay=file_okay, path_type=Path)
        self.any_file = any_file

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not Path(value).exists():
            shipped = bundled_pack_ids()
            if value in shipped:
                path = bundled_pack(value)
                if ctx is not None:
                    ctx.meta.setdefault(BY_ID, {})[path] = value
                return path
            names = ", ".join(shipped)
            close = did_you_mean(value, shipped)  # `starlite`: a typo of `starlight`
            self.fail(
                f"{value!r} is neither a pack folder nor a bundled pack ({names})"
                + (f"; {close}" if close else ""),
                param,
                ctx,
            )
        given = super().convert(value, param, ctx)
        if isinstance(given, Path) and self._a_file_for_a_pack(given):
            self.fail(_not_a_pack(given), param, ctx)
        return given

    def _a_file_for_a_pack(self, path: Path) -> bool:
        # Anything there that is not a folder: a file, a named pipe, a device (/dev/null).
        return not self.any_file and not path.is_dir() and path.name != MANIFEST


def _not_a_pack(path: Path) -> str:
    """A file given where a pack is asked for (``validate mymod/techs.yaml``), named as given:
    the loader would look for ``mymod/techs.yaml/pack.yaml``."""
    folder = path.parent
    if (folder / MANIFEST).is_file():
        shown = shlex.quote(str(folder))
        return f"{str(path)!r} is a file of the pack {shown}, not a pack: give the folder, {shown}"
    return f"{str(path)!r} is a file, not a pack: give the folder that holds the pack's {MANIFEST}"


def bundled_pack_ids() -> list[str]:
    """The ids of the packs shipped with whitedwarf (the folders with a ``pack.yaml``)."""
    root = bundled_pack("lastlight").parent
    return sorted(p.name for p in root.iterdir() if (p / "pack.yaml").is_file())


def named_by_id(path: Path) -> str | None:
    """The bundled pack's id ``path`` was named by on this command line, or None (a folder)."""
    ctx = click.get_current_context(silent=True)
    named: dict[Path, str] = ctx.meta.get(BY_ID, {}) if ctx is not None else {}
    return named.get(path)


def refuse_writing_bundled(path: Path, what: str, instead: str = "") -> None:
    """ClickException when ``path`` was named by a bundled pack's id and the command would
    write into it: that folder is whitedwarf's own installed data (site-packages, or the
    checkout of an editable install), shared by every mod that depends on it, and the next
    upgrade puts it back. Reading it (``--check``, ``--dry-run``) is fine: ``instead`` says
    how (``to see what would change, use ...``).

    A folder named by its path is the user's to write, the bundled one included: the
    checkout's ``content/lastlight`` is edited so."""
    pack_id = named_by_id(path)
    if pack_id is None:
        return
    change = (
        f"copy it (`cp -r {shlex.quote(str(path))} my_{pack_id}`) and work on the copy, "
        f"or make a mod of it (`whitedwarf new pack my_mod --game {pack_id}`)"
    )
    advice = f"{instead}; to change it, {change}" if instead else f"to change it, {change}"
    raise click.ClickException(
        f"`{pack_id}` names the pack installed with whitedwarf ({path}): {what} never writes "
        f"into it. {advice[0].upper()}{advice[1:]}"
    )
