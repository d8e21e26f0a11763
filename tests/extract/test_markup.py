"""Markup that is not markdown: the same commentary written as markdown, HTML, LaTeX and CSV gives the same
claims, each pointing at its figure as the original text writes it; plain and markdown texts are untouched."""

from __future__ import annotations

import html
import json
import re
from datetime import date
from functools import cache, lru_cache
from pathlib import Path

import pytest

from extractors import markup
from extractors.structure import blocks
from tests.extract.renderers import to_csv_tables, to_latex
from tests.extract.support import claims_of, facts

ROOT = Path(__file__).resolve().parents[2]
MONTH = "2026-07"

# One July review, as a chat model writes it in four markups: a table, then bullets, then a heading and prose.
MARKDOWN = """### July 2026: US large caps

| Ticker | Start | End | Return | Max DD |
|---|---|---|---|---|
| Nvidia (NVDA) | 197.58 | 200.75 | +1.6% | 10.6% |
| Amazon (AMZN) | 241.70 | 274.02 | +13.4% | 6.2% |
| Tesla (TSLA) | 425.30 | 311.21 | -26.8% | 29.9% |

**Key takeaways**

- **Amazon** led the group, gaining 13.4%. Its monthly high was $276.10.
- **Tesla** was the laggard at -26.8%. The stock hit a low of $305.12 on Jul 29.

#### Nvidia (NVDA)

Nvidia finished roughly where it started, up 1.6% to $200.75; its annualised volatility ran at 38.5%.
"""

HTML = """<h3>July 2026: US large caps</h3>
<table class="returns">
  <thead>
    <tr><th>Ticker</th><th>Start</th><th>End</th><th>Return</th><th>Max DD</th></tr>
  </thead>
  <tbody>
    <tr><td>Nvidia (NVDA)</td><td>197.58</td><td>200.75</td><td>+1.6%</td><td>10.6%</td></tr>
    <tr><td>Amazon (AMZN)</td><td>241.70</td><td>274.02</td><td>+13.4%</td><td>6.2%</td></tr>
    <tr><td>Tesla (TSLA)</td><td>425.30</td><td>311.21</td><td>&minus;26.8%</td><td>29.9%</td></tr>
  </tbody>
</table>
<p><strong>Key takeaways</strong></p>
<ul>
  <li><b>Amazon</b> led the group, gaining 13.4%. Its monthly high was $276.10.</li>
  <li><b>Tesla</b> was the laggard at &minus;26.8%. The stock hit a low of $305.12 on Jul&nbsp;29.</li>
</ul>
<h4>Nvidia (NVDA)</h4>
<p>Nvidia finished roughly where it started, up 1.6% to $200.75; its annualised volatility ran at 38.5%.</p>
"""

LATEX = r"""\subsection*{July 2026: US large caps}
\begin{table}[h]
\centering
\begin{tabular}{lrrrr}
\toprule
Ticker & Start & End & Return & Max DD \\
\midrule
Nvidia (NVDA) & 197.58 & 200.75 & $+1.6\%$ & 10.6\% \\
Amazon (AMZN) & 241.70 & 274.02 & $+13.4\%$ & 6.2\% \\
Tesla (TSLA) & 425.30 & 311.21 & $-26.8\%$ & 29.9\% \\
\bottomrule
\end{tabular}
\caption{July returns}
\end{table}

\textbf{Key takeaways}
\begin{itemize}
  \item \textbf{Amazon} led the group, gaining 13.4\%. Its monthly high was \$276.10.
  \item \textbf{Tesla} was the laggard at $-26.8\,\%$. The stock hit a low of \$305.12 on Jul~29.
\end{itemize}

\subsubsection*{Nvidia (NVDA)}
Nvidia finished roughly where it started, up 1.6\% to \$200.75; its annualised volatility ran at \SI{38.5}{\percent}.
"""

