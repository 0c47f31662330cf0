// Variant tables: choose which variants to compare, and show only the rows where
// the chosen ones differ. The table itself is generated from the engine's
// parameters at build time; this only hides columns and rows in the browser.
document.addEventListener("DOMContentLoaded", () => {
  for (const table of document.querySelectorAll("table.variant-table")) {
    const heads = [...table.querySelectorAll("thead th")];
    const names = heads.slice(1).map((th) => th.textContent.trim());
    if (names.length < 3) continue;
    const panel = document.createElement("p");
    panel.className = "variant-picker";
    panel.append("Compare / сравнить: ");
    const boxes = names.map((name) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.checked = true;
      label.append(box, " " + name + " ");
      panel.append(label);
      return box;
    });
    const onlyLabel = document.createElement("label");
    const only = document.createElement("input");
    only.type = "checkbox";
    onlyLabel.append(" · ", only, " only rows that differ / только различия");
    panel.append(onlyLabel);
    table.closest(".table-wrapper, table").before(panel);
    const update = () => {
      const shown = boxes.map((b) => b.checked);
      for (const row of table.querySelectorAll("tr")) {
        const cells = [...row.children].slice(1);
        cells.forEach((cell, i) => { cell.hidden = !shown[i]; });
        if (row.parentElement.tagName !== "TBODY") continue;
        const values = cells.filter((_, i) => shown[i]).map((c) => c.textContent.trim());
        const differs = new Set(values).size > 1;
        row.classList.toggle("variant-differs", differs);
        row.hidden = only.checked && !differs;
      }
    };
    for (const b of [...boxes, only]) b.addEventListener("change", update);
  }
});

// The reader's switches, remembered across pages: which language the clauses show
// (Russian, English, or both side by side) and whether the folds "the engine checks
// this" open. Without JavaScript both languages show and the folds stay closed.
(() => {
  const store = {
    get: (key, fallback) => { try { return localStorage.getItem(key) ?? fallback; } catch { return fallback; } },
    set: (key, value) => { try { localStorage.setItem(key, value); } catch { /* file:// in some browsers */ } },
  };
  const root = document.documentElement;
  root.dataset.lang = store.get("cardrules-lang", "both");
  document.addEventListener("DOMContentLoaded", () => {
    const article = document.querySelector("article[role=main]") || document.querySelector("main");
    if (!article) return;
    const folds = [...document.querySelectorAll("details.clause-engine")];
    const bar = document.createElement("div");
    bar.className = "reader-switches";
    const group = (legend, options, current, onPick) => {
      const set = document.createElement("fieldset");
      const leg = document.createElement("legend");
      leg.textContent = legend;
      set.append(leg);
      const buttons = options.map(([value, label, lang]) => {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = label;
        if (lang) b.lang = lang;
        b.dataset.value = value;
        b.setAttribute("aria-pressed", String(value === current));
        b.addEventListener("click", () => {
          for (const other of buttons) other.setAttribute("aria-pressed", String(other === b));
          onPick(value);
        });
        set.append(b);
        return b;
      });
      return set;
    };
    bar.append(group("Language / язык:", [["ru", "Русский", "ru"], ["both", "RU + EN", ""], ["en", "English", "en"]],
      root.dataset.lang, (v) => { root.dataset.lang = v; store.set("cardrules-lang", v); }));
    const engineOpen = store.get("cardrules-engine", "closed") === "open";
    if (folds.length) {
      for (const d of folds) d.open = engineOpen;
      bar.append(group("The engine's checks / проверки движка:", [["closed", "folded"], ["open", "shown"]],
        engineOpen ? "open" : "closed", (v) => {
          store.set("cardrules-engine", v);
          for (const d of folds) d.open = v === "open";
        }));
    }
    const first = article.querySelector("h1");
    (first || article.firstElementChild).after(bar);
    // A copy button beside each clause's permalink.
    for (const link of document.querySelectorAll(".clause-head a.clause-id")) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "clause-copy";
      b.textContent = "copy link";
      b.setAttribute("aria-label", "Copy the link to clause " + link.textContent.trim());
      b.addEventListener("click", async () => {
        const url = new URL(link.getAttribute("href"), location.href).href;
        try { await navigator.clipboard.writeText(url); b.textContent = "copied"; }
        catch { b.textContent = url; }
        setTimeout(() => { b.textContent = "copy link"; }, 2000);
      });
      link.after(b);
    }
  });
})();

