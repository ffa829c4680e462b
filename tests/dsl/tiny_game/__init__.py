"""A tiny made-up game, registered in tests the way a third-party package registers one.

It shares no word with Last Light: a game brings its own vocabulary and content files, and
its own engine (``engine.py``), which the commands play through ``GAME.engine``.
"""

from whitedwarf.dsl.packs.games import GameDefinition
from whitedwarf.dsl.packs.kinds import ContentSpec, FileKind
from whitedwarf.dsl.registry import ArgKind, CardKind, Hook, Param, Range, Registry, Resource, Verb

GAME = GameDefinition(
    "tiny", f"{__name__}:registry", f"{__name__}:content_spec", f"{__name__}.engine:engine"
)


def registry() -> Registry:
    reg = Registry("tiny")
    reg.declare("resources", [Resource("bean", "A bean.", "sow 1 bean", text="[bean]")])
    reg.declare("hooks", [Hook("dawn", "When the sun rises.", "when dawn -> sow 1 bean",
                               text="At dawn")])  # fmt: skip
    amount = Param("amount", ArgKind.AMOUNT, ("bean",), range=Range(1, 5))
    reg.declare("verbs", [Verb("sow", "Plant beans.", "sow 1 bean", params=(amount,),
                               text="sow")])  # fmt: skip
    spell = CardKind("spell", "A spell card.", "when dawn -> sow 1 bean", file="spells",
                     clauses=("trigger",), text="spell")  # fmt: skip
    reg.declare("card_kinds", [spell])
    return reg


def content_spec() -> ContentSpec:
    card = {
        "type": "object",
        "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                       "source": {"enum": ["rulebook", "invented"]},
                       "effect": {"type": "string"}},
        "required": ["id", "effect"],
        "additionalProperties": False,
    }  # fmt: skip
    spells = FileKind("spells", "spell", True, card, "Spell cards.", card_kind="spell",
                      effect_field="effect")  # fmt: skip
    return ContentSpec("tiny", {"spells": spells})
