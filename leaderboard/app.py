"""The Gradio 6 app: a view over the results store and library calls, nothing computed here.

Pages (Gradio multipage routes): the Leaderboard (ranked, filtered, CSV) is the first page and
carries only the board, so a first visit loads nothing else; Cells (every cell of one model), Read
one (the commentary with every claim highlighted by verdict), Panels (shown vs true path), Submit,
Tracks (the papers' tests, with their caveats) and About each have their own URL. Every piece of
user-supplied text reaches the page either through a text-typed component or through
`html.escape`: a model named `<script>` is shown, never run.
"""

from __future__ import annotations

import hashlib
import html
import os
import tempfile
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

import gradio as gr
import pandas as pd

from contracts.jsonl import loads_bytes
from contracts.submission import parse_text
from contracts.vocabulary import ARM_NAMES, CONTEXT_NAMES, PERTURBED_ARMS, TRUTH_ARM
from extractors.version import scorer_version
from leaderboard.columns import COLUMNS, DEFAULT_SHOWN, HIDEABLE, column, selected_columns
from leaderboard.ranking import CUTOFF_CHOICES, SIZE_CHOICES, BoardFilter, cell_table, cells_frame, rank, scorer_choices
from leaderboard.export import csv_bytes
from leaderboard.identity import NotSignedIn, on_space, space_submitter
from leaderboard.store import Damage, ResultsStore, StoreError, SubmissionRecord
from leaderboard.submit import MAX_SUBMISSION_BYTES, Datasets, Scorer, make_meta, score_with_extractors, submit

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
CSS = """
.mcb-commentary { line-height: 2.1; font-size: 1.02rem; white-space: pre-wrap; }
.mcb-claim { border-radius: 4px; padding: 1px 3px; }
.mcb-claim sup { font-size: 0.7rem; color: #333; margin-left: 3px; }
.mcb-board { max-height: 640px; overflow: auto; border: 1px solid #e5e7eb; border-radius: 6px; }
.mcb-board table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
.mcb-board th { position: sticky; top: 0; background: #f9fafb; text-align: left; padding: 6px 8px; white-space: nowrap; }
.mcb-board td { padding: 4px 8px; border-top: 1px solid #f0f0f0; white-space: nowrap; }
.mcb-board td.n { text-align: right; font-variant-numeric: tabular-nums; }
.mcb-csv { margin: 6px 0 0 0; font-size: 0.9rem; }
.mcb-nav { margin: 4px 0 8px 0; }
.mcb-track { margin-bottom: 18px; }
.mcb-pass-caveat { color: #555; }
.mcb-legend span { display: inline-block; margin: 2px 8px 2px 0; padding: 1px 6px; border-radius: 4px; }
"""
BOARD_MAX_HEIGHT = 640
# The board first shows the top rows (a page of a thousand rows costs load time); "all" shows every one.
TOP_ROWS = 50
ROW_CHOICES: tuple[str, ...] = (f"top {TOP_ROWS}", "all")
PANELS_FIRST_MARKET, PANELS_FIRST_TICKER = "us", "NVDA"
CLAIM_COLUMNS = ("sample", "ticker", "metric", "value", "verdict", "detail", "shown_value", "true_value", "distinguishable",
                 "weight", "text", "rules")
CACHE_SUBMISSIONS = 64
CSV_NAME = "market-claim-bench-leaderboard.csv"
CSV_HASH_CHARS = 16
# The scorer filter's default: each submission's current-scorer result (its newest where it has none).
CURRENT_SCORER = "current"
# Gradio serves files under allowed paths at this route, relative to the app's root.
FILE_ROUTE = "gradio_api/file="


