"""The vocabulary a game declares for the effect language, declared once.

A game builds one :class:`Registry`. The checker resolves every word of an effect
against it, ``whitedwarf doc`` renders it, the JSON Schemas take their enums from it and
the engine reads its hooks, stats and flags by name; the functions that run its verbs,
nouns, filters and values are bound in the game's engine (``interpreter/bindings.py``). A
word that is not in the registry is a located error with a "did you mean".
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field


class ArgKind(enum.StrEnum):
    """What a verb parameter accepts."""

    AMOUNT = "amount"  # a number with a resource, e.g. ``2 light``
    NUMBER = "number"  # a bare number or expression, e.g. ``1`` or ``(number of ...)``
    TARGET = "target"  # a selector of some noun type, e.g. ``a ship of yours``
    STAT = "stat"  # the name of a stat, e.g. ``extractor_builds``
    WORD = "word"  # one of a fixed set of words, e.g. a die face
    UNIT = "unit"  # a kind of unit to make, e.g. ``small ship`` or ``extractor``
    # card state (issue 29): counters of a kind the card writer names, e.g. ``1 charge``
    COUNTER = "counter"


@dataclass(frozen=True, slots=True)
class Range:
    """The whole numbers a card may write in one place, and why those (DESIGN principle 3).

    Content is untrusted: every number the checker reads has a declared range, chosen from
    the game, and a number outside it is a located error (E0417) that names the range.
    """

    low: int
    high: int
    why: str = ""

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and self.low <= number <= self.high

    def __str__(self) -> str:
        signed = self.low < 0
        high = f"+{self.high}" if signed and self.high > 0 else str(self.high)
        return f"{self.low} to {high}"


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a verb; ``prep`` is the word that introduces it (None: positional)."""

    name: str
    kind: ArgKind
    types: tuple[str, ...] = ()  # entity types a TARGET accepts; resources an AMOUNT accepts
    prep: str | None = None
    optional: bool = False
    words: tuple[str, ...] = ()  # the allowed words of a WORD parameter
    doc: str = ""
    range: Range | None = None  # the numbers an AMOUNT or NUMBER may be written with
    range_of: str | None = None  # ...or those of the stat named by this STAT parameter
    # The NUMBER or AMOUNT parameter this one's number does no good above (``keep 3 techs from
    # 2`` keeps 2): a written number above the other's written number is warned of (W0422).
    most: str = ""
    # The card kinds whose ``this card`` a TARGET parameter may name (``discard this card``:
    # only a tech leaves play so); empty: any card kind's. Any other card kind's ``this card``
    # there is E0437, naming these kinds.
    this_kinds: tuple[str, ...] = ()
    # Units an AMOUNT parameter refuses for a reason a designer should be told, as
    # ``(unit, why)`` (``steal 1 light``: light is never taken from a player); E0409's hint.
    refused_units: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Entry:
    """What every vocabulary entry has: a name, a one-line doc and an example."""

    name: str
    doc: str
    example: str
    cite: str = ""  # the rulebook section the word comes from, if any
    # How the word is printed on a card (dsl/render.py): a hook's phrase that opens a triggered
    # sentence ("At the start of each round"), a stat's or resource's icon ("[attack]"), a
    # verb's words, where "{}" stands for its arguments ("make {} trade(s)").
    text: str = ""
    # A word for designers' cards that the printed game does not need (issue 29: `flush`,
    # `opponent_launched`...): the base pack is not asked to use it (W0901), its tests are.
    for_mods: bool = False


