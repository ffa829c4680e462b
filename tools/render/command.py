"""``whitedwarf render``: draw the board of a save or a replay to an SVG or PNG file.

The game is the one the replay's header or the save names (or the packs'); its engine's
``drawing`` (``drawing.py``) draws it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from whitedwarf.tools.number_param import Finite
from whitedwarf.tools.render.drawing import Drawing
from whitedwarf.tools.render.position import (
    AtError,
    Position,
    PositionError,
    is_replay,
    open_position,
)
from whitedwarf.tools.session import (
    DEFAULT_GAME,
    PACK_OPTION,
    PACK_PATH_OPTION,
    load_game,
    refuse_overwrite,
    require,
)

#: The least width of a PNG drawn at the default scale, in pixels.
PNG_WIDTH = 1600


@click.command("render")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--at", type=int, help="for a replay: the position after this many decisions")
@click.option(
    "--out",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="the picture to write: board.svg, or board.png (needs the png extra)",
)
@click.option(
    "--scale",
    type=Finite(min=0.1, max=10),
    help=f"size the picture by this factor (default: a PNG at least {PNG_WIDTH} px wide, an "
    "SVG at its own size)",
)
@click.option("--force", is_flag=True, help="overwrite an existing picture")
@PACK_OPTION
@PACK_PATH_OPTION
def render(
    source: Path,
    at: int | None,
    out: Path,
    scale: float | None,
    force: bool,
    packs: tuple[Path, ...],
    pack_paths: tuple[Path, ...],
) -> None:
    """Draw the board of SOURCE (a save, or a replay log at --at N) to --out."""
    kind = out.suffix.lower()
    if kind not in (".svg", ".png"):
        raise click.UsageError(f"--out {out}: the picture must end in .svg or .png")
    refuse_overwrite(out, force)
    try:
        game = recorded_game(source) if is_replay(source) else saved_game(source)
    except PositionError as error:
        raise click.ClickException(str(error)) from None
    loaded = load_game(packs, pack_paths, default_game=game)
    require(loaded.engine, "render", "render", "it has no board picture (GameEngine.drawing)")
    content = loaded.content
    drawing: Drawing = loaded.engine.part(loaded.engine.drawing)
    try:
        position = open_position(
            source,
            at,
            loaded.pack,
            content,
            loaded.engine.game,
            drawing.load_save,
            loaded.engine.seats_disagree,
            save_problem(loaded.engine, content, loaded.pack),
        )
    except AtError as error:  # one word of the command line is the fix: exit 2
        raise click.BadParameter(str(error), param_hint="--at") from None
    except PositionError as error:
        raise click.ClickException(str(error)) from None
    try:
        svg = drawing.svg(content, position.state, position.events, _title(position))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
        # A replay's position is played by the engine; a save's state is read as it is, and
        # a state edited by hand (or damaged) may lack what the drawing reads.
        raise click.ClickException(
            f"{source}: the saved game state is damaged or was edited, and cannot be drawn "
            f"({type(error).__name__}: {error})"
        ) from None
    if kind == ".svg":
        out.write_text(scaled_svg(svg, scale or 1.0), encoding="utf-8")
    else:
        out.write_bytes(svg_to_png(svg, scale))
    click.echo(f"wrote {out}")


def save_problem(engine: Any, content: Any, pack: Any) -> Callable[[Path], str | None] | None:
    """Why a save of ``play`` cannot be resumed, in ``play --resume``'s words (None: it can),
    for a game with a terminal interface (only such a game has such saves)."""
    if getattr(engine, "terminal", None) is None:
        return None

    def problem(path: Path) -> str | None:
        from whitedwarf.interpreter.replay import pack_header
        from whitedwarf.tools.tui.launch import checked_session
        from whitedwarf.tools.tui.session import SaveProblem

        try:
            checked_session(path, content, engine, pack_header(pack))
        except SaveProblem as error:
            return f"{error} (a save is drawn only as its decisions leave the game)"
        return None

    return problem


def recorded_game(path: Path) -> str:
    """The game a replay log's header names (``replay``'s rule: Last Light when none)."""
    from whitedwarf.interpreter.replay import ReplayError, read_header
    from whitedwarf.tools.replay import recorded_game as game_of_header

    try:
        return game_of_header(read_header(path), path)
    except ReplayError as error:
        raise PositionError(str(error)) from None


def saved_game(path: Path) -> str:
    """The game a save names (``"game"`` in its state; Last Light when none)."""
    import json

    from whitedwarf.interpreter.replay import PLAY_SAVE_KIND, read_named_text

    try:
        record = json.loads(read_named_text(path))
    except (OSError, UnicodeDecodeError, ValueError):
        return DEFAULT_GAME  # the game's own reader says what is wrong with the file
    if isinstance(record, dict) and record.get("kind") == PLAY_SAVE_KIND:
        record = record.get("state")
    from whitedwarf.dsl.packs.games import installed_games

    game = record.get("game") if isinstance(record, dict) else None
    return game if isinstance(game, str) and game in installed_games() else DEFAULT_GAME


def _title(position: Position) -> str:
    return f"{position.label} · round {position.state['round']}"


def _size(svg: str) -> tuple[float, float]:
    """The ``width`` and ``height`` of the document's ``<svg>`` element."""
    opening = svg[: svg.index(">")]
    width = re.search(r'\swidth="([\d.]+)"', opening)
    height = re.search(r'\sheight="([\d.]+)"', opening)
    if width is None or height is None:
        raise ValueError("the drawing's <svg> element has no width and height")
    return float(width.group(1)), float(height.group(1))


def scaled_svg(svg: str, scale: float) -> str:
    """The document with its ``width`` and ``height`` times ``scale`` (its viewBox, so what it
    shows, unchanged)."""
    if scale == 1.0:
        return svg
    width, height = _size(svg)
    opening, rest = svg.split(">", 1)
    opening = re.sub(r'\swidth="[\d.]+"', f' width="{width * scale:g}"', opening, count=1)
    opening = re.sub(r'\sheight="[\d.]+"', f' height="{height * scale:g}"', opening, count=1)
    return f"{opening}>{rest}"


def png_scale(svg: str) -> float:
    """The factor that makes the picture at least :data:`PNG_WIDTH` pixels wide (never less
    than its own size): a board drawn at its SVG size is too small to count pieces on."""
    width, _ = _size(svg)
    return max(1.0, math.ceil(PNG_WIDTH / width * 100) / 100)


def svg_to_png(svg: str, scale: float | None = None) -> bytes:
    """PNG bytes of an SVG document, through cairosvg (the ``png`` extra), ``scale`` times its
    size (default: :func:`png_scale`)."""
    try:
        import cairosvg
    except ImportError:
        raise click.ClickException(
            "PNG output needs cairosvg: pip install 'whitedwarf[png]' (or write a .svg)"
        ) from None
    except OSError as error:  # cairosvg imports, but the cairo library is missing
        raise click.ClickException(f"PNG output needs the cairo library: {error}") from None
    factor = png_scale(svg) if scale is None else scale
    # cairosvg ships no types; without ``write_to`` svg2png returns the PNG's bytes.
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=factor)
    return png
