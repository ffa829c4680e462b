"""The balance report as one self-contained HTML file: inline CSS and SVG, and a few lines of
inline script that sort a table by the column whose header is clicked (nothing is loaded)."""

from __future__ import annotations

from html import escape
from typing import Any

from whitedwarf.interpreter.simulation import plots
from whitedwarf.interpreter.simulation.labels import label, packs_text, short_label

STYLE = """
body{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222;line-height:1.4}
table{border-collapse:collapse;margin:1em 0}td,th{padding:3px 8px;border-bottom:1px solid #ddd;
text-align:right}td:first-child,th:first-child{text-align:left}.sig{font-weight:bold;
color:#a02030}.lead li{margin:.3em 0}.note{color:#555;font-size:90%}
td{white-space:nowrap}td:first-child{white-space:normal}th{cursor:pointer;user-select:none}
th[aria-sort=ascending]::after{content:" ▲"}th[aria-sort=descending]::after{content:" ▼"}
"""

#: Click a column's header to sort the table's rows by it (again: the other way). A cell is
#: sorted by the number it starts with (``41.2% (35–47%)``, ``+3.0``, ``0.012``), else by its
#: text; numbers come before words (``n/a``).
SORT_SCRIPT = """
document.querySelectorAll("table.sortable th").forEach(function (th) {
  th.title = "sort by this column";
  th.addEventListener("click", function () {
    var body = th.closest("table").tBodies[0], col = th.cellIndex;
    var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
    th.parentNode.querySelectorAll("th").forEach(function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
    function key(row) {
      var text = row.cells[col].textContent.trim(), n = parseFloat(text);
      return isNaN(n) ? [1, text.toLowerCase()] : [0, n];
    }
    Array.from(body.rows).sort(function (a, b) {
      var x = key(a), y = key(b);
      if (x[0] !== y[0]) return x[0] - y[0];
      return (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0) * dir;
    }).forEach(function (row) { body.appendChild(row); });
  });
});
"""


def simulation_html(summary: dict[str, Any], title: str = "Balance report") -> str:
    """The report of one batch (``report.html``)."""
    if not summary["games"]:  # no game finished: its sentence says why; no empty tables
        return _page(title, [_lead(summary["sentences"])])
    if "factions" not in summary:  # a result game (Starlight)
        return _page(title, _result_report(summary))
    fair = summary["fair_share"]
    names = summary.get("names")
    body = [
        *_packs_line(summary),
        _lead(summary["sentences"]),
        *_rates(
            "Win rate per faction",
            "Win rate per faction (95% interval; dashed: fair share)",
            summary["factions"],
            fair,
            names,
        ),
        *_seats_agents_length(summary, fair),
        "<h2>Where light came from</h2>",
        _light(summary["light_sources"]),
        "<h2>Techs</h2>",
        _tech_table(summary["techs"], names),
        "<h2>Achievements</h2>",
        _achievement_table(summary["achievements"], names),
        "<h2>Exploration tokens</h2>",
        _table(
            ["token", "deep space resolved", "planetary revealed", "per game"],
            [
                [label(t["name"], names), t["explored"], t["revealed"], f"{t['per_game']:.2f}"]
                for t in summary["exploration"]
            ],
        ),
        *_chances(summary),
        _method(),
    ]
    return _page(title, body)


def _chances(summary: dict[str, Any]) -> list[str]:
    """The cards played rarely, told apart (offers.py): too few chances, or passed up."""
    rows = [r for r in summary.get("offers") or [] if r["flag"]]
    if not rows:
        return []
    names = summary.get("names")
    seat_games = summary.get("offer_seat_games", 0)
    return [
        "<h2>Unplayed or passed up</h2>",
        _table(
            [
                "card",
                "option",
                "seat-games offered",
                "of which taken",
                "taken when offered",
                "finding",
            ],
            [
                [
                    label(r["name"], names),
                    r["verb"],
                    r["offered"],
                    r["chosen"],
                    _pct(r["take_rate"]),
                    r["flag"],
                ]
                for r in rows
            ],
        ),
        '<p class="note">Of ' + str(seat_games) + " seat-games. <b>few chances</b>: an option "
        "naming the card was offered in too few seat-games for its numbers to mean much "
        "(unplayed, not weak). <b>passed up</b>: offered often, seldom taken: the card is "
        "weak, or the agents misjudge it; <code>simulate --give SEAT:CARD --ablate CARD</code> "
        "measures what it does when held.</p>",
    ]