@dataclass(frozen=True, slots=True)
class Fires:
    """A hook the engine fires while a verb runs (``Verb.fires``).

    The checker reads it to find a trigger whose own effect fires the hook it listens to
    (W0403, W0404, docs/diagnostics.md); a test runs every verb with a listener on the
    engine's hooks and holds the declaration to what fires.

    ``heard_by``: whose cards hear it: empty for the effect's owner, else the name of the
    verb's TARGET parameter whose thing's owner hears it, if anybody does (a ship moved is
    heard by its owner). ``not_own``: a TARGET parameter whose thing, when it is the
    effect owner's own, fires nothing (destroying a unit of your own destroys no enemy).
    ``ends``: why a chain of this firing ends by itself whatever the cards, said as the end of
    "until ..." (it uses up something finite: "your supply has none of that piece left");
    empty when nothing ends it. ``moves``: ``(thing, place)`` parameters when the verb puts
    the thing at the place and fires only when the thing was elsewhere.
    """

    hook: str
    heard_by: str = ""
    not_own: str = ""
    ends: str = ""
    moves: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class Verb(Entry):
    """An action an effect can take; ``cost`` verbs may stand before ``->``.

    ``chooses``: the verb itself may ask its owner something (a pending decision answered by
    its binding's ``resume`` function, and asked again by its ``reask`` one:
    ``interpreter/bindings.py``). ``pure``: it never asks and never starts another effect, so
    never fires a hook; a program of pure verbs runs to its end in one go. ``fires``: the
    hooks its engine code fires (:class:`Fires`).
    """

    params: tuple[Param, ...] = ()
    cost: bool = False
    chooses: bool = False
    pure: bool = False
    fires: tuple[Fires, ...] = ()
    # A cost verb's inverse: the verb that gives the cost back when it names the same card
    # (``unexhaust this card`` after ``exhaust this card``) or as much of the same unit, or
    # more (``gain 1 common`` after ``pay 1 common``). An activated ability whose effect does
    # costs nothing (W0408).
    given_back_by: str = ""

    @property
    def written(self) -> str:
        """How the verb is written: ``give <amount> to <player>``, ``build <unit> [in
        <place>]`` (brackets: may be left out)."""
        parts = [self.name]
        for param in self.params:
            slot = f"{param.prep} <{param.name}>" if param.prep else f"<{param.name}>"
            parts.append(f"[{slot}]" if param.optional else slot)
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Noun(Entry):
    """A kind of thing a selector can pick: ``ship``, ``planet``, ``action card``."""

    type: str = ""  # the entity type the engine knows it by
    plural: str = ""
    implies: tuple[str, ...] = ()  # filters the noun itself means (a player other than you)
    also: tuple[str, ...] = ()  # other ``this`` bindings that can be the same thing
    # The parts of the state the candidates read whatever the filters (docs/engine-internals.md
    # "What changed since"); None: the engine cannot say, so a condition using it is always tested.
    reads: tuple[str, ...] | None = None
    # The noun type whose stats and abilities this noun's things have (a ship has its ship
    # type's): a modifier or a grant may then name them all, ``your ships have +1 movement``,
    # or some, ``your large ships have +1 attack`` (adjective filters of that type). Each of
    # the owner's things of that type the filters keep is changed, on any card kind.
    stats_of: str = ""
    # A named party (issue 29, docs/dsl.md "Named parties"): a player the effect names by
    # their part in what happened, written ``the <noun>`` (``the destroyer``). The key of the
    # hook context it is read from (``Hook.parties`` says which hooks supply it); the
    # checker refuses it where no hook supplies it (E0430).
    party: str = ""
    # ``the <noun> of this <thing>``: the ``this <noun>`` phrases a party names the owner of
    # (``the owner of this planet``), read by the engine from the board.
    owns: tuple[str, ...] = ()
    # ``the <noun> in this <word>``: a party of a player noun named by a hook's party of that
    # key (``the opponent in this combat``: ``combat``, which ``Hook.parties`` supply).
    party_in: str = ""
    # How a card reads the one of these a hook is about where there is no ``this <noun>``
    # (a launched star read by its magnitude): the hint of
    # ``this <noun> is ...`` and of an unknown ``this <noun>`` (docs/rules-decisions.md E183).
    read_by: str = ""
    # A party every effect may name, whatever its hook (``the leader``): the engine reads it
    # from the board, not from a hook's context, so E0430 never applies to it.
    anywhere: bool = False