CSV = """July 2026: US large caps

Ticker,Start,End,Return,Max DD
Nvidia (NVDA),197.58,200.75,+1.6%,10.6%
Amazon (AMZN),241.70,274.02,+13.4%,6.2%
Tesla (TSLA),425.30,311.21,-26.8%,29.9%

Key takeaways
Amazon led the group, gaining 13.4%. Its monthly high was $276.10.
Tesla was the laggard at -26.8%. The stock hit a low of $305.12 on Jul 29.

Nvidia (NVDA)
Nvidia finished roughly where it started, up 1.6% to $200.75; its annualised volatility ran at 38.5%.
"""

FORMS = {"markdown": MARKDOWN, "html": HTML, "latex": LATEX, "csv": CSV}


def claim_keys(text: str, universe: str = "us", month: str = MONTH) -> list[tuple]:
    """(ticker, metric, value, sign, anchor, date) of each claim, in order: what a verdict depends on."""
    return [(c.ticker, c.metric, c.value, _sign(c.value), c.anchor, c.date) for c in claims_of(text, universe, month)]


def _sign(value) -> int:
    return (value > 0) - (value < 0) if isinstance(value, (int, float)) else 0


def written_number(span: str) -> str:
    """The digits of a figure as written, markup read: "&minus;26.8%" -> "26.8", "\\SI{38.5}{\\percent}" -> "38.5"."""
    span = re.sub(r"\\[a-zA-Z]+", "", html.unescape(span))
    return "".join(re.findall(r"\d+(?:[.,]\d+)?", span))


def test_the_markdown_form_reads_as_the_reference():
    keys = set(claim_keys(MARKDOWN))
    for expected in [("TSLA", "price_level", 425.3, 1, "start", None), ("TSLA", "period_return", -26.8, -1, None, None),
                     ("AMZN", "range_high", 276.1, 1, None, None), ("NVDA", "volatility", 38.5, 1, None, None),
                     ("NVDA", "max_drawdown", 10.6, 1, None, None)]:
        assert expected in keys


@pytest.mark.parametrize("form", ["html", "latex", "csv"])
def test_every_markup_gives_the_claims_markdown_gives(form):
    assert claim_keys(FORMS[form]) == claim_keys(MARKDOWN)


@pytest.mark.parametrize("form", ["markdown", "html", "latex", "csv"])
def test_a_claim_points_at_its_figure_as_the_original_writes_it(form):
    text = FORMS[form]
    reference = {(c.ticker, c.metric, c.value): c.text for c in claims_of(MARKDOWN, "us", MONTH)}
    checked = 0
    for claim in claims_of(text, "us", MONTH):
        if claim.metric not in ("price_level", "period_return", "max_drawdown", "range_high", "range_low", "volatility"):
            continue
        span = text[claim.start:claim.end]
        assert span == claim.text and span == span.strip()
        assert written_number(span) == written_number(reference[(claim.ticker, claim.metric, claim.value)]), span
        checked += 1
    assert checked >= 15


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("<p>Tesla (TSLA) returned &minus;15.77% in July.</p>", "&minus;15.77%"),
        ("<p>Tesla (TSLA) returned &#8722;15.77&nbsp;% in July.</p>", "&#8722;15.77&nbsp;%"),
        (r"Tesla (TSLA) returned $-15.77\%$ in July.", r"$-15.77\%$"),
        (r"Tesla (TSLA) returned $-15.77\,\%$ in July.", r"$-15.77\,\%$"),
        (r"Tesla (TSLA) returned $-$15.77\% in July.", r"$-$15.77\%"),
        (r"Tesla (TSLA) returned \textminus 15.77\% in July.", r"\textminus 15.77\%"),
        (r"Tesla (TSLA) returned \num{-15.77}\,\% in July.", r"\num{-15.77}\,\%"),
        (r"Tesla (TSLA) returned \SI{-15.77}{\percent} in July.", r"\SI{-15.77}{\percent}"),
        (r"\textbf{Tesla} (TSLA) returned $\mathbf{-15.77\%}$ in July.", r"$\mathbf{-15.77\%}$"),
        ("<p><b>Tesla</b> (TSLA) returned <b>-15.77%</b> in July.</p>", "-15.77%"),
    ],
)
def test_a_signed_percent_in_any_spelling_is_one_negative_return(text, span):
    claims = [c for c in claims_of(text, "us", MONTH) if c.metric == "period_return"]
    assert [(c.ticker, c.value) for c in claims] == [("TSLA", -15.77)]
    assert text[claims[0].start:claims[0].end] == span


