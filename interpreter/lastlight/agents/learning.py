"""Last Light's card values learned from play (the experiment of ``interpreter/agents/values.py``).

Each game of the experiment seats three ``heuristic`` agents on their hand weights and
randomises what they hold, so that a seat's final lead can be put down to its cards:

* every seat is given :data:`GIFTS` techs drawn at random from the pack, into play from the
  start (``simulate --give``'s machinery: ``lastlight/gifts.py``): the ``build`` worth of a
  tech is what having it in play does to its holder's lead (the price is not in it: the
  agent weighs that apart);
* a seat keeps a faction and an achievement drawn at random from those dealt (000 "setup"),
  not the one it prefers: their ``keep`` worth;
* for each gifted tech with an activated ability (000 "Civilization technology cards"), a
  coin says whether the seat uses it whenever it may or never: the difference is the
  ability's ``use`` worth, per use.

A tech's ``keep`` worth (the ``keep`` verb, a research pick, what to discard) is its ``build``
worth with its ability used when that helps. Everything is read from the pack (its card
tables and compiled effects), so a modder's new tech is valued like any other.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from whitedwarf.interpreter.agents import agent_seed, values
from whitedwarf.interpreter.bots import OptionLike
from whitedwarf.interpreter.lastlight import effects, valuation
from whitedwarf.interpreter.lastlight.agents.heuristic import HeuristicAgent
from whitedwarf.interpreter.lastlight.content import GameContent
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.gifts import GIVER
from whitedwarf.interpreter.runner import StalledGame, play
from whitedwarf.interpreter.simulation.gifts import Gift, GiftError, Gifting, GiftingGame
from whitedwarf.interpreter.vm import EffectError

GAME = "lastlight"
#: Seats of an experiment's game (three: every faction, ``three_plus`` ones too, is dealt).
PLAYERS = 3
#: Techs given to each seat from the start.
GIFTS = 2
#: Seat-games in each arm of an ability's coin below which its ``use`` worth is not trusted
#: (the agent then judges a use from its program, as before).
FEWEST_USES = 30


def learned(content: GameContent) -> values.CardValues | None:
    """The pack's learned values, learning them now (with a progress bar) when they are
    neither shipped nor cached and the mode allows it (``interpreter/agents/values.py``)."""
    digest = content.digest()
    found = values.known(GAME, digest, SHIPPED)
    if found is not None or values.mode() != "learn":
        return found
    found = values.ensure(lambda: LastLightExperiment(content), GAME, digest, SHIPPED)
    for tables in content.runtimes.values():  # worth looked up before now: look again
        tables.card_values.clear()
    return found


#: The values of the bundled base pack (tests/agents/test_learned_values.py says when stale).
SHIPPED = valuation.SHIPPED


class LastLightExperiment:
    """One pack's experiment (the module docstring)."""

    game = GAME
    #: About a minute or two on 2 cores for the bundled pack (docs/simulate.md).
    default_games = 1500

    def __init__(self, content: GameContent) -> None:
        self.content = content
        self.digest = content.digest()
        tables = content.runtime(PLAYERS)
        self.techs = sorted(tables.cards.get("techs", {}))
        self.factions = sorted(tables.cards.get("factions", {}))
        self.achievements = sorted(tables.cards.get("achievements", {}))
        self.abilities = {t for t in self.techs if _activated(tables, t)}

    def priors(self) -> dict[str, float]:
        tables = self.content.runtime(PLAYERS)
        out: dict[str, float] = {}
        for kind, cards in (
            ("build", self.techs),
            ("keep", [*self.factions, *self.achievements]),
        ):
            for card in cards:
                try:
                    compiled = effects.card_effect(tables, card)
                except (KeyError, EffectError):
                    continue
                out[f"{kind}:{card}"] = valuation.card_value({"compiled": compiled})
        return out

    def play(self, seed: int) -> tuple[list[values.Row], dict[str, float]]:
        rng = random.Random(seed)
        gifts = [
            Gift(seat, card)
            for seat, chunk in enumerate(_chunks(rng.sample(self.techs, GIFTS * PLAYERS)))
            for card in chunk
        ]
        always = {g: rng.random() < 0.5 for g in gifts if g.card in self.abilities}
        agents = [
            LearningAgent(agent_seed(seed, seat), {g.card: a for g, a in always.items()
                                                   if g.seat == seat})
            for seat in range(PLAYERS)
        ]  # fmt: skip
        try:
            game = Game.from_content(self.content, PLAYERS, {"round_limit": 200})
            gifting = Gifting(GIVER, game, gifts)
            state = game.new_state(seed)
            play(GiftingGame(game, gifting), state, agents)
        except (GiftError, EffectError, StalledGame, KeyError, ValueError):
            return [], {}  # a deal the gifts do not fit, or a runaway card: left out
        features: list[dict[str, float]] = []
        counts: dict[str, float] = {}
        for seat, agent in enumerate(agents):
            player = state["players"][seat]
            mine = {f"build:{g.card}": 1.0 for g in gifts if g.seat == seat}
            for card in (player.get("faction"), agent.achievement):
                if card:
                    mine[f"keep:{card}"] = 1.0
            for card, used in agent.policy.items():
                _count(counts, f"arm:{card}:{int(used)}", 1)
                if used:
                    mine[f"use:{card}"] = 1.0
                    _count(counts, f"uses:{card}", agent.uses.get(card, 0))
            features.append(mine)
        scores = [float(p["light"]) for p in state["players"]]
        return values.rows_of(features, values.leads(scores)), counts

    def finish(
        self, worth: dict[str, float], seen: dict[str, float], counts: dict[str, float]
    ) -> dict[str, dict[str, float]]:
        out: dict[str, dict[str, float]] = {}
        for card in self.techs:
            build = worth.get(f"build:{card}", 0.0)
            use = worth.get(f"use:{card}")
            arms = min(counts.get(f"arm:{card}:0", 0), counts.get(f"arm:{card}:1", 0))
            entry = {"build": build, "keep": build}
            if use is not None and card in self.abilities and arms >= FEWEST_USES:
                uses = counts.get(f"uses:{card}", 0) / max(1.0, counts.get(f"arm:{card}:1", 1))
                entry["use"] = use / max(1.0, uses)
                entry["keep"] = entry["build"] = build + max(0.0, use)
            out[card] = {k: round(v, 4) for k, v in entry.items()}
        for card in (*self.factions, *self.achievements):
            out[card] = {"keep": round(worth.get(f"keep:{card}", 0.0), 4)}
        return out