@dataclass(frozen=True, slots=True)
class Filter(Entry):
    """A word that narrows a selector; ``applies_to`` lists entity types."""

    applies_to: tuple[str, ...] = ()
    # adjective (before the noun) | after (``ships here``) | of (``of yours``)
    # | you (``you control``)
    form: str = "adjective"
    reads: tuple[str, ...] | None = None  # parts of the state it reads beyond its noun's
    needs: str = ""  # the ``this <noun>`` an ``of this <word>`` filter reads
    # The ``this <noun>`` bindings a place filter reads its place from, any one of them
    # (``here``: this sector, else this ship's or this planet's): where the card and its
    # hook bring none, the filter would keep nothing, so the checker refuses it (E0411).
    near: tuple[str, ...] = ()
    # A place filter that never keeps the place it reads from ``near``, only others
    # (``adjacent``): a thing moved to what it keeps is always moved (``Fires.moves``).
    elsewhere: bool = False
    # An open filter: its words are not declared here but are the ids of the id space
    # ``ids`` of the loaded pack (a board's regions, say: ``north sectors``). The checker
    # accepts any word for it; the game's content check names a misspelt one, with the
    # pack's ids as suggestions. At most one open filter per noun type and form.
    ids: str = ""
    # A moment outside which the filter keeps nothing (``Value.during``; a `launching`
    # filter: the star being launched).
    during: str = ""


@dataclass(frozen=True, slots=True)
class Stat(Entry):
    """A number a card can change; ``scope`` says whose number it is."""

    scope: str = "player"  # player | the noun type whose number it is
    default: int | None = None  # the base value where the pack does not set it
    range: Range = Range(-10, 10)  # how much one modifier or `add` may change it by
    # Where a pack sets the base value: ``"file:key.key"`` (a key of each entry for a stat of
    # a noun type, such as ``"ships:shields"``); empty when no pack file sets it.
    setting: str = ""
    # How a modifier of the stat reads on a card when "you have -1 <text>" would not read as
    # English (dsl/render.py): ``{whose}`` is "your" (or "<subject>'s"), ``{n}`` the size of
    # the change and ``{more}`` "more" or "less". Empty: "you have +1 <text>".
    phrase: str = ""
    # The moments (``Value.during``) inside which the engine reads the number: a
    # conditional modifier of it may test a value that is only set then (a price read while
    # a placed star is scored, not a cost paid before it is placed).
    during: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Flag(Entry):
    """An ability a card can grant (``this ship type can bombard``).

    ``scope`` is whose ability it is (``player`` or a noun type such as ``ship_type``): each
    game says so for each flag, since no scope is right for every game.
    """

    scope: str = field(kw_only=True)