def test_masking_keeps_every_offset():
    for text in FORMS.values():
        masked = markup.mask(text)
        assert len(masked) == len(text)
        assert [i for i, ch in enumerate(text) if ch == "\n"] == [i for i, ch in enumerate(text) if ch == "\n" and masked[i] == "\n"]


@pytest.mark.parametrize("form", ["html", "latex", "csv"])
def test_a_markup_table_is_the_same_block_a_markdown_table_is(form):
    text = FORMS[form]

    def table_texts(source):
        clean = markup.mask(source)
        (table,) = [b for b in blocks(source) if b.kind == "table"]
        return [[re.sub(r"\s", "", clean[c.start:c.end]).replace("−", "-") for c in row] for row in table.rows]

    assert table_texts(text) == table_texts(MARKDOWN)


def test_html_list_items_and_headings_are_blocks_like_markdown_ones():
    def kinds(source):
        return [(b.kind, [w for w in markup.mask(source)[b.start:b.end].replace("*", " ").split() if w[0].isalnum()][:2])
                for b in blocks(source) if b.kind in ("item", "heading")]

    assert kinds(MARKDOWN) == [("heading", ["July", "2026:"]), ("item", ["Amazon", "led"]), ("item", ["Tesla", "was"]),
                               ("heading", ["Nvidia"])]
    assert kinds(HTML) == kinds(LATEX) == kinds(MARKDOWN)


def test_an_item_name_leads_every_sentence_of_its_item():
    # the second sentence names no company: the item's bold name is its subject, in every markup
    for text in ("- **Amazon**: up 13.4%. Closed at $274.02.\n- **Tesla**: down 26.8%.",
                 "<ul><li><b>Amazon</b>: up 13.4%. Closed at $274.02.</li><li><b>Tesla</b>: down 26.8%.</li></ul>",
                 ("\\begin{enumerate}\n\\item \\textbf{Amazon}: up 13.4\\%. Closed at \\$274.02.\n"
                  "\\item \\textbf{Tesla}: down 26.8\\%.\n\\end{enumerate}")):
        assert facts(text, "us", MONTH) >= {("AMZN", "period_return", 13.4), ("AMZN", "price_level", 274.02),
                                            ("TSLA", "period_return", -26.8)}, text


def test_html_cells_spanning_columns_take_their_place():
    text = """<table>
<tr><th rowspan="2">Company</th><th colspan="2">Close</th><th rowspan="2">Return</th></tr>
<tr><th>Start</th><th>End</th></tr>
<tr><td>Alphabet (GOOGL)</td><td>361.21</td><td>356.13</td><td>-1.4%</td></tr>
<tr><td>Meta (META)</td><td>612.91</td><td>556.71</td><td>-9.2%</td></tr>
</table>"""
    assert claim_keys(text) == [
        ("GOOGL", "price_level", 361.21, 1, "start", None), ("GOOGL", "price_level", 356.13, 1, "end", None),
        ("GOOGL", "period_return", -1.4, -1, None, None), ("META", "price_level", 612.91, 1, "start", None),
        ("META", "price_level", 556.71, 1, "end", None), ("META", "period_return", -9.2, -1, None, None)]


