"""Lower a checked effect to the plain-data form the interpreter runs.

The form is documented in docs/effect-ir.md. Programs are flat instruction lists with
jumps, so the engine can pause an effect at a player's choice by saving a program
counter, and save, clone and reload it like any other data.
"""

from __future__ import annotations

from typing import Any

from whitedwarf.dsl import ast
from whitedwarf.dsl.card_state import counter_name
from whitedwarf.dsl.checker import Resolved
from whitedwarf.dsl.registry import ArgKind


class _Label:
    """A jump target whose pc is known once the code is laid out."""

    __slots__ = ("pc",)

    def __init__(self) -> None:
        self.pc = -1


class _Assembler:
    """Collects instructions; labels are patched into pcs by :meth:`finish`."""

    def __init__(self) -> None:
        self.code: list[list[Any]] = []
        self.vars = 0
        self.loops = 0

    def emit(self, *instruction: Any) -> None:
        self.code.append(list(instruction))

    def mark(self, label: _Label) -> None:
        label.pc = len(self.code)

    def new_var(self) -> int:
        self.vars += 1
        return self.vars - 1

    def new_loop(self) -> int:
        self.loops += 1
        return self.loops - 1

    def finish(self) -> list[list[Any]]:
        self.emit("end")
        return [[_patch(item) for item in instruction] for instruction in self.code]


def _patch(item: Any) -> Any:
    if isinstance(item, _Label):
        return item.pc
    if isinstance(item, list):
        return [_patch(x) for x in item]
    return item


