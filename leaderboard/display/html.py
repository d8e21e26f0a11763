"""HTML renderers: pure functions from frames and claim rows to markup, every value escaped.

A model named `<script>` is shown, never run: each piece of user-supplied text reaches the page
through `html.escape` (or a text-typed component). Tables are plain server-rendered HTML (light on
the first load) made sortable by `sort.js`; figures are formatted by `formatting` only.
"""

from __future__ import annotations

import html
import urllib.parse
from collections.abc import Mapping, Sequence

import pandas as pd

from leaderboard.columns import COLUMN_NAMES, Unit, column
from leaderboard.display import formatting
from leaderboard.display.css import VERDICT_COLOURS
from leaderboard.service import CSV_NAME

# Gradio serves files under allowed paths at this route, relative to the app's root.
FILE_ROUTE = "gradio_api/file="
SORTABLE = "mcb-sortable"
INTERVAL_NOTE = ("x ± h: h is half the width of the 95% CI (paired bootstrap over cells); hover a figure for its "
                 "bounds. Click a header to sort.")


def csv_link(csv_path: str | None) -> str:
    """A plain link to the CSV of what is shown: lighter on the first page than a download component."""
    if not csv_path:
        return ""
    href = html.escape(FILE_ROUTE + urllib.parse.quote(csv_path), quote=True)
    return (f'<p class="mcb-csv"><a id="download-csv" href="{href}" download="{CSV_NAME}">'
            "Download CSV of what is shown</a></p>")


def _cell(shown: formatting.Figure, numeric: bool) -> str:
    # Short markup (the first page carries the table inline, JSON-escaped, and its size is load time):
    # optional `</td>` and `</tr>` end tags left out, as HTML allows.
    # A number sorts by data-s (a float's repr: no space or quote, so unquoted) and is right-aligned by
    # it; a missing one has none (sort.js puts it last) and is marked `n` to align.
    attributes = (f" data-s={shown.sort}" if shown.sort else " class=n") if numeric else ""
    if shown.title:
        attributes += f' title="{html.escape(shown.title, quote=True)}"'
    return f"<td{attributes}>{html.escape(shown.text)}"


def sortable_table(frame: pd.DataFrame, units: Mapping[str, Unit], helps: Mapping[str, str] | None = None,
                   intervals: Mapping[str, str] | None = None, empty: str = "Nothing to show.") -> str:
    """`frame` as a sortable table: each column in its unit, a value column with its interval
    column (`intervals`: value -> interval header, both in `frame`) shown as one "62.3% ± 4.1" cell."""
    helps, intervals = helps or {}, intervals or {}
    merged = {ci for value, ci in intervals.items() if value in frame.columns and ci in frame.columns}
    names = [name for name in frame.columns if name not in merged]
    head = "".join(f'<th title="{html.escape(helps.get(name, ""), quote=True)}">{html.escape(str(name))}</th>'
                   for name in names)
    positions = {name: index for index, name in enumerate(frame.columns)}
    rows = []
    for values in frame.itertuples(index=False, name=None):
        cells = []
        for name in names:
            unit, value = units.get(name, "text"), values[positions[name]]
            ci = intervals.get(name)
            shown = (formatting.interval(value, values[positions[ci]], unit) if ci in merged
                     else formatting.figure(value, unit))
            cells.append(_cell(shown, unit != "text"))
        rows.append("<tr>" + "".join(cells))
    body = "".join(rows) or f'<tr><td colspan="{len(names)}">{html.escape(empty)}</td></tr>'
    return f'<table class="{SORTABLE}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def board_table(table: pd.DataFrame) -> str:
    """The ranking's columns in their registry units, each rate beside its interval in one cell."""
    known = [name for name in table.columns if name in COLUMN_NAMES]
    return sortable_table(
        table,
        units={name: column(name).unit for name in known},
        helps={name: column(name).help for name in known},
        intervals={name: column(name).interval for name in known if column(name).interval},
        empty="No submission matches this selection.",
    )


def board_html(table: pd.DataFrame, csv_path: str | None = None, note: str = "", integrity: str = "") -> str:
    """The ranking as one HTML block: the table, the CSV link, how to read ±, which scorer ranked it."""
    return (f'<div class="mcb-board mcb-ranked">{board_table(table)}</div>'
            + csv_link(csv_path) + f'<p class="mcb-csv" id="interval-note">{html.escape(INTERVAL_NOTE)}</p>'
            + (f'<p class="mcb-csv" id="scorer-note">{html.escape(note)}</p>' if note else "")
            + (f'<p class="mcb-csv" id="integrity-note">{html.escape(integrity)}</p>' if integrity else ""))


def locate_spans(commentary: str, claims: Sequence[dict]) -> list[tuple[int, int, dict]]:
    """Each claim's character span: the scorer's offsets when given, else its text found in order."""
    spans, cursor = [], 0
    for claim in claims:
        start, end = claim.get("start"), claim.get("end")
        if not (isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(commentary)):
            text = claim.get("text") or ""
            start = commentary.find(text, cursor) if text else -1
            if start < 0 and text:
                start = commentary.find(text)
            end = start + len(text)
        if start >= 0 and end > start:
            spans.append((start, end, claim))
            cursor = end
    return sorted(spans, key=lambda s: (s[0], -s[1]))


def claim_kind(claim: dict) -> str:
    return claim.get("metric") if claim.get("metric") in ("causal", "refusal") else claim.get("detail") or "unverifiable"


def highlight_html(commentary: str, claims: Sequence[dict]) -> str:
    """The commentary, escaped, with each claim span marked in its verdict's colour and its shown
    and true values beside it. Overlapping spans keep the first; every claim is still in the table."""
    fmt = formatting.claim_value
    parts, position = [], 0
    for start, end, claim in locate_spans(commentary, claims):
        if start < position:
            continue
        kind = claim_kind(claim)
        parts.append(html.escape(commentary[position:start]))
        note = f"{kind}: shown {fmt(claim.get('shown_value'))} · true {fmt(claim.get('true_value'))}"
        if claim.get("weight") is not None:
            note += f" · w {fmt(claim.get('weight'))}"
        made_by = "rules: " + ", ".join(claim.get("rules") or ()) if claim.get("rules") else "rules: (not recorded)"
        parts.append(
            f'<mark class="mcb-claim" data-verdict="{html.escape(kind)}" style="background:{VERDICT_COLOURS.get(kind, "#eee")}" '
            f'title="{html.escape(note + " · " + made_by)}">{html.escape(commentary[start:end])}'
            f"<sup>{html.escape(note)}</sup></mark>"
        )
        position = end
    parts.append(html.escape(commentary[position:]))
    return "".join(parts)


def legend_html() -> str:
    return '<div class="mcb-legend">' + "".join(
        f'<span style="background:{colour}">{html.escape(kind)}</span>' for kind, colour in VERDICT_COLOURS.items()
    ) + "</div>"