// The search page: the edition's own best matches first (an exact clause id; a
// glossary term in any listed form, with the clause its entry points to; clauses whose
// title holds every word typed), and the rule's text under every clause hit. The data
// comes from cardrules-search-data.js, written at build time and loaded by this page
// only; from file:// the page summaries come from it too, so nothing is fetched.
(() => {
  const results = document.getElementById("search-results");
  const data = window.CARDRULES_SEARCH;
  if (!results || !data) return;
  // documentation_options.js declares a global const, not a property of window
  if (location.protocol === "file:" && typeof DOCUMENTATION_OPTIONS !== "undefined") {
    DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false;
  }
  const norm = (s) => (s || "").toLowerCase().replace(/ё/g, "е").trim();
  const query = norm(new URLSearchParams(location.search).get("q"));
  if (!query) return;
  const root = document.documentElement.dataset.content_root || "";
  const byId = new Map(data.clauses.map((c) => [c[0], c]));
  const clauseItem = (c, why) => {
    const [id, uri, ru, en, textRu, textEn] = c;
    const li = document.createElement("li");
    li.className = "cardrules-best kind-clause";
    const a = document.createElement("a");
    a.href = root + uri + "#" + id;
    a.textContent = (ru && en) ? `${ru} · ${en}` : id;
    const meta = document.createElement("span");
    meta.className = "cardrules-hit-meta";
    meta.textContent = ` (${why ? why + ", " : ""}clause ${id})`;
    const text = document.createElement("p");
    text.className = "context cardrules-hit-text";
    const r = document.createElement("span"); r.lang = "ru"; r.textContent = textRu;
    const e = document.createElement("span"); e.lang = "en"; e.textContent = textEn;
    text.append(r, document.createElement("br"), e);
    li.append(a, meta, text);
    return li;
  };
  const best = [];
  const seen = new Set();
  const addClause = (id, why) => {
    if (!byId.has(id) || seen.has(id)) return;
    seen.add(id);
    best.push(clauseItem(byId.get(id), why));
  };
  addClause(query, "exact id");
  const term = data.terms[query];
  if (term) {
    const [headword, uri, anchor, clause] = term;
    const li = document.createElement("li");
    li.className = "cardrules-best kind-term";
    const a = document.createElement("a");
    a.href = root + uri + (anchor ? "#" + anchor : "");
    a.textContent = headword;
    const meta = document.createElement("span");
    meta.className = "cardrules-hit-meta";
    meta.textContent = " (glossary / словарь)";
    li.append(a, meta);
    best.push(li);
    if (clause) addClause(clause, `defines «${headword}»`);
  }
  const words = query.split(/\s+/).filter((w) => w.length > 2);
  if (words.length) {
    for (const c of data.clauses) {
      if (best.length >= 5) break;
      const title = norm(c[2] + " " + c[3]);
      if (words.every((w) => title.includes(w))) addClause(c[0], "title");
    }
  }
  const summaryOf = (href) => {
    const path = new URL(href, location.href).pathname;
    const doc = Object.keys(data.pages).find((d) => path.endsWith("/" + d + ".html"));
    return doc ? data.pages[doc] : "";
  };
  const enrich = (li) => {
    if (li.classList.contains("cardrules-best") || li.dataset.cardrules) return;
    li.dataset.cardrules = "1";
    const a = li.querySelector("a");
    if (!a) return;
    const id = decodeURIComponent(new URL(a.href, location.href).hash.slice(1));
    const c = byId.get(id);
    if (c && seen.has(id)) {
      li.remove();  // already among the best matches
    } else if (c && li.classList.contains("kind-object")) {
      li.replaceWith(clauseItem(c, ""));
    } else if (location.protocol === "file:" && !li.querySelector(".context")) {
      const p = document.createElement("p");
      p.className = "context";
      p.textContent = summaryOf(a.href);
      li.append(p);
    }
  };
  new MutationObserver(() => {
    const list = results.querySelector("ul.search");
    if (!list) return;
    if (best.length && !list.querySelector(".cardrules-best")) list.prepend(...best);
    for (const li of list.querySelectorAll(":scope > li")) enrich(li);
  }).observe(results, { childList: true, subtree: true });
})();

// Glossary terms in the text: the short meaning shows on hover, on keyboard focus, and
// on a first tap on a touch screen (a second tap opens the glossary entry).
document.addEventListener("DOMContentLoaded", () => {
  let n = 0;
  const touch = window.matchMedia("(hover: none)").matches;
  for (const a of document.querySelectorAll("a.term-link[title]")) {
    const wrap = document.createElement("span");
    wrap.className = "term";
    const tip = document.createElement("span");
    tip.className = "term-tip";
    tip.setAttribute("role", "tooltip");
    tip.id = `term-tip-${++n}`;
    tip.textContent = a.title;
    a.removeAttribute("title");
    a.setAttribute("aria-describedby", tip.id);
    a.replaceWith(wrap);
    wrap.append(a, tip);
    const place = () => {  // keep the tip inside the window
      tip.style.left = "0px";
      const over = tip.getBoundingClientRect().right - (document.documentElement.clientWidth - 8);
      if (over > 0) tip.style.left = `${-over}px`;
    };
    wrap.addEventListener("mouseenter", place);
    a.addEventListener("focus", place);
    a.addEventListener("click", (event) => {
      if (touch && !wrap.classList.contains("open")) {
        event.preventDefault();
        for (const other of document.querySelectorAll(".term.open")) other.classList.remove("open");
        wrap.classList.add("open");
        place();
      }
    });
    // Escape hides the meaning and leaves the focus where it was (WCAG 1.4.13)
    a.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { wrap.classList.add("dismissed"); wrap.classList.remove("open"); }
    });
    a.addEventListener("blur", () => wrap.classList.remove("dismissed"));
    wrap.addEventListener("mouseleave", () => wrap.classList.remove("dismissed"));
  }
});