class Compiler:
    """Compiles one checked effect; see :func:`compile_checked`."""

    def __init__(self, resolved: Resolved, text: str) -> None:
        self.resolved = resolved
        self.text = text

    def effect(self, effect: ast.Effect) -> list[dict[str, Any]]:
        return [self.clause(clause) for clause in effect.clauses]

    def clause(self, clause: ast.Clause) -> dict[str, Any]:
        if isinstance(clause, ast.Modifier):
            scope = self.resolved.scopes.get(id(clause), "player")
            out = {
                "form": "modifier",
                "scope": scope,
                "stat": clause.stat.text,
                "amount": clause.amount,
            }
            return self.every(clause.subject, out)
        if isinstance(clause, ast.Grant):
            scope = self.resolved.scopes.get(id(clause), "player")
            return self.every(
                clause.subject, {"form": "grant", "scope": scope, "flag": clause.flag.text}
            )
        if isinstance(clause, ast.Trigger):
            when = self.cond(clause.cond) if clause.cond is not None else None
            return self.limited(
                clause.limit,
                {
                    "form": "trigger",
                    "hook": clause.hook.text,
                    "when": when,
                    "code": self.program(clause.body),
                },
            )
        if isinstance(clause, ast.Reaction) and id(clause) in self.resolved.suffered:
            # `when an opponent attacks you`: the hook heard by its own owner (E138); a hook
            # of another player's moment (`when an opponent launches a star`: a hook
            # `opponent_launched`) is heard by its own owner too
            when = self.cond(clause.cond) if clause.cond is not None else None
            return self.limited(
                clause.limit,
                {
                    "form": "trigger",
                    "hook": self.resolved.reactions[id(clause)],
                    "when": when,
                    "code": self.program(clause.body),
                    # `when that opponent ...`: only when the actor is the remembered player
                    **self.chosen_actor(clause),
                },
            )
        if isinstance(clause, ast.Reaction):  # issue 29: a trigger on an opponent's hook
            when = self.cond(clause.cond) if clause.cond is not None else None
            return self.limited(
                clause.limit,
                {
                    "form": "trigger",
                    "hook": self.resolved.reactions.get(id(clause), ""),
                    "when": when,
                    "code": self.program(clause.body),
                    "by": "others",  # heard when the hook fires for another player
                    # `when that opponent ...`: only when the actor is the remembered player
                    **self.chosen_actor(clause),
                },
            )
        if isinstance(clause, ast.While):  # a conditional modifier or grant
            return {
                "form": "while",
                "when": self.cond(clause.cond),
                "clause": self.clause(clause.clause),
            }
        if isinstance(clause, ast.AsSoonAs):
            return {
                "form": "as_soon_as",
                "when": self.cond(clause.cond),
                "code": self.program(clause.body),
            }
        if isinstance(clause, ast.Activated):
            return self.limited(
                clause.limit, {"form": "activated", "code": self.program(clause.body)}
            )
        return {"form": "immediate", "code": self.program(clause.body)}

    def chosen_actor(self, clause: ast.Reaction) -> dict[str, str]:
        """``{"from": noun}`` for a reaction to the player the card remembers (E139), ``{"side":
        word}`` for one to the player sitting there (E151)."""
        noun = self.resolved.chosen_actors.get(id(clause))
        side = self.resolved.side_actors.get(id(clause))
        if side is not None:  # `when the player to your left ...` (E151)
            return {"side": side}
        return {"from": noun} if noun is not None else {}

    @staticmethod
    def limited(limit: ast.Limit | None, clause: dict[str, Any]) -> dict[str, Any]:
        """A use limit (issue 29) adds ``limit``: ``{"times": N, "per": period}``."""
        if limit is not None and isinstance(limit.times, ast.Num):
            clause["limit"] = {"times": limit.times.value, "per": limit.period.text}
        return clause

    def every(self, subject: ast.Selector | ast.You, clause: dict[str, Any]) -> dict[str, Any]:
        """A ``your [adjectives] <things>`` subject (``your large ships``) adds ``every``:
        the filters picking which of the owner's things of the clause's scope it changes."""
        filters = self.resolved.every.get(id(subject))
        if filters is not None:
            clause["every"] = filters
        return clause

    def program(self, body: ast.Body) -> list[list[Any]]:
        asm = _Assembler()
        self.step(body, asm, loop_var=None)
        return asm.finish()

    # --- steps ----------------------------------------------------------------------

    def step(self, step: ast.Step, asm: _Assembler, loop_var: int | None) -> None:
        if isinstance(step, ast.Body):
            self.body(step.steps, asm, loop_var)
        elif isinstance(step, ast.Action):
            end = _Label()
            self.action(step, asm, loop_var, end)
            asm.mark(end)
        elif isinstance(step, ast.Optional):
            self.optional(step, asm, loop_var)
        elif isinstance(step, ast.Paid):
            self.paid(step, asm, loop_var, ask=None)
        elif isinstance(step, ast.Conditional):
            self.conditional(step, asm, loop_var)
        elif isinstance(step, ast.Choice):
            self.choice(step, asm, loop_var)
        elif isinstance(step, ast.ForEach):
            self.for_each(step, asm)
        elif isinstance(step, ast.Repeat):
            self.repeat(step, asm, loop_var)
        elif isinstance(step, ast.Lasting):
            self.lasting(step, asm)
        elif isinstance(step, ast.NextCost):
            self.next_cost(step, asm)
        elif isinstance(step, ast.Remember):
            self.remember(step, asm, loop_var)

    def lasting(self, step: ast.Lasting, asm: _Assembler) -> None:
        """A duration's modifier or grant (issue 29), or a one-shot discount gone at the
        period's end."""
        if isinstance(step.clause, ast.NextCost):
            self.next_cost(step.clause, asm, step.period.text)
        else:
            asm.emit("lasting", step.period.text, self.clause(step.clause))

    @staticmethod
    def next_cost(step: ast.NextCost, asm: _Assembler, *until: str) -> None:
        """``["next_cost", thing, n]``, with the period it is kept to when one is named (the
        checker refuses an amount that is not a plain number)."""
        if isinstance(step.amount, ast.Num):
            asm.emit("next_cost", " ".join(w.text for w in step.thing), step.amount.value, *until)

    def body(self, steps: tuple[ast.Step, ...], asm: _Assembler, loop_var: int | None) -> None:
        """Steps in order. A cost written as a plain step (`pay 1 rare then gain 2 light`) is
        a cost of the steps after it: when it cannot be paid they do not happen, as after
        `->` (so `choose one` offers such an option only when it can be paid)."""
        for index, item in enumerate(steps):
            # A cost with nothing after it in its sequence guards nothing: it runs as the
            # action it is (an option of `choose one` is checked by option()).
            if (
                isinstance(item, ast.Action)
                and id(item) in self.resolved.costs
                and index + 1 < len(steps)
            ):
                rest = ast.Body(steps[index + 1 :], item.pos)
                self.paid(ast.Paid((item,), rest, item.pos), asm, loop_var, ask=None)
                return
            choice = self.paying_choice(item)
            if choice is not None and index + 1 < len(steps):
                # `(choose one: pay 1 common or pay 1 rare) then gain 2 light`: the option
                # taken is the price of the steps after it, so an option that cannot be
                # paid skips them too; it then acts on nothing and is not offered.
                unpaid = _Label()
                self.choice(choice, asm, loop_var, unpaid)
                self.body(steps[index + 1 :], asm, loop_var)
                asm.mark(unpaid)
                return
            self.step(item, asm, loop_var)

    def paying_choice(self, step: ast.Step) -> ast.Choice | None:
        """The `choose one` that ``step`` is (in parentheses or not) when an option of it is a
        cost alone, such as `pay 1 rare`; else None."""
        while isinstance(step, ast.Body) and len(step.steps) == 1:
            step = step.steps[0]
        if not isinstance(step, ast.Choice):
            return None
        if any(self.lone_cost(option) is not None for option in step.options):
            return step
        return None

    def lone_cost(self, option: ast.Step) -> ast.Action | None:
        """The cost verb an option is made of alone (`pay 1 rare`, `(pay 1 rare)`), or None."""
        while isinstance(option, ast.Body) and len(option.steps) == 1:
            option = option.steps[0]
        if isinstance(option, ast.Action) and id(option) in self.resolved.costs:
            return option
        return None

    def conditional(self, step: ast.Conditional, asm: _Assembler, loop_var: int | None) -> None:
        """``check`` jumps past the step when the condition is false; with ``else`` it jumps
        to the other step, and the first jumps over it (docs/effect-ir.md)."""
        end = _Label()
        if step.otherwise is None:
            asm.emit("check", self.cond(step.cond, loop_var), end)
            self.step(step.step, asm, loop_var)
            asm.mark(end)
            return
        other = _Label()
        asm.emit("check", self.cond(step.cond, loop_var), other)
        self.step(step.step, asm, loop_var)
        asm.emit("jump", end)
        asm.mark(other)
        self.step(step.otherwise, asm, loop_var)
        asm.mark(end)

    def optional(self, step: ast.Optional, asm: _Assembler, loop_var: int | None) -> None:
        inner = step.step
        text = self.text[inner.pos.start : inner.pos.end]
        if isinstance(inner, ast.Paid):
            self.paid(inner, asm, loop_var, ask=text)
            return
        end = _Label()
        asm.emit("ask", text, end)
        self.step(inner, asm, loop_var)
        asm.mark(end)

    def paid(
        self,
        step: ast.Paid,
        asm: _Assembler,
        loop_var: int | None,
        ask: str | None,
        unpaid: _Label | None = None,
    ) -> None:
        """Costs are checked first, targets chosen next, then costs paid (docs/effect-ir.md).

        When the costs cannot be paid (or a target is missing, or the owner says no) the
        machine jumps to ``unpaid`` if given, else past the step."""
        done = _Label()
        end = unpaid or done
        direct = [c for c in step.costs if self.needs_no_choice(c, loop_var)]
        asm.emit("affordable", [self.cost_call(c, loop_var) for c in direct], end)
        before = len(asm.code)
        costs = [[cost.verb.text, self.bind(cost, asm, loop_var, end)] for cost in step.costs]
        if len(asm.code) > before:  # the costs' own targets were chosen: check them again
            asm.emit("affordable", costs, end)
        effect = step.effect
        operands = self.bind(effect, asm, loop_var, end) if isinstance(effect, ast.Action) else None
        if ask is not None:  # asked only once there is something to pay for and act on
            asm.emit("ask", ask, end)
        for verb, args in costs:
            asm.emit("call", verb, args)
        if isinstance(effect, ast.Action):
            asm.emit("call", effect.verb.text, operands)
        else:
            self.step(effect, asm, loop_var)
        asm.mark(done)

    def needs_no_choice(self, action: ast.Action, loop_var: int | None) -> bool:
        for _, operand in self.resolved.calls.get(id(action), []):
            if isinstance(operand, dict) and "quant" in operand:
                return False
        return True

    def cost_call(self, action: ast.Action, loop_var: int | None) -> list[Any]:
        args = [self.operand(p, o, loop_var) for p, o in self.resolved.calls.get(id(action), [])]
        return [action.verb.text, args]

    def bind(
        self, action: ast.Action, asm: _Assembler, loop_var: int | None, end: _Label
    ) -> list[Any]:
        """Emit the choices an action's targets need; return its operands."""
        operands: list[Any] = []
        for _, operand in self.resolved.calls.get(id(action), []):
            if "chosen" in operand:  # card state: nothing to act on before the card chose
                asm.emit("recall", operand["chosen"], end)
        for param, operand in self.resolved.calls.get(id(action), []):
            if param.kind is ArgKind.TARGET and "quant" in operand:
                var = asm.new_var()
                selector = self.selector_ir(operand, loop_var)
                selector["for"] = [action.verb.text, param.name]  # the verb may narrow targets
                asm.emit("choose", var, selector, end)
                operands.append({"var": var})
            else:
                operands.append(self.operand(param, operand, loop_var))
        return operands

    def action(
        self, action: ast.Action, asm: _Assembler, loop_var: int | None, end: _Label
    ) -> None:
        operands = self.bind(action, asm, loop_var, end)
        asm.emit("call", action.verb.text, operands)

    def choice(
        self,
        step: ast.Choice,
        asm: _Assembler,
        loop_var: int | None,
        unpaid: _Label | None = None,
    ) -> None:
        """``branch`` to each option; an unpaid cost option jumps to ``unpaid`` (body())."""
        end = _Label()
        labels = [_Label() for _ in step.options]
        texts = [self.text[o.pos.start : o.pos.end] for o in step.options]
        asm.emit("branch", labels, texts)
        for label, option in zip(labels, step.options, strict=True):
            asm.mark(label)
            self.option(option, asm, loop_var, unpaid)
            asm.emit("jump", end)
        asm.mark(end)

    def option(
        self, option: ast.Step, asm: _Assembler, loop_var: int | None, unpaid: _Label | None
    ) -> None:
        """An option of `choose one`; one that is a cost alone (`pay 1 rare`) is checked as
        a cost, so the choice offers it only when it can be paid (`Machine.acts`); so is one
        in parentheses alone, `(pay 1 rare)`, which W0406 counts as a cost too."""
        cost = self.lone_cost(option)
        if cost is not None:
            empty = ast.Body((), cost.pos)
            self.paid(ast.Paid((cost,), empty, cost.pos), asm, loop_var, None, unpaid)
        else:
            self.step(option, asm, loop_var)

    def remember(self, step: ast.Remember, asm: _Assembler, loop_var: int | None) -> None:
        """``choose an opponent: <step>`` (card state): choose, remember the choice on the
        card as ``that opponent``, then the step (docs/effect-ir.md ``remember``)."""
        end = _Label()
        operand = self.resolved.selectors.get(id(step.chosen), {})
        var = asm.new_var()
        asm.emit("choose", var, self.selector_ir(operand, loop_var), end)
        noun = self.resolved.remembered.get(id(step), "")
        asm.emit("remember", noun, var)
        self.step(step.step, asm, loop_var)
        asm.mark(end)

    def for_each(self, step: ast.ForEach, asm: _Assembler) -> None:
        slot, var = asm.new_loop(), asm.new_var()
        top, end = _Label(), _Label()
        operand = self.resolved.selectors.get(id(step.selector), {})
        asm.emit("loop", slot, self.selector_ir(operand, None))
        asm.mark(top)
        asm.emit("next", slot, var, end)
        self.step(step.step, asm, var)
        asm.emit("jump", top)
        asm.mark(end)

    def repeat(self, step: ast.Repeat, asm: _Assembler, loop_var: int | None) -> None:
        slot, var = asm.new_loop(), asm.new_var()
        top, end = _Label(), _Label()
        asm.emit("repeat", slot, self.expr(step.times, loop_var))
        asm.mark(top)
        asm.emit("next", slot, var, end)
        self.step(step.step, asm, loop_var)
        asm.emit("jump", top)
        asm.mark(end)

    # --- operands, selectors, expressions -------------------------------------------

    def operand(self, param: Any, operand: dict[str, Any], loop_var: int | None) -> Any:
        if "it" in operand:
            return {"var": loop_var}
        if "this" in operand:
            return {"this": operand["this"]}
        if "amount" in operand:
            return {"amount": self.amount(operand["amount"], loop_var), "unit": operand["unit"]}
        if "num" in operand:
            return {"num": self.amount(operand["num"], loop_var)}
        if "quant" in operand:
            return {"select": self.selector_ir(operand, loop_var)}
        return self.party_ir(operand, loop_var)

    def player_ir(self, operand: dict[str, Any], loop_var: int | None) -> dict[str, Any]:
        """One named player: a party, a remembered one, or the player a loop is at."""
        return {"var": loop_var} if "it" in operand else self.party_ir(operand, loop_var)

    def party_ir(self, operand: dict[str, Any], loop_var: int | None) -> dict[str, Any]:
        """A party operand; a ranked one's players and measure as IR (docs/effect-ir.md
        ``ranked``)."""
        if operand.get("party") != "ranked":
            return dict(operand)
        by = operand["by"]
        measure = (
            ["value", by["value"]]
            if "value" in by
            else ["count", self.selector_ir(by["count"], loop_var)]
        )
        return {
            "party": "ranked",
            "rank": operand["rank"],
            "among": self.selector_ir(operand["among"], loop_var),
            "by": measure,
            "type": operand["type"],
        }

    def amount(self, value: ast.Amount, loop_var: int | None) -> list[Any]:
        count = self.expr(value.count, loop_var)
        if value.per is None:
            return count
        if value.per.counter is not None:  # card state: ``per charge on this card``
            every = self.expr(value.per.every, loop_var) if value.per.every else ["num", 1]
            return ["*", count, ["/", self.expr(value.per.counter), every]]
        counted = self.resolved.selectors.get(id(value.per.selector), {})
        every = self.expr(value.per.every, loop_var) if value.per.every else ["num", 1]
        return ["*", count, ["/", ["count", self.selector_ir(counted, loop_var)], every]]

    def selector_ir(self, operand: dict[str, Any], loop_var: int | None) -> dict[str, Any]:
        filters = []
        for item in operand.get("filters", []):
            if item[0] == "other_than":
                filters.append(["other_than", self.simple_operand(item[1], loop_var)])
            elif item[0] == "of_party" and "it" in item[1]:  # `ships of it` in a loop
                filters.append(["of_party", {"var": loop_var}])
            elif item[0] == "of_party":  # `ships of the opponent with the most ships`
                filters.append(["of_party", self.party_ir(item[1], loop_var)])
            else:
                filters.append(list(item))
        count = operand.get("count")
        return {
            "type": operand.get("type"),
            "filters": filters,
            "quant": operand.get("quant", "one"),
            "count": self.expr(count, loop_var) if count is not None else None,
            "exclude": [self.simple_operand(x, loop_var) for x in operand.get("exclude", [])],
        }

    def simple_operand(self, operand: dict[str, Any], loop_var: int | None) -> dict[str, Any]:
        if "it" in operand:
            return {"var": loop_var}
        if "this" in operand:
            return {"this": operand["this"]}
        if "you" in operand:
            return {"you": True}
        return {"select": self.selector_ir(operand, loop_var)}

    def expr(self, expr: ast.Expr, loop_var: int | None = None) -> list[Any]:
        if isinstance(expr, ast.Num):
            return ["num", expr.value]
        if isinstance(expr, ast.ValueRef):
            return ["value", expr.name.text]
        if isinstance(expr, ast.ValueOf):  # `night_points of the player who flushed`
            who = self.resolved.operands.get(id(expr), {})
            return ["value_of", expr.name.text, self.player_ir(who, loop_var)]
        if isinstance(expr, ast.Count):
            operand = self.resolved.selectors.get(id(expr.selector), {})
            return ["count", self.selector_ir(operand, loop_var)]
        if isinstance(expr, ast.CounterRef):  # card state: ``charges on this card``
            return ["counter", counter_name(expr.name.text)]
        if isinstance(expr, ast.Function):  # `min(a, b)`: ["min", a, b]
            return [expr.name.text, *(self.expr(arg, loop_var) for arg in expr.args)]
        return [expr.op, self.expr(expr.left, loop_var), self.expr(expr.right, loop_var)]

    def cond(self, cond: ast.Cond, loop_var: int | None = None) -> list[Any]:
        if isinstance(cond, ast.Is):  # `this ship is large` (issue 29)
            thing, word = self.resolved.tests[id(cond)]
            return ["is", dict(thing), word]
        if isinstance(cond, ast.Compare):
            return ["cmp", cond.op, self.expr(cond.left, loop_var), self.expr(cond.right, loop_var)]
        if isinstance(cond, ast.Same):  # `the owner is the leader` (E154)
            left, right = self.resolved.same.get(id(cond), ({}, {}))
            return ["same", self.player_ir(left, loop_var), self.player_ir(right, loop_var)]
        if isinstance(cond, ast.Not):
            return ["not", self.cond(cond.item, loop_var)]
        op = "and" if isinstance(cond, ast.AllOf) else "or"
        return [op, [self.cond(item, loop_var) for item in cond.items]]


def compile_checked(effect: ast.Effect, resolved: Resolved, text: str) -> list[dict[str, Any]]:
    """The compiled clauses of a checked effect (docs/effect-ir.md)."""
    return Compiler(resolved, text).effect(effect)
