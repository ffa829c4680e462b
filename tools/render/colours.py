"""The seat colours every game's pictures share: the board picture, the replay viewer's
panels and the terminal interface draw seat 2 in one colour, whichever game is played."""

from __future__ import annotations

#: Seat colours: apart from each other and from every Last Light planet colour (a white,
#: pink, cyan or orange piece on a red, blue, green or yellow planet still reads as the
#: seat's), grey for the Lumos. Measured in tests/tools/test_render.py (CIELAB distance).
OWNER_COLOURS = {
    "0": "#f4f4f4",
    "1": "#ff5fd2",
    "2": "#00e5ff",
    "3": "#ff8a3d",
    "lumos": "#8c8c8c",
}


def owner_colour(owner: int | str) -> str:
    """The colour pieces of ``owner`` are drawn in."""
    return OWNER_COLOURS.get(str(owner), "#999999")
