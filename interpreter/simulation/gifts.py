"""Cards put into a seat's play for a whole batch: ``simulate --give SEAT:CARD[@ROUND]``.

A designer who wants to see one card at work cannot wait for the deal to bring it (a new
tech's trigger fired once in 40 seeded games): a gift puts it in the seat's play in every game,
from the start or at the start of a round, the way the scenario modules write a position
(``lastlight/scenario.py``, ``starlight/scenario.py``: the box stays whole, a card given comes
out of its deck). What each game can hold is its own:

* Last Light: a tech (into play: a civilization tech by the player's board, a ship tech on the
  first ship type that has no copy of it), a faction, a hidden planetary achievement (000
  "setup" 8). A faction given from the start is dealt to its seat alone (the ``factions``
  option), so its setup happens as the rules say.
* Starlight: a Core, a Flare, a Starter Core, a laurel, a god (with ``--option gods=true``:
  003 "The Gods"); only to a live seat (a Starbot holds no cards: 003 "Starbot Play").

A gift is applied before the first decision of its round (round 1: the first decision after
setup), and each game's record lists the gifts it applied (``gifts``), so a report and a
resumed batch know. A card the game cannot hold (an exploration token, which resolves when a
ship reveals it) is refused when the batch is set up, in one sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from whitedwarf.dsl.suggest import did_you_mean
from whitedwarf.interpreter.state import State

#: The card kinds each game can give, by the name of its content's card table.
GIVEN_KINDS = {
    "lastlight": ("techs", "factions", "achievements"),
    "starlight": ("cores", "flares", "starters", "laurels", "gods"),
}

#: Why a kind of card that a game has cannot be given (said when it is asked for).
NOT_GIVEN = {
    "exploration": "an exploration token resolves when a ship reveals its sector (000 '1. Move'), "
    "it is never held",
    "accolades": "an accolade is scored at the end by whoever earns it, never held",
    "aspects": "an aspect belongs to a star, not to a player",
    "privileges": "a privilege is recorded on a mat by an action, not a card",
    "starbots": "a Starbot card is the automated seat's own deck",
}

_GIFT = re.compile(r"^\s*(-?\d+)\s*:\s*([^@\s]+)\s*(?:@\s*(-?\d+)\s*)?$")


class GiftError(ValueError):
    """A gift the batch cannot make: the message says which and why, in one sentence."""


@dataclass(frozen=True)
class Gift:
    """``card`` into ``seat``'s play at the start of ``round`` (1: from the start)."""

    seat: int
    card: str
    round: int = 1

    def text(self) -> str:
        """``0:warp_drive@3`` (``@1`` left out), as ``--give`` takes it."""
        return f"{self.seat}:{self.card}" + (f"@{self.round}" if self.round != 1 else "")


def parse_gift(text: str) -> Gift:
    """``SEAT:CARD[@ROUND]`` to a :class:`Gift`; :class:`GiftError` when it is not that."""
    found = _GIFT.match(text)
    if found is None:
        raise GiftError(f"{text!r} is not SEAT:CARD or SEAT:CARD@ROUND (0:warp_drive@3)")
    seat, card, round_ = int(found[1]), found[2], int(found[3] or 1)
    if seat < 0:
        raise GiftError(f"{text!r}: seats are numbered from 0")
    if round_ < 1:
        raise GiftError(f"{text!r}: rounds are numbered from 1")
    return Gift(seat, card, round_)


def gifts_of(extra: dict[str, Any]) -> list[Gift]:
    """The gifts kept in a batch's settings (``BatchConfig.extra["give"]``)."""
    return [parse_gift(text) for text in extra.get("give", [])]


def card_kind(game_name: str, cards: dict[str, dict[str, Any]], card: str) -> str:
    """The table of ``cards`` (a game's content, by kind) that holds ``card``, if the game can
    give that kind; :class:`GiftError` otherwise (with the nearest card id)."""
    kinds = [kind for kind, table in cards.items() if card in table]
    if not kinds:
        known = {cid for kind in GIVEN_KINDS.get(game_name, ()) for cid in cards.get(kind, {})}
        close = did_you_mean(card, known)
        return _refuse(f"no card {card!r} in the pack" + (f"; {close}" if close else ""))
    given = [kind for kind in kinds if kind in GIVEN_KINDS.get(game_name, ())]
    if not given:
        why = NOT_GIVEN.get(kinds[0], f"the game cannot put a card of {kinds[0]} in play")
        return _refuse(f"{card} cannot be given: {why}")
    return given[0]


def _refuse(message: str) -> str:
    raise GiftError(message)


# -- putting the cards in play -----------------------------------------------------------------


def _lastlight_cards(game: Any) -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = game.content.runtime(game.players).cards
    return cards


def _starlight_cards(game: Any) -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = game.content.cards
    return cards