def test_a_latex_multicolumn_header_and_rules_read_like_a_plain_header():
    text = r"""\begin{tabular}{l|rr}
\hline
\multicolumn{1}{c}{Ticker} & \multicolumn{1}{c}{Return (\%)} & Volatility \\ \hline
UnitedHealth (UNH) & -3.0 & 41.2\% \\
Broadcom (AVGO) & 5.4 & 33.0\% \\ \hline
\end{tabular}"""
    assert claim_keys(text) == [("UNH", "period_return", -3.0, -1, None, None), ("UNH", "volatility", 41.2, 1, None, None),
                                ("AVGO", "period_return", 5.4, 1, None, None), ("AVGO", "volatility", 33.0, 1, None, None)]


def test_a_semicolon_csv_with_decimal_commas_reads_as_lisbon_prose_does():
    csv = "Ticker;Start;End;Return\nGALP.LS;15,42;16,10;+4,4%\nBCP.LS;0,81;0,78;-3,7%\n"
    markdown = "| Ticker | Start | End | Return |\n|---|---|---|---|\n| GALP.LS | 15,42 | 16,10 | +4,4% |\n| BCP.LS | 0,81 | 0,78 | -3,7% |\n"
    keys = claim_keys(csv, "lisbon", "2026-01")
    assert keys == claim_keys(markdown, "lisbon", "2026-01")
    assert ("GALP.LS", "price_level", 15.42, 1, "start", None) in keys and ("BCP.LS", "period_return", -3.7, -1, None, None) in keys


def test_a_fenced_csv_block_in_a_markdown_answer_is_a_table():
    text = ("Here is the month as CSV:\n\n```csv\nticker,start,end,return\nNVDA,197.58,200.75,+1.6%\n"
            "TSLA,425.30,311.21,-26.8%\n```\n\n- **Tesla** was the laggard at -26.8%.")
    assert claim_keys(text) == [("NVDA", "price_level", 197.58, 1, "start", None), ("NVDA", "price_level", 200.75, 1, "end", None),
                                ("NVDA", "period_return", 1.6, 1, None, None), ("TSLA", "price_level", 425.3, 1, "start", None),
                                ("TSLA", "price_level", 311.21, 1, "end", None), ("TSLA", "period_return", -26.8, -1, None, None),
                                ("TSLA", "rank", "worst_return", 0, None, None), ("TSLA", "period_return", -26.8, -1, None, None)]


def test_a_csv_with_quoted_thousands_is_a_table_of_prices():
    text = 'ticker,close_start,close_end,return_pct\nAVGO,"1,369.34","1,389.28",1.46\n'
    # a shape the header lexicon may or may not know: what matters is that "1,369.34" stays one price
    masked = markup.mask(text)
    assert "1,369.34" in masked and '"' not in masked


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("Nvidia rose 5.6% in August, while AT&T and the S&P 500 were flat; $5 and $6 targets are not claims.", None),
        (("Tesla fell 4.1%, Nvidia rose 2.2%, and Apple, which had lagged, gained 1.0%.\n"
          "Amazon, Meta and Alphabet, in that order, returned 3.1%, 2.0% and 1.2%.\n"
          "Broadcom, a chipmaker, closed at $389.28, up 5.4%."), None),
        ("| Name | Return |\n|---|---|\n| Nvidia<br>NVDA | +5.6% |\n| Tesla<br>TSLA | -4.1% |",
         "| Name | Return |\n|---|---|\n| Nvidia NVDA | +5.6% |\n| Tesla TSLA | -4.1% |"),
        ("Nvidia closed at \\$180.10, a 5.6% gain.", "Nvidia closed at $180.10, a 5.6% gain."),
    ],
)
def test_plain_and_markdown_texts_keep_their_reading(text, plain):
    found = markup.analyse(text)
    assert not found.tables and not found.regions
    if plain is None:  # nothing in it is markup: the text is read as it is
        assert found.masked is None
    else:  # a markdown table's "<br>" or an escaped dollar: read as the markdown without it
        assert claim_keys(text) == claim_keys(plain) and claim_keys(plain)