def _packs_line(summary: dict[str, Any]) -> list[str]:
    """Which packs the batch played (folders and versions), when the summary knows."""
    if not summary.get("packs"):
        return []
    return [f'<p class="note">Packs: {escape(packs_text(summary["packs"]))}.</p>']


def _achievement_table(rows: list[dict[str, Any]], names: dict[str, str] | None) -> str:
    """How often each achievement is completed when kept, with its interval, against all the
    others (a summary written before the test has the counts only)."""
    return _table(
        ["achievement", "kept", "completed", "rate", "95% interval", "others", "p (corrected)", ""],
        [
            [
                label(a["name"], names),
                a["kept"],
                a["done"],
                _pct(a["rate"]),
                f"{_pct(a['low'])}–{_pct(a['high'])}" if "low" in a else "",
                _pct(a.get("others")),
                f"{a['p_adjusted']:.3g}" if "p_adjusted" in a else "",
                _mark(a) if "significant" in a else "",
            ]
            for a in rows
        ],
        (
            f"{rows[0]['test']}. Kept: the times a player held it (completed or not); others: "
            "the completion rate of all the other achievements together"
        )
        if rows and "test" in rows[0]
        else "",
    )


def _seats_agents_length(summary: dict[str, Any], fair: float) -> list[str]:
    """The parts every game's report has: win rates per seat and per agent (when there is
    more than one: one agent in every seat wins its fair share by definition), game length."""
    agents = summary["agents"]
    names = escape(", ".join(row["name"] for row in agents))
    lineup = summary.get("seat_agents")
    confounded = (
        [
            '<p class="note">Each seat had the same agent in every game ('
            + escape(", ".join(f"seat {i}: {a}" for i, a in enumerate(lineup)))
            + "): these are the agents' win rates, not an effect of seat order.</p>"
        ]
        if lineup
        else []
    )
    return [
        *_rates(
            "Win rate per seat (seat 0 starts the game)",
            "Win rate per seat (95% interval; dashed: fair share)",
            summary["seats"],
            fair,
        ),
        *confounded,
        *(
            _rates(
                "Win rate per agent",
                "Win rate per agent's seat (95% interval; dashed: fair share)",
                agents,
                fair,
            )
            if len(agents) > 1
            else [f"<p>Every seat was played by the {names} agent.</p>"]
        ),
        "<h2>Game length</h2>",
        plots.histogram("Game length in rounds", summary["rounds"]["histogram"]),
        f"<p>Mean {summary['rounds']['mean']:.1f} rounds; why games ended: "
        f"{escape(', '.join(f'{k}: {v}' for k, v in summary['reasons'].items()))}.</p>",
    ]


def _result_report(summary: dict[str, Any]) -> list[str]:
    """The report of a game other than Last Light: who wins (per seat and agent), how long
    games last and the mean points, from each game's result."""
    fair = summary["fair_share"]
    numbers = summary.get("points", {"all": {}, "winners": {}})
    return [
        *_packs_line(summary),
        _lead(summary["sentences"]),
        *_seats_agents_length(summary, fair),
        "<h2>Points per player</h2>",
        _table(
            ["", "every player", "winners"],
            [[n, f"{v:.1f}", f"{numbers['winners'][n]:.1f}"] for n, v in numbers["all"].items()],
        ),
        "<h2>Where points came from</h2>",
        _light(summary.get("point_sources", {}), "points"),
        *(
            part
            for kind, rows in summary.get("picks", {}).items()
            for part in _picks(
                kind, rows, summary.get("pick_fair", {}).get(kind, fair), summary.get("names")
            )
        ),
        *_chances(summary),
        _method(),
    ]


def _rates(
    heading: str,
    caption: str,
    rows: list[dict[str, Any]],
    fair: float,
    names: dict[str, str] | None = None,
) -> list[str]:
    """A win-rate section: its heading, the rates as bars with their intervals against the
    fair share, and the table."""
    return [
        f"<h2>{escape(heading)}</h2>",
        plots.interval_bars(caption, _bars(rows, names), fair),
        _share_table(rows, names),
    ]