def _count(counts: dict[str, float], name: str, n: float) -> None:
    counts[name] = counts.get(name, 0.0) + n


def _chunks(cards: list[str]) -> list[list[str]]:
    return [cards[i : i + GIFTS] for i in range(0, len(cards), GIFTS)]


def _activated(tables: Any, card: str) -> bool:
    try:
        clauses = effects.card_effect(tables, card)["clauses"]
    except (KeyError, EffectError):
        return False
    return any(c.get("form") == "activated" for c in clauses)


class LearningAgent(HeuristicAgent):
    """The heuristic agent with the experiment's coins: it keeps a faction and an
    achievement at random, and uses each ability of ``policy`` always (True) or never."""

    def __init__(self, seed: int, policy: dict[str, bool]) -> None:
        super().__init__(seed)
        self.policy = policy
        self.uses: dict[str, int] = {}
        self.achievement: str | None = None

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str:
        ids = [o.id for o in options]
        kind = ids[0].partition(":")[0] if ids else ""
        if kind in ("faction", "achievement") and all(i.startswith(kind) for i in ids):
            chosen = ids[self.rng.randrange(len(ids))]
            if kind == "achievement":
                self.achievement = chosen.partition(":")[2]
            return chosen
        if self.policy:
            wanted = [i for i in ids if self._wanted(i)]
            if wanted:
                card = _card_of(wanted[0])
                self.uses[card] = self.uses.get(card, 0) + 1
                return wanted[0]
            barred = [o for o in options if self._barred(o.id)]
            if barred and len(barred) < len(options):
                options = [o for o in options if not self._barred(o.id)]
        return super().choose(state, seat, options)

    def _wanted(self, option: str) -> bool:
        return option.startswith("use:") and self.policy.get(_card_of(option)) is True

    def _barred(self, option: str) -> bool:
        return option.startswith("use:") and self.policy.get(_card_of(option)) is False


def _card_of(option: str) -> str:
    """``use:salvage_drones#1:0`` -> ``salvage_drones``."""
    return option.partition(":")[2].partition(":")[0].partition("#")[0]


def ship(workers: int = 2, games: int | None = None) -> values.CardValues:
    """Learn the bundled base pack's values and write them where the game ships them
    (:data:`SHIPPED`): ``python -m whitedwarf.interpreter.agents.ship``."""
    from whitedwarf.interpreter.lastlight.packs import load_game_content

    experiment = LastLightExperiment(load_game_content())
    found = values.learn(experiment, games or experiment.default_games, 0, workers)
    values.write(found, SHIPPED)
    return found