def test_no_corpus_text_is_taken_for_markup():
    # the recall corpora are plain text and markdown: masking must leave every one of them as it is
    for name in ("commentary_dev/commentary.jsonl", "narrator.jsonl", "newswire.jsonl", "pathrange.jsonl"):
        for line in (ROOT / "data" / "corpora" / name).read_text(encoding="utf-8").splitlines():
            text = json.loads(line).get("text", "")
            assert markup.analyse(text).masked is None, (name, text[:80])


@pytest.mark.parametrize(
    ("marked", "plain"),
    [
        ("<p>Apple (AAPL) closed at $208.62, down 2.1%, while the S&amp;P&nbsp;500 rose 1.8%.</p>",
         "Apple (AAPL) closed at $208.62, down 2.1%, while the S&P 500 rose 1.8%."),
        (r"Apple (AAPL) closed at \$208.62, down 2.1\%, while the S\&P 500 rose 1.8\%.",
         "Apple (AAPL) closed at $208.62, down 2.1%, while the S&P 500 rose 1.8%."),
        ("<p>Johnson &amp; Johnson (JNJ) gained 2.4% while the S&amp;P&nbsp;500 added 1.8%.</p>",
         "Johnson & Johnson (JNJ) gained 2.4% while the S&P 500 added 1.8%."),
    ],
)
def test_an_entity_or_escape_inside_a_name_keeps_the_name_whole(marked, plain):
    # "S&amp;P 500" masked in place would split the index's name, and its figure would go to Apple
    assert claim_keys(marked) == claim_keys(plain)
    assert (None, "period_return", 1.8, 1, None, None) in claim_keys(plain)
    assert markup.mask("the S&amp;P&nbsp;500").split() == ["the", "S&P", "500"]


@pytest.mark.parametrize(
    "text",
    [
        r"""\begin{tabular}{@{}lcc@{}}
\toprule
\textbf{Company} & \textbf{Low} & \textbf{Return} \\
\midrule
Apple (AAPL) & \$201.10 & \textcolor{red}{$-2.1\%$} \\
Microsoft (MSFT) & \$495.00 & \textcolor{green}{$+3.4\%$} \\
\bottomrule
\end{tabular}""",
        """<table>
<tr><th>Company</th><th>Low</th><th>Return</th></tr>
<tr><th scope="row">Apple (AAPL)</th><td>$201.10</td><td><span style="color:red">-2.1%</span></td></tr>
<tr><th scope="row">Microsoft (MSFT)</th><td>$495.00</td><td>+3.4%</td></tr>
</table>""",
        "Company\tLow\tReturn\nApple (AAPL)\t$201.10\t-2.1%\nMicrosoft (MSFT)\t$495.00\t+3.4%\n",
        'Company,Low,Return\n"Apple, Inc. (AAPL)",$201.10,-2.1%\n"Microsoft Corp. (MSFT)",$495.00,+3.4%\n',
    ],
    ids=["latex-booktabs-colour", "html-row-headers", "tsv", "csv-quoted-names"],
)
def test_table_dialects_read_alike(text):
    assert claim_keys(text) == [("AAPL", "range_low", 201.1, 1, None, None), ("AAPL", "period_return", -2.1, -1, None, None),
                                ("MSFT", "range_low", 495.0, 1, None, None), ("MSFT", "period_return", 3.4, 1, None, None)]
    for claim in claims_of(text, "us", MONTH):
        assert text[claim.start:claim.end] in ("$201.10", r"\$201.10", "-2.1%", r"$-2.1\%$", "$495.00", r"\$495.00", "+3.4%", r"$+3.4\%$")