// Boxes that scroll sideways (a long code line, a wide table) can be reached and
// scrolled by keyboard: each one that overflows takes a place in the Tab order, and
// gives it back when it no longer does (a wider window, another language shown).
document.addEventListener("DOMContentLoaded", () => {
  const mark = (box) => {
    if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1) {
      box.tabIndex = 0;
      if (box.tagName !== "PRE") {  // a table's box: a named region
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", "table, scrolls sideways");
      }
    } else if (box.hasAttribute("tabindex")) {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
  };
  const boxes = document.querySelectorAll("article pre, article .table-wrapper");
  boxes.forEach(mark);
  if ("ResizeObserver" in window) {
    const watch = new ResizeObserver((entries) => entries.forEach((e) => mark(e.target)));
    boxes.forEach((box) => watch.observe(box));
  }
});

// Deal diagrams: step through the deal trick by trick, forward and back. The steps (the
// cards played after each trick, and who took it) were worked out at build time from the
// same record (cardrules/sphinxext/deal.py, replay_data): no engine runs here.
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll(".deal").forEach((figure) => {
    const data = figure.querySelector("script.deal-steps");
    if (!data) return;
    const steps = JSON.parse(data.textContent);
    const tricks = [...figure.querySelectorAll("ol.deal-tricks > li")];
    const trace = figure.querySelector(".deal-trace");
    const table = figure.querySelector("table.deal-outcome");
    const ending = [figure.querySelector(".deal-result"), table && (table.closest(".table-wrapper") || table),
      trace, trace && trace.previousElementSibling].filter(Boolean);
    const held = [...figure.querySelectorAll(".held")].map((el) => [el, Number(/card-(\d+)/.exec(el.className)[1])]);
    const bar = document.createElement("div");
    bar.className = "deal-replay";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "Replay the deal trick by trick / сдача по взяткам");
    const status = document.createElement("p");
    status.className = "deal-replay-status";
    status.setAttribute("role", "status");
    status.textContent = `The whole deal: ${steps.length} tricks / вся сдача`;
    let at = steps.length;
    const show = (k) => {
      at = Math.max(0, Math.min(steps.length, k));
      tricks.forEach((li, i) => { li.hidden = i >= at; });
      const played = new Set(at ? steps[at - 1].played : []);
      for (const [el, c] of held) el.classList.toggle("deal-played", played.has(c));
      for (const el of ending) el.hidden = at < steps.length;
      status.textContent = at === 0 ? "Before the first trick / до первой взятки"
        : `After trick ${at} of ${steps.length}: ${steps[at - 1].taker} took it / после взятки ${at} из ${steps.length}`;
      buttons.start.disabled = buttons.back.disabled = at === 0;
      buttons.forward.disabled = buttons.end.disabled = at === steps.length;
    };
    const buttons = {};
    for (const [key, label, move] of [["start", "◀◀ Start / начало", () => 0], ["back", "◀ Back / назад", () => at - 1],
      ["forward", "Forward / вперёд ▶", () => at + 1], ["end", "End / конец ▶▶", () => steps.length]]) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "deal-replay-" + key;
      b.textContent = label;
      b.addEventListener("click", () => show(move()));
      bar.append(b, " ");
      buttons[key] = b;
    }
    buttons.forward.disabled = buttons.end.disabled = true;
    bar.append(status);
    figure.querySelector(".deal-table").after(bar);
  });
});