def _changes(
    heading: str,
    caption: str,
    rows: list[dict[str, Any]],
    noun: str,
    names: dict[str, str] | None = None,
) -> list[str]:
    """A comparison section: its heading, the changes of win rate (variant minus base) as
    bars with their intervals, and the table."""
    return [
        f"<h2>{escape(heading)}</h2>",
        plots.interval_bars(f"{caption}, in percentage points", _diff_bars(rows, names), 0.0, -1.0),
        _diff_table(rows, noun, names),
    ]


def _picks(
    kind: str, rows: list[dict[str, Any]], fair: float, names: dict[str, str] | None = None
) -> list[str]:
    """A kind of card kept from a deal (Starlight's gods): how often each is kept when
    offered, and how often its keepers win."""
    played = [r for r in rows if r["games"]]
    return [
        *_rates(
            f"Win rate per {kind} kept",
            f"Win rate of the seats holding each {kind}, kept or given (95% interval; dashed: "
            "all holders)",
            played,
            fair,
            names,
        ),
        f'<p class="note">The fair share of one {escape(kind)} is the win rate of all the seats '
        f"that held a {escape(kind)}: {_pct(fair)}. A seat given one (<code>--give</code>) "
        "counts for the one it held; its deal counts in no pick rate.</p>",
        f"<h2>How often each {escape(kind)} is kept when dealt</h2>",
        _table(
            [kind, "dealt", "kept", "pick rate", "95% interval"],
            [
                [
                    label(r["name"], names),
                    r["offered"],
                    r["kept"],
                    _pct(r["pick_rate"]),
                    "n/a"
                    if r["pick_low"] is None
                    else f"{_pct(r['pick_low'])}–{_pct(r['pick_high'])}",
                ]
                for r in rows
            ],
        ),
    ]


def comparison_html(result: dict[str, Any]) -> str:
    """The report of a comparison (``comparison.html``)."""
    if not (result["base"]["games"] and result["variant"]["games"]):
        return _page("Comparison report", [*_sides(result), _lead(result["sentences"])])
    if "agents" in result:
        return _page("Comparison report", _result_comparison(result))
    names = result.get("names")
    body = [
        *_sides(result),
        _lead(result["sentences"]),
        *_only_in(result),
        *_deal(result),
        *_changes(
            "Faction win rates: variant minus base",
            "Change of faction win rate (95% interval)",
            result["factions"],
            "faction",
            names,
        ),
        *_seat_changes(result),
        "<h2>How often each tech is built: variant minus base</h2>",
        '<p class="note">A game of another length builds more or fewer techs whatever the '
        "change: the sentences above count the build rates that moved with the game's length; "
        "this table lists each.</p>",
        _diff_table(result["techs_built"], "tech", names),
        "<h2>Win rate of a tech's owners: variant minus base</h2>",
        '<p class="note">A tech nobody owned at the end in one of the two batches has no win '
        "rate there to compare and is not listed.</p>",
        _diff_table(result["techs"], "tech", names),
        "<h2>The base pack</h2>",
        _lead(result["base"]["sentences"]),
        "<h2>The variant pack</h2>",
        _lead(result["variant"]["sentences"]),
        _method(),
    ]
    return _page("Comparison report", body)


def _result_comparison(result: dict[str, Any]) -> list[str]:
    """The comparison of a game other than Last Light: agents' and kept cards' win rates."""
    body = [
        *_sides(result),
        _lead(result["sentences"]),
        *_only_in(result),
        *_seat_changes(result),
        # One agent in every seat wins its fair share in both batches: nothing to chart.
        *(
            _changes(
                "Agent win rates: variant minus base",
                "Change of agent win rate (95% interval)",
                result["agents"],
                "agent",
            )
            if len(result["agents"]) > 1
            else []
        ),
    ]
    for kind, rows in result.get("picks", {}).items():
        body += _changes(
            f"Win rate per {kind} kept: variant minus base",
            f"Change of the win rate of each {kind}'s keepers (95% interval)",
            rows,
            kind,
            result.get("names"),
        )
    return [
        *body,
        "<h2>The base pack</h2>",
        _lead(result["base"]["sentences"]),
        "<h2>The variant pack</h2>",
        _lead(result["variant"]["sentences"]),
        _method(),
    ]


