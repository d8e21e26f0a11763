"""Markdown rendered into the other markups models answer in, for the tests that read one commentary in all of
them: LaTeX (a writer over markdown-it-py's tokens: no installed library writes LaTeX) and CSV tables (each
markdown table as a CSV block, the prose left as it is). HTML needs none: markdown-it-py renders it."""

from __future__ import annotations

import csv
import io

from markdown_it import MarkdownIt

LATEX_SPECIAL = {"\\": r"\textbackslash{}", "%": r"\%", "$": r"\$", "&": r"\&", "#": r"\#", "_": r"\_", "{": r"\{",
                 "}": r"\}", "~": r"\textasciitilde{}", "^": r"\^{}"}
HEADINGS = {1: "section", 2: "section", 3: "subsection"}


def _escape(text: str) -> str:
    return "".join(LATEX_SPECIAL.get(ch, ch) for ch in text)


def _inline(token) -> str:
    out = []
    for child in token.children or ():
        kind = child.type
        if kind == "text":
            out.append(_escape(child.content))
        elif kind == "code_inline":
            out.append(r"\texttt{" + _escape(child.content) + "}")
        elif kind in ("strong_open", "em_open"):
            out.append(r"\textbf{" if kind == "strong_open" else r"\emph{")
        elif kind in ("strong_close", "em_close"):
            out.append("}")
        elif kind == "softbreak":
            out.append("\n")
        elif kind == "hardbreak":
            out.append("\\\\\n")
    return "".join(out)


def to_latex(text: str) -> str:
    """`text` as LaTeX: tabular (booktabs rules), itemize/enumerate, \\section*, \\textbf, escaped specials."""
    out, rows, row, in_item = [], None, None, 0
    for token in MarkdownIt("commonmark").enable("table").parse(text):
        kind = token.type
        if kind == "heading_open":
            out.append("\\" + HEADINGS.get(int(token.tag[1]), "subsubsection") + "*{")
        elif kind == "heading_close":
            out.append("}\n\n")
        elif kind == "paragraph_close":
            out.append("\n" if in_item else "\n\n")
        elif kind in ("bullet_list_open", "ordered_list_open"):
            in_item += 1
            out.append("\\begin{" + ("itemize" if kind == "bullet_list_open" else "enumerate") + "}\n")
        elif kind in ("bullet_list_close", "ordered_list_close"):
            in_item -= 1
            out.append("\\end{" + ("itemize" if kind == "bullet_list_close" else "enumerate") + "}\n\n")
        elif kind == "list_item_open":
            out.append("\\item ")
        elif kind == "table_open":
            rows = []
        elif kind == "tr_open":
            row = []
        elif kind == "tr_close":
            rows.append(row)
        elif kind == "inline" and row is not None and rows is not None:
            row.append(_inline(token))
        elif kind == "table_close":
            width = max(len(r) for r in rows)
            lines = [" & ".join(r) + " \\\\" for r in rows]
            out.append("\\begin{tabular}{l" + "r" * (width - 1) + "}\n\\toprule\n" + lines[0] + "\n\\midrule\n"
                       + "\n".join(lines[1:]) + "\n\\bottomrule\n\\end{tabular}\n\n")
            rows = row = None
        elif kind == "inline":
            out.append(_inline(token))
        elif kind in ("fence", "code_block"):
            out.append("\\begin{verbatim}\n" + token.content + "\\end{verbatim}\n\n")
        elif kind == "blockquote_open":
            out.append("\\begin{quote}\n")
        elif kind == "blockquote_close":
            out.append("\\end{quote}\n\n")
    return "".join(out)


def to_csv_tables(text: str) -> str:
    """`text` with each markdown table written as a CSV block (fields holding a comma quoted)."""
    lines = text.split("\n")
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    for token in reversed([t for t in tokens if t.type == "table_open" and t.map]):
        first, last = token.map
        rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines[first:last]]
        rows = [row for row in rows if not all(set(cell) <= set(":- ") for cell in row)]
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(rows)
        lines[first:last] = buffer.getvalue().rstrip("\n").split("\n")
    return "\n".join(lines)