def _lastlight_give(game: Any, state: State, seat: int, kind: str, card: str) -> None:
    from whitedwarf.interpreter.lastlight import scenario
    from whitedwarf.interpreter.lastlight.state import SIZES, card_id

    try:
        if kind == "factions":
            scenario.keep(state, seat, faction=card)
        elif kind == "achievements":
            scenario.keep(state, seat, achievement=card)
        else:
            player = state["players"][seat]
            if _lastlight_cards(game)["techs"][card].get("kind") == "civilization":
                ship_type = None
            else:  # the first ship type that has no copy of it yet
                taken = {t["ship_type"] for t in player["techs"] if card_id(t["ref"]) == card}
                ship_type = next((size for size in SIZES if size not in taken), SIZES[0])
            _free_tech(state, card)
            scenario.put_tech(state, seat, card, ship_type=ship_type)
    except scenario.ScenarioError as error:
        raise GiftError(str(error)) from None


def _free_tech(state: State, card: str) -> None:
    """A copy of ``card`` back to the deck from another hand when the deck and the discard
    pile hold none (the gift comes first: the seat was to have it whatever the deal)."""
    from whitedwarf.interpreter.lastlight.state import card_id

    if any(card_id(ref) == card for ref in (*state["deck"], *state["discard"])):
        return
    for player in state["players"]:
        ref = next((r for r in player["techs_hand"] if card_id(r) == card), None)
        if ref is not None:
            player["techs_hand"].remove(ref)
            state["deck"].append(ref)
            return


def _starlight_give(game: Any, state: State, seat: int, kind: str, card: str) -> None:
    from whitedwarf.interpreter.starlight import scenario

    try:
        if kind == "gods":
            if not game.options.get("gods"):
                raise GiftError(
                    f"{card} is a god: give it with --option gods=true (003 'The Gods': "
                    "without them no god's power applies)"
                )
            _swap_god(state, seat, card)
            scenario.keep(game, state, seat, god=card)
        elif kind == "laurels":
            for p in state["players"]:  # the gift comes first: another holder lets it go
                if card in p["laurels"]:
                    p["laurels"].remove(card)
            scenario.keep(game, state, seat, laurels=[card])
        elif kind == "starters":
            for p in state["players"]:  # the seat's own starter goes back to the box
                if p["seat"] == seat:
                    p["starter"] = None
            scenario.give(game, state, seat, starter=card)
        else:
            _free_card(state, kind, card)
            if kind == "cores":
                scenario.give(game, state, seat, cores=[card])
            else:
                scenario.give(game, state, seat, flares=[card])
    except scenario.ScenarioError as error:
        raise GiftError(str(error)) from None


def _swap_god(state: State, seat: int, god: str) -> None:
    """Another seat keeping ``god`` keeps ``seat``'s god instead (one copy of each god)."""
    mine = next(p for p in state["players"] if p["seat"] == seat)
    for p in state["players"]:
        if p["seat"] != seat and p.get("god") == god:
            p["god"], p["gods_dealt"] = mine.get("god"), [g for g in [mine.get("god")] if g]


def _free_card(state: State, kind: str, card: str) -> None:
    """A Core or Flare out of a pool or another seat's hand when its deck has none."""
    deck = state["core_deck" if kind == "cores" else "flare_deck"]
    if card in deck or (kind == "cores" and card in state["core_discard"]):
        return
    pool = state["pools"].get(kind, [])
    if card in pool:
        pool[pool.index(card)] = None
        deck.append(card)
        return
    for p in state["players"]:
        if card in p.get(kind, []):
            p[kind].remove(card)
            deck.append(card)
            return


@dataclass(frozen=True)
class Giver:
    """How one game gives cards: its card tables and the function putting one in play."""

    cards: Callable[[Any], dict[str, dict[str, Any]]]
    give: Callable[[Any, State, int, str, str], None]
    #: Whether a seat takes decisions (a Starlight Starbot does not, and holds no cards).
    #: ``(game, seat) -> reason it cannot hold a card``, or None.
    seat_problem: Callable[[Any, int], str | None]


def _no_problem(game: Any, seat: int) -> str | None:
    return None


def _starlight_seat(game: Any, seat: int) -> str | None:
    seats = game.options.get("seats") or []
    if seat < len(seats) and seats[seat] == "starbot":
        return f"seat {seat} is a Starbot: it holds no cards (003 'Starbot Play')"
    return None


GIVERS: dict[str, Giver] = {
    "lastlight": Giver(_lastlight_cards, _lastlight_give, _no_problem),
    "starlight": Giver(_starlight_cards, _starlight_give, _starlight_seat),
}


def giver(game_name: str) -> Giver:
    """The game's :class:`Giver`; :class:`GiftError` for a game that cannot give cards."""
    found = GIVERS.get(game_name)
    if found is None:
        raise GiftError(f"--give cannot put cards in play in {game_name} yet")
    return found


