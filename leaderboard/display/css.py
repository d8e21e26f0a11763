"""The app's stylesheet and the verdict colours, in one place (Read one's highlights and its legend use both)."""

from __future__ import annotations

# Verdict detail (and the two text kinds) -> highlight colour.
VERDICT_COLOURS: dict[str, str] = {
    "supported": "#b2f2bb",
    "recited": "#d0bfff",
    "approx_supported": "#fff3bf",
    "approx_recited": "#ffd8a8",
    "sign_only": "#ffc9c9",
    "fabricated": "#ff8787",
    "unverifiable": "#dee2e6",
    "causal": "#a5d8ff",
    "refusal": "#c3fae8",
}
BOARD_MAX_HEIGHT = 640
# The frozen first column's width: the second (model) sticks just right of it.
RANK_WIDTH = "3.4rem"

# `.mcb-board` rules are written under `.prose` too: Gradio's Markdown styles its tables (borders on
# every cell, words broken anywhere), and the board renders inside a Markdown block.
B = ".mcb-board"
R, C = ".mcb-ranked", ".mcb-cells"  # the board freezes rank and model; Cells freezes the cell id
CSS = f"""
.mcb-commentary {{ line-height: 2.1; font-size: 1.02rem; white-space: pre-wrap; }}
.mcb-claim {{ border-radius: 4px; padding: 1px 3px; }}
.mcb-claim sup {{ font-size: 0.7rem; color: #333; margin-left: 3px; }}
{B} {{ max-height: {BOARD_MAX_HEIGHT}px; overflow: auto; border: 1px solid #e5e7eb; border-radius: 6px; }}
.prose {B} table, {B} table {{ border-collapse: separate; border-spacing: 0; width: 100%; margin: 0;
  font-size: 0.86rem; border: none; }}
.prose {B} th, {B} th {{ position: sticky; top: 0; z-index: 2; background: #f9fafb; text-align: left;
  padding: 6px 6px; vertical-align: bottom; cursor: pointer; user-select: none; border: none;
  border-bottom: 1px solid #d1d5db; word-break: normal; overflow-wrap: normal; hyphens: none; font-weight: 600; }}
.prose {B} th:hover, {B} th:hover {{ background: #eef2ff; }}
{B} th[aria-sort="ascending"]::after {{ content: " ▲"; font-size: 0.7rem; }}
{B} th[aria-sort="descending"]::after {{ content: " ▼"; font-size: 0.7rem; }}
.prose {B} td, {B} td {{ padding: 4px 6px; border: none; border-top: 1px solid #f0f0f0; background: #fff;
  word-break: normal; overflow-wrap: anywhere; }}
.prose {B} td.n, {B} td.n, .prose {B} td[data-s], {B} td[data-s] {{ text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap;
  overflow-wrap: normal; }}
.prose {R} th:nth-child(1), .prose {R} td:nth-child(1), {R} th:nth-child(1), {R} td:nth-child(1) {{
  position: sticky; left: 0; z-index: 1; width: {RANK_WIDTH}; min-width: {RANK_WIDTH}; max-width: {RANK_WIDTH};
  box-sizing: border-box; }}
.prose {R} th:nth-child(2), .prose {R} td:nth-child(2), {R} th:nth-child(2), {R} td:nth-child(2) {{
  position: sticky; left: {RANK_WIDTH}; z-index: 1; min-width: 8rem; max-width: 14rem;
  border-right: 1px solid #e5e7eb; }}
.prose {R} th:nth-child(1), .prose {R} th:nth-child(2), {R} th:nth-child(1), {R} th:nth-child(2) {{ z-index: 3; }}
.prose {C} td, {C} td {{ white-space: nowrap; overflow-wrap: normal; }}
.prose {C} th:nth-child(1), .prose {C} td:nth-child(1), {C} th:nth-child(1), {C} td:nth-child(1) {{
  position: sticky; left: 0; z-index: 1; border-right: 1px solid #e5e7eb; }}
.prose {C} th:nth-child(1), {C} th:nth-child(1) {{ z-index: 3; }}
.mcb-csv {{ margin: 6px 0 0 0; font-size: 0.9rem; }}
.mcb-track {{ margin-bottom: 18px; }}
.mcb-pass-caveat {{ color: #555; }}
.mcb-legend span {{ display: inline-block; margin: 2px 8px 2px 0; padding: 1px 6px; border-radius: 4px; }}
"""
