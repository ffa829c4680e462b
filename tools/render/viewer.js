// The whitedwarf replay viewer: draws one step of the game stored in #game-data.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("game-data").textContent);
  const steps = data.steps;
  const last = steps.length - 1;
  const slider = document.getElementById("slider");
  const logList = document.getElementById("log");
  let current = 0;
  let timer = null;

  slider.max = String(last);

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function resources(res) {
    return Object.entries(res).map(([k, v]) => v + " " + k).join(", ");
  }

  // A game's own panel: lines of text (Starlight), else Last Light's fields.
  function linesPanel(p) {
    const box = el("div", { class: "player", "data-seat": p.seat });
    box.style.borderColor = data.colours[p.seat] || "#999";
    for (const line of p.lines) box.appendChild(el("div", {}, line));
    return box;
  }

  function playerPanel(p) {
    if (p.lines) return linesPanel(p);
    const box = el("div", { class: "player", "data-seat": p.seat });
    box.style.borderColor = data.colours[p.seat] || "#999";
    const faction = p.faction + (p.faction_kept ? " [" + p.faction_kept + "]" : "");
    box.appendChild(el("div", {}, "seat " + p.seat + " · " + faction + " · " + p.light + " light"));
    box.appendChild(el("div", {}, "resources: " + resources(p.resources)));
    box.appendChild(el("div", {}, "action cards in hand: " + (p.hand.join(", ") || "none") +
      (p.choice ? " · choice: " + p.choice : "")));
    // The techs listed are those in play; the hand is secret, so only its size is told.
    const techs = el("div", { class: "techs" }, "techs in play: " + (p.techs.length ? "" : "none "));
    for (const t of p.techs) {
      const tech = el("span", { class: t.exhausted ? "exhausted" : "" }, t.name + " [" + t.slot + "]");
      if (t.exhausted) tech.appendChild(el("span", { class: "badge" }, "exhausted"));
      // card state (issue 29): the counters on the card and the player it chose
      if (t.kept) tech.appendChild(el("span", { class: "badge" }, t.kept));
      techs.appendChild(tech);
    }
    techs.appendChild(el("span", { class: "hand-count" }, "· " + p.techs_in_hand + " in hand"));
    box.appendChild(techs);
    box.appendChild(el("div", {}, "graveyard: " + p.graveyard + " · supply: " + resources(p.supply)));
    if (p.achievements_done.length) {
      box.appendChild(el("div", {}, "achievements: " + p.achievements_done.join(", ")));
    }
    return box;
  }

  // The chart's geometry: steps left to right, the score bottom to top.
  const CHART = { left: 34, right: 392, top: 8, bottom: 118 };
  const chartX = (i) => CHART.left + ((CHART.right - CHART.left) * i) / Math.max(1, last);

  // A step between ticks of 1, 2, 5 times a power of ten, so at most `most` ticks show.
  function tickStep(span, most) {
    for (let power = 1; ; power *= 10) {
      for (const m of [1, 2, 5]) if (span / (m * power) <= most) return m * power;
    }
  }

  function drawChart() {
    const chart = document.getElementById("chart");
    const seats = data.colours.length;
    let most = 1;
    for (const s of steps) for (const v of s.scores) most = Math.max(most, v);
    const every = tickStep(most, 5);
    const top = Math.ceil(most / every) * every;
    const y = (v) => CHART.bottom - ((CHART.bottom - CHART.top) * v) / top;
    const text = (x, yy, words, cls, anchor) => '<text class="' + cls + '" x="' + x + '" y="' + yy +
      '" fill="#aab" font-size="10" text-anchor="' + anchor + '">' + words + "</text>";
    let svg = '<line x1="' + CHART.left + '" y1="' + CHART.bottom + '" x2="' + CHART.right +
      '" y2="' + CHART.bottom + '" stroke="#556"/>';
    for (let v = 0; v <= top; v += every) {  // the score axis, at round numbers
      svg += '<line x1="' + CHART.left + '" x2="' + CHART.right + '" y1="' + y(v).toFixed(1) +
        '" y2="' + y(v).toFixed(1) + '" stroke="#262c44"/>' +
        text(CHART.left - 4, (y(v) + 3).toFixed(1), v, "tick-score", "end");
    }
    // The round axis: a tick where each round starts, every round labelled while they fit.
    const starts = [];
    steps.forEach((s, i) => { if (i === 0 || s.round !== steps[i - 1].round) starts.push([s.round, i]); });
    const rounds = tickStep(starts.length, 12);
    for (const [round, i] of starts) {
      const xx = chartX(i).toFixed(1);
      svg += '<line x1="' + xx + '" x2="' + xx + '" y1="' + CHART.bottom + '" y2="' +
        (CHART.bottom + 3) + '" stroke="#556"/>';
      // Multiples of the step; round 1 too when the next label is well apart from it.
      if (round % rounds === 0 || (round === 1 && rounds >= 5)) {
        svg += text(xx, CHART.bottom + 13, round, "tick-round", "middle");
      }
    }
    svg += text((CHART.left + CHART.right) / 2, CHART.bottom + 28, "round", "axis-title", "middle");
    for (let seat = 0; seat < seats; seat++) {
      const points = steps.map((s, i) => chartX(i).toFixed(1) + "," + y(s.scores[seat]).toFixed(1));
      svg += '<polyline fill="none" stroke-width="1.5" stroke="' + data.colours[seat] +
        '" points="' + points.join(" ") + '"/>';
    }
    svg += '<line id="chart-now" y1="' + CHART.top + '" y2="' + CHART.bottom +
      '" stroke="#fff" stroke-dasharray="2,2"/>';
    chart.innerHTML = svg;
    chart.dataset.x0 = String(CHART.left);
  }

  function fillLog() {
    steps.forEach((s, i) => {
      if (i === 0) return;
      const item = el("li", { value: String(i), "data-step": String(i) }, s.log);
      if (s.events.length) {
        const told = el("ul", { class: "events" });
        for (const e of s.events) told.appendChild(el("li", {}, e));
        item.appendChild(told);
      }
      logList.appendChild(item);
    });
  }

  function show(index) {
    current = Math.max(0, Math.min(last, index));
    const step = steps[current];
    const board = data.svgHead + step.board.map((i) => data.sectors[i]).join("") + data.svgTail;
    document.getElementById("board").innerHTML = board;
    slider.value = String(current);
    document.getElementById("where").textContent = "decision " + current + " of " + last;
    let status = step.status;
    if (current === last && data.result) {
      const tiebreak = data.result.tiebreak;
      const decided = !tiebreak ? "" : tiebreak === "shared" ? "; tied: a shared win" : "; decided by " + tiebreak;
      status += " · winners: seat " + data.result.winners.join(", seat ") +
        " (game ended: " + data.result.reason + decided + ")";
    }
    document.getElementById("status").textContent = status;
    const players = document.getElementById("players");
    players.replaceChildren(...step.players.map((i) => playerPanel(data.panels[i])));
    const now = document.getElementById("chart-now");
    const xx = chartX(current).toFixed(1);
    now.setAttribute("x1", xx);
    now.setAttribute("x2", xx);
    for (const item of logList.querySelectorAll("li.current")) item.classList.remove("current");
    const item = logList.querySelector('li[data-step="' + current + '"]');
    if (item) {
      item.classList.add("current");
      logList.scrollTop = item.offsetTop - logList.offsetTop - 100;
    }
  }

  function toggle() {
    if (timer) { clearInterval(timer); timer = null; return; }
    timer = setInterval(() => { if (current >= last) toggle(); else show(current + 1); }, 300);
  }

  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("prev").addEventListener("click", () => show(current - 1));
  document.getElementById("next").addEventListener("click", () => show(current + 1));
  document.getElementById("last").addEventListener("click", () => show(last));
  document.getElementById("play").addEventListener("click", toggle);
  slider.addEventListener("input", () => show(Number(slider.value)));
  logList.addEventListener("click", (event) => {
    const step = event.target.getAttribute && event.target.getAttribute("data-step");
    if (step) show(Number(step));
  });
  document.addEventListener("keydown", (event) => {
    if (event.target === slider && (event.key === "ArrowLeft" || event.key === "ArrowRight")) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
    if (event.key in moves) show(current + moves[event.key]);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(last);
    else if (event.key === " ") toggle();
    else return;
    event.preventDefault();
  });

  drawChart();
  fillLog();
  show(0);
  document.body.dataset.ready = "true";
})();