def check_gifts(
    engine: Any, content: Any, players: int, options: dict[str, Any], gifts: Sequence[Gift]
) -> None:
    """Refuse a gift the batch cannot make (:class:`GiftError`, one sentence naming it): a
    seat the game does not have or that holds no cards, a card the pack does not have or of
    a kind the game cannot put in play, or one the game refuses at the start of a game (a
    dry run of a game: a fifth Core, a god without gods, a 3+ faction with 2 players)."""
    how = giver(engine.name)
    game = engine.game.from_content(content, players, options)
    cards = how.cards(game)
    for gift in gifts:
        prefix = f"{gift.text()}: "
        if gift.seat >= players:
            raise GiftError(f"{prefix}there is no seat {gift.seat} in a {players}-seat game")
        problem = how.seat_problem(game, gift.seat)
        try:
            if problem:
                raise GiftError(problem)
            card_kind(engine.name, cards, gift.card)
        except GiftError as error:
            raise GiftError(f"{prefix}{error}") from None
    try:
        game, gifting, _ = prepared(engine, content, players, options, gifts)
    except engine.errors as error:
        listed = ", ".join(g.text() for g in gifts)
        raise GiftError(f"{listed}: {error}") from None
    state = game.new_state(0)
    _past_setup(game, state)
    try:
        gifting.due(state, every=True)
    except GiftError as error:
        raise GiftError(f"{gifting.current}: {error}") from None


def _past_setup(game: Any, state: State) -> None:
    """Make the setup's choices (each seat keeps the first card offered)."""
    while _in_setup(state):
        seat = game.current_players(state)[0]
        game.apply(state, seat, game.legal_options(state, seat)[0].id)


def prepared(
    engine: Any, content: Any, players: int, options: dict[str, Any], gifts: Sequence[Gift]
) -> tuple[Any, Gifting, list[dict[str, Any]]]:
    """The game of a batch with gifts (its options dealing a faction given from the start),
    the :class:`Gifting` applying the others in play, and the gifts its setup applied."""
    cards = giver(engine.name).cards(engine.game.from_content(content, players, options))
    options, rest, applied = setup_options(engine.name, gifts, options, cards)
    game = engine.game.from_content(content, players, options)
    return game, Gifting(engine.name, game, rest), applied


class GiftingGame:
    """A game whose next decision is asked after the gifts due are applied: what
    ``runner.play`` plays when a batch gives cards (everything else is the game's)."""

    def __init__(self, game: Any, gifting: Gifting) -> None:
        from whitedwarf.interpreter.runner import _asker

        self.game, self.gifting, self.asker = game, gifting, _asker(game)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def next_decision(self, state: State) -> Any:
        """The game's next decision, the gifts due applied first."""
        self.gifting.due(state)
        return self.asker(state)


def setup_options(
    game_name: str, gifts: Sequence[Gift], options: dict[str, Any], cards: dict[str, Any]
) -> tuple[dict[str, Any], list[Gift], list[dict[str, Any]]]:
    """The game options that deal a Last Light faction given from the start to its seat
    alone (its ``game_start`` effects then fire as the rules say), the gifts left to apply
    in play, and those the options applied (for the record, at round 0: the setup)."""
    if game_name != "lastlight":
        return options, list(gifts), []
    factions = options.get("factions") or []
    if isinstance(factions, str):
        factions = factions.split(",")
    at_setup = [g for g in gifts if g.round == 1 and g.card in cards.get("factions", {})]
    if not at_setup:
        return options, list(gifts), []
    seats = max(len(factions), *(g.seat + 1 for g in at_setup))
    chosen = [(factions[i] if i < len(factions) else "") or "" for i in range(seats)]
    for gift in at_setup:
        chosen[gift.seat] = gift.card
    applied = [{"seat": g.seat, "card": g.card, "kind": "factions", "round": 0} for g in at_setup]
    rest = [g for g in gifts if g not in at_setup]
    return {**options, "factions": ",".join(chosen)}, rest, applied


class Gifting:
    """The gifts of one game, applied as their rounds come (:meth:`due` before each
    decision), and what was applied (:attr:`applied`, for the record)."""

    def __init__(self, game_name: str, game: Any, gifts: Sequence[Gift]) -> None:
        self.name, self.game, self.how = game_name, game, giver(game_name)
        self.cards = self.how.cards(game)
        self.waiting = sorted(gifts, key=lambda g: g.round)
        self.applied: list[dict[str, Any]] = []
        self.current = ""

    def due(self, state: State, every: bool = False) -> None:
        """Apply the gifts whose round has come (``every``: all of them now, a dry run),
        once the setup's choices are made."""
        if not self.waiting or _in_setup(state):
            return
        now = state.get("round", 1)
        while self.waiting and (every or self.waiting[0].round <= now):
            gift = self.waiting.pop(0)
            self.current = gift.text()
            kind = card_kind(self.name, self.cards, gift.card)
            self.how.give(self.game, state, gift.seat, kind, gift.card)
            self.applied.append({"seat": gift.seat, "card": gift.card, "kind": kind, "round": now})
        self.game.edited(state)


def _in_setup(state: State) -> bool:
    """Whether the setup's choices (a faction, a god to keep) are still being made."""
    return state.get("phase") in ("setup", "gods")
