"""`mcb probe embeddings` and `mcb probe read-margin`: parse arguments, call the probes, print tables.

The probes (numpy, pandas, scipy, sentence-transformers) are imported inside the commands, so
`mcb --help` does not load them (`tests/test_cli_fast.py`).
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from contracts.markets import market_names
from extractors.defaults import EMBEDDINGS_CACHE_ENV, PROBE_RIDGE_LAMBDA, PROBE_SEED, PROBE_WINDOW

if TYPE_CHECKING:
    from extractors.embeddings.memorisation_probe import ProbeReport

console = Console()
errors = Console(stderr=True, markup=False)  # errors echo user paths: text, never Rich markup
EXIT_BAD_INPUT = 2


def _number(value: float, spec: str) -> str:
    return "—" if value is None or math.isnan(value) else format(value, spec)


def probe_table(report: ProbeReport) -> Table:
    """Table 13's shape: correlation of rolling-ridge predictions and of the moving average with the values."""
    table = Table(title=f"Recall through embeddings: {report.model}\nridge lambda {report.ridge}, rolling window "
                        f"{report.window} sessions", title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1),
                  pad_edge=False, collapse_padding=True, show_edge=False)
    for name, justify in (("vectors", "left"), ("market", "left"), ("value", "left"), ("n", "right"),
                          ("r ridge", "right"), ("r SMA", "right"), ("diff", "right"), ("t", "right"), ("p", "right")):
        table.add_column(name, justify=justify, no_wrap=True)
    previous = None
    for row in report.rows:
        if previous is not None and (row.market, row.target) != previous:
            table.add_section()
        previous = (row.market, row.target)
        c = row.comparison
        table.add_row(row.features, row.market, row.target, str(c.n), _number(c.r_model, "+.3f"),
                      _number(c.r_benchmark, "+.3f"), _number(c.difference, "+.3f"), _number(c.t, "+.2f"),
                      _number(c.p_value, ".3g"))
    return table


def probe_embeddings(
    model: Annotated[Optional[Path], typer.Option(help="Any sentence-transformers model folder; default the bundled all-MiniLM-L6-v2.")] = None,
    market: Annotated[Optional[list[str]], typer.Option("--market", metavar="MARKET", help="us or lisbon (repeatable); default both.")] = None,
    month: Annotated[Optional[list[str]], typer.Option("--month", metavar="YYYY-MM", help="YYYY-MM (repeatable); default every shipped month.")] = None,
    window: Annotated[int, typer.Option(help="Sessions of history per rolling ridge fit (and per moving average).")] = PROBE_WINDOW,
    ridge: Annotated[float, typer.Option(help="Ridge regularisation strength (the paper's 0.01).")] = PROBE_RIDGE_LAMBDA,
    seed: Annotated[int, typer.Option(help="Seed for the shuffled and random placebos.")] = PROBE_SEED,
    cache: Annotated[Optional[Path], typer.Option(help=f"Embedding cache folder (default ${EMBEDDINGS_CACHE_ENV} or ~/.cache).")] = None,
    json_out: Annotated[Optional[Path], typer.Option("--json", help="Also write the table as JSON here.")] = None,
) -> None:
    """Section 5.8's probe on every shipped month: ridge on value-free prompt embeddings vs a moving average."""
    from extractors.embeddings.encoder import Encoder, EncoderError
    from extractors.embeddings.memorisation_probe import FEATURES, run_probe, shipped_months

    started = time.perf_counter()
    try:
        encoder = Encoder.create(model, cache)
        requested = markets = tuple(market or market_names())
        months = None
        if month:  # each market keeps the asked months it ships; a market with none of them is left out
            months = {name: sorted(set(month) & set(shipped_months(name))) for name in markets}
            markets = tuple(name for name in markets if months[name])
            if not markets:
                shipped = "; ".join(f"{name}: {', '.join(shipped_months(name))}" for name in requested)
                raise ValueError(f"no shipped prices for {', '.join(month)} (shipped: {shipped})")
        report = run_probe(encoder, markets=markets, months=months, window=window, ridge=ridge, seed=seed)
    except (EncoderError, ValueError, FileNotFoundError) as error:
        errors.print(f"error: {error}", highlight=False)
        raise typer.Exit(EXIT_BAD_INPUT) from error
    console.print(probe_table(report))
    months = "; ".join(f"{name}: {', '.join(values)}" for name, values in report.months.items())
    console.print(f"months: {months}", highlight=False)
    console.print("placebos: " + "; ".join(f"{f.name} = {f.description}" for f in FEATURES), highlight=False)
    series = ", ".join(f"{r.market} {r.target}: {r.series}" for r in report.rows if r.features == FEATURES[0].name)
    console.print(f"r = correlation with the actual values, pooled within ticker (each series demeaned; series: {series}); "
                  "t = Williams's t for r ridge = r SMA (both share the actual values), df = n - 3.", highlight=False)
    console.print(report.note, highlight=False)
    console.print(f"took {time.perf_counter() - started:.1f}s (probe {report.seconds:.1f}s)", highlight=False)
    if json_out is not None:
        rows = [{"features": r.features, "market": r.market, "value": r.target, "series": r.series, "n": r.comparison.n,
                 "corr_ridge": r.comparison.r_model, "corr_sma": r.comparison.r_benchmark,
                 "corr_ridge_sma": r.comparison.r_between, "williams_t": r.comparison.t, "p_value": r.comparison.p_value}
                for r in report.rows]
        payload = {"model": report.model, "months": report.months, "window": report.window, "ridge": report.ridge,
                   "seed": report.seed, "note": report.note, "rows": rows}
        json_out.write_text(json.dumps(payload, indent=2, allow_nan=True) + "\n", encoding="utf-8")