@dataclass
class LeaderboardService:
    """The store and datasets behind the app, with caches keyed on the set of stored ids."""

    store: ResultsStore
    datasets: Datasets
    scorer: Scorer = score_with_extractors
    _snapshot: tuple[tuple, list[SubmissionRecord], pd.DataFrame] | None = field(default=None, init=False, repr=False)
    _boards: dict[tuple, pd.DataFrame] = field(default_factory=dict, init=False, repr=False)
    _details: dict[tuple[str, str], tuple[dict, list[dict]]] = field(default_factory=dict, init=False, repr=False)
    _damage: list[Damage] = field(default_factory=list, init=False, repr=False)
    _current: str = field(default_factory=scorer_version, init=False)
    _downloads: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="mcb-board-")), init=False, repr=False)

    @property
    def current_scorer(self) -> str:
        """The scorer version of the code serving the board: its results are shown by default."""
        return self._current

    def _state(self) -> tuple:
        """Every submission id with its stored scorer versions: changes on a submission or a rescore."""
        return tuple((sid, tuple(self.store.scorers(sid))) for sid in self.store.ids())

    def version(self) -> str:
        """A token that changes whenever a submission or a rescored result is stored."""
        self.store.refresh()
        return str(hash(self._state()))

    def snapshot(self) -> tuple[list[SubmissionRecord], pd.DataFrame]:
        self.store.refresh()
        state = self._state()
        if self._snapshot is None or self._snapshot[0] != state:
            # Read past damage: one bad stored file is named in the integrity notice, never fatal.
            contents = self.store.contents()
            self._snapshot = (state, contents.records, cells_frame(contents.entries, self._current))
            self._damage = contents.damage
            self._boards.clear()
        return self._snapshot[1], self._snapshot[2]

    def integrity_note(self) -> str:
        """Every stored file left off the board (unreadable, or quarantined by `mcb store check --repair`)."""
        self.snapshot()
        if not self._damage:
            return ""
        return (f"Store integrity: {len(self._damage)} stored file(s) left out, everything else is shown: "
                + "; ".join(str(item) for item in self._damage) + ".")

    def shown_scorer(self, sid: str) -> str:
        """The scorer version whose result the board shows for this submission by default."""
        _, frame = self.snapshot()
        rows = frame[(frame["submission"] == sid) & frame["preferred"]]
        return str(rows["scorer"].iloc[0]) if len(rows) else self.store.aggregate(sid).scorer

    def scorer_note(self) -> str:
        """Which scorer the board ranks with, and how many submissions still show an older one's result."""
        _, frame = self.snapshot()
        shown = frame[frame["preferred"]].drop_duplicates("submission")
        older = int((shown["scorer"] != self._current).sum())
        note = f"Ranked with scorer {self._current} (current)."
        if older:
            note += f" {older} submission(s) show an older scorer's result: mcb rescore brings them to the current one."
        return note

    def board(self, chosen: BoardFilter) -> pd.DataFrame:
        records, frame = self.snapshot()
        if chosen not in self._boards:
            self._boards[chosen] = rank(records, frame, chosen)
        return self._boards[chosen]

    def model_choices(self) -> list[tuple[str, str]]:
        records, _ = self.snapshot()
        ordered = sorted(records, key=lambda r: (r.meta.name.casefold(), r.release, r.id))
        return [(f"{r.meta.name} · {r.meta.revision} · {r.release} · {r.id[:8]}", r.id) for r in ordered]

    def record(self, sid: str) -> SubmissionRecord:
        return self.store.record(sid)

    def details(self, sid: str) -> tuple[dict, list[dict]]:
        """(lines by (cell_id, sample), claim rows of the result the board shows) of one submission, cached."""
        key = (sid, self.shown_scorer(sid))
        if key not in self._details:
            if len(self._details) >= CACHE_SUBMISSIONS:
                self._details.pop(next(iter(self._details)))
            # Stored files passed validation when they were submitted: read back leniently, through the one parser.
            # A damaged file raises StoreError naming it (Read one shows the message).
            try:
                lines = {response.key: response for response in parse_text(self.store.submission_text(sid), lenient=True)}
                claims = loads_bytes(self.store.score_file(sid, "claims.jsonl", key[1]))
            except ValueError as error:
                raise StoreError(f"submission {sid}: {error}") from error
            self._details[key] = (lines, claims)
        return self._details[key]

    @property
    def downloads(self) -> Path:
        """The folder the app serves CSV downloads from (and nothing else of ours)."""
        return self._downloads

    def write_csv(self, table: pd.DataFrame) -> str:
        """Write `table` as CSV under a folder named by its content hash, so two readers with
        different filters never overwrite each other's file; returns the path."""
        payload = csv_bytes(table)
        folder = self._downloads / hashlib.sha256(payload).hexdigest()[:CSV_HASH_CHARS]
        path = folder / CSV_NAME
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
            with os.fdopen(handle, "wb") as out:
                out.write(payload)
            os.replace(temporary, path)
        return str(path)


# ---- pure rendering helpers (tested without a browser) ----

def shown_rows(table: pd.DataFrame, rows: str | None) -> pd.DataFrame:
    return table if rows == "all" else table.head(TOP_ROWS)


def _cell(value, kind: str) -> str:
    """Text of one cell, on one line (the board is one HTML block: a line break could end it)."""
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return "—" if kind == "number" else ""
    return " ".join(str(value).split())


