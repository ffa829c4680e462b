"""The engine's own bounds on what content can make it do (DESIGN principle 3).

Every loop of the engine whose count comes from content or from a stat is bounded: most by
the finite supply they draw from (a draw stops when the tech deck and its discard pile are
empty, 000 "Action Card #1"; a gain takes what the supply holds, E6; a build takes a piece
from the player's supply). The loops that draw from no supply have a declared limit here,
and going over it stops the game with one :class:`~whitedwarf.interpreter.vm.EffectLimitError`
naming the card responsible (docs/rules-decisions.md E21), which ``Game`` turns into
``EffectLimitReached`` and ``whitedwarf play`` prints without a traceback:

- :data:`MAX_DICE_PER_ROLL`: the dice of one group's roll, extra dice included (ship stats
  summed over techs can grow without end; a die whose faces all roll again never stops);
- :data:`MAX_TRADES`: the trades of one Trade action (trades can be undone by the reverse
  trade, so no supply ends them);
- :data:`MAX_DECK`: the cards of one deck or token pile built from ``copies``;
- :data:`MAX_PIECES`: the ships of one size and the extractors in a player's supply (each
  build is one decision; with free builds nothing else ends them);
- :data:`MAX_ABILITY_USES`: activated abilities one player starts in one action card (an
  ability that pays for itself, ``activated: pay 1 common -> gain 1 common``, could be used
  for ever). The count is kept in the player's ``temp`` under :data:`USES`, which the engine
  clears when the action card is resolved, as it clears the ``add`` amounts.

The validator refuses most such numbers where they are written (the declared ranges of the
schemas); these limits hold for content that adds up to them, and for content that was never
validated.
"""

from __future__ import annotations

from typing import Any, NoReturn

from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.vm import EffectLimitError

#: Dice one roll of one group may have, the extra dice of ``explode`` faces included. The
#: base game's largest roll is 6 dice (3 medium or 2 large ships), so this is far above any
#: real game.
MAX_DICE_PER_ROLL = 1_000
#: Trades one Trade action may make (000 "Action Card #4": 2).
MAX_TRADES = 100
#: Ships of one size, or extractors, in one player's supply (5 small ships and 8 extractors in
#: the base game).
MAX_PIECES = 100
#: Activated abilities one player may start during one action card. Every base-game ability
#: exhausts its card, so a player uses at most one per card in play.
MAX_ABILITY_USES = 100
#: The key of the use count in ``player["temp"]`` (never a stat name).
USES = "@ability_uses"
#: Cards of one deck (the techs) or one exploration pile, all copies counted (83 techs and
#: 18 tokens in the base game).
MAX_DECK = 10_000


def _others(sources: list[str]) -> str:
    """`` (with 'b', 'c' and 2 more)`` for the cards after the first."""
    rest = sources[1:]
    if not rest:
        return ""
    shown = ", ".join(repr(s) for s in rest[:3])
    more = f" and {len(rest) - 3} more" if len(rest) > 3 else ""
    return f" (with {shown}{more})"


def too_many_dice(sources: list[str], seat: int, size: str, ships: int, attack: int) -> NoReturn:
    """Stop a roll of more than :data:`MAX_DICE_PER_ROLL` dice, naming the card that raised
    the ship type's attack (``sources``: ``modifiers.stat_sources``), or ships.yaml when the
    base attack alone is too high."""
    card = sources[0] if sources else f"ships.yaml:{size}"
    whose = "the Lumos" if seat < 0 else f"player {seat}"
    more = _others(sources)
    raise EffectLimitError(
        card,
        "dice",
        f"card {card!r}{more}: {ships} {size} ship(s) of {whose} with attack {attack:,} would "
        f"roll {ships * attack:,} dice at once; a roll has at most {MAX_DICE_PER_ROLL:,} dice",
    )


def too_many_extra_dice(die: str, card: str | None = None) -> NoReturn:
    """Stop a roll whose extra dice went over :data:`MAX_DICE_PER_ROLL`, naming the card
    that turned the last die into one that rolls again, or else the die."""
    if card is not None:
        raise EffectLimitError(
            card,
            "dice",
            f"card {card!r}: one roll went over {MAX_DICE_PER_ROLL:,} dice, the card turning "
            "dice into ones that roll another die",
        )
    raise EffectLimitError(
        die,
        "dice",
        f"die {die!r} (dice.yaml): one roll went over {MAX_DICE_PER_ROLL:,} dice with the extra "
        "dice its faces roll (do too many faces roll another die?)",
    )


def too_many_trades(sources: list[str], seat: int, trades: int) -> NoReturn:
    """Stop a Trade action of more than :data:`MAX_TRADES` trades, naming the card that
    raised the stat (``sources``: ``modifiers.stat_sources``)."""
    card = sources[0] if sources else "supply.yaml:trade_picks"
    raise EffectLimitError(
        card,
        "trades",
        f"card {card!r}{_others(sources)}: player {seat} would make {trades:,} trades in one "
        f"Trade action; a Trade action makes at most {MAX_TRADES:,}",
    )


def check_deck(what: str, copies: dict[str, int]) -> None:
    """Refuse a deck or pile (card id -> copies) of more than :data:`MAX_DECK` cards,
    naming the card with the most copies."""
    total = sum(max(0, n) for n in copies.values())
    if total <= MAX_DECK:
        return
    card = max(sorted(copies), key=lambda cid: copies[cid])
    raise EffectLimitError(
        card,
        "copies",
        f"card {card!r}: {copies[card]:,} copies make the {what} {total:,} cards; "
        f"a deck holds at most {MAX_DECK:,}",
    )


def count_use(state: State, seat: int, card: str) -> int:
    """Count an activated ability started by ``seat`` (the count to keep is returned: the
    caller keeps it, ``state.set_temp``); stop the game when the action card
    has seen more than :data:`MAX_ABILITY_USES`, naming the card."""
    uses = state["players"][seat]["temp"].get(USES, 0) + 1
    if uses > MAX_ABILITY_USES:
        raise EffectLimitError(
            card,
            "uses",
            f"card {card!r}: player {seat} started activated abilities more than "
            f"{MAX_ABILITY_USES:,} times in one action card (does an ability pay for itself?)",
        )
    return uses


def check_pieces(per_player: dict[str, Any]) -> None:
    """Refuse a player supply (supply.yaml ``per_player``) of more than :data:`MAX_PIECES`
    ships of a size or extractors, naming the entry."""
    counts = {f"ships/{k}": v for k, v in (per_player.get("ships") or {}).items()}
    counts["extractors"] = per_player.get("extractors", 0)
    for key, count in counts.items():
        if int(count) > MAX_PIECES:
            where = f"supply.yaml:per_player/{key}"
            raise EffectLimitError(
                where,
                "pieces",
                f"{where}: {int(count):,} pieces in a player's supply; a supply holds at most "
                f"{MAX_PIECES:,} of a kind",
            )
