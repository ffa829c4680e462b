"""What the self-trigger check (W0403, dsl/retrigger.py) can leave to one card at a time.

The checker looks at one trigger clause at a time. A certain loop through several cards of
one player (card A's verb fires the hook card B listens to, and B's fires A's) would be
missed if it ran through two different hooks; docs/diagnostics.md says which one can with
the vocabularies of today (trade and light gained), and this test holds that to the
registries: it over-approximates the edges a certain loop can take, hook to hook, from the
declarations alone, and finds no other cycle through two different hooks. A cycle on one
hook is a card that fires its own hook, reported by itself. When a new word makes another
such cycle possible, the test says so.
"""

from __future__ import annotations

from whitedwarf.dsl.registry import Registry
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight_registry


def certain_edges(reg: Registry) -> dict[str, set[str]]:
    """Hook -> the hooks a trigger on it could fire surely for its owner. A firing that
    something ends (``Fires.ends``) is never sure; one heard by the owner of a thing, or
    that moves a thing, is sure only with a thing of the hook's that is its hearer's own
    (``Hook.own``: ``this ship``, or a loop over the owner's ships that reaches it)."""
    edges: dict[str, set[str]] = {name: set() for name in reg.hooks}
    for verb in reg.verbs.values():
        params = {p.name: p for p in verb.params}
        for fires in verb.fires:
            if fires.ends:
                continue
            things = {fires.heard_by, *((fires.moves or ("",))[:1])} - {""}
            for hook in reg.hooks.values():
                provided = dict(hook.provides)
                own = {provided[phrase] for phrase in hook.own}
                if all(own & set(params[name].types) for name in things):
                    edges[hook.name].add(fires.hook)
    for hook in reg.hooks.values():  # heard after a gain (`Hook.gained_by`): any trigger's
        if hook.gained_by:  # `gain 1 light` is one
            for edge in edges.values():
                edge.add(hook.name)
    return edges


def cycles_through_two_hooks(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle of the graph that goes through two hooks or more, as hook paths."""
    found = []

    def walk(path: list[str]) -> None:
        for after in sorted(edges[path[-1]]):
            if after == path[0] and len(path) > 1:
                found.append([*path, after])
            elif after not in path and after > path[0]:  # each cycle once, from its least
                walk([*path, after])

    for start in sorted(edges):
        walk([start])
    return found


def test_no_certain_loop_runs_through_two_starlight_hooks() -> None:
    assert cycles_through_two_hooks(certain_edges(starlight_registry())) == []


def test_the_one_certain_loop_through_two_last_light_hooks_is_light_and_trade() -> None:
    """`when trade_made -> gain 1 light` held with `when light_gained -> trade 1`: each card
    alone is no loop, together they are (docs/diagnostics.md "Limits": not reported, the
    check reads one clause). A new cycle here means a new way for two cards to loop."""
    cycles = cycles_through_two_hooks(certain_edges(registry()))
    assert cycles == [["light_gained", "trade_made", "light_gained"]]


def test_the_edges_are_what_the_last_light_verbs_allow() -> None:
    """The move of a ship of the hook's (ship_moved and ship_built, the die hooks) and a
    trade and a gain of light (from any hook) are the only certain firings; nothing fires a
    die hook."""
    edges = certain_edges(registry())
    assert edges["trade_made"] == {"trade_made", "light_gained"}
    both = {"ship_moved", "trade_made", "light_gained"}
    assert edges["ship_moved"] == edges["hit_rolled"] == both
    fired = {hook for targets in edges.values() for hook in targets}
    assert fired == {"ship_moved", "trade_made", "light_gained"}


def test_the_cycle_finder_finds_a_cycle_through_two_hooks() -> None:
    edges = {"a": {"b"}, "b": {"a", "b"}, "c": {"c"}}
    assert cycles_through_two_hooks(edges) == [["a", "b", "a"]]
