"""The version stamps and the memos built on them give the answers a fresh walk gives.

``versions.py`` lets the achievement check and stat reads skip work when nothing they read
changed, trusting every function that changes the ships, the extractors or a seat's cards in
play to say so. These tests play seeded games and, every time a memo is consulted (each
check, each stat read), compare it with the state worked out from scratch, so a change made
without renewing a stamp fails here: the same pieces under the same stamp, the same cards with
``as_soon_as`` clauses, the same stat and flag totals, and every condition the memo skips
still false.
"""

from __future__ import annotations

import copy
import gc
import operator
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight import (
    combat,
    command,
    construct,
    determinise,
    effects,
    fleet,
    hooks,
    lumos,
    mine,
    modifiers,
    pending,
    persist,
    refresh,
    research,
    selectors,
    stats,
    trade,
    versions,
)
from whitedwarf.interpreter.lastlight.conditions import FINGERPRINTS, reads
from whitedwarf.interpreter.lastlight.content import GameContent, runtime
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.state import (
    LUMOS,
    card_id,
    damage_ship,
    gain,
    move_ship,
    place_extractor,
    place_ship,
    remove_tech,
)
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.state import clone
from whitedwarf.interpreter.vm import new_frame

from tests.base_content import base_content
from tests.engine.positions import content as with_test_cards

State = dict[str, Any]

#: Domain -> what its stamp keeps track of: the conditions' domains, and the stamps no
#: condition reads (``versions.shown``: a seat's chosen card, the tokens revealed).
STAMPED = {
    **FINGERPRINTS,
    "choice": lambda state, seat: state["players"][seat]["choice"],
    # a seat's unbuilt pieces: the RL vector's supply numbers (a unit paid out of a
    # graveyard comes home with no other stamp of its owner's)
    "supply": lambda state, seat: dict(state["players"][seat]["supply"]),
    "tokens": lambda state, _: (
        [(s["token"], s["token_kind"], s["revealed"]) for s in state["sectors"].values()],
        list(state["explored"]),
    ),
}

#: ``as soon as`` conditions over every domain a memo keys on (the base achievements' own).
CONDITIONS = [
    "number of medium ships you own >= 2 and number of small ships you own >= 3",
    "number of extractors you own >= 4",
    "number of red planets you control >= 1 and number of blue planets you control >= 1",
    "number of centre ships of yours >= 2",
    "common >= 3 and uncommon >= 2",
    "round >= 5 and opponents_max_light - light >= 3",
    "number of planets you control >= players + 1",
    "graveyard >= 2",
    "techs_in_play >= 3",
    "number of large ships you own >= 1",
    "number of dice >= 3",  # dice have no stamp: read as "everything", never skipped
]


def modded_content(rotation: int = 0) -> GameContent:
    """A modder's pack: every civilization tech and faction of the base pack also has an
    ``as soon as`` clause (ship techs may have none), so many conditions of every domain are
    pending on every seat at once. The i-th card gets condition ``i + rotation``: which card
    holds which condition decides who meets what when, so the audit plays every rotation."""
    return with_clause_on_every_card(
        f"lastlight-modded-{rotation}",
        lambda i: f"as soon as {CONDITIONS[(i + rotation) % len(CONDITIONS)]} -> gain 1 common",
    )


def with_clause_on_every_card(name: str, clause: Callable[[int], str]) -> GameContent:
    """The base pack with ``clause(i)`` added to the effect of the i-th civilization tech and
    of the i-th faction (ship techs take no such clause)."""
    files = copy.deepcopy(base_content().files)
    for table in ("techs", "factions"):
        cards = [c for c in files[table] if c.get("kind", "civilization") == "civilization"]
        for i, card in enumerate(cards):
            extra = clause(i)
            card["effect"] = f"{card['effect'].rstrip()}\n{extra}" if card.get("effect") else extra
            card.pop("compiled", None)  # else the pack's compiled effect, without the clause
    return GameContent(files, name)


#: Activated abilities whose first choice reads each domain a memo keys on (the ships, the
#: extractors, techs in hand, action cards), none (players), or what no stamp says (a target
#: rule: a move's reach): ``hooks._would_act_kept`` keeps the first kinds, asks the last afresh.
ABILITIES = [
    "repair a damaged ship of yours",
    "mine a planet you control",
    "give 1 common to an opponent",
    "manufacture_free an unresearched tech of yours",
    "move_extra a medium ship of yours by 1",
    "deal 1 damage to an enemy ship",
    "move a ship of yours to the centre sector",
    "destroy an enemy extractor",
    "take_back a played action card of yours",
    "repair a damaged ship of yours other than this card",
]


def activated_content() -> GameContent:
    """A modder's pack: every civilization tech and faction of the base pack also has an
    activated ability (:data:`ABILITIES`), so many are usable or not on every seat."""
    return with_clause_on_every_card(
        "lastlight-activated",
        lambda i: f"activated: exhaust this card -> {ABILITIES[i % len(ABILITIES)]}",
    )


def to_light(data: GameContent, light: int) -> GameContent:
    """The same pack with the game ending at ``light`` light."""
    files = copy.deepcopy(data.files)
    files["supply"]["rules"]["game_end_light"] = light
    return GameContent(files, data.name)


