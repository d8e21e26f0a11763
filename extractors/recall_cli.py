"""`mcb recall` and `mcb paraphrase`: parse arguments, call the recall library or the LLM rewriter, print."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.table import Table

from builder.rewriters import corpus_path, read_jsonl, write_jsonl
from builder.rewriters.base import SPLITS
from builder.rewriters.llm import LLMRewriter
from extractors.recall import (
    CORPORA,
    PRECISION_TARGET,
    RECALL_TARGET,
    RecallError,
    VERDICT_CORPORA,
    RecallReport,
    below_floors,
    load_corpus,
    measure,
    measure_figures,
    read_floors,
    write_figures,
)

DEFAULT_CORPORA = ("commentary_dev", "voices")  # the labelled corpora written for the project, on any clone
console = Console(width=200)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _points(change: float) -> str:
    """A change of a rate in percentage points, "+0.0" for none (never "-0.0")."""
    return f"{100 * change + 0.0:+.1f}" if round(100 * change, 1) else "+0.0"


def _flag(row: dict) -> str:
    low = (row["recall"] is not None and row["recall"] < RECALL_TARGET) or (
        row["precision"] is not None and row["precision"] < PRECISION_TARGET)
    return "[red]below target[/red]" if low else ""


def print_report(report: RecallReport, show_findings: bool) -> None:
    for title, rows, keys in (
        (f"recall per slice ({report.split})", report.rows(), ("corpus", "rewriter", "market", "metric")),
        (f"per corpus x rewriter x market ({report.split})", report.rollup(), ("corpus", "rewriter", "market")),
    ):
        table = Table(title=title)
        for key in keys:
            table.add_column(key)
        for name in ("gold", "found", "recall", "extracted", "correct", "precision", ""):
            table.add_column(name, justify="right")
        for row in rows:
            table.add_row(*(str(row[k]) for k in keys), str(row["gold"]), str(row["found"]), _pct(row["recall"]),
                          str(row["extracted"]), str(row["correct"]), _pct(row["precision"]), _flag(row))
        console.print(table)
    console.print(f"{report.paragraphs} paragraphs; {report.untickered} extracted index/market claims without a ticker "
                  "(not ticker claims: neither true nor false)", highlight=False)
    if not show_findings:
        return
    for key, finding in report.findings:
        claim = finding.claim
        value = claim.get("value")
        what = f"{claim.get('ticker')} {claim['metric']} {value!r}"
        if claim.get("date"):
            what += f" date={claim['date']}"
        label = "MISS " if finding.kind == "miss" else "FALSE"
        span = f" span={claim.get('text')!r}" if finding.kind == "false" and claim.get("text") else ""
        console.print(f"{label} {key.label()} [{finding.paragraph}] {what}{span}\n      in: {finding.sentence}",
                      highlight=False, markup=False)


def print_verdicts(report) -> None:
    """The end-to-end table: per verdict, gold claims kept, turned into another verdict, missed; and of the
    claims the pipeline gave that verdict, how many the gold gives it too."""
    table = Table(title=f"verdicts end to end, extract + verify ({report.corpus}, {report.split}: "
                        f"{report.paragraphs} commentaries, {report.skipped} without shipped prices left out)")
    for name in ("verdict", "gold", "kept", "other verdict", "missed", "recall", "called so", "precision"):
        table.add_column(name, justify="left" if name == "verdict" else "right")
    for row in report.rows():
        table.add_row(row["verdict"], str(row["gold"]), str(row["kept"]), str(row["other_verdict"]), str(row["missed"]),
                      _pct(row["recall"]), str(row["called"]), _pct(row["precision"]))
    console.print(table)


def recall(
    corpus: Annotated[str, typer.Option(help=f"{' | '.join(CORPORA)} | all")] = "all",
    split: Annotated[str, typer.Option(help="dev | test (rules may only come from dev misses)")] = "dev",
    texts: Annotated[Optional[Path], typer.Option(help="real commentary texts (commentary.jsonl); default ../shared/data/real_commentary/")] = None,
    extra: Annotated[Optional[list[Path]], typer.Option(help="more paraphrase JSONL files, e.g. `mcb paraphrase` output")] = None,
    findings: Annotated[bool, typer.Option("--findings/--no-findings", help="list every miss and false claim")] = True,
    write: Annotated[bool, typer.Option("--write-figures", help="measure every corpus on both splits and rewrite data/corpora/recall_figures.json")] = False,
    check: Annotated[bool, typer.Option("--check", help="exit 1 when a corpus falls below its floor (data/corpora/recall_floors.toml)")] = False,
    verdicts: Annotated[bool, typer.Option("--verdicts", help="also extract AND verify: how many gold verdicts come back (commentary_dev, voices)")] = False,
) -> None:
    """Recall and precision of the extractor per slice (corpus x rewriter x market x metric), with misses."""
    try:
        if write:
            path = write_figures(measure_figures(texts))
            console.print(f"wrote {path}")
        if split not in SPLITS:
            raise RecallError(f"--split must be one of {', '.join(SPLITS)}")
        names = CORPORA if corpus == "all" else (corpus,)
        if verdicts:
            from extractors.verdict_recall import CellPanels, below_verdict_floors, measure_verdicts, read_verdict_floors

            panels = CellPanels()
        floors = read_floors()
        below: list[str] = []
        for name in names:
            paragraphs = load_corpus(name, texts, extra or ())
            report = measure(paragraphs, split)
            print_report(report, findings)
            below += below_floors(report, floors)
            if verdicts and name in VERDICT_CORPORA:
                verdict_report = measure_verdicts(paragraphs, split, panels)
                print_verdicts(verdict_report)
                below += below_verdict_floors(verdict_report, read_verdict_floors())
        for line in below:
            console.print(f"[red]below floor:[/red] {line}", highlight=False)
        if not below:
            console.print(f"every corpus measured is at or above its floor on the {split} split", highlight=False)
    except RecallError as error:
        console.print(f"[red]error:[/red] {error}", highlight=False)
        raise typer.Exit(2) from error
    if check and below:
        raise typer.Exit(1)


def robustness(
    corpus: Annotated[str, typer.Option(help="comma-separated corpora (real needs the third-party texts)")] = ",".join(DEFAULT_CORPORA),
    split: Annotated[str, typer.Option(help="dev | test (the test split prints totals only)")] = "dev",
    rewrite: Annotated[Optional[list[str]], typer.Option(help="only these rewrites (repeat); default every rewrite")] = None,
    texts: Annotated[Optional[Path], typer.Option(help="real commentary texts (commentary.jsonl); default ../shared/data/real_commentary/")] = None,
    findings: Annotated[bool, typer.Option("--findings/--no-findings", help="list each claim a rewrite loses or adds (dev only)")] = False,
    check: Annotated[bool, typer.Option("--check", help="exit 1 when a rewrite costs more than its floor ([[robustness]] in recall_floors.toml)")] = False,
) -> None:
    """Recall and precision under rewrites that keep the meaning (names in lowercase, "per cent", a Unicode minus...)."""
    from extractors.robustness import REWRITES, beyond_floors, measure_rewrites, read_robustness_floors

    try:
        if split not in SPLITS:
            raise RecallError(f"--split must be one of {', '.join(SPLITS)}")
        paragraphs = [p for name in corpus.split(",") if name.strip() for p in load_corpus(name.strip(), texts)]
        results = measure_rewrites(paragraphs, split, rewrite or None)
        beyond = beyond_floors(results, read_robustness_floors())
    except RecallError as error:
        console.print(f"[red]error:[/red] {error}", highlight=False)
        raise typer.Exit(2) from error
    table = Table(title=f"recall and precision under each rewrite ({corpus}, {split})")
    for name in ("rewrite", "texts changed", "gold", "found", "recall", "change", "precision", "change", "what it does"):
        table.add_column(name, justify="left" if name in ("rewrite", "what it does") else "right")
    for result in results:
        table.add_row(result.rewrite, str(result.changed), str(result.after.gold), str(result.after.found),
                      _pct(result.after.recall), _points(result.after.recall - result.before.recall),
                      _pct(result.after.precision), _points(result.after.precision - result.before.precision), REWRITES[result.rewrite].description)
    console.print(table)
    if results:
        before = results[0].before
        console.print(f"as written: recall {_pct(before.recall)} ({before.found}/{before.gold}), precision "
                      f"{_pct(before.precision)}", highlight=False)
    if findings and split == "dev":
        for result in results:
            for finding in result.added:
                claim = finding.claim
                label = "LOST " if finding.kind == "miss" else "FALSE"
                console.print(f"{label} {result.rewrite} [{finding.paragraph}] {claim.get('ticker')} {claim['metric']} "
                              f"{claim.get('value')!r}\n      in: {finding.sentence}", highlight=False, markup=False)
    for line in beyond:
        console.print(f"[red]beyond floor:[/red] {line}", highlight=False)
    if not beyond:
        console.print(f"every rewrite is within its floor on the {split} split", highlight=False)
    if check and beyond:
        raise typer.Exit(1)


def paraphrase(
    model: Annotated[str, typer.Option(help="model name the server knows")],
    base_url: Annotated[str, typer.Option(help="OpenAI-compatible base URL, e.g. http://127.0.0.1:11434/v1")],
    out: Annotated[Path, typer.Option(help="JSONL of accepted paraphrases (measure with mcb recall --extra OUT)")] = Path("build/paraphrases-llm.jsonl"),
    source: Annotated[str, typer.Option(help="corpus to paraphrase: narrator | rules")] = "narrator",
    split: Annotated[Optional[str], typer.Option(help="only this split")] = None,
    limit: Annotated[Optional[int], typer.Option(help="at most this many paragraphs")] = None,
    api_key: Annotated[str, typer.Option(envvar="OPENAI_API_KEY", help="API key (local servers ignore it)")] = "none",
    temperature: Annotated[float, typer.Option()] = 0.7,
    max_tokens: Annotated[int, typer.Option()] = 800,
    timeout: Annotated[float, typer.Option(help="seconds per request")] = 120.0,
) -> None:
    """Paraphrase corpus paragraphs with an LLM; reject any whose figures differ from the original's."""
    from runner.client import CallSettings, ChatClient, RetryPolicy, make_openai

    items = read_jsonl(corpus_path(source))
    if split:
        items = [item for item in items if item.split == split]
    items = items[:limit] if limit else items
    client = ChatClient(make_openai(base_url, api_key, timeout),
                        CallSettings(model=model, temperature=temperature, max_tokens=max_tokens, timeout_s=timeout),
                        RetryPolicy())
    rewriter = LLMRewriter(client.complete, model)
    outcomes = [rewriter.rewrite(item) for item in items]
    accepted = [o.item for o in outcomes if o.status == "accepted"]
    out.parent.mkdir(parents=True, exist_ok=True)
    write_jsonl(accepted, out)
    counts = {status: sum(o.status == status for o in outcomes) for status in ("accepted", "rejected", "failed")}
    for outcome in outcomes:
        if outcome.status != "accepted":
            console.print(f"{outcome.status.upper()} {outcome.source_id}: {outcome.reason}", highlight=False, markup=False)
    console.print(json.dumps({"out": str(out), **counts}), highlight=False)
    if counts["failed"]:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command()(recall)
    app.command()(robustness)
    app.command()(paraphrase)