def _sides(result: dict[str, Any]) -> list[str]:
    """Which packs were compared (folders and versions), each with a link to its batch's
    own full report (``base/report.html``, ``variant/report.html`` beside this page)."""
    packs = result.get("packs", {})
    if not any(packs.values()):  # a comparison made from records alone
        return []
    items = "".join(
        f"<li>{side}: {escape(packs_text(packs.get(side, [])))}; "
        f'<a href="{side}/report.html">its full report</a></li>'
        for side in ("base", "variant")
    )
    return [f'<ul class="note">{items}</ul>']


def _deal(result: dict[str, Any]) -> list[str]:
    """How often each faction was dealt, base and variant, when the variant changed which
    factions play (a faction added or removed)."""
    rows = result.get("deal", {}).get("factions", [])
    if not any(r["base"] is None or r["variant"] is None for r in rows):
        return []
    names = result.get("names")
    return [
        "<h2>Which factions were dealt</h2>",
        _table(
            ["faction", "base: in games", "variant: in games"],
            [[label(r["name"], names), _pct(r["base"]), _pct(r["variant"])] for r in rows],
        ),
    ]


def _seat_changes(result: dict[str, Any]) -> list[str]:
    """The change of each seat's win rate: a card can move the first player's advantage."""
    return _changes(
        "Seat win rates: variant minus base",
        "Change of each seat's win rate (95% interval)",
        result.get("seats", []),
        "seat",
    )


def _only_in(result: dict[str, Any]) -> list[str]:
    """The cards only one batch played (a new faction or god, a removed tech): their own
    win rates, since there is no change to measure."""
    sides = (("variant", "New in the variant"), ("base", "Only in the base"))
    rows = [
        [
            f"Only in the {side}'s games (in both packs)" if r.get("in_both") else title,
            r["kind"],
            label(r["name"], result.get("names")),
            r["owned_games"] if r["kind"] == "tech" else r["games"],
            _with_interval(r["win_owned"], r.get("win_owned_low"), r.get("win_owned_high"))
            if r["kind"] == "tech"
            else _with_interval(r["rate"], r["low"], r["high"]),
            _pct(r.get("win_not_owned")) if r["kind"] == "tech" else _pct(r["fair"]),
            _mark(r),
        ]
        for side, title in sides
        for r in result.get("only_in", {}).get(side, [])
    ]
    if not rows:
        return []
    return [
        "<h2>Played in one pack only</h2>",
        _table(
            [
                "",
                "kind",
                "card",
                "games (owners)",
                "win rate (95% interval)",
                "fair share (a tech: win rate of the players without it)",
                "",
            ],
            rows,
            "a faction or a kept card: the exact binomial test against the fair share in that "
            "pack's batch, Holm-corrected with the rest of its table; a tech: its owners against "
            "the players without it, as its batch's report tests it (z-test, Fisher's exact "
            "test where a cell expects under 5, Benjamini-Hochberg-corrected); there is no "
            "change to measure for these",
        ),
    ]


def _page(title: str, body: list[str]) -> str:
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
        f"<h1>{escape(title)}</h1>{''.join(body)}<script>{SORT_SCRIPT}</script></body></html>\n"
    )


def _lead(sentences: list[str]) -> str:
    return '<ul class="lead">' + "".join(f"<li>{escape(s)}</li>" for s in sentences) + "</ul>"


Bar = tuple[str, float, float, float, bool]


def _bars(rows: list[dict[str, Any]], names: dict[str, str] | None = None) -> list[Bar]:
    return [
        (short_label(r["name"], names), r["rate"], r["low"], r["high"], r["significant"])
        for r in rows
    ]


def _diff_bars(rows: list[dict[str, Any]], names: dict[str, str] | None = None) -> list[Bar]:
    return [
        (short_label(r["name"], names), r["difference"], r["low"], r["high"], r["significant"])
        for r in rows
    ]


def _share_table(rows: list[dict[str, Any]], names: dict[str, str] | None = None) -> str:
    return _table(
        ["", "games", "wins", "win rate", "95% interval", "p (corrected)", ""],
        [
            [
                label(r["name"], names),
                r["games"],
                f"{r['wins']:g}",
                _pct(r["rate"]),
                f"{_pct(r['low'])}–{_pct(r['high'])}",
                f"{r['p_adjusted']:.3g}",
                _mark(r),
            ]
            for r in rows
        ],
        # The interval is one row's; the ★ is after correcting for every row of the table:
        # a reader who sees an interval miss the fair share without a ★ is told why.
        f"{rows[0]['test']}. The 95% interval is for the row alone; ★ holds after correcting "
        "for the number of rows tested, so an interval may miss the fair share without a ★"
        if rows
        else "",
    )