def probe_read_margin(
    submission: Annotated[Path, typer.Argument(help="Submission JSONL: cell_id, commentary, sample, status.")],
    dataset: Annotated[Optional[Path], typer.Option(help="Built dataset folder (default build/market-claim-bench, else in memory).")] = None,
    model: Annotated[Optional[Path], typer.Option(help="Any sentence-transformers model folder; default the bundled all-MiniLM-L6-v2.")] = None,
) -> None:
    """The semantic read margin of one submission, without scoring its claims."""
    from extractors.embeddings.encoder import EncoderError
    from extractors.embeddings.read_margin import format_margin, semantic_read_margin
    from extractors.scoring_data import load_scoring_data
    from contracts.submission import InvalidSubmission, read_submission

    try:
        data = load_scoring_data(dataset)
        responses = read_submission(submission, set(data.cells))
        margin = semantic_read_margin(responses, data, model=model, progress=True)
    except (FileNotFoundError, InvalidSubmission, EncoderError) as error:
        errors.print(f"error: {error}", highlight=False)
        raise typer.Exit(EXIT_BAD_INPUT) from error
    table = Table(title=f"Semantic read margin ({margin['model']})", title_justify="left", box=box.SIMPLE_HEAD,
                  caption="+ closer to the shown panel (read), - closer to the true one (recalled)", caption_justify="left")
    for name in ("slice", "margin", "p"):
        table.add_column(name, justify="left" if name == "slice" else "right")
    table.add_row("overall", format_margin(margin["overall"]), _number(margin["p_value"], ".3g"))
    for arm, value in margin["per_arm"].items():
        table.add_row(f"arm {arm}", format_margin(value), _number(margin["per_arm_p_value"][arm], ".3g"))
    for context, value in margin["per_context"].items():
        table.add_row(f"context {context}", format_margin(value), "")
    console.print(table)
    console.print(f"{margin['n']} cells, {margin['responses']} responses on perturbed arms "
                  f"({margin['off_topic']} with no clause about the month)", highlight=False)


def register(app: typer.Typer) -> None:
    probe_app = typer.Typer(help="Embedding probes: the semantic read margin and memorisation inside embedding models.",
                            no_args_is_help=True)
    probe_app.command("embeddings")(probe_embeddings)
    probe_app.command("read-margin")(probe_read_margin)
    app.add_typer(probe_app, name="probe")