def csv_link(csv_path: str | None) -> str:
    """A plain link to the CSV of what is shown: lighter on the first page than a download component."""
    if not csv_path:
        return ""
    href = html.escape(FILE_ROUTE + urllib.parse.quote(csv_path), quote=True)
    return (f'<p class="mcb-csv"><a id="download-csv" href="{href}" download="{CSV_NAME}">'
            "Download CSV of what is shown</a></p>")


def board_html(table: pd.DataFrame, csv_path: str | None = None, note: str = "", integrity: str = "") -> str:
    """The ranking as a plain HTML table, every value escaped, the CSV link and a note (which scorer
    ranked it). A static table renders in a fraction of the time of an interactive grid, which keeps
    the first load light."""
    kinds = [column(name).type for name in table.columns]
    # Short markup per cell: a number cell is `<td class=n>`, and the optional `</td>` and `</tr>`
    # end tags are left out (HTML allows it). The first page carries this table inline, JSON-escaped
    # (every `<` costs six bytes), and its size is load time.
    opens = ["<td class=n>" if kind == "number" else "<td>" for kind in kinds]
    head = "".join(f'<th title="{html.escape(column(name).help)}">{html.escape(name)}</th>' for name in table.columns)
    body = "".join(
        "<tr>" + "".join(f"{opening}{html.escape(_cell(value, kind))}" for value, kind, opening in zip(row, kinds, opens))
        for row in table.itertuples(index=False, name=None)
    )
    if not body:
        body = f'<tr><td colspan="{len(kinds)}">No submission matches this selection.</td></tr>'
    return (f'<div class="mcb-board"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
            + csv_link(csv_path) + (f'<p class="mcb-csv" id="scorer-note">{html.escape(note)}</p>' if note else "")
            + (f'<p class="mcb-csv" id="integrity-note">{html.escape(integrity)}</p>' if integrity else ""))


def _fmt(value) -> str:
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return "—"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def locate_spans(commentary: str, claims: list[dict]) -> list[tuple[int, int, dict]]:
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


def highlight_html(commentary: str, claims: list[dict]) -> str:
    """The commentary, escaped, with each claim span marked in its verdict's colour and its shown
    and true values beside it. Overlapping spans keep the first; every claim is still in the table."""
    parts, position = [], 0
    for start, end, claim in locate_spans(commentary, claims):
        if start < position:
            continue
        kind = claim_kind(claim)
        parts.append(html.escape(commentary[position:start]))
        note = f"{kind}: shown {_fmt(claim.get('shown_value'))} · true {_fmt(claim.get('true_value'))}"
        if claim.get("weight") is not None:
            note += f" · w {_fmt(claim.get('weight'))}"
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


def _claim_cell(claim: dict, column: str):
    if column in ("shown_value", "true_value", "weight"):
        return _fmt(claim.get(column))
    if column == "rules":
        return ", ".join(claim.get("rules") or ())
    return claim.get(column)


def read_one_html(service: LeaderboardService, sid: str | None, cell_id: str | None) -> tuple[str, pd.DataFrame]:
    empty = pd.DataFrame(columns=list(CLAIM_COLUMNS))
    if not sid or not cell_id:
        return "<p>Pick a model and a cell.</p>", empty
    try:
        lines, claims = service.details(sid)
    except StoreError as error:
        return f"<p><strong>This submission's stored files cannot be read</strong>: {html.escape(str(error))}</p>", empty
    cell_claims = [c for c in claims if c.get("cell_id") == cell_id]
    samples = sorted({s for (cid, s) in lines if cid == cell_id})
    blocks = [legend_html()]
    if not samples:
        blocks.append(f"<p><em>No answer was submitted for {html.escape(cell_id)}.</em></p>")
    for sample in samples:
        line = lines[(cell_id, sample)]
        heading = f"<h4>{html.escape(cell_id)} · sample {sample}</h4>"
        if line.failed:
            blocks.append(heading + f"<p><strong>failed call</strong>: {html.escape(line.error)}</p>")
            continue
        mine = [c for c in cell_claims if int(c.get("sample", 0) or 0) == sample]
        body = highlight_html(line.commentary, mine)
        count = f"<p>{len(mine)} claim(s)" + (" — no claims extracted" if not mine else "") + "</p>"
        blocks.append(heading + f'<div class="mcb-commentary" id="mcb-commentary-{sample}">{body}</div>' + count)
    table = pd.DataFrame([{k: _claim_cell(c, k) for k in CLAIM_COLUMNS} for c in cell_claims], columns=list(CLAIM_COLUMNS))
    return "".join(blocks), table.astype(str) if not table.empty else empty