def _tech_table(rows: list[dict[str, Any]], names: dict[str, str] | None = None) -> str:
    return _table(
        [
            "tech",
            "drawn by",
            "kept by",
            "built by",
            "owned at end by",
            "pick rate",
            "owners",
            "win owned",
            "win not owned",
            "p (corrected)",
            "",
        ],
        [
            [
                label(r["name"], names),
                _pct(r["drawn"]),
                _pct(r["kept"]),
                _pct(r["built"]),
                _pct(r["owned"]),
                _with_interval(r.get("pick_rate"), r.get("pick_low"), r.get("pick_high")),
                r["owned_games"],
                _with_interval(r["win_owned"], r.get("win_owned_low"), r.get("win_owned_high")),
                _pct(r["win_not_owned"]),
                f"{r['p_adjusted']:.3g}",
                _mark(r),
            ]
            for r in rows
        ],
        (
            rows[0]["test"] + ". drawn, kept and built by: the share of players (per game) who "
            "drew, kept or built the tech at least once; owned at end by: who had it in play "
            "when the game ended. Pick rate: the copies kept of the copies drawn (setup's deal "
            "counts as both). Win owned: the win rate of the owners at the end, with its 95% "
            "interval; a correlation, not the tech's effect (compare measures that)"
        )
        if rows
        else "",
    )


def _with_interval(value: float | None, low: float | None, high: float | None) -> str:
    """``41.2% (35–47%)``; ``n/a`` when nothing was counted."""
    if value is None or low is None or high is None:
        return _pct(value)
    return f"{_pct(value)} ({100 * low:.0f}–{100 * high:.0f}%)"


def _diff_table(rows: list[dict[str, Any]], what: str, names: dict[str, str] | None = None) -> str:
    return _table(
        [what, "base", "variant", "change", "95% interval", "p (corrected)", ""],
        [
            [
                label(r["name"], names),
                _pct(r["base"]),
                _pct(r["variant"]),
                f"{100 * r['difference']:+.1f}",
                f"{100 * r['low']:+.1f} to {100 * r['high']:+.1f}",
                f"{r['p_adjusted']:.3g}",
                _mark(r),
            ]
            for r in rows
        ],
        # Same seeds on both sides make the two batches' results correlated; the test treats
        # them as independent, which overstates the noise: it errs towards "no change" (S17).
        f"{rows[0]['test']} (the batches share their seeds; the test treats them as "
        "independent, so it errs towards no change). Change and interval in percentage points; "
        "the interval is for the row alone, ★ holds after correcting for the rows tested, so "
        "an interval may miss 0 without a ★"
        if rows
        else "",
    )


def _light(sources: dict[str, Any], what: str = "light") -> str:
    if not sources.get("available"):
        return (
            f'<p class="note">These games recorded no {what} by source (an engine without it).</p>'
        )
    chart = plots.stacked_bar(
        f"Mean {what} per player per game, by source",
        {"all players": sources["all"], "winners": sources["winners"]},
    )
    rows = [[s, f"{sources['all'][s]:.2f}", f"{sources['winners'][s]:.2f}"] for s in sources["all"]]
    return chart + _table(["source", "all players", "winners"], rows)


def _table(head: list[str], rows: list[list[Any]], note: str = "") -> str:
    """A table whose columns sort when their header is clicked (:data:`SORT_SCRIPT`)."""
    cells = "".join(f"<th>{escape(str(h))}</th>" for h in head)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td>{escape(str(c))}</td>" if c != "★" else '<td class="sig">★</td>' for c in row
        )
        + "</tr>"
        for row in rows
    )
    caption = f'<p class="note">Test: {escape(note)}.</p>' if note else ""
    return (
        f'<table class="sortable"><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>'
        f"{caption}"
    )


def _mark(row: dict[str, Any]) -> str:
    return "★" if row["significant"] else ""


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def _method() -> str:
    return (
        '<p class="note">★ marks a result significant at 5% after correcting for the number of '
        "tests in its table. Intervals are 95% Wilson score intervals (differences: Newcombe). "
        "A tie shares the win between the tied players.</p>"
    )


def terminal_summary(sentences: list[str]) -> str:
    """The short summary printed at the end of a run."""
    return "\n".join(f"- {s}" for s in sentences)