class Auditor:
    """Wraps ``versions.of``: each time a memo is about to be used, checks it from scratch."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, int], Any] = {}
        self.audits = 0
        self.skipped_checked = 0
        self.whole_skips = 0
        self.asked_used = 0
        self.usable_checked = 0
        self.fleets_checked = 0
        self.types_checked = 0
        self.sectors_checked = 0
        self.moves_checked = 0
        self.combat_checked = 0
        self.groups_checked = 0
        self.held_checked = 0
        self.busy = False
        self.selections_checked = 0
        self.extractor_owners_checked = 0
        self.real = versions.of
        self.real_asked = versions.asked_options
        self.real_look_again = combat._look_again
        self.real_groups_kept = combat._groups_kept
        self.real_candidates = selectors.candidates
        #: How many ship moves, damages or repairs, and removals left the ships by sector
        #: kept with the new stamp, checked there and then.
        self.sectors_carried = {"moved": 0, "damaged": 0, "removed": 0}
        self.real_ship_changes = {
            "moved": versions.ship_moved,
            "damaged": versions.ship_damaged,
            "removed": versions.ship_removed,
        }

    def __call__(self, state: State) -> versions.Versions:
        kept = self.real(state)
        if not self.busy:  # the audit's own fresh tests read the indexes too
            self.busy = True
            try:
                self.audit(state, kept)
            finally:
                self.busy = False
        return kept

    def audit(self, state: State, kept: versions.Versions) -> None:
        self.audits += 1
        # The memos readers take from the state object are those versions.of gives.
        assert getattr(state, "memo", None) is kept, "versions.of gave memos not the state's"
        # A seat's observation (the others' hands are counts there), read by the guesses
        # lent it (versions.lend): the stamps' fingerprints read those hands, so only its
        # memos are checked.
        view = any(isinstance(p["techs_hand"], int) for p in state["players"])
        for key, stamp in () if view else kept.stamps.items():
            domain, seat = key if isinstance(key, tuple) else (key, 0)
            now = STAMPED[domain](state, seat)
            assert self.seen.setdefault((key, stamp), now) == now, (
                f"{key} changed without a new version stamp"
            )
        rt = runtime(state)
        for seat, p in enumerate(state["players"]):
            mine = kept.seats[seat]
            if mine is not None and not mine.stale and mine.achievement == p["achievement"]:
                done = p.get("once", ())  # one met in a check still running is listed
                listed = [
                    (e.ref, e.clause, e.achievement, e.domains)
                    for e in mine.entries
                    if e.achievement or e.name not in done
                ]
                assert listed == fresh_pending(rt, p), f"seat {seat}'s pending conditions"
            if kept.totals[seat] is not None:
                assert kept.totals[seat] == modifiers.card_totals(state, seat), "card totals"
            for (name, size), total in kept.mods[seat].items():
                assert total == modifiers.modifier_total(state, seat, name, size), (
                    f"the total of {name}"
                )
            for (name, size), granted in kept.flags[seat].items():
                assert granted == modifiers.flag_granted(state, seat, name, size), (
                    f"the grant of {name}"
                )
            if kept.board[seat] is not None:
                assert kept.board[seat] == research.board_of(state, seat), "techs by name"
            refs = (p["faction"], *(t["ref"] for t in p["techs"]))
            if kept.plans[seat] is not None:
                assert kept.plans[seat] == hooks._plan(rt, rt.triggers, refs), "hook plan"
            if kept.acts[seat] is not None:
                assert kept.acts[seat] == fresh_activators(rt, refs), "activated abilities"
            if kept.held[seat] is not None:
                # The very entries in play (a verb exhausts the one found), by ref.
                fresh = selectors.cards_in_play(p)
                assert {r: id(t) for r, t in kept.held[seat].items()} == {
                    r: id(t) for r, t in fresh.items()
                }, f"seat {seat}'s cards in play by ref"
                self.held_checked += 1
        for owner, sizes in kept.types.items():
            for size, numbers in sizes.items():
                assert numbers == fresh_ship_type(state, owner, size), (
                    f"the numbers of {owner}'s {size} ships"
                )
                self.types_checked += 1
        self.audit_pieces(state, kept)
        self.audit_pending(state, kept)
        self.audit_usable(state, kept)
        self.audit_moves(state, kept)

    def audit_moves(self, state: State, kept: versions.Versions) -> None:
        """A move step's kept listing, while it can serve (its task still on the stack, what
        it was made under unchanged, no temporary adds), lists the moves a fresh walk over
        the board lists, in the same order, and every ship still to move."""
        listing = kept.moves
        if listing is None or not any(t is listing.task for t in state["stack"]):
            return
        seat = listing.task["seat"]
        if listing.signature != command._signature(state, kept, seat):
            return  # made again at the next ask
        if state["players"][seat]["temp"]:
            return  # not used while there are some
        ships, moves = fresh_moves(state, seat)
        assert [o.id for o in listing.options] == moves, "the move step's kept options"
        assert list(listing.by_ship) == ships, "the move step's ships still to move"
        self.moves_checked += 1

    def audit_usable(self, state: State, kept: versions.Versions) -> None:
        """Whether an activated clause would act, kept with the stamps of what its choices
        read: under the same stamps, the same answer as a fresh look at its candidates, and
        the domain keys those its selectors read now."""
        rt = runtime(state)
        for (seat, ref, index), (keys, signature, answer) in kept.usable.items():
            code = effects.card_effect(rt, card_id(ref))["clauses"][index]["code"]
            fresh = hooks._choice_reads(code)
            assert fresh is not None and keys == versions.keys_of(fresh, seat), f"{ref} reads"
            if tuple(kept.stamps[k] for k in keys) != signature:
                continue  # worked out afresh at the next ask
            now = hooks._would_act(state, seat, ref, index, code)
            assert answer == now, f"{ref}:{index} of seat {seat} would act: kept {answer}"
            self.usable_checked += 1

    def audit_pieces(self, state: State, kept: versions.Versions) -> None:
        """The index of ships by owner and size, and the ships by sector while their stamp
        is current, list the ships a fresh walk over the board lists, in the same order."""
        if kept.ship_index is not None:
            fresh = fleet.Fleet(state["ships"])
            for seat in kept.ship_index.commanding:
                fresh.commanded(seat, True)
            assert kept.ship_index.layout() == fresh.layout(), "the ships by owner and size"
            self.fleets_checked += 1
        if self.audit_ship_sectors(state, kept):
            self.sectors_checked += 1
        found = kept.extractor_sectors
        if found is not None and found[0] == kept.stamps["extractors"]:
            ids = {k: [x["id"] for x in v] for k, v in found[1].items()}
            fresh = fleet.sectors_of(state["extractors"])
            assert ids == {k: [x["id"] for x in v] for k, v in fresh.items()}, (
                "the extractors by sector"
            )
            self.sectors_checked += 1
        owners = kept.extractor_owners
        if owners is not None and owners[0] == kept.stamps["extractors"]:
            ids = {k: [x["id"] for x in v] for k, v in owners[1].items()}
            fresh_owners = fleet.owners_of(state["extractors"])
            assert ids == {k: [x["id"] for x in v] for k, v in fresh_owners.items()}, (
                "the extractors by owner"
            )
            self.extractor_owners_checked += 1

    @staticmethod
    def audit_ship_sectors(state: State, kept: versions.Versions) -> bool:
        """The ships by sector, while their stamp is current, list the ships a walk over the
        board lists in each sector, in the same order; whether they were checked."""
        if kept.sectors is None or kept.sectors[0] != kept.stamps["ships"]:
            return False
        ids = {k: [s["id"] for s in v] for k, v in kept.sectors[1].items()}
        fresh = {k: [s["id"] for s in v] for k, v in fleet.sectors_of(state["ships"]).items()}
        assert ids == fresh, "the ships by sector"
        return True

    def ship_changed(self, change: str) -> Callable[..., None]:
        """Wraps ``versions.ship_moved`` (``ship_damaged``, ``ship_removed``): the ships by
        sector carried to the new stamp are checked right after the change."""
        real = self.real_ship_changes[change]

        def audited(state: State, *args: Any) -> None:
            real(state, *args)
            kept = versions._kept(state)
            if kept is not None and self.audit_ship_sectors(state, kept):
                self.sectors_carried[change] += 1

        return audited

    def candidates(
        self, state: State, frame: dict[str, Any], selector: dict[str, Any], resolve: Any
    ) -> list[str]:
        """Wraps ``selectors.candidates``: a selector that starts from an index (the owner's
        ships of a size, the ships in a sector, the owner's techs) lists what a walk over
        every piece of its type lists."""
        found = self.real_candidates(state, frame, selector, resolve)
        assert found == fresh_candidates(state, frame, selector, resolve), (
            f"the candidates of {selector} for {frame['card']}"
        )
        self.selections_checked += 1
        return found

    def asked_options(self, state: State, task: dict[str, Any]) -> list[Any] | None:
        """Wraps ``versions.asked_options``: options kept from the step that decided to ask
        are the ones a fresh listing gives now."""
        found = self.real_asked(state, task)
        if found is not None:
            self.asked_used += 1
            assert found == fresh_step_options(state, task), f"kept options of {task['kind']}"
        return found

    def look_again(self, state: State, t: dict[str, Any], survey: combat.KeptSectors) -> list[str]:
        """Wraps ``combat._look_again``: the sectors a pick finds from what the attack's
        last survey kept are the ones a fresh survey of the board finds."""
        for (owner, size), need in survey.shields.items():  # kept from the survey's reads
            assert need == stats.stat(state, owner, "shield", size), "the kept shields"
        found = self.real_look_again(state, t, survey)
        assert found == combat._survey(state, t)[0], "the kept combat sectors"
        self.combat_checked += 1
        return found

    def groups_kept(
        self,
        state: State,
        t: dict[str, Any],
        seat: int,
        sector: str,
        reaching: list[combat.Reaching],
    ) -> list[str]:
        """Wraps ``combat._groups_kept``: the groups a roll step finds from the ships the
        attack's survey kept are the ones a walk over the seat's ships finds."""
        found = self.real_groups_kept(state, t, seat, sector, reaching)
        assert found == combat._groups_walk(state, t, seat, sector), "the kept combat groups"
        self.groups_checked += 1
        return found

    def audit_pending(self, state: State, kept: versions.Versions) -> None:
        """What the next achievement check will skip is still false: a condition known false
        either reads the same stamps as when it was found false, or one that moved is in
        ``moved`` and the seat's index names the condition under it (else it would stay
        known false: the index missed a change)."""
        stamps, moved = kept.stamps, kept.moved
        for (ref, index, seat), signature in kept.known_false.items():
            mine = kept.seats[seat]
            assert mine is not None and (ref, index, seat) in mine.keys, f"{ref}:{index} unlisted"
            keys = seat_keys(runtime(state), ref, index, seat)
            assert keys is not None, f"{ref}:{index} reads everything, yet is known false"
            now = tuple(stamps[k] for k in keys)
            if now == signature:  # the check will skip it
                assert not holds(state, ref, index, seat), f"{ref}:{index} holds for {seat}"
                self.skipped_checked += 1
                continue
            assert any(
                (ref, index, seat) in mine.readers.get(k, ())
                for k, was, is_ in zip(keys, signature, now, strict=True)
                if was != is_ and k in moved
            ), f"{ref}:{index} of seat {seat} reads a domain that moved, but is not dropped"
        if kept.settled:
            # A check tests the readers of a moved domain alone (hooks._still_false): every
            # pending condition is under each domain key it reads, and none is under another.
            rt = runtime(state)
            index: dict[Any, set[tuple[str, int, int]]] = {}
            for seat, p in enumerate(state["players"]):
                for ref, clause, _, domains in fresh_pending(rt, p):
                    for domain in domains or ():
                        index.setdefault(domain, set()).add((ref, clause, seat))
            kept_index = {d: {e.key for e in entries} for d, entries in kept.readers.items()}
            assert kept_index == index, "the readers of each domain, all seats"
        if kept.settled and (not moved or moved.isdisjoint(kept.reading)):
            # The whole check is skipped: nothing pending may hold.
            rt = runtime(state)
            for seat, p in enumerate(state["players"]):
                for ref, index, _, domains in fresh_pending(rt, p):
                    assert domains is not None, f"{ref}:{index} reads everything"
                    keys = seat_keys(rt, ref, index, seat) or ()
                    assert set(keys) <= kept.reading, f"{ref}:{index}: unread domains"
                    assert not holds(state, ref, index, seat), f"skipped {ref}:{index}"
            self.whole_skips += 1


def fresh_ship_type(state: State, owner: int, size: str) -> stats.ShipType:
    """A ship type's numbers from the content's base stats and a walk over the owner's cards
    in play (the Lumos use base stats only, 002), without temporary adds (the memo is not
    used while there are some)."""
    rt = runtime(state)

    def number(name: str) -> int:
        base: int = rt.ship_stats[size][name]
        return base if owner == LUMOS else base + modifiers.modifier_total(state, owner, name, size)

    def granted(name: str) -> bool:
        return owner != LUMOS and modifiers.flag_granted(state, owner, name, size)

    return stats.ShipType(
        fights=2 if granted("fight_twice") else 1,
        bombard=granted("bombard"),
        range=number("range"),
        shield=number("shield"),
        movement=number("movement"),
        cross_asteroids=granted("cross_asteroids"),
    )


def fresh_moves(state: State, seat: int) -> tuple[list[str], list[str]]:
    """The ships ``seat`` may still move and the ids of their moves (000 "1. Move"), from a
    walk over every ship on the board, each destination found on the board afresh."""
    rt = runtime(state)
    board = rt.board
    rotation = state["rotation"] % board.rotations_cycle()
    ally = lumos.controller(state) == seat
    ships, moves = [], []
    for ship in state["ships"].values():
        owner = ship["owner"]
        if ship["moved"] or not (owner == seat or (ally and owner == LUMOS)):
            continue
        numbers = fresh_ship_type(state, owner, ship["size"])
        blocked = frozenset() if numbers.cross_asteroids else rt.blocked
        speed = numbers.movement + ship["extra_move"]
        reach = board.reachable(ship["sector"], speed, rotation, blocked)
        ships.append(ship["id"])
        moves += [f"move:{ship['id']}:{d}" for d in sorted(reach) if d != ship["sector"]]
    return ships, moves


def fresh_candidates(
    state: State, frame: dict[str, Any], selector: dict[str, Any], resolve: Any
) -> list[str]:
    """A selector's candidates from every piece of its type, each filter, exclude and target
    rule applied in turn (no index, no start from the owner's alone)."""
    typ, filters = selector["type"], selector["filters"]
    hands = [spec for spec in filters if spec == ["unresearched"]]  # techs in hand, not play
    items = selectors.vocabulary_tables()[0][typ](state, frame, hands)
    for spec in filters:
        keep = selectors._filter(state, frame, typ, spec, resolve)
        items = [(i, o) for i, o in items if keep(i, o)]
    drop = selectors._exclusions(state, frame, selector["exclude"], resolve)
    ids = [i for i, _ in items if i not in drop]
    rule = selectors.TARGET_RULES.get(tuple(selector.get("for") or ()))
    return sorted(i for i in ids if rule is None or rule(state, frame, i))


def fresh_step_options(state: State, task: dict[str, Any]) -> list[Any]:
    """The options of a task's step listed from scratch (without the step's kept list)."""
    seat, kind, pc = task["seat"], task["kind"], task["pc"]
    if kind == "attack":
        return fresh_combat_list(state, task)
    if kind == "trade":
        return trade.trade_options(state, seat)
    if kind == "research":
        return research.make_options(state, seat)
    if pc == "ships":
        return construct.ship_options(state, seat)
    return construct.extractor_options(state, seat)


def fresh_combat_list(state: State, t: dict[str, Any]) -> list[Any]:
    """The sectors, groups or targets an attack step lists, from scratch."""
    if t["pc"] == "pick":
        return combat.combat_sectors(state, t)
    seat = t["players"][t["turn"]]
    if t["pc"] == "roll":
        return combat.groups(state, t, seat, t["sector"])
    return combat.targets(state, t, seat, combat._bombards(state, seat, t["group"]), t["sector"])


def fresh_pending(rt: Any, p: dict[str, Any]) -> list[tuple[str, int, bool, Any]]:
    """A player's pending ``as soon as`` conditions, without the memos: ``(ref, clause,
    whether it is the kept achievement, the domain keys it reads as the seat or None)``."""
    out = []
    refs = [(p["achievement"], True), (p["faction"], False)]
    refs += [(t["ref"], False) for t in p["techs"]]
    for ref, achievement in refs:
        if not ref:
            continue
        for index, clause in enumerate(effects.card_effect(rt, card_id(ref))["clauses"]):
            if clause["form"] != "as_soon_as":
                continue
            if not achievement and f"{ref}:{index}" in p.get("once", ()):
                continue
            out.append((ref, index, achievement, seat_keys(rt, ref, index, p["seat"])))
    return out


def seat_keys(rt: Any, ref: str, index: int, seat: int) -> tuple[Any, ...] | None:
    """The version keys a card's ``as soon as`` condition reads as ``seat``, worked out
    afresh from the condition (None: it reads everything)."""
    domains = reads(effects.card_effect(rt, card_id(ref))["clauses"][index]["when"])
    if domains is None:
        return None
    return tuple((d, seat) if d in versions.PER_SEAT else d for d in domains)


def fresh_activators(rt: Any, refs: tuple[str | None, ...]) -> tuple[Any, ...]:
    """The cards with activated clauses among ``refs`` (faction first), without the memos."""
    out = []
    for at, ref in enumerate(refs, start=-1):
        if ref:
            found = hooks._activated(rt, ref)
            if found:
                out.append((at, ref, found))
    return tuple(out)


def holds(state: State, ref: str, index: int, seat: int) -> bool:
    """Whether a card's ``as_soon_as`` condition holds now for a seat, tested afresh."""
    when = effects.card_effect(runtime(state), card_id(ref))["clauses"][index]["when"]
    return bool(effects.MACHINE.test(state, new_frame(card_id(ref), seat, index, {}), when))


def audited_games(
    monkeypatch: pytest.MonkeyPatch, data: GameContent, players: int, seeds: range
) -> Auditor:
    auditor = Auditor()
    monkeypatch.setattr(versions, "of", auditor)
    monkeypatch.setattr(versions, "asked_options", auditor.asked_options)
    monkeypatch.setattr(combat, "_look_again", auditor.look_again)
    monkeypatch.setattr(combat, "_groups_kept", auditor.groups_kept)
    monkeypatch.setattr(selectors, "candidates", auditor.candidates)
    monkeypatch.setattr(effects, "candidates", auditor.candidates)
    for change in auditor.real_ship_changes:
        monkeypatch.setattr(versions, f"ship_{change}", auditor.ship_changed(change))
    fresh = GameContent(data.files, data.name)  # runtime tables no other test has touched
    game = Game.from_content(fresh, players)
    for seed in seeds:
        state = game.new_state(seed)
        play(game, state, [make_bot("random", seed, seat) for seat in range(players)])
    return auditor


@pytest.mark.parametrize("players", [2, 3, 4])
def test_memos_match_a_fresh_walk_in_base_games(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    auditor = audited_games(monkeypatch, base_content(), players, range(3))
    assert auditor.audits > 1_000
    assert auditor.skipped_checked > 100  # the memo was used, and checked
    assert auditor.whole_skips > 100


def test_memos_match_a_fresh_walk_in_long_games(monkeypatch: pytest.MonkeyPatch) -> None:
    auditor = audited_games(monkeypatch, to_light(base_content(), 40), 4, range(2))
    assert auditor.audits > 2_000
    assert auditor.asked_used > 100  # Trade, Construct and Manufacture lists kept, and checked
    assert auditor.usable_checked > 1_000  # activated abilities' targets kept, and checked
    assert auditor.fleets_checked > 1_000 and auditor.sectors_checked > 100
    # The ships by sector carried across moves, damage and removals, and checked at once.
    assert auditor.sectors_carried["moved"] > 300
    assert auditor.sectors_carried["damaged"] > 50
    assert auditor.sectors_carried["removed"] > 20
    assert auditor.extractor_owners_checked > 100  # Mine, Claim, Construct's extractor step
    assert auditor.types_checked > 1_000
    assert auditor.moves_checked > 1_000  # move steps' options kept, and checked
    assert auditor.combat_checked > 50  # later picks of an attack from its kept survey
    assert auditor.groups_checked > 300  # roll steps' groups from the attack's kept survey
    assert auditor.held_checked > 1_000  # cards in play by ref, for "exhaust this card"
    assert auditor.selections_checked > 500  # selectors started from the indexes, checked


@pytest.mark.parametrize(
    ("slot", "message"),
    [
        ("types", "the numbers of"),
        ("totals", "card totals"),
        ("held", "cards in play by ref"),
    ],
)
def test_the_audit_fails_when_card_memos_outlive_a_new_card(
    slot: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat's ship type numbers, the sums of its cards' clauses, or its cards by ref, kept
    past a change of its cards in play (a ship mod put into play): the audit catches it."""
    real = versions.cards_changed

    def keeps(state: State, seat: int, keep_up: Any = None) -> None:
        kept = versions._kept(state)  # not versions.of: the audit runs at each of its calls
        table = None if kept is None else getattr(kept, slot)
        before = None if table is None else (table.get(seat) if slot == "types" else table[seat])
        real(state, seat, keep_up)
        if table is not None and before is not None:
            getattr(kept, slot)[seat] = before

    monkeypatch.setattr(versions, "cards_changed", keeps)
    with pytest.raises(AssertionError, match=message):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, range(2))


@pytest.mark.parametrize(
    ("memo", "message", "pack"),
    [
        ("pending", "pending conditions", "conditions"),
        ("plans", "hook plan", "base"),
        ("acts", "activated abilities", "abilities"),
        ("totals", "card totals", "base"),
        ("reads", "the total of|the grant of|the numbers of", "base"),
        ("board", "techs by name", "base"),
        ("held", "cards in play by ref", "base"),
    ],
)
def test_the_audit_fails_when_a_new_tech_is_not_taken_by_a_kept_memo(
    memo: str, message: str, pack: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tech put at the end of a seat's techs keeps the memos of its cards that it leaves as
    they are, and brings three up to date (``research._keep_up``): one said kept when the
    tech changes it, or left as it was, is caught by the audit."""
    real = research._keep_up

    def misses(added: dict[str, Any], kept: versions.Versions, seat: int) -> Any:
        made = memo in ("board", "held", "totals")  # the memos it brings up to date
        before = copy.deepcopy(getattr(kept, memo)[seat]) if made else None
        found = real(added, kept, seat)
        if before is not None:  # the update it makes, undone
            getattr(kept, memo)[seat] = before
        return (*found, memo)

    monkeypatch.setattr(research, "_keep_up", misses)
    data = {"base": base_content(), "conditions": modded_content()}.get(pack)
    data = activated_content() if data is None else data
    with pytest.raises(AssertionError, match=message):
        audited_games(monkeypatch, to_light(data, 40), 4, range(2))


def test_the_lumos_ally_s_ships_are_indexed_in_board_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """2-player games have the Lumos (002): their ally moves and attacks with the Lumos ships
    too, interleaved with its own on the board; the audit compares those lists as well."""
    auditor = audited_games(monkeypatch, base_content(), 2, range(4))
    assert auditor.fleets_checked > 500


def test_the_audit_fails_when_a_new_or_removed_ship_keeps_the_fleet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ship destroyed that renewed the ``ships`` stamp but left the index of ships by
    owner and size in place: the audit above catches it."""
    monkeypatch.setattr(versions, "ships_placed_or_removed", versions.ships_changed)
    with pytest.raises(AssertionError, match="the ships by owner and size"):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, range(2))


def test_the_audit_fails_when_a_placed_ship_is_not_added_to_the_fleet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ship placed that the kept index of ships by owner and size does not take
    (``fleet.Fleet.place``): the audit above catches it."""
    monkeypatch.setattr(fleet.Fleet, "place", lambda self, ship: None)
    with pytest.raises(AssertionError, match="the ships by owner and size"):
        audited_games(monkeypatch, base_content(), 4, range(1))


@pytest.mark.parametrize(
    "message", ["the ships by sector", "extractors by sector", "the extractors by owner"]
)
def test_the_audit_fails_when_a_placed_piece_is_not_added_to_the_kept_tables(
    message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ship or extractor placed whose kept tables by sector or owner take the new stamp
    but not the piece (``versions._with_piece``): the audit above catches it."""
    real = versions._with_piece
    field = "owner" if "owner" in message else "sector"
    prefix = "s" if "ships" in message else "x"  # a ship's id, or an extractor's

    def restamps(
        kept: Any, before: int, after: int, piece: dict[str, Any], by: str = "sector"
    ) -> Any:
        if by != field or piece["id"][0] != prefix or kept is None or kept[0] != before:
            return real(kept, before, after, piece, by)
        return after, kept[1]

    monkeypatch.setattr(versions, "_with_piece", restamps)
    with pytest.raises(AssertionError, match=message):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, range(2))


def _restamps_only(change: str) -> Callable[..., None]:
    """A ship change that renews the ``ships`` stamp and carries the ships by sector over to
    it unchanged, as damage does, without taking the change in."""

    def restamps(state: State, ship: dict[str, Any], *_: Any) -> None:
        found = versions._kept(state)
        before = None if found is None else found.stamps["ships"]
        if change == "removed":
            versions.ships_placed_or_removed(state, ship["owner"])
        else:
            versions.ships_changed(state, ship["owner"])
        if found is not None and found.sectors is not None and found.sectors[0] == before:
            found.sectors = (found.stamps["ships"], found.sectors[1])

    return restamps


@pytest.mark.parametrize("change", ["moved", "removed"])
def test_the_audit_fails_when_a_ship_change_is_not_taken_by_the_ships_by_sector(
    change: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ship moved (or destroyed) whose kept ships by sector take the new stamp but not the
    change (``versions.ship_moved``, ``ship_removed``): the audit catches it."""
    monkeypatch.setattr(versions, f"ship_{change}", _restamps_only(change))
    with pytest.raises(AssertionError, match="the ships by sector"):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, range(2))


def test_the_audit_fails_when_a_moved_ship_is_not_put_in_board_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A moved ship put last in its new sector's list rather than at its place in board
    order (``versions._in_board_order``): options listed from the table would come in
    another order than a walk over the board's; the audit catches it."""
    monkeypatch.setattr(versions, "_in_board_order", lambda found, ships, ship: [*ships, ship])
    with pytest.raises(AssertionError, match="the ships by sector"):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, range(2))


#: Seeds of 40-light four-player games in which an extractor is built or destroyed while
#: the extractors by sector and by owner are kept and read again before the next change,
#: so a stale table is met (the audit stops at the first game that meets one). Seeds 0 and
#: 1 stopped doing so once a payment for an empty supply was no longer made (E134): their
#: random players' games changed. Seed 2 meets both tables.
STALE_EXTRACTOR_SEEDS = range(2, 4)


@pytest.mark.parametrize(
    ("reader", "slot", "domain", "message"),
    [
        ("by_sector", "sectors", "ships", "the ships by sector"),
        ("extractors_by_sector", "extractor_sectors", "extractors", "extractors"),
    ],
)
def test_the_audit_fails_when_the_pieces_by_sector_outlive_their_stamp(
    reader: str, slot: str, domain: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ships (or extractors) by sector kept past a change (the stamp check left out):
    the audit catches it. Moves bring the ships by sector up to date themselves
    (``versions.ship_moved``); here a move renews the stamp only, as a change that does not
    (a Talorin extra move, an edit followed by :func:`versions.forget`) does."""
    real = getattr(fleet, reader)
    monkeypatch.setattr(
        versions, "ship_moved", lambda state, ship, _: versions.ships_changed(state, ship["owner"])
    )

    def stale(state: State) -> dict[str, list[Any]]:
        kept = versions.of(state)
        found = getattr(kept, slot)
        if found is None:
            return real(state)
        setattr(kept, slot, (kept.stamps[domain], found[1]))
        return found[1]

    monkeypatch.setattr(fleet, reader, stale)
    monkeypatch.setattr(combat, reader, stale)
    with pytest.raises(AssertionError, match=message):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, STALE_EXTRACTOR_SEEDS)


def test_the_audit_fails_when_a_move_keeps_the_moved_ship_s_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move step's kept listing brought up to date after a move without dropping the ship
    that moved (still offered, though moved): the audit catches it."""

    moving: list[State] = []  # the state of the move under way
    real_move = command._move

    def move(state: State, *args: Any) -> None:
        moving.append(state)
        try:
            real_move(state, *args)
        finally:
            moving.pop()

    def keeps(kept: versions.Versions, listing: command.Listing, ship_id: str) -> None:
        listing.signature = command._signature(moving[-1], kept, listing.task["seat"])

    monkeypatch.setattr(command, "_move", move)
    monkeypatch.setattr(command, "_moved", keeps)
    with pytest.raises(AssertionError, match="the move step's kept options"):
        audited_games(monkeypatch, base_content(), 4, range(1))


def test_the_audit_fails_when_the_extractors_by_owner_outlive_their_stamp(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The extractors by owner (Mine, Refresh's claim, Construct's extractor step) kept past
    an extractor built or destroyed (the stamp check left out): the audit catches it."""

    def stale(state: State, owner: int) -> Any:
        kept = versions.of(state)
        if kept.extractor_owners is None:
            kept.extractor_owners = (0, fleet.owners_of(state["extractors"]))
        kept.extractor_owners = (kept.stamps["extractors"], kept.extractor_owners[1])
        return kept.extractor_owners[1].get(owner, ())

    for module in (fleet, mine, refresh, construct):
        monkeypatch.setattr(module, "extractors_of", stale)
    with pytest.raises(AssertionError, match="the extractors by owner"):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, STALE_EXTRACTOR_SEEDS)


@pytest.mark.parametrize("rotation", range(len(CONDITIONS)))
def test_memos_match_a_fresh_walk_with_a_condition_on_every_card(
    rotation: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every rotation of the conditions over the cards. Rotations 4, 6 and 9 (seed 1) once
    failed: a check that began settled stayed settled while it made a seat's list again (an
    achievement played in it), so a stat read by a later condition of that check found the
    index of readers naming the played achievement (hooks.check_achievements now unsettles
    first)."""
    auditor = audited_games(monkeypatch, modded_content(rotation), 4, range(1, 2))
    assert auditor.skipped_checked > 1_000


@pytest.mark.parametrize("blind_to", ["fleet", "holdings", "me"])
def test_the_audit_fails_when_the_index_misses_a_change(
    blind_to: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An index of pending conditions that leaves out the readers of one domain (a seat's own
    ships, extractors or other things) keeps conditions known false after what they read
    moved: the audit above catches it."""
    real = pending.seat_pending

    def blind(rt: Any, p: dict[str, Any]) -> pending.Seat:
        found = real(rt, p)
        found.readers.pop(blind_to, None)
        found.readers.pop((blind_to, p["seat"]), None)
        return found

    monkeypatch.setattr(pending, "seat_pending", blind)
    with pytest.raises(AssertionError, match="moved, but is not dropped"):
        audited_games(monkeypatch, modded_content(), 4, range(2))


def test_memos_match_a_fresh_walk_with_an_ability_on_every_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    auditor = audited_games(monkeypatch, activated_content(), 4, range(2))
    assert auditor.usable_checked > 1_000


def test_the_audit_fails_when_an_ability_s_check_misses_a_domain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whether an activated ability has a target kept under no stamp at all (as if its
    choices read nothing: Resourcefulness's exhausted techs, Rapid Response's played cards)
    is soon wrong, and the audit above catches it."""
    real = hooks._choice_reads

    def blind(code: list[Any]) -> tuple[str, ...] | None:
        return None if real(code) is None else ()

    monkeypatch.setattr(hooks, "_choice_reads", blind)
    with pytest.raises(AssertionError, match="would act: kept"):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, range(2))


def test_the_audit_fails_when_a_seat_s_techs_change_unsaid(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat's cards exhausted, readied or drawn renew ``techs`` and that seat's
    ``techs_of`` (what an ability choosing among its owner's techs reads); renewing only
    the first leaves ``techs_of`` stale, and the audit's fingerprints catch it."""

    def only_shared(state: State, seat: int) -> None:
        versions.changed(state, "techs")

    monkeypatch.setattr(versions, "techs_changed", only_shared)
    with pytest.raises(AssertionError, match=r"techs_of.*changed without a new version stamp"):
        audited_games(monkeypatch, base_content(), 4, range(1))


def test_the_audit_fails_when_the_readers_of_a_domain_are_left_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The all-seats index the check tests moved domains' readers from (hooks._readers), made
    without the ships' readers, would leave a condition on ships known false after a ship
    moved: the audit catches the index itself."""
    real = hooks._readers

    def blind(seats: list[Any]) -> dict[Any, tuple[Any, ...]]:
        found = real(seats)
        found.pop(("fleet", 0), None)
        return found

    monkeypatch.setattr(hooks, "_readers", blind)
    with pytest.raises(AssertionError, match="the readers of each domain"):
        audited_games(monkeypatch, modded_content(), 4, range(2))


def test_memos_match_a_fresh_walk_with_the_test_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    auditor = audited_games(monkeypatch, with_test_cards(), 3, range(3))
    assert auditor.audits > 500


def test_a_modded_game_plays_the_same_without_the_memos(monkeypatch: pytest.MonkeyPatch) -> None:
    def final_hashes() -> list[str]:
        game = Game.from_content(modded_content(), 3)
        return [
            play(
                game, game.new_state(seed), [make_bot("random", seed, s) for s in range(3)]
            ).final_hash
            for seed in range(2)
        ]

    memoised = final_hashes()
    fresh_each_time = versions.Versions
    monkeypatch.setattr(versions, "of", lambda state: fresh_each_time(state, runtime(state)))
    assert final_hashes() == memoised


def test_a_clone_starts_with_memos_of_its_own() -> None:
    game = Game.from_content(base_content(), 4)
    state = game.new_state(5)
    bots = [make_bot("random", 5, seat) for seat in range(4)]
    for _ in range(200):
        seat = game.current_players(state)[0]
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
    kept = versions.of(state)
    copy_ = clone(state)
    assert versions.of(copy_) is not kept
    assert versions.of(copy_).stamps["ships"] != kept.stamps["ships"]


def test_forget_drops_a_state_s_memos() -> None:
    game = Game.from_content(base_content(), 4)
    state = game.new_state(5)
    kept = versions.of(state)
    versions.forget(state)
    assert versions.of(state) is not kept


def test_the_memos_live_on_the_state_object() -> None:
    """A state's memos are its own: kept on the object whatever other states are asked about
    meanwhile, none in a save, a copy or a clone, and gone with the object (no table)."""
    game = Game.from_content(GameContent(base_content().files, "versions-own"), 2)
    state = game.new_state(5)
    kept = versions.of(state)
    assert state.memo is kept and versions.of(state) is kept
    for seed in range(100):
        versions.of(game.new_state(seed))
    assert versions.of(state) is kept
    for other in (
        clone(state),
        copy.deepcopy(state),
        copy.copy(state),
        persist.load(persist.save(state)),
    ):
        assert other == state and other.memo is None and other.running is None
    assert pickle.dumps(state) == pickle.dumps(clone(state))  # nothing but the data pickled
    # No cycle: the memos do not hold their state, so both go with its last reference.
    assert not any(held is state for held in gc.get_referents(kept))


def test_games_play_the_same_when_tech_candidates_list_every_player_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tech candidates with a ``yours`` filter start from the owner's techs alone; listing
    everyone's and filtering gives the same games (test cards and a long base game)."""

    def final_hashes() -> list[str]:
        out = []
        for data, players in ((with_test_cards(), 3), (to_light(base_content(), 40), 4)):
            game = Game.from_content(GameContent(data.files, data.name), players)
            for seed in range(2):
                bots = [make_bot("random", seed, s) for s in range(players)]
                out.append(play(game, game.new_state(seed), bots).final_hash)
        return out

    narrowed = final_hashes()
    monkeypatch.setattr(selectors, "_OWNERS_ONLY", ())
    assert final_hashes() == narrowed


def test_a_step_s_kept_options_go_when_anything_changes() -> None:
    """Trade keeps the trades it listed to decide to ask; a resource gained meanwhile (a test
    editing the position through the engine) drops them, and a clone lists afresh."""
    game = Game.from_content(base_content(), 4)
    state = game.new_state(5)
    bots = [make_bot("random", 5, seat) for seat in range(4)]
    for _ in range(2_000):
        stack = state["stack"]
        if stack and stack[-1]["kind"] == "trade" and stack[-1]["pc"] == "trade":
            break
        seat = game.current_players(state)[0]
        game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
    top = state["stack"][-1]
    assert top["ask"] is not None
    kept = versions.asked_options(state, top)
    assert kept == trade.trade_options(state, top["seat"])
    assert versions.asked_options(clone(state), clone(state)["stack"][-1]) is None
    gain(state, top["seat"], "common", 1)
    assert versions.asked_options(state, top) is None


def test_the_audit_fails_when_the_kept_combat_sectors_miss_a_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A later pick of an attack looks again only at the sectors its survey kept, unless a
    ship was placed or moved (or cards, adds, the Lumos' ally or the rotation changed). Blind
    to moves (each ship's id compared instead of its sector), it misses a sector a moved ship
    opened: the audit catches it. In game 1 a pick meets such a sector before a roll step
    lists the groups (in others the groups' audit, the next test's, sees the fault first;
    game 7 was this one's until the faction retune, docs/rules-decisions.md K11, game 9
    until a payment for an empty supply was no longer made, E134, game 11 until Talorin
    spent an uncommon, K14, game 3 until the 4-player map changed, K16, game 6 until K21c's
    faction numbers; of games 0-16, 1, 9, 10, 11 and 13 are now)."""
    monkeypatch.setattr(combat, "_SECTOR", operator.itemgetter("id"))
    with pytest.raises(AssertionError, match="the kept combat sectors"):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, range(1, 2))


def test_the_audit_fails_when_the_kept_combat_groups_miss_a_fight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A roll step lists the groups from the ships the attack's survey found reaching the
    sector; a ship that has fought (in an earlier sector of the attack) is no fighter any
    more. Kept groups that forget the fight limit offer a group that cannot roll: the audit
    catches it."""
    real = combat._groups_kept

    def forgetful(
        state: State, t: dict[str, Any], seat: int, sector: str, reaching: list[Any]
    ) -> list[str]:
        unlimited = [(who, bombard, [(s, 99) for s, _ in f]) for who, bombard, f in reaching]
        return real(state, t, seat, sector, unlimited)

    monkeypatch.setattr(combat, "_groups_kept", forgetful)
    with pytest.raises(AssertionError, match="the kept combat groups"):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, range(2))


def test_the_audit_fails_when_the_kept_shields_are_not_the_ship_types(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A later pick tests its sectors with the shields the attack's survey read (they change
    only with cards and temporary adds, which end the kept survey). Kept shields one too high
    (as if read before a card lowered them) are caught by the audit."""
    real = combat._survey

    def off_by_one(state: State, t: dict[str, Any]) -> Any:
        sectors, candidates, shields = real(state, t)
        return sectors, candidates, {kind: need + 1 for kind, need in shields.items()}

    monkeypatch.setattr(combat, "_survey", off_by_one)
    with pytest.raises(AssertionError, match="the kept shields"):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, range(2))


def at_a_later_pick() -> tuple[State, versions.Versions]:
    """A seeded 40-light game stopped where an attack that resolved a sector asks which to
    resolve next, with its survey kept (``combat.KeptSectors``)."""
    game = Game.from_content(to_light(base_content(), 40), 4)
    for seed in range(10):
        state = game.new_state(seed)
        bots = [make_bot("random", seed, seat) for seat in range(4)]
        while not game.is_terminal(state):
            top = state["stack"][-1] if state["stack"] else None
            kept = versions.of(state)
            if (
                top is not None and top["kind"] == "attack" and top["pc"] == "pick"
                and top["done"] and kept.combat is not None and kept.combat.task is top
            ):  # fmt: skip
                return state, kept
            seat, options = game.next_decision(state)
            game.apply(state, seat, bots[seat].choose(state, seat, options), check=False)
    raise AssertionError("no later pick with a kept survey")


def _move_a_ship(state: State) -> None:
    ship = next(iter(state["ships"].values()))
    sector = next(s for s in state["sectors"] if s != ship["sector"])
    move_ship(state, ship, sector)


def _place_an_extractor(state: State) -> None:
    place_extractor(state, 0, next(iter(state["sectors"])), None, None)


@pytest.mark.parametrize(
    "change",
    [
        _move_a_ship,
        lambda state: place_ship(state, 1, "small", next(iter(state["sectors"]))),
        _place_an_extractor,
        lambda state: versions.cards_changed(state, 2),
        lambda state: state["players"][3]["temp"].update(range=1),
        lambda state: state.update(rotation=state["rotation"] + 1),
    ],
    ids=["move", "new ship", "new extractor", "cards", "temporary add", "rotation"],
)
def test_a_later_pick_surveys_again_after_a_change_that_could_add_a_sector(
    change: Callable[[State], None],
) -> None:
    """Resolving a sector only takes fighters and enemies away; a ship placed or moved, an
    extractor placed, a card in play, a temporary add (range) or the rotation can open a new
    combat sector, so after any of them the kept survey is not used (004 "2. Attack")."""
    state, kept = at_a_later_pick()
    survey = kept.combat
    assert combat._unchanged(state, kept, survey)
    damage_ship(state, next(iter(state["ships"].values())), 1)  # damage opens nothing
    assert combat._unchanged(state, kept, survey)
    change(state)
    assert not combat._unchanged(state, kept, survey)


def test_the_audit_fails_when_a_selector_starts_from_too_few_ships(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A selector of the owner's ships started from one size's ships whatever it names: the
    audit's walk over every ship catches the ships it leaves out."""
    monkeypatch.setattr(selectors, "_size_named", lambda frame, filters: "small")
    with pytest.raises(AssertionError, match="the candidates of"):
        audited_games(monkeypatch, to_light(base_content(), 40), 4, range(2))


# -- ship types lent to the search agent's guesses (versions.lend) ---------------------------


SIZES = ("small", "medium", "large")


class Guessing:
    """A random bot that, before each choice, makes a guess of the position from its
    observation as the search agent does (``determinise.py``: lent the view's memos), reads
    every seat's ship types there, takes a tech out of play in the guess (its cards are then
    not the view's) and reads them again."""

    def __init__(self, seed: int, seat: int) -> None:
        self.bot = make_bot("random", seed, seat)
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int, options: list[Any]) -> str:
        view = persist.observation(state, seat)
        guess = determinise.determinise(view, seat, self.rng)
        if guess is not None:
            players = range(len(guess["players"]))
            for owner in players:
                for size in SIZES:
                    stats.ship_type(guess, owner, size)
            for owner in players:
                techs = guess["players"][owner]["techs"]
                if techs:
                    remove_tech(guess, owner, techs[-1])
                    for size in SIZES:
                        stats.ship_type(guess, owner, size)
            versions.of(guess)  # the audit, after the last reads
        return str(self.bot.choose(state, seat, options))


def _guessed_games(monkeypatch: pytest.MonkeyPatch, seeds: range) -> Auditor:
    auditor = Auditor()
    monkeypatch.setattr(versions, "of", auditor)
    game = Game.from_content(GameContent(to_light(base_content(), 40).files, "guessed"), 4)
    for seed in seeds:
        state = game.new_state(seed)
        play(game, state, [Guessing(seed, seat) for seat in range(4)])
    return auditor


def test_ship_types_lent_to_guesses_match_a_fresh_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A guess of the search agent is lent its view's ship type numbers while a seat holds
    the same cards in both, and reads them afresh once its cards changed (a tech taken out
    of play after the lend): every read is audited against the numbers read stat by stat."""
    lent: list[bool] = []
    real = versions.card_lender

    def counted(state: State, seat: int) -> Any:
        found = real(state, seat)
        lent.append(found is not None)
        return found

    monkeypatch.setattr(versions, "card_lender", counted)
    auditor = _guessed_games(monkeypatch, range(1))
    assert sum(lent) > 500 and len(lent) - sum(lent) > 100  # lent, and refused
    assert auditor.types_checked > 5_000


def test_the_audit_fails_when_ship_types_are_lent_for_other_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A guess lent its view's ship types whatever cards its seats hold now: once a tech
    left play in the guess, the audit's read stat by stat differs."""
    monkeypatch.setattr(versions, "card_lender", lambda state, seat: getattr(state, "lender", None))
    with pytest.raises(AssertionError, match="the numbers of"):
        _guessed_games(monkeypatch, range(2))