def panel_frame(service: LeaderboardService, release: str, market: str, ticker: str, arm: str) -> pd.DataFrame:
    """Shown and true closes of one ticker, long form for a line plot (the seed's two panels)."""
    dataset = service.datasets.get(release)
    cells = [c for c in dataset.cells.values() if c.market == market]
    if not cells:
        return pd.DataFrame(columns=["date", "close", "panel"])
    month = cells[0].month
    frames = []
    for label, panel in ((f"shown ({arm})", dataset.shown_panel(market, month, arm)),
                         (f"true ({TRUTH_ARM})", dataset.true_panel(market, month))):
        bars = panel.bars
        bars = bars[bars["ticker"] == ticker][["date", "close"]].copy()
        bars["panel"] = label
        frames.append(bars)
    frame = pd.concat(frames, ignore_index=True)
    frame["date"] = pd.to_datetime(frame["date"])
    return frame


def tickers_of(service: LeaderboardService, release: str, market: str) -> list[str]:
    dataset = service.datasets.get(release)
    months = sorted({c.month for c in dataset.cells.values() if c.market == market})
    return sorted(dataset.true_panel(market, months[0]).tickers) if months else []


def submissions_table(service: LeaderboardService) -> pd.DataFrame:
    records, _ = service.snapshot()
    rows = [{"submission": r.id, "model": r.meta.name, "revision": r.meta.revision, "release": r.release,
             "status": r.status, "failures": r.failures, "lines": r.lines, "submitted": r.submitted_at} for r in records]
    frame = pd.DataFrame(rows, columns=["submission", "model", "revision", "release", "status", "failures", "lines", "submitted"])
    return frame.sort_values("submitted", ascending=False, kind="stable").reset_index(drop=True)


def metrics_markdown() -> str:
    """Every figure of the board, from the scorer's metric registry (`extractors.metrics`)."""
    from extractors.metrics import METRICS

    def cells(entry) -> str:
        arms = "every arm" if set(entry.arms) == set(ARM_NAMES) else ", ".join(entry.arms)
        contexts = "every context" if set(entry.contexts) == set(CONTEXT_NAMES) else ", ".join(entry.contexts)
        return f"{arms}; {contexts}"

    better = {True: "higher", False: "lower", None: ""}
    rows = "".join(
        f"| {entry.header} | {entry.kind} | `{entry.numerator}`{f' ÷ `{entry.denominator}`' if entry.denominator else ''} "
        f"| {cells(entry)} | {entry.claims} | {better[entry.higher_is_better]} |\n" for entry in METRICS)
    return ("\n\n### The figures (`extractors.metrics`; `mcb score` writes every count in cells.csv and summary.json)\n\n"
            "| column | kind | counts | cells | claims | better |\n|---|---|---|---|---|---|\n" + rows)


def extractor_recall_markdown() -> str:
    """The extractor's measured recall per corpus x rewriter x market (data/corpora/recall_figures.json, from `mcb recall`)."""
    import json

    from extractors.recall import figures_path

    path = figures_path()
    if not path.exists():
        return "\n\n**Extractor recall:** not measured (run `mcb recall --write-figures`)."
    rows = json.loads(path.read_text(encoding="utf-8"))["rollups"]
    pct = lambda value: "—" if value is None else f"{100 * value:.1f}%"  # noqa: E731
    lines = ["", "", "### How well the claim extractor reads (measured, not assumed)", "",
             "Recall and precision of the extractor against gold claims, per corpus x rewriter x market "
             "(`mcb recall`; rules may only come from dev misses). A figure from one corpus is a ceiling, not a guarantee.", "",
             "| corpus | rewriter | market | split | gold | recall | extracted | precision |", "|---|---|---|---|---:|---:|---:|---:|"]
    lines += [f"| {r['corpus']} | {r['rewriter']} | {r['market']} | {r['split']} | {r['gold']} | {pct(r['recall'])} "
              f"| {r['extracted']} | {pct(r['precision'])} |" for r in rows]
    return "\n".join(lines)


