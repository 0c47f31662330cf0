/* The "Play online" pages: the engine itself (cardrules.play.Table, Python) runs in the
   reader's browser on Pyodide; this script only draws the views it returns and sends it
   the reader's clicks. Loaded by the play pages only (cardrules/sphinxext/play.py). */
(function () {
  "use strict";
  const me = document.currentScript;
  const STATIC = me.src.replace(/play\.js(\?.*)?$/, "");
  let pyodide = null;
  let clauses = {};
  let tables = 0;
  const marks = {};  // when the runtime, the engine and the first choices were ready (ms since the page began)

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
    return node;
  }

  /* A card as the deal diagrams draw it: the suit glyph in its colour, then the rank. */
  function card(c) {
    return el("span", { class: "card" },
      el("span", { class: "suit " + (c.red ? "suit-red" : "suit-black"), text: c.suit }), c.rank);
  }

  /* A record's text (♠A ♥10 …, or a call) with every card drawn in its colour. */
  function cardsText(text) {
    const out = el("span");
    for (const part of text.split(/([♠♣♦♥](?:10|[2-9TJQKAВДКТ]))/u)) {
      const m = /^([♠♣♦♥])(.+)$/u.exec(part);
      if (m) out.append(card({ suit: m[1], rank: m[2], red: m[1] === "♦" || m[1] === "♥" }));
      else if (part) out.append(part);
    }
    return out;
  }

  function clauseLink(id) {
    const known = clauses[id];
    if (!known) return el("code", { text: id });
    const root = STATIC.replace(/_static\/$/, "");
    return el("a", { href: root + known[0], title: known[1] + " · " + known[2] },
      el("code", { text: id }), " ", known[1]);
  }

  async function loadScript(src) {
    await new Promise((resolve, reject) => {
      const s = el("script", { src: src });
      s.onload = resolve;
      s.onerror = () => reject(new Error("cannot load " + src));
      document.head.append(s);
    });
  }

  async function runtime(status) {
    if (pyodide) return pyodide;
    status("Loading the Python runtime…");
    await loadScript(STATIC + "pyodide/pyodide.js");
    const py = await window.loadPyodide({ indexURL: STATIC + "pyodide/" });
    marks.runtime = performance.now();
    status("Unpacking the engine…");
    const [zip, known] = await Promise.all([
      fetch(STATIC + "cardrules-engine.zip").then((r) => r.arrayBuffer()),
      fetch(STATIC + "cardrules-clauses.json").then((r) => r.json()),
    ]);
    py.unpackArchive(zip, "zip", { extractDir: "/engine" });
    py.runPython("import sys; sys.path.insert(0, '/engine'); from cardrules.play import Table; TABLES = {}");
    marks.engine = performance.now();
    clauses = known;
    pyodide = py;
    return py;
  }

  function call(code) {
    return JSON.parse(pyodide.runPython(code));
  }

  function setUp(box) {
    const id = tables++;
    const game = box.dataset.game, variant = box.dataset.variant, seat = Number(box.dataset.seat);
    const statusLine = box.querySelector(".play-status");
    const status = (text) => { statusLine.textContent = text; };
    const seedInput = el("input", { type: "number", min: "0", max: "1000000000", value: box.dataset.seed,
      id: "play-seed-" + id, inputmode: "numeric" });
    const dealButton = el("button", { type: "submit", class: "play-deal", text: "Deal / сдать" });
    const head = el("form", { class: "play-head", onsubmit: (e) => { e.preventDefault(); deal(); } },
      el("label", { for: "play-seed-" + id, text: "Deal number (seed) / номер сдачи: " }), seedInput, " ", dealButton);
    const board = el("div", { class: "play-board" });
    box.append(head, board);
    const t = "TABLES[" + id + "]";

    function deal() {
      const seed = Number(seedInput.value);
      if (!Number.isInteger(seed) || seed < 0 || seed > 1e9) { status("The deal number is a whole number from 0 to 1000000000."); return; }
      try {
        pyodide.runPython(t + " = Table(" + JSON.stringify(game) + ", " + JSON.stringify(variant) + ", seed=" + seed +
          ", seat=" + seat + ")");
        draw(call(t + ".view_json()"));
      } catch (err) { status("The engine refused: " + String(err).split("\n").filter(Boolean).pop()); }
    }

    function choose(i) {
      try { draw(call(t + ".choose(" + i + ") or " + t + ".view_json()")); }
      catch (err) { status("The engine refused: " + String(err).split("\n").filter(Boolean).pop()); }
    }

    function why(i, panel, button) {
      if (panel.hidden) {
        const w = call("__import__('json').dumps(" + t + ".why(" + i + "))");
        panel.replaceChildren(el("span", { text: "The engine went through: " }),
          w.clauses.length ? el("ul", {}, w.clauses.map((c) => el("li", {}, clauseLink(c))))
            : el("span", { text: "no clause-marked code beyond the phase's own list of choices." }));
      }
      panel.hidden = !panel.hidden;
      button.setAttribute("aria-expanded", String(!panel.hidden));
    }

    function move(m) {
      return el("li", {}, el("strong", { text: m.name + ": " }), cardsText(m.label),
        m.why_en ? el("span", { class: "play-reason", text: " — " + m.why_en + " / " + m.why_ru }) : null);
    }

    function draw(v) {
      const parts = [];
      const mine = v.hands[v.seat];
      parts.push(el("p", { class: "play-seats" }, v.hands.map((h, k) =>
        el("span", { class: "play-seat" + (v.to_move === k ? " play-to-move" : "") },
          h.name + (k === v.seat ? " (you / вы)" : "") + ": " + h.count + " cards" + (k < v.hands.length - 1 ? " · " : "")))));
      const forbidden = new Map(v.forbidden.map((f) => [f.card, f]));
      parts.push(el("div", { class: "play-hand" }, el("p", { class: "play-label", text: "Your hand / ваши карты:" }),
        el("ul", { class: "play-cards" }, mine.cards.map((c) => {
          const f = forbidden.get(c.card);
          return el("li", { class: f ? "play-forbidden" : null }, card(c),
            f ? el("details", { class: "play-whynot" }, el("summary", { text: "why not? / почему нельзя?" }),
              el("span", { text: f.why + " " }), clauseLink(f.clause)) : null);
        }))));
      const since = v.log.slice(v.log.map((m) => m.seat).lastIndexOf(v.seat) + 1);
      if (since.length) {
        parts.push(el("p", { class: "play-label", text: "Since your last move / после вашего хода:" }),
          el("ul", { class: "play-latest" }, since.map(move)));
      }
      if (v.choices.length) {
        parts.push(el("p", { class: "play-label", text: "Your move (" + v.phase + ") / ваш ход:" }));
        parts.push(el("ul", { class: "play-choices" }, v.choices.map((c) => {
          const panel = el("div", { class: "play-why", hidden: true, id: "play-why-" + id + "-" + c.index });
          const whyButton = el("button", { type: "button", class: "play-why-button", "aria-expanded": "false",
            "aria-controls": panel.id, "aria-label": "Which rules allow " + c.label + "?", text: "rule?" });
          whyButton.addEventListener("click", () => why(c.index, panel, whyButton));
          return el("li", {}, el("button", { type: "button", class: "play-choice", "data-label": c.label,
            onclick: () => choose(c.index) }, c.card ? card(c.card) : cardsText(c.label)), whyButton, panel);
        })));
        status("Your move, " + mine.name + ": " + v.choices.length + " choices. Deal " + v.seed + ".");
      }
      if (v.result) {
        const r = v.result;
        const res = el("div", { class: "play-result" }, el("h3", { text: "The result / итог" }),
          r.lines.map((line) => el("p", { text: line })));
        if (r.table.length) {
          res.append(el("table", { class: "play-outcome" },
            el("thead", {}, el("tr", {}, r.table[0].map((h) => el("th", { scope: "col", text: h })))),
            el("tbody", {}, r.table.slice(1).map((row) => el("tr", {}, row.map((cell, j) =>
              j ? el("td", { text: cell }) : el("th", { scope: "row", text: cell })))))));
        }
        if (r.trace.length) {
          res.append(el("p", { text: "Why / почему (the clauses applied):" }),
            el("ul", { class: "play-trace" }, r.trace.map((s) =>
              el("li", {}, s.text + (s.amount !== null ? " = " + s.amount : "") + " ", clauseLink(s.clause)))));
        }
        const blob = new Blob([v.record], { type: "application/yaml" });
        res.append(el("p", {}, el("a", { class: "play-export", href: URL.createObjectURL(blob),
          download: v.game + "-" + v.variant + "-" + v.seed + ".yaml", text: "Export the deal as a record (YAML) / запись сдачи" }),
          " — check it with ", el("code", { text: "cardrules verify FILE" }), "."),
          el("details", {}, el("summary", { text: "The record / запись" }), el("pre", { class: "play-record", tabindex: "0", text: v.record })));
        parts.push(res);
        status("The deal is over. Deal " + v.seed + ".");
      }
      if (v.log.length) {
        parts.push(el("details", { class: "play-log" },
          el("summary", { text: "All moves / все ходы (" + v.log.length + ")" }), el("ol", {}, v.log.map(move))));
      }
      board.replaceChildren(...parts);
    }

    return { deal, status };
  }

  async function main() {
    const boxes = Array.from(document.querySelectorAll(".play-online[data-game]"));
    if (!boxes.length) return;
    const first = boxes[0].querySelector(".play-status");
    if (location.protocol === "file:") {
      first.textContent = "The table needs the site served over HTTP (cardrules serve): a browser does not let a " +
        "page opened from a file read the engine's files.";
      return;
    }
    try {
      await runtime((text) => { for (const b of boxes) b.querySelector(".play-status").textContent = text; });
    } catch (err) {
      first.textContent = "The engine could not start: " + err.message;
      return;
    }
    for (const box of boxes) setUp(box).deal();
    marks.choices = performance.now();
    window.CARDRULES_PLAY_TIMES = marks;
    document.documentElement.dataset.playReady = "1";
  }

  main();
})();
