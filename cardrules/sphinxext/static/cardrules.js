// Variant tables: choose which variants to compare, and show only the rows where
// the chosen ones differ. The table itself is generated from the engine's
// parameters at build time; this only hides columns and rows in the browser.
document.addEventListener("DOMContentLoaded", () => {
  for (const table of document.querySelectorAll("table.variant-table")) {
    const heads = [...table.querySelectorAll("thead th")];
    const names = heads.slice(2).map((th) => th.textContent.trim());
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
        const cells = [...row.children].slice(2);
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