ABOUT = """
## Read, or remembered?

A language model asked to comment on a month of prices can write a confident, accurate paragraph
without reading a number it was given. Grading against the data cannot tell reading from recall;
**changing the data can**. Every cell hands the model one of three panels — `real`, `inverted`
(every daily return's sign flipped) or `damped` (every daily return shrunk to a quarter) — under
one of four contexts (`full` table, `sparse` endpoints, `none`, `probe`). Each extracted claim is
computed twice, against the panel shown and against the truth:

| verdict | meaning |
|---|---|
| supported | exact against the shown panel: it read the data |
| recited | wrong about the input, right about real history: from memory |
| refuted | neither (detail: approx_supported, approx_recited, sign_only, fabricated) |
| unverifiable | no oracle: unknown tickers, nothing to compute |

**Read rate** = supported ÷ *distinguishable* checkable claims on the perturbed arms only: on the
`real` arm a read claim and a recited one are the same number, and a claim whose shown and true
values agree (the first close, which no arm changes) says nothing about reading. The recited rate
has the same denominator. Rates exclude unverifiable claims; a selection with nothing checkable
shows "—", not 0. Intervals are 95% paired bootstraps over cells (the same cells drawn for every
model of a dataset version, seeded); with fewer than five cells holding a rate's claims the
interval is "—" with the reason, and the row is not ranked. **Rank groups**: a model's rank is 1 +
the number of models significantly better on the read rate (the paired difference's 95% interval
lies above zero), so models that cannot be told apart share a rank. Causal claims are counted in
their own column, never dropped. *Declines* is the share of `none`/`probe` answers that correctly
decline (under `none`: a refusal and no figure; under `probe`: a refusal of the interior question).

**Reading weight** (no tolerance band). For every distinguishable percent or price claim on a
perturbed arm, **w = (c − t) / (s − t)**, with c the claimed value, s the shown panel's and t the
truth's: 1 means it read exactly, 0 that it recited exactly, 0.5 that it stated a blend half way
between, and values far outside mean neither. A model's reading weight is the median regression
through the origin of c − t on s − t over its claims (the |s − t|-weighted median of w, price
levels in percent of the true price), with a 95% bootstrap interval over cells. The optional
`sweep` config (shown daily return = k × true, k ∈ {−1, −0.5, 0.25, 0.5, 2}, under `full` and
`sparse`) fits the same slope to the claimed period returns across k: a reader follows the
diagonal, a reciter stays flat at the truth.

### What it does not show
- **The extractor's recall is measured, not assumed** — on paraphrase corpora with known answers,
  per slice (`mcb recall`). A figure from one corpus is a ceiling, not a guarantee: real commentary
  may phrase claims the parser has never seen, and an unseen claim is neither credited nor blamed.
- Inversion cannot probe magnitudes (|−r| = |r|); that is what `damped` is for.
- Coverage is only meaningful under `full`; elsewhere the column is empty.
- A model that memorised nothing about the month cannot recite it: "did not recite" and "had
  nothing to recite" look the same. The knowledge-cutoff filter separates them.
- Failed calls are failures, listed in their own column, never empty commentary.
"""


@dataclass(frozen=True)
class Page:
    """One page of the app: its navbar name and URL path ("" is the board)."""

    name: str
    path: str


# The board is the first page and carries only the board: everything else is its own page, so a
# first visit loads the ranking's components and nothing more (issue 9's load target).
BOARD_PAGE = Page("Leaderboard", "")
PAGES: tuple[Page, ...] = (
    BOARD_PAGE,
    Page("Cells", "cells"),
    Page("Read one", "read"),
    Page("Panels", "panels"),
    Page("Submit", "submit"),
    Page("Tracks", "tracks"),
    Page("About", "about"),
)
HEADER = ("# market-claim-bench — read, or remembered?\nModels ranked by how often their claims match "
          "the **perturbed** prices they were shown. Every cell, every claim, with 95% bootstrap intervals.")


def nav_markdown(current: Page) -> str:
    """Links to every page, the current one in bold. Plain links in a Markdown block (a component
    the first page loads anyway) instead of Gradio's navbar, which costs the first load ~0.15x."""
    links = [f"<strong>{html.escape(entry.name)}</strong>" if entry == current
             else f'<a href="{html.escape(entry.path or "./")}" target="_self">{html.escape(entry.name)}</a>' for entry in PAGES]
    return f'<nav class="mcb-nav">{" · ".join(links)}</nav>'



def page_named(name: str) -> Page:
    """Look a page up by its navbar name, failing loudly on a typo."""
    for candidate in PAGES:
        if candidate.name == name:
            return candidate
    raise KeyError(f"no page {name!r}; known: {', '.join(p.name for p in PAGES)}")


