() => {
  // Click-to-sort for every table with class mcb-sortable (the board and Cells are server-rendered
  // HTML). One listener on the document, so tables the server re-renders stay sortable. A cell sorts
  // by its data-s value (numbers) or its text (case-insensitively); empty values sort last both ways.
  if (window.__mcbSort) return;
  window.__mcbSort = true;
  const key = (cell) => {
    if (!cell) return null;
    if (cell.hasAttribute("data-s")) {
      const raw = cell.getAttribute("data-s");
      return raw === "" ? null : Number(raw);
    }
    const text = cell.textContent.trim();
    return text === "" || text === "—" ? null : text;
  };
  const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
  document.addEventListener("click", (event) => {
    const th = event.target.closest("table.mcb-sortable th");
    if (!th) return;
    const table = th.closest("table");
    const body = table.tBodies[0];
    if (!body) return;
    const index = Array.from(th.parentNode.children).indexOf(th);
    const descending = th.getAttribute("aria-sort") === "ascending";
    table.querySelectorAll("th[aria-sort]").forEach((other) => other.removeAttribute("aria-sort"));
    th.setAttribute("aria-sort", descending ? "descending" : "ascending");
    const rows = Array.from(body.rows).filter((row) => row.cells.length > 1);
    const keyed = rows.map((row, position) => [key(row.cells[index]), position, row]);
    keyed.sort((a, b) => {
      if (a[0] === null || b[0] === null) return a[0] === b[0] ? a[1] - b[1] : a[0] === null ? 1 : -1;
      const order = typeof a[0] === "number" && typeof b[0] === "number" ? a[0] - b[0] : collator.compare(String(a[0]), String(b[0]));
      return (descending ? -order : order) || a[1] - b[1];
    });
    keyed.forEach((entry) => body.appendChild(entry[2]));
  });
}
