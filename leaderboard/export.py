"""The board's CSV download, safe to open in a spreadsheet.

A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel,
LibreOffice and Google Sheets (`=HYPERLINK(...)`, `+cmd|' /C calc'!A0`, `@SUM(1)`): OWASP's CSV
injection advice is to prefix such a cell with a single quote, which every spreadsheet shows as
text. Only text cells are touched: a number stays a number (-0.103 is a margin, not a formula).
Lines end in CRLF (RFC 4180), so a cell holding a carriage return is quoted, not split.
"""

from __future__ import annotations

import pandas as pd

FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
ESCAPE_PREFIX = "'"


def escape_cell(value: object) -> object:
    """A text cell that a spreadsheet would run, made inert; anything else unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_TRIGGERS):
        return ESCAPE_PREFIX + value
    return value


def csv_bytes(table: pd.DataFrame) -> bytes:
    """`table` as UTF-8 CSV with every text cell (and header) escaped per OWASP."""
    safe = table.rename(columns=escape_cell)
    for name in safe.columns:
        if safe[name].dtype == object or pd.api.types.is_string_dtype(safe[name]):
            safe[name] = safe[name].map(escape_cell)
    # RFC 4180's CRLF: Python's csv quotes a field holding "\r" only when "\r" ends its lines.
    return safe.to_csv(index=False, lineterminator="\r\n").encode("utf-8")