def ablation_html(result: dict[str, Any], sentences: list[str]) -> str:
    """The report of ``simulate --ablate``: the card's effect on its holder, paired game by
    game (``ablation.py``), in words and in a table of both arms."""
    win, light, score = result["win"], result["light"], result["score"]

    def signed(value: float | None, scale: float = 1.0, digits: int = 1) -> str:
        return "n/a" if value is None else f"{scale * value:+.{digits}f}"

    rows = [
        [
            "win rate",
            _pct(win["without"]),
            _pct(win["with"]),
            f"{signed(win['difference'], 100)} points",
            f"{signed(win['low'], 100)} to {signed(win['high'], 100)}",
            f"{win['p']:.3g}",
            "★" if win["p"] < 0.05 else "",
        ],
        [
            f"{score} (mean)",
            "n/a" if light["without"] is None else f"{light['without']:.2f}",
            "n/a" if light["with"] is None else f"{light['with']:.2f}",
            signed(light["difference"], digits=2),
            f"{signed(light['low'], digits=2)} to {signed(light['high'], digits=2)}",
            f"{light['p']:.3g}",
            "★" if light["p"] < 0.05 else "",
        ],
    ]
    table = _table(
        ["holder's", "without", "with", "difference", "95% interval", "p", ""],
        rows,
        f"win rate: {win['test']} on the {win['gained']} pairs won only with the card and the "
        f"{win['lost']} won only without (interval: Agresti-Min); {score}: {light['test']}",
    )
    note = (
        '<p class="note">Each game is played twice on the same seed, with and without the '
        "card (common random numbers): the deal's noise cancels in each pair. ★: p below "
        "0.05 (one test a row, uncorrected). The two batches' own reports are in with/ and "
        "without/.</p>"
    )
    return _page(f"Ablation of {result['card']}", [_lead(sentences), table, note])


def _effect_row(label: str, win: dict[str, Any], light: dict[str, Any]) -> list[str]:
    """A row of ``compare --ablate``'s table: an effect on the win rate and on the score,
    each with its interval and p."""
    return [
        label,
        f"{100 * (win['difference'] or 0):+.0f} points",
        f"{100 * win['low']:+.0f} to {100 * win['high']:+.0f}",
        f"{win['p']:.3g}",
        f"{light['difference']:+.2f}",
        f"{light['low']:+.2f} to {light['high']:+.2f}",
        f"{light['p']:.3g}",
    ]


def ablation_comparison_html(result: dict[str, Any], names: dict[str, str] | None = None) -> str:
    """The report of ``compare --ablate``: the card's effect on its holder on each pack, side
    by side, and whether they differ (``ablation.effect_difference``)."""
    card = result["card"]
    sections = result["sentences"]
    body: list[str] = []
    if result.get("difference"):
        body.append(_lead(result["difference"]["sentences"]))
    rows = []
    for side in ("base", "variant"):
        one = result.get(side)
        if not one:
            rows.append([side, "no such card", "", "", "", "", ""])
            continue
        rows.append(_effect_row(side, one["win"], one["light"]))
    difference = result.get("difference")
    if difference and difference["pairs"]:
        rows.append(_effect_row("variant minus base", difference["win"], difference["light"]))
    score = next((result[s]["score"] for s in ("base", "variant") if result.get(s)), "light")
    head = ["pack", "effect on win rate", "95% interval", "p", f"effect on {score}"]
    body.append(
        _table(
            [*head, "95% interval", "p"],
            rows,
            "each pack: McNemar's exact test (win rate, interval Agresti-Min) and the paired "
            f"t-test ({score}) over its pairs; the difference: the paired t-test over the seeds "
            "of the variant's effect minus the base's",
        )
    )
    for side in ("base", "variant"):
        where = escape(result.get("packs", {}).get(side, ""))
        link = f' (<a href="{side}/ablation.html">its ablation</a>)' if result.get(side) else ""
        body.append(f"<h2>The {side} pack {where}{link}</h2>{_lead(sections[side])}")
    body.append(
        '<p class="note">Every game is played on the same seed four times: on each pack, with '
        "and without the card. Each pack's effect is paired game by game, and the two effects "
        "seed by seed.</p>"
    )
    return _page(f"Ablation of {short_label(card, names)} on two packs", body)
