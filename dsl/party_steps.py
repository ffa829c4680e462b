"""A step written with another player as its subject: `each opponent gains 1 common`.

A step of the language starts with its verb and is done by the card's owner; another player
is named after the verb (`give 1 common to each opponent`). Designers write a card's English
first, where the player comes first ("each opponent gains 1 common", "the leader loses 1
light"): the parser then stops at the player's noun with "expected `next`" (the only word
that may follow `each` or `the` where a step starts), and a bare plural (`opponents lose 1
common`) is read as an unknown verb. Both are told the form that works, from the verb the
designer used: the game's registry says what each verb is written as
(``Registry.subject_steps``), and which nouns name players.
"""

from __future__ import annotations

import re

from whitedwarf.dsl.registry import Registry

#: The words that may stand before a player's noun at a step's start.
_DETERMINERS = r"(?:(?:each|every|all(?:\s+the)?|the|an?|any|another|that|other)\s+)?(?:other\s+)?"

#: `it`, the current player of a loop over players (`for each opponent -> it gains 1 ...`).
_LOOP_THING = "it"

#: Where a step may start: the effect's start, after `->`, `:`, `(`, `then`, `may`, `else`, `or`.
_STEP_START = re.compile(r"(?:^|->|:|\(|\bthen\b|\bmay\b|\belse\b|\bor\b)\s*")


def party_step(text: str, at: int, registry: Registry) -> tuple[str, str] | None:
    """(message, hint) when the step around offset ``at`` of ``text`` starts with a player
    (`each opponent gains 1 common`), else None."""
    if not registry.subject_steps:
        return None
    subject = _subject(registry)
    line_start = text.rfind("\n", 0, at) + 1
    line_end = text.find("\n", at)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    where = at - line_start
    for start in _STEP_START.finditer(line):
        if start.end() > where:
            break
        found = subject.match(line, start.end())
        if found is not None and found.start() <= where <= found.end("verb"):
            party, verb, rest = found.group("party", "verb", "rest")
            return _told(registry, party, verb, rest.strip())
    return None


def _subject(registry: Registry) -> re.Pattern[str]:
    """A player phrase then a word: `the player to your left gains`, `opponents lose`."""
    nouns = [
        word
        for noun in registry.nouns.values()
        if noun.type == "player"
        for word in (noun.name, noun.plural)
        if word
    ]
    sides = "|".join(sorted(registry.sides))
    seat = rf"(?:\s+(?:to|on)\s+your\s+(?:{sides}))?" if sides else ""
    player = rf"{_DETERMINERS}(?:{'|'.join(sorted(nouns, key=len, reverse=True))}){seat}"
    return re.compile(rf"(?P<party>{player}|{_LOOP_THING})\s+(?P<verb>[a-z_]+)(?P<rest>[^;\n]*)")


def _told(registry: Registry, party: str, verb: str, rest: str) -> tuple[str, str]:
    message = (
        f"a step starts with its verb and is done by the card's owner, so `{party} {verb} "
        "...` is not a step: another player is named after the verb"
    )
    amount = re.match(r"(?:you\s+)?(\d+|\([^)]*\))\s+([a-z_]+)", rest)  # `gives you 1 common`
    written, unit = (
        (f"{amount.group(1)} {amount.group(2)}", amount.group(2)) if amount else ("<amount>", "")
    )
    stem = verb[:-1] if verb.endswith("s") else verb
    template = (
        registry.subject_steps.get(f"{stem} {unit.removesuffix('s')}")
        or registry.subject_steps.get(stem)
        or registry.subject_steps[""]
    )
    return message, template.format(amount=written, party=_as_object(party))


def _as_object(party: str) -> str:
    """The party as the object of a verb (`opponents` and `all players` read `each ...`)."""
    words = party.split()
    if words[0] == "all" or (len(words) == 1 and words[0].endswith("s")):
        return "each " + words[-1].removesuffix("s")
    return party


#: A modifier or a grant after its subject: `has -1 movement`, `have +1 attack`, `can bombard`.
_STANDING = re.compile(r"(?:has|have)\s+[+-]\d|can(?:not|'t)?\s+[a-z_]")
#: The subject before it, from the clause's start (or a `while <condition>:`'s colon).
_SUBJECT_BEFORE = re.compile(r"(?:^|[:,;\n])\s*(?P<subject>[a-z_' ]+?)\s*$")


def foreign_subject(text: str, at: int, registry: Registry) -> tuple[str, str] | None:
    """(message, hint) when the parser stopped at the `has`/`have`/`can` of a modifier or
    grant whose subject the grammar has no form for (`enemy ships have -1 movement`,
    `opponents' ships have -1 movement`): a card changes only its owner's numbers."""
    template = registry.subject_steps.get("modifier")
    before = _SUBJECT_BEFORE.search(text[:at])
    if template is None or before is None or not _STANDING.match(text, at):
        return None
    subject = before.group("subject")
    message = (
        f"`{subject}` cannot be a modifier's or a grant's subject: a modifier or a grant "
        "changes only its owner's numbers"
    )
    return message, template.format(subject=subject)