def _board_page(demo: gr.Blocks, service: LeaderboardService) -> None:
    """The first page: filters, column chooser, the ranking as a static table, CSV download."""
    _, frame = service.snapshot()
    default_columns = selected_columns(DEFAULT_SHOWN)
    markets = sorted(frame["market"].unique().tolist()) if not frame.empty else []

    def board_view(market, arm, context, size, cutoff, search, columns, rows, scorer=CURRENT_SCORER):
        chosen = BoardFilter(tuple(market or ()), tuple(arm or ()), tuple(context or ()), size or "all",
                             cutoff or "all", search or "", "" if scorer in (None, CURRENT_SCORER) else scorer)
        names = selected_columns(columns or [])
        table = shown_rows(service.board(chosen)[names], rows)
        return board_html(table, service.write_csv(table), service.scorer_note(), service.integrity_note())

    version = gr.State(service.version())
    gr.Markdown(f"{HEADER}\n\n{nav_markdown(BOARD_PAGE)}", elem_id="nav", sanitize_html=False)
    with gr.Row():
        market = gr.CheckboxGroup(markets, label="market", elem_id="filter-market")
        arm = gr.CheckboxGroup(list(ARM_NAMES), label="arm", elem_id="filter-arm")
        context = gr.CheckboxGroup(list(CONTEXT_NAMES), label="context", elem_id="filter-context")
    with gr.Row():
        size = gr.Radio(list(SIZE_CHOICES), value="all", label="model size", elem_id="filter-size")
        cutoff = gr.Radio(list(CUTOFF_CHOICES), value="all", label="knowledge cutoff vs the cell's month",
                          elem_id="filter-cutoff")
        search = gr.Textbox(label="search models", placeholder="name or revision", elem_id="filter-search")
        rows = gr.Radio(list(ROW_CHOICES), value=ROW_CHOICES[0], label="rows", elem_id="filter-rows")
        scorer = gr.Radio([CURRENT_SCORER, *scorer_choices(frame)], value=CURRENT_SCORER, label="scorer version",
                          elem_id="filter-scorer")
    first_view = shown_rows(service.board(BoardFilter())[default_columns], ROW_CHOICES[0])
    # A Markdown block renders the escaped table as it is (it is one HTML block: no Markdown syntax
    # applies inside, nothing is sanitised away because nothing unescaped is in it) and its code is
    # already on every Gradio page, where gr.HTML's is another 33 kB to fetch first.
    table = gr.Markdown(board_html(first_view, service.write_csv(first_view), service.scorer_note(), service.integrity_note()),
                        elem_id="board",
                        sanitize_html=False, latex_delimiters=[], header_links=False)
    # Below the table, not in an accordion: one component type fewer on the first page.
    columns = gr.CheckboxGroup(list(HIDEABLE), value=list(DEFAULT_SHOWN), label="columns", elem_id="columns")
    filters = [market, arm, context, size, cutoff, search, columns, rows, scorer]
    # Private endpoints: the page inlines the API description of every public one (tens of kB).
    quiet = {"show_progress": "hidden", "api_visibility": "private"}
    for control in (market, arm, context, size, cutoff, columns, rows, scorer):
        control.change(board_view, filters, table, **quiet)
    search.submit(board_view, filters, table, **quiet)
    search.change(board_view, filters, table, **quiet)

    def refresh(seen, *filter_values):
        """The table in the page config is the one built at launch: redraw when the store changed since."""
        current = service.version()
        if current == seen:
            return gr.skip(), gr.skip()
        return current, board_view(*filter_values)

    demo.load(refresh, [version, *filters], [version, table], **quiet)


def _cells_page(demo: gr.Blocks, service: LeaderboardService) -> None:
    gr.Markdown("## Cells\nEvery cell of one model, including unanswered, claim-less and failed ones.")
    cells_model = gr.Dropdown([], label="model", elem_id="cells-model")
    cells_table = gr.Dataframe(interactive=False, elem_id="cells-table", label="every cell, answered or not",
                               max_height=BOARD_MAX_HEIGHT, datatype="str")
    cells_model.change(lambda sid: cell_table(service.snapshot()[1], sid) if sid else None, cells_model, cells_table)
    # The model list grows with the store: filled when the page opens.
    demo.load(lambda: gr.update(choices=service.model_choices()), None, cells_model, show_progress="hidden")