// "Cite" beside each clause's "copy link": a citation of the clause naming the edition's
// version and the clause's permanent address, in plain text and in BibTeX, each with a
// copy button (cardrules.sphinxext.apparatus; docs/edition/data.md).
document.addEventListener("DOMContentLoaded", () => {
  const EDITION = "cardrules: Russian card games, an annotated edition";
  const version = typeof DOCUMENTATION_OPTIONS !== "undefined" ? DOCUMENTATION_OPTIONS.VERSION || "" : "";
  const today = new Date().toISOString().slice(0, 10);
  const copyButton = (label, text) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "clause-copy";
    b.textContent = "copy";
    b.setAttribute("aria-label", label);
    b.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(text); b.textContent = "copied"; }
      catch { b.textContent = "select and copy"; }
      setTimeout(() => { b.textContent = "copy"; }, 2000);
    });
    return b;
  };
  for (const link of document.querySelectorAll(".clause-head a.clause-id")) {
    const box = link.closest(".clause");
    if (!box) continue;
    const id = link.textContent.trim();
    const url = new URL(link.getAttribute("href"), location.href).href;
    const en = (box.querySelector(".clause-title-en") || {}).textContent || id;
    const ru = (box.querySelector(".clause-title-ru") || {}).textContent || "";
    const status = ((box.querySelector(".clause-status") || {}).textContent || "").split("·")[0].trim();
    const v = version ? `, version ${version}` : "";
    const plain = `the cardrules editors, ${EDITION}${v}, clause ${id} ` +
      `(“${en}”${ru ? ` / «${ru}»` : ""}${status ? `, ${status}` : ""}), ${url} (accessed ${today}).`;
    const bibtex = [
      `@misc{cardrules:${id},`,
      `  author       = {{the cardrules editors}},`,
      `  title        = {${en}${ru ? ` / ${ru}` : ""}},`,
      `  howpublished = {${EDITION}${v}, clause ${id}},`,
      `  year         = {${today.slice(0, 4)}},`,
      `  url          = {${url}},`,
      `  urldate      = {${today}},`,
      `  note         = {Clause ${id}${status ? `, status ${status}` : ""}${version ? `, version ${version}` : ""}}`,
      `}`,
    ].join("\n");
    const panel = document.createElement("div");
    panel.className = "clause-cite";
    panel.hidden = true;
    panel.id = `cite-${id}`;
    for (const [name, text] of [["Plain text / текст", plain], ["BibTeX", bibtex]]) {
      const head = document.createElement("p");
      head.className = "clause-cite-label";
      head.append(name + " ", copyButton(`Copy the ${name.split(" ")[0]} citation of clause ${id}`, text));
      const pre = document.createElement("pre");
      pre.textContent = text;
      panel.append(head, pre);
    }
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "clause-copy clause-cite-toggle";
    toggle.textContent = "cite";
    toggle.setAttribute("aria-expanded", "false");
    toggle.setAttribute("aria-controls", panel.id);
    toggle.setAttribute("aria-label", "Cite clause " + id);
    toggle.addEventListener("click", () => {
      panel.hidden = !panel.hidden;
      toggle.setAttribute("aria-expanded", String(!panel.hidden));
    });
    const after = link.nextElementSibling && link.nextElementSibling.classList.contains("clause-copy")
      ? link.nextElementSibling : link;
    after.after(toggle);
    link.closest(".clause-head").after(panel);
  }
});

// The register of textual problems: filter its entries by game, source and kind. The
// entries carry their facets as classes (game-…, source-…, kind-…); without scripts the
// page is grouped by source and every entry names its game and kind.
document.addEventListener("DOMContentLoaded", () => {
  const slot = document.querySelector(".register-filter");
  if (!slot) return;
  const entries = [...document.querySelectorAll(".register-entry")];
  const facets = [["game", "Game / игра"], ["source", "Source / источник"], ["kind", "Problem / проблема"]];
  const values = (facet) => [...new Set(entries.flatMap((e) =>
    [...e.classList].filter((c) => c.startsWith(facet + "-")).map((c) => c.slice(facet.length + 1))))].sort();
  const chosen = {};
  const count = document.createElement("span");
  count.className = "register-shown";
  count.setAttribute("aria-live", "polite");
  const update = () => {
    let shown = 0;
    for (const e of entries) {
      e.hidden = !facets.every(([f]) => !chosen[f] || e.classList.contains(`${f}-${chosen[f]}`));
      if (!e.hidden) shown += 1;
    }
    for (const rubric of document.querySelectorAll(".register-source")) {
      let n = rubric.nextElementSibling, any = false;
      while (n && n.classList.contains("register-entry")) { any = any || !n.hidden; n = n.nextElementSibling; }
      rubric.hidden = !any;
    }
    count.textContent = `${shown} of ${entries.length} shown`;
  };
  const bar = document.createElement("p");
  bar.className = "register-bar";
  for (const [facet, label] of facets) {
    const l = document.createElement("label");
    const select = document.createElement("select");
    select.append(new Option("all / все", ""));
    for (const value of values(facet)) select.append(new Option(value, value));
    select.addEventListener("change", () => { chosen[facet] = select.value; update(); });
    l.append(label + " ", select);
    bar.append(l, " ");
  }
  bar.append(count);
  slot.append(bar);
  update();
});
