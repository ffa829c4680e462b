"""The board as a picture model: what each sector shows, where it is at the current rotation.

The SVG drawing (``svg.py``), the browser replay viewer and the terminal board (``tools/tui``)
all draw from this one model, so they agree on what is on the board. The geometry comes from
the pack's ``board.yaml`` and ``setups.yaml`` through the engine's :class:`Board` (rings at
``state["rotation"]``, docs/rules-decisions.md B1-B4), so a mod pack's board shows as played.

The model reads only what :func:`Game.observation` leaves visible: a face-down token is drawn
face down whether the caller passes a full state or one seat's view.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from whitedwarf.interpreter.lastlight.board import RING_ORDER, Board, setup_entry
from whitedwarf.interpreter.lastlight.content import GameContent
from whitedwarf.interpreter.lastlight.state import LUMOS
from whitedwarf.interpreter.state import State

#: Owner label of the 2-player variant's neutral ships (002).
LUMOS_LABEL = "lumos"


@dataclass(frozen=True)
class Piece:
    """A ship (``small``/``medium``/``large``) or an extractor, with its owner.

    ``owner`` is the seat number, or ``"lumos"`` for the Lumos' ships.
    """

    kind: str
    owner: int | str
    damage: int = 0


@dataclass
class SectorPicture:
    """One sector as it looks now: its place on the board and what sits on it."""

    id: str
    ring: str
    start: float  # degrees clockwise from north, at the current rotation
    end: float
    planet: str | None = None
    planet_colour: str | None = None
    token: str | None = None  # None: no token; "?" face down; else the revealed token's card
    asteroid: bool = False
    home: int | None = None
    white_dwarf: bool = False
    pieces: list[Piece] = field(default_factory=list)

    @property
    def token_state(self) -> str:
        """``none``, ``face-down`` or ``revealed``."""
        if self.token is None:
            return "none"
        return "face-down" if self.token == "?" else "revealed"


@dataclass
class BoardPicture:
    """The whole board: rings centre outwards, each ring's sectors, the round and rotation."""

    rings: tuple[str, ...]
    sectors: list[SectorPicture]
    rotation: int
    round: int
    players: int

    def pieces_by_owner(self) -> dict[str, dict[str, int]]:
        """``{owner: {kind: count}}`` over the whole board (owners as strings)."""
        counts: dict[str, dict[str, int]] = {}
        for sector in self.sectors:
            for piece in sector.pieces:
                kinds = counts.setdefault(str(piece.owner), {})
                kinds[piece.kind] = kinds.get(piece.kind, 0) + 1
        return counts


def board_of(content: GameContent, players: int) -> Board:
    """The engine's board for a pack and player count (homes from that count's setup)."""
    board_data, setups = content.get("board", {}), content.get("setups", {})
    return Board.from_data(board_data, setup_entry(setups, players))


def picture(content: GameContent, state: State) -> BoardPicture:
    """The picture model of ``state`` (a full state or an observation) on the pack's board."""
    board = board_of(content, state["n"])
    rotation = int(state.get("rotation", 0))
    sectors = {sid: _sector(board, sid, state, rotation) for sid in board.sectors}
    for ship in state["ships"].values():
        owner = LUMOS_LABEL if ship["owner"] == LUMOS else ship["owner"]
        sectors[ship["sector"]].pieces.append(Piece(ship["size"], owner, ship.get("damage", 0)))
    for extractor in state["extractors"].values():
        sectors[extractor["sector"]].pieces.append(Piece("extractor", extractor["owner"]))
    for sector in sectors.values():
        sector.pieces.sort(key=lambda p: (str(p.owner), _KIND_ORDER.get(p.kind, 9)))
    rings = tuple(r for r in RING_ORDER if any(s.ring == r for s in board.sectors.values()))
    ordered = sorted(sectors.values(), key=lambda s: (rings.index(s.ring), s.start))
    return BoardPicture(rings, ordered, rotation, int(state.get("round", 0)), int(state["n"]))


_KIND_ORDER = {"large": 0, "medium": 1, "small": 2, "extractor": 3}


def _sector(board: Board, sid: str, state: State, rotation: int) -> SectorPicture:
    start, end = board.interval_of(sid, rotation)
    data = state["sectors"].get(sid, {})
    planet = data.get("planet")
    colour = state["planets"].get(planet, {}).get("colour") if planet else None
    token = data.get("token")
    if token is not None and not data.get("revealed"):
        token = "?"  # face down, whoever is looking
    return SectorPicture(
        id=sid,
        ring=board.ring_of(sid),
        start=start,
        end=end,
        planet=planet,
        planet_colour=colour,
        token=token,
        asteroid=bool(data.get("asteroid")),
        home=data.get("home"),
        white_dwarf=bool(data.get("white_dwarf")),
    )