def _read_page(demo: gr.Blocks, service: LeaderboardService) -> None:
    gr.Markdown("## Read one\nThe commentary with every extracted claim marked in its verdict's colour.")
    with gr.Row():
        read_model = gr.Dropdown([], label="model", elem_id="read-model")
        read_cell = gr.Dropdown([], label="cell", elem_id="read-cell")
    read_html = gr.HTML("<p>Pick a model and a cell.</p>", elem_id="read-html")
    read_claims = gr.Dataframe(pd.DataFrame(columns=list(CLAIM_COLUMNS)), interactive=False, elem_id="read-claims",
                               label="claims: shown and true values", datatype="str", wrap=True)

    def cells_for(sid):
        if not sid:
            return gr.update(choices=[], value=None)
        try:  # a record damaged after the list was made: no cells (the integrity notice names the file)
            release = service.record(sid).release
            ids = list(service.datasets.get(release).cells) if release in service.datasets.by_release \
                else sorted({cid for (cid, _) in service.details(sid)[0]})
        except StoreError:
            return gr.update(choices=[], value=None)
        return gr.update(choices=ids, value=ids[0] if ids else None)

    read_model.change(cells_for, read_model, read_cell)
    read_cell.change(lambda sid, cid: read_one_html(service, sid, cid), [read_model, read_cell], [read_html, read_claims])
    demo.load(lambda: gr.update(choices=service.model_choices()), None, read_model, show_progress="hidden")


def _panels_page(service: LeaderboardService) -> None:
    releases = service.datasets.releases
    default_release = releases[0] if releases else None
    release_markets = sorted({c.market for c in service.datasets.get(default_release).cells.values()}) if default_release else []
    # Open on the seed's example, one US stock under inversion, where the release has it.
    release_markets.sort(key=lambda name: name != PANELS_FIRST_MARKET)
    gr.Markdown("## Panels\nOne stock, two panels: the close the model was shown and the true close.")
    with gr.Row():
        panel_release = gr.Dropdown(releases, value=default_release, label="dataset version")
        panel_market = gr.Dropdown(release_markets, value=release_markets[0] if release_markets else None,
                                   label="market", elem_id="panel-market")
        first_tickers = tickers_of(service, default_release, release_markets[0]) if release_markets else []
        first_tickers.sort(key=lambda name: name != PANELS_FIRST_TICKER)
        panel_ticker = gr.Dropdown(first_tickers, value=first_tickers[0] if first_tickers else None,
                                   label="ticker", elem_id="panel-ticker")
        # Open on a perturbed arm: the seed's example is one US stock under inversion.
        panel_arm = gr.Dropdown([*PERTURBED_ARMS, TRUTH_ARM], value=PERTURBED_ARMS[0], label="arm", elem_id="panel-arm")
    initial_panel = (panel_frame(service, default_release, release_markets[0], first_tickers[0], PERTURBED_ARMS[0])
                     if first_tickers else None)
    plot = gr.LinePlot(initial_panel, x="date", y="close", color="panel", elem_id="panel-plot",
                       title="shown vs true close", height=360)

    def on_market(release, market_name):
        names = tickers_of(service, release, market_name)
        return gr.update(choices=names, value=names[0] if names else None)

    panel_market.change(on_market, [panel_release, panel_market], panel_ticker)
    for control in (panel_ticker, panel_arm, panel_release):
        control.change(lambda r, m, t, a: panel_frame(service, r, m, t, a) if t else None,
                       [panel_release, panel_market, panel_ticker, panel_arm], plot)


def _submit_page(demo: gr.Blocks, service: LeaderboardService) -> None:
    releases = service.datasets.releases
    gr.Markdown(f"## Submit\nUpload a JSONL submission, e.g. the file `mcb run` writes (one object per line: "
                f"`cell_id`, `commentary`, optional `sample`, `status` ok|failed, `error`, plus the run metadata "
                f"`mcb run` adds). At most {MAX_SUBMISSION_BYTES // (1024 * 1024)} MB, UTF-8, at least "
                "95% of the version's cells answered. Validation runs before anything is stored; a scored "
                "submission appears on the Leaderboard page.")
    if on_space():  # the signed-in account owns the row; off a Space Gradio cannot sign anyone in
        gr.LoginButton(elem_id="login")
    upload = gr.File(label="submission.jsonl", file_types=[".jsonl"], type="filepath", elem_id="upload")
    with gr.Row():
        name = gr.Textbox(label="model name", elem_id="meta-name")
        revision = gr.Textbox(label="revision or API version", elem_id="meta-revision")
        knowledge = gr.Textbox(label="knowledge cutoff (YYYY-MM)", elem_id="meta-cutoff")
        params = gr.Textbox(label="parameters (billions)", elem_id="meta-params")
        link = gr.Textbox(label="link", elem_id="meta-link")
        release = gr.Dropdown(releases, value=releases[0] if releases else None, label="dataset version",
                              elem_id="meta-release")
    lenient = gr.Checkbox(False, label="keep fields outside the contract and the run metadata (lenient)",
                          elem_id="meta-lenient")
    send = gr.Button("Submit", variant="primary", elem_id="submit-button")
    status = gr.Textbox(label="status", interactive=False, lines=4, elem_id="submit-status")
    queue = gr.Dataframe(None, interactive=False, label="stored submissions", elem_id="queue", datatype="str")

    def on_submit(path, model_name, model_revision, cutoff_text, params_text, link_text, version_name, keep_unknown,
                  profile: gr.OAuthProfile | None = None):
        return submit_from_form(service, path, model_name, model_revision, cutoff_text, params_text, link_text,
                                version_name, keep_unknown, profile)

    send.click(on_submit, [upload, name, revision, knowledge, params, link, release, lenient], [status, queue],
               show_progress="minimal")
    demo.load(lambda: submissions_table(service), None, queue, show_progress="hidden")