@pytest.mark.parametrize(
    "text",
    ["Ticker,Return\nNVDA,+1.6%\nTSLA,-26.8%\n", '"Ticker","Return"\n"NVDA","+1.6%"\n"TSLA","-26.8%"\n',
     "| Ticker | Return |\n|---|---|\n| NVDA | +1.6% |\n| TSLA | -26.8% |"],
)
def test_a_two_column_csv_reads_like_a_two_column_markdown_table(text):
    assert claim_keys(text) == [("NVDA", "period_return", 1.6, 1, None, None), ("TSLA", "period_return", -26.8, -1, None, None)]


def test_two_comma_lines_of_prose_are_no_table():
    text = "Overall, a mixed month.\nIn the end, Tesla fell 26.8%.\n"
    assert not markup.analyse(text).tables
    assert claim_keys(text) == [("TSLA", "period_return", -26.8, -1, None, None)]


def test_a_csv_of_dated_closes_reads_like_the_markdown_one():
    # figures on both sides of a comma stay apart: "2026-07-31,200.75" is a date then a price
    csv = "Date,NVDA,TSLA\n2026-07-01,197.58,425.30\n2026-07-31,200.75,311.21\n"
    markdown = "| Date | NVDA | TSLA |\n|---|---|---|\n| 2026-07-01 | 197.58 | 425.30 |\n| 2026-07-31 | 200.75 | 311.21 |"
    assert claim_keys(csv) == claim_keys(markdown) == [
        ("NVDA", "price_level", 197.58, 1, None, date(2026, 7, 1)), ("TSLA", "price_level", 425.3, 1, None, date(2026, 7, 1)),
        ("NVDA", "price_level", 200.75, 1, None, date(2026, 7, 31)), ("TSLA", "price_level", 311.21, 1, None, date(2026, 7, 31))]


def test_broken_markup_never_breaks_the_offsets():
    # unclosed tables, stray ampersands and dollars, half a LaTeX environment: still one character for one
    import random

    rng = random.Random(7)
    atoms = ["<table>", "</table>", "<tr>", "<td>", "</td>", '<th colspan="3">', "<li>", "</li>", "<ul>", "<h2>", "</h2>",
             "&minus;", "&amp;", "&nbsp;", "&#8722;", r"\begin{tabular}{lr}", r"\end{tabular}", "\\\\", "&", " & ", r"\%", "$",
             "$-$", r"\textbf{", "}", "{", r"\item ", r"\section*{", "NVDA", ",", ";", "\t", "\n", "Tesla (TSLA)", " fell ",
             "5.6%", "200.75", "-26.8", "Jul 31", r"\multicolumn{2}{c}{", r"\SI{3}{\percent}", '"', "S&amp;P 500"]
    for index in range(400):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(1, 40)))
        found = markup.analyse(text)
        assert found.masked is None or len(found.masked) == len(text), text
        assert all(0 <= a <= b <= len(text) for table in found.tables for row in table.rows for a, b in row), text
        if index % 10 == 0:
            for claim in claims_of(text, "us", MONTH):
                assert 0 <= claim.start <= claim.end <= len(text) and text[claim.start:claim.end] == claim.text, text


def test_an_escaped_dollar_keeps_a_path_a_path():
    # "\$" masks to "$ " (not " $"): a second blank before the price would cut "from A to B"
    latex = r"Tesla (TSLA) went from \$425.30 to \$311.21 ($-26.8\%$) in July."
    plain = "Tesla (TSLA) went from $425.30 to $311.21 (-26.8%) in July."
    assert claim_keys(latex) == claim_keys(plain)
    assert ("TSLA", "price_level", 311.21, 1, "end", None) in claim_keys(latex)