@dataclass(frozen=True, slots=True)
class Hook(Entry):
    """A named timing point in the engine; ``provides`` maps ``this <noun>`` to a type."""

    provides: tuple[tuple[str, str], ...] = ()
    value: bool = False  # a value hook: an adjustable number rather than an event
    # The ``provides`` phrases whose thing always belongs to the player who hears the hook
    # (the ship that moved is its owner's): ``this ship`` there is the owner's own.
    own: tuple[str, ...] = ()
    # ``(thing, place)`` phrases of ``provides``: when the hook fires, ``this <place>`` is
    # where ``this <thing>`` is (the sector a ship moved to).
    at: tuple[tuple[str, str], ...] = ()
    # Named parties (``Noun.party``) the hook's context supplies: ``destroyer`` on
    # ``unit_lost``, ``combat`` (the opponent in this combat) on the combat hooks.
    parties: tuple[str, ...] = ()
    # Reactions (issue 29, docs/rules-decisions.md E131): how the hook's moment is
    # said of another player, ``plays research``; ``when an opponent plays research -> ...``
    # then hears it when it fires for an opponent. Empty: no reaction listens to it.
    acted: str = ""
    # The hook is another player's moment, heard by the others (a hook like
    # ``when another player launches``): it fires for each player who hears it. With an
    # ``acted`` phrase, ``when an opponent <acted> -> ...`` is this hook itself, and its
    # ``actor`` party (``Hook.parties``) is ``the player who <acted>`` (a game's
    # ``opponent_launched``: ``when an opponent launches a star``).
    others: bool = False
    # What another player does to the hook's owner, said from the owner's side (``attacks
    # you``): ``when an opponent attacks you -> ...`` is then this hook itself, heard by the
    # player it is done to (the hook fires for them; docs/rules-decisions.md E138).
    suffered: str = ""
    # A ``this <noun>`` the card itself must have to hear the hook (``ship type``: only a
    # ship tech, whose hook is about its own ship type, E127); E0411 on any other card.
    needs: str = ""
    # ``(verb, unit)``: the hook is heard for the effect's owner once a step of that verb
    # gaining that unit is done, not while the verb runs (``light_gained`` after ``gain 1
    # light``: a pure verb fires no hook, ``Verb.fires``), so a trigger on the hook whose
    # effect gains the unit triggers itself again (W0403, dsl/retrigger.py).
    gained_by: tuple[tuple[str, str], ...] = ()
    # Card kinds never in play when the hook fires, and why (a game whose cards all start
    # out of play, at its start hook): a trigger of one on it never runs (W0414).
    never_on: tuple[str, ...] = ()
    never_why: str = ""
    never_instead: str = ""  # the hint: what such a card writes instead
    # How a card of a ``CardKind.narrowed`` kind says the hook, which it hears only about its
    # own thing (a ship tech: ``When you lose a ship of this type``, E127, E156); empty: as
    # ``text`` says it.
    tech_text: str = ""
    # Values of another player's moment (a hook with ``others``): read bare they are the
    # hearer's own, which has no such moment then (always 0: `star_magnitude` when another
    # player launches), so the checker refuses them there and writes ``<value> of the
    # player who <acted>`` (E0448).
    actor_values: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Value(Entry):
    """A number an expression can read, always from the effect owner's point of view."""

    reads: tuple[str, ...] | None = None  # parts of the state it reads (see Noun.reads)
    # The smallest the number can be (light and counts 0, the round 1): a condition asking for
    # less can never hold (W0405).
    least: int = 0
    # The largest it can be, when the game caps it (the players, a round limit): a condition
    # asking for more can never hold either (W0405: `players > 7` in a 2-4 player game).
    most: int | None = None
    # How the value is said of another player when its ``text`` names no "you"/"your"
    # (``the most [light] an opponent has``): ``{player}`` stands for the player (``the most
    # [light] a player other than {player} has``); empty: the text with "your" made theirs.
    their: str = ""
    # A moment of the game outside which the value is always 0 (a `star_magnitude`,
    # during ``launch``: the star being launched, once placed); ``Registry.moments`` says it. A
    # conditional modifier or grant whose number is read outside it is refused (E0447).
    during: str = ""


@dataclass(frozen=True, slots=True)
class Resource(Entry):
    """A countable thing players gain and pay."""


@dataclass(frozen=True, slots=True)
class CardKind(Entry):
    """A kind of card a pack file holds, and which clause forms it may use."""

    file: str = ""
    clauses: tuple[str, ...] = ()
    context: tuple[tuple[str, str], ...] = ()  # ``this <noun>`` bindings every card of it has
    # A card of the kind hears some hooks only about its own thing (a ship tech: its ship
    # type, E127) and its text says them so (``Hook.tech_text``).
    narrowed: bool = False