def submit_from_form(service: LeaderboardService, path, model_name, model_revision, cutoff_text, params_text, link_text,
                     version_name, keep_unknown, profile) -> tuple[str, object]:
    """The Submit page's handler: (status text, stored submissions). The status is never empty: a
    refusal says why, and an error after the file was stored says it was stored."""
    if not path:
        return "rejected: choose a JSONL file first", gr.skip()
    try:
        submitter = space_submitter(profile)
        raw = Path(path).read_bytes()
        meta = make_meta(model_name, model_revision, cutoff_text, params_text, link_text)
        outcome = submit(raw, meta, service.store, service.datasets, release=version_name, scorer=service.scorer,
                         lenient=bool(keep_unknown), submitter=submitter)
    except NotSignedIn as error:
        return f"rejected: {error}", gr.skip()
    except (OSError, StoreError) as error:
        return f"error: nothing was stored ({error})", gr.skip()
    except Exception as error:  # a UI boundary: the status box says what went wrong, never nothing
        return (f"error: the submission could not be processed ({type(error).__name__}: {error}); "
                "the list below shows whether it was stored"), gr.skip()
    status = f"{outcome.status}: {outcome.reason}"
    try:
        return status, submissions_table(service)
    except Exception as error:  # the status must still reach the page: the file is stored
        return f"{status} (the list of stored submissions could not be refreshed: {error})", gr.skip()


def current_tracks_html(service: LeaderboardService) -> str:
    from leaderboard.tracks import stored_board, tracks_html

    service.store.refresh()
    return tracks_html(stored_board(service.store))


def _tracks_page(demo: gr.Blocks, service: LeaderboardService) -> None:
    gr.Markdown("## Tracks\nThe papers' own tests as tracks: direct recall, fake dates, masked identities "
                "(`mcb tracks score`). Each track shows its known-good and known-bad canaries beside the models. "
                "**A pass is a lower bound, not proof of no memorisation.**")
    board = gr.HTML(current_tracks_html(service), elem_id="tracks")
    demo.load(lambda: current_tracks_html(service), None, board, show_progress="hidden")


def build_app(service: LeaderboardService) -> gr.Blocks:
    """Assemble the pages. Initial values are computed once here; the board's page load only
    redraws when the store changed since (a version token held in session state)."""
    service.snapshot()
    with gr.Blocks(title="market-claim-bench leaderboard", analytics_enabled=False) as demo:
        gr.Navbar(visible=False)
        _board_page(demo, service)
    builders = {
        "Cells": lambda: _cells_page(demo, service),
        "Read one": lambda: _read_page(demo, service),
        "Panels": lambda: _panels_page(service),
        "Submit": lambda: _submit_page(demo, service),
        "Tracks": lambda: _tracks_page(demo, service),
        "About": lambda: gr.Markdown(ABOUT + metrics_markdown() + extractor_recall_markdown()),
    }
    for entry in PAGES[1:]:
        with demo.route(entry.name, f"/{entry.path}"):
            gr.Markdown(f"# market-claim-bench\n\n{nav_markdown(entry)}", elem_id="nav", sanitize_html=False)
            builders[entry.name]()
    return demo


def serve(service: LeaderboardService, host: str = "127.0.0.1", port: int | None = None, block: bool = True) -> gr.Blocks:
    """Launch on `host` (loopback unless told otherwise), with analytics and version checks off."""
    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
    demo = build_app(service)
    demo.launch(server_name=host, server_port=port, prevent_thread_lock=not block, css=CSS, quiet=not block,
                max_file_size=2 * MAX_SUBMISSION_BYTES, show_error=True, footer_links=[],
                allowed_paths=[str(service.downloads)])
    return demo