def test_latex_accent_macros_spell_the_name_the_name_table_spells():
    # "Jer\'onimo Martins" and "EDP Renov\'{a}veis" are the companies, not "Martins" and EDP's parent
    latex = r"\textbf{Utilities.} EDP Renov\'{a}veis ($\sigma = 37.4\%$) fell $5.86\%$ on 7 November; Jer\'onimo Martins lost $8.18\%$."
    plain = "Utilities. EDP Renováveis (σ = 37.4%) fell 5.86% on 7 November; Jerónimo Martins lost 8.18%."
    assert claim_keys(latex, "lisbon", "2025-11") == claim_keys(plain, "lisbon", "2025-11")
    found = facts(latex, "lisbon", "2025-11")
    assert {("EDPR.LS", "volatility", 37.4), ("JMT.LS", "period_return", -8.18)} <= found
    assert not any(ticker == "EDP.LS" for ticker, _, _ in found)
    # one character for one, also where the accented letter opens a word or sits in braces
    for text in (r"\'Evora and S\~{a}o Paulo \textbf{x}", r"Gon\c{c}alves \c c na\"{\i}ve \textbf{y}"):
        assert len(markup.mask(text)) == len(text)
    assert "Évora" in markup.mask(r"\'Evora and S\~{a}o Paulo \textbf{x}")


@lru_cache(maxsize=1)
def _dev_commentaries() -> tuple[tuple[str, str, str], ...]:
    rows = [json.loads(line) for line in (ROOT / "data/corpora/commentary_dev/commentary.jsonl").read_text(encoding="utf-8").splitlines()]
    return tuple((row["text"], row["cell_id"].split("-")[0], "-".join(row["cell_id"].split("-")[1:3])) for row in rows)


@cache
def _readings(text: str, universe: str, month: str) -> tuple:
    return tuple(sorted(((c.ticker, c.metric, str(c.value), c.anchor, c.date, c.extreme) for c in claims_of(text, universe, month)),
                        key=str))


def _html(text: str) -> str:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table").render(text)


@pytest.mark.parametrize("render", [_html, to_latex, to_csv_tables], ids=["html", "latex", "csv-tables"])
def test_every_dev_commentary_in_another_markup_reads_as_its_markdown(render):
    # the 120 commentary_dev texts (15 voices: tables, bullets, bold, headings, dumps, prose) as HTML the way a chat
    # interface renders them, as LaTeX, and with their tables as CSV: the same claims, every one
    differ, tables = [], 0
    for text, universe, month in _dev_commentaries():
        rendered = render(text)
        if _readings(text, universe, month) != _readings(rendered, universe, month):
            differ.append((text[:60], sorted(set(_readings(text, universe, month)) ^ set(_readings(rendered, universe, month)),
                                             key=str)[:3]))
        tables += len(markup.tables(rendered))
    assert not differ, differ
    assert tables >= 15  # the corpus's markdown tables were read as markup tables, not as prose


def test_a_sentence_quotes_its_words_not_its_tags():
    text = "<p>Broadcom (AVGO) fell 12.59%.</p>\n<p>The largest single-day fall cannot be determined from the data given.</p>"
    refusals = [c for c in claims_of(text, "us", MONTH) if c.metric == "refusal"]
    assert [c.value for c in refusals] == ["The largest single-day fall cannot be determined from the data given."]
    # markdown's own marks stay in a sentence's text, even where an escaped dollar makes the text markup
    markdown = r"**Broadcom** (AVGO) plunged **12.59%** to \$200.10."
    assert {c.sentence for c in claims_of(markdown, "us", MONTH)} == {markdown}


def test_a_markup_cell_spans_its_text_as_written():
    # tags are not in a cell, an entity or a math shift that spells its figure is
    (html_table,) = [b for b in blocks(HTML) if b.kind == "table"]
    (latex_table,) = [b for b in blocks(LATEX) if b.kind == "table"]
    assert [HTML[c.start:c.end] for c in html_table.rows[3]] == ["Tesla (TSLA)", "425.30", "311.21", "&minus;26.8%", "29.9%"]
    assert [LATEX[c.start:c.end] for c in latex_table.rows[3]] == ["Tesla (TSLA)", "425.30", "311.21", r"$-26.8\%$", r"29.9\%"]
