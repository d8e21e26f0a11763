"""The Compare page's table: every pair of the chosen models, per slice, the paired difference of
each compared rate in percentage points with its 95% interval; sortable like the board."""

from __future__ import annotations

import html
from itertools import combinations

from leaderboard.compare import COMPARED, Comparison, signed_points
from leaderboard.display.html import SORTABLE


def comparison_html(result: Comparison) -> str:
    """The comparison as an HTML table: one row per pair and slice, the point and interval of each
    compared rate in percentage points, bold where the interval excludes zero. Every name escaped."""
    head = "".join(f"<th>{html.escape(entry.header)}: difference</th><th>95% CI</th>" for entry in COMPARED)
    body = []
    for first, second in combinations(result.models, 2):
        pair = f"{html.escape(first.model)} − {html.escape(second.model)}"
        for label in result.slices:
            cells = []
            for entry in COMPARED:
                found = result.find(entry.name, label, first.submission, second.submission)
                ci = (f"[{signed_points(found.low)}, {signed_points(found.high)}]" if found.low is not None
                      else html.escape(found.note))
                text = signed_points(found.point)
                strong = f"<strong>{text}</strong>" if found.significant else text
                sort = "" if found.point is None else repr(found.point)
                cells.append(f'<td class="n" data-s="{sort}" data-metric="{entry.name}">{strong}</td><td>{ci}</td>')
            shared = result.find(COMPARED[0].name, label, first.submission, second.submission).shared
            body.append(f'<tr data-first="{first.submission}" data-second="{second.submission}" '
                        f'data-slice="{html.escape(label)}"><td>{pair}</td><td>{html.escape(label)}</td>'
                        f'<td class="n" data-s="{shared}">{shared}</td>{"".join(cells)}</tr>')
    return (f'<div class="mcb-board" id="compare-table"><table class="{SORTABLE}"><thead><tr><th>pair (first − second)</th><th>slice</th>'
            f'<th>shared cells</th>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')