@dataclass(frozen=True, slots=True)
class Deprecation:
    """An old word that still works but should be written as ``new`` (Unciv's ``ReplaceWith``).

    The checker warns where it is used (W0431, with the replacement as a quick fix),
    ``whitedwarf fix`` rewrites it, and everything after the parser sees only ``new``.
    """

    old: str
    new: str
    section: str
    since: str  # the language version that deprecated it
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Moment:
    """A moment of the game outside which some values are always 0 (``Value.during``)."""

    what: str  # what is set only then: "the star being launched"
    when: str  # when that is: "from its placing to its scoring (003 launch steps 4 and 5)"
    hook: str  # the hook heard inside it, for the form that acts then: "star_launched"


@dataclass
class Registry:
    """Every word of one game's effect vocabulary, indexed by name."""

    game: str
    language: str = "1.0"  # the version of this game's effect language (packs may name it)
    verbs: dict[str, Verb] = field(default_factory=dict)
    nouns: dict[str, Noun] = field(default_factory=dict)
    filters: dict[str, Filter] = field(default_factory=dict)
    stats: dict[str, Stat] = field(default_factory=dict)
    flags: dict[str, Flag] = field(default_factory=dict)
    hooks: dict[str, Hook] = field(default_factory=dict)
    values: dict[str, Value] = field(default_factory=dict)
    resources: dict[str, Resource] = field(default_factory=dict)
    card_kinds: dict[str, CardKind] = field(default_factory=dict)
    deprecations: dict[str, Deprecation] = field(default_factory=dict)  # by old word
    # The ranges of numbers that no parameter or stat bounds, by where they are written:
    # ``number`` (in an expression or a comparison), ``count`` (``2 ships``, ``up to 2
    # ships``), ``per`` (``per 2 planets``), ``repeat`` (``repeat 2 times``), ``uses`` (``at
    # most 3 times per game``) and ``discount`` (``your next tech costs 1 less``).
    numbers: dict[str, Range] = field(default_factory=dict)
    # Words a designer reaches for that the language does not have (``roll``, ``until``),
    # each with what to write instead, by meaning: an unknown word found here is told
    # "the language has no `roll`: ..." rather than a did-you-mean by spelling.
    concepts: dict[str, str] = field(default_factory=dict)
    # Use limits, durations and one-shot discounts (issue 29). ``periods``: the words a use
    # limit counts by and a duration lasts to (``once per round``), each with when it ends
    # in this game; ``game`` counts uses only. ``no_periods``: a period word the game has
    # no meaning for, with why and what to write (a game without turns). ``next_costs``:
    # what ``your next <thing> costs N less`` may name, each with the cost it comes off.
    periods: dict[str, str] = field(default_factory=dict)
    no_periods: dict[str, str] = field(default_factory=dict)
    # ``own_periods``: the periods of ``periods`` that are one player's (a turn): a duration
    # to the end of one, started while another player's moment is heard, ends with that
    # player's and never counts in its owner's own (W0436)
    own_periods: frozenset[str] = frozenset()
    next_costs: dict[str, str] = field(default_factory=dict)
    # Players named by where they sit: ``the player to your left`` (``to``/``on your
    # <side>``), each side word with whom it names in this game; empty: a game that names
    # nobody by seat.
    sides: dict[str, str] = field(default_factory=dict)
    # What a step written with another player as its subject (`each opponent gains 1 common`)
    # is told (dsl/party_steps.py), by the English verb's stem (``gain`` for "gains"), or by
    # stem and unit (``lose light``); ``""`` for any other verb. Each is a hint template with
    # ``{amount}`` (`1 common`) and ``{party}`` (`each opponent`). Empty: not told.
    subject_steps: dict[str, str] = field(default_factory=dict)
    # Phrases a card text may use for what the text written from an effect says in the
    # game's own words (W0430 compares them alike): a phrase -> the words the text has.
    synonyms: dict[str, str] = field(default_factory=dict)
    # The moments of ``Value.during`` (and ``Filter.during``): each says what is set only
    # then, and a form that acts inside it (for E0447's hint).
    moments: dict[str, Moment] = field(default_factory=dict)
    # The game's generated reference page (``whitedwarf doc`` writes it; hints name it);
    # empty: ``docs/reference-<game>.md``.
    reference: str = ""

    SECTIONS = (
        "verbs",
        "nouns",
        "filters",
        "stats",
        "flags",
        "hooks",
        "values",
        "resources",
        "card_kinds",
    )

    def reference_page(self) -> str:
        """Where ``whitedwarf doc`` writes this game's reference, relative to the project."""
        return self.reference or f"docs/reference-{self.game}.md"

    def no_such(self, word: str) -> str | None:
        """The hint for a word the language has no construct for, or None."""
        found = self.concepts.get(word.lower())
        return f"the language has no `{word}`: {found}" if found else None

    def declare(self, section: str, entries: Iterable[Entry]) -> None:
        """Add entries to a section; declaring a name twice is a programming error."""
        table: dict[str, Entry] = getattr(self, section)
        for entry in entries:
            if entry.name in table:
                raise ValueError(f"{section}: {entry.name!r} declared twice")
            if not entry.text:  # card text is written from effects (dsl/render.py)
                raise ValueError(f"{section}: {entry.name!r} declares no printed `text`")
            if isinstance(entry, Verb):
                self._check_fires(entry)
                self._check_most(entry)
            table[entry.name] = entry

    def _check_fires(self, verb: Verb) -> None:
        """A verb's ``fires`` name declared hooks and its own parameters (hooks are declared
        before verbs)."""
        params = {p.name: p for p in verb.params}
        if verb.pure and verb.fires:
            raise ValueError(f"verbs: {verb.name!r} is pure, so it cannot fire hooks")
        for fired in verb.fires:
            named = [name for name in (fired.heard_by, fired.not_own) if name]
            named += list(fired.moves or ())
            if fired.hook not in self.hooks:
                raise ValueError(f"verbs: {verb.name!r} fires {fired.hook!r}, not a declared hook")
            for name in named:
                if name not in params or params[name].kind is not ArgKind.TARGET:
                    raise ValueError(f"verbs: {verb.name!r} fires with {name!r}, not a target")

    def _check_most(self, verb: Verb) -> None:
        """A parameter's ``most`` names another parameter of the verb that takes a number."""
        numbers = {p.name for p in verb.params if p.kind in (ArgKind.NUMBER, ArgKind.AMOUNT)}
        for param in verb.params:
            if param.most and (param.most not in numbers or param.most == param.name):
                raise ValueError(f"verbs: {verb.name!r}: {param.most!r} is no other number")

    def deprecate(self, section: str, old: str, new: str, since: str, reason: str = "") -> None:
        """Accept ``old`` as a deprecated spelling of the ``section`` word ``new``."""
        if new not in getattr(self, section):
            raise ValueError(f"{section}: cannot deprecate {old!r} for unknown {new!r}")
        if any(old in getattr(self, name) for name in self.SECTIONS) or old in self.deprecations:
            raise ValueError(f"{old!r} is a word already; a deprecated word must be free")
        self.deprecations[old] = Deprecation(old, new, section, since, reason)

    def entries(self) -> Iterator[tuple[str, Entry]]:
        """Every (section, entry) pair, in declaration order."""
        for section in self.SECTIONS:
            for entry in getattr(self, section).values():
                yield section, entry

    def noun_for(self, words: tuple[str, ...]) -> tuple[Noun, tuple[str, ...]] | None:
        """Split ``words`` into (noun, adjectives): the longest known noun suffix wins."""
        for start in range(len(words)):
            phrase = " ".join(words[start:])
            noun = self.nouns.get(phrase) or self._by_plural(phrase)
            if noun is not None:
                return noun, words[:start]
        return None

    def _by_plural(self, phrase: str) -> Noun | None:
        for noun in self.nouns.values():
            if noun.plural == phrase:
                return noun
        return None

    def all_noun_words(self) -> list[str]:
        """Every singular and plural noun spelling."""
        words = list(self.nouns)
        words += [n.plural for n in self.nouns.values() if n.plural]
        return words
