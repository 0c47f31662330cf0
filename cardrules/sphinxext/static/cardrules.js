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
