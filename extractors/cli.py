"""`mcb extract`, `mcb score` and `mcb baseline`: parse arguments, call the library, print.

The extractor (spaCy), the scorer (pandas, torch for the semantic margin) and the datasets are
imported inside the commands, so `mcb --help` does not load them (`tests/test_cli_fast.py`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console

from contracts.vocabulary import BASELINE_NAMES, PROMPTS_CONFIG as PROMPTS
from extractors.defaults import BASELINE_SEED

# Messages echo user text (paths, cell ids like "[/red]"): printed as text, never as Rich markup.
console = Console(stderr=True, markup=False)
EXIT_FAILED_LINES = 1
EXIT_BAD_INPUT = 2


def _paragraph(line: str) -> str:
    """A JSONL line is a JSON string or plain text."""
    stripped = line.strip()
    if stripped.startswith('"'):
        try:
            value = json.loads(stripped)
        except json.JSONDecodeError:
            return line
        return value if isinstance(value, str) else line
    return line


def extract_command(
    text: Annotated[Optional[str], typer.Argument(help="Commentary text to decompose into claims.")] = None,
    universe: Annotated[str, typer.Option(help="Universe whose names resolve to tickers: us or lisbon.")] = "us",
    month: Annotated[Optional[str], typer.Option(help="YYYY-MM, to resolve dates like 'the 26th'.")] = None,
    file: Annotated[Optional[Path], typer.Option("--file", help="Read paragraphs from this file.")] = None,
    jsonl: Annotated[bool, typer.Option("--jsonl", help="One paragraph per line in, one JSON list per line out.")] = False,
) -> None:
    """Print the claims in TEXT (or in --file) as JSON."""
    from extractors.extract import extract_claims

    if (text is None) == (file is None):
        console.print("give TEXT or --file FILE (not both)")
        raise typer.Exit(EXIT_BAD_INPUT)
    if file is not None and not jsonl:
        print(json.dumps([c.to_dict() for c in extract_claims(file.read_text(encoding="utf-8"), universe, month)], ensure_ascii=False, indent=2))
        return
    if file is not None:
        # Split on "\n" only: str.splitlines() would also cut a paragraph at U+2028 or U+0085.
        for line in (raw.removesuffix("\r") for raw in file.read_text(encoding="utf-8").removesuffix("\n").split("\n")):
            claims = extract_claims(_paragraph(line), universe, month) if line.strip() else []
            print(json.dumps([c.to_dict() for c in claims], ensure_ascii=False))
        return
    print(json.dumps([c.to_dict() for c in extract_claims(text, universe, month)], ensure_ascii=False, indent=2))


def score_command(
    submission: Annotated[Path, typer.Argument(help="Submission JSONL: cell_id, commentary, sample, status, error (plus run metadata), e.g. from `mcb run`.")],
    model: Annotated[str, typer.Option(help="Model name recorded in summary.json.")],
    out: Annotated[Path, typer.Option(help="Folder for claims.jsonl, cells.csv and summary.json.")],
    dataset: Annotated[Optional[Path], typer.Option(help="Built dataset folder (default build/market-claim-bench, else built in memory).")] = None,
    semantic: Annotated[bool, typer.Option("--semantic-margin/--no-semantic-margin", help="Add the semantic read margin (embeddings) to summary.json.")] = True,
    embedding_model: Annotated[Optional[Path], typer.Option(help="Sentence-transformers model for the semantic read margin; default the bundled all-MiniLM-L6-v2.")] = None,
    lenient: Annotated[bool, typer.Option("--lenient", help="Keep fields outside the contract and the run metadata instead of rejecting them.")] = False,
    config: Annotated[str, typer.Option(help="Which cells the submission answers: prompts (the default cells) or sweep (the dose-response sweep, `mcb build --sweep`).")] = PROMPTS,
) -> None:
    """Validate and score a submission; exit 2 on bad input (nothing written), 1 if it has failed lines."""
    from extractors.progress import RichSteps

    if not submission.exists():
        console.print(f"{submission}: no such file")
        raise typer.Exit(EXIT_BAD_INPUT)
    with RichSteps(console) as steps:
        steps.step("loading the dataset")
        from contracts.submission import InvalidSubmission, read_submission
        from extractors.full_score import score_with_margin
        from extractors.scoring_data import load_scoring_data

        try:
            data = load_scoring_data(dataset, config)
        except (FileNotFoundError, ValueError) as error:
            steps.console.print(str(error))
            raise typer.Exit(EXIT_BAD_INPUT) from error
        steps.step("reading the submission")
        try:
            responses = read_submission(submission, set(data.cells), lenient=lenient)
        except InvalidSubmission as error:
            steps.console.print(f"{submission}: not scored, nothing written:\n{error}", highlight=False)
            raise typer.Exit(EXIT_BAD_INPUT) from error
        result = score_with_margin(responses, data, model=model, embedding_model=embedding_model, semantic=semantic,
                                   steps=steps)
    from extractors.weight import describe_weight

    if semantic:
        from extractors.embeddings import SUMMARY_KEY, describe_margin

        console.print(f"semantic read margin: {describe_margin(result.summary[SUMMARY_KEY])}", highlight=False)
    written = result.write(out)
    overall = result.summary["overall"]
    console.print(
        f"{model}: {overall['claims']} claims in {result.summary['cells_answered']}/{result.summary['cells']} cells; "
        f"supported {overall['supported']}, recited {overall['recited']}, refuted {overall['refuted']}, "
        f"unverifiable {overall['unverifiable']}, causal {overall['causal']}; failures {result.failures}",
        highlight=False,
    )
    console.print(f"reading weight: {describe_weight(result.summary['reading_weight']['overall'])}", highlight=False)
    if "dose_response" in result.summary:
        console.print(f"sweep slope (claimed - true on shown - true period return): "
                      f"{describe_weight(result.summary['dose_response']['slope'])}", highlight=False)
    console.print(f"scorer {result.summary['scorer']}, dataset revision {result.summary['dataset_revision'] or '—'}",
                  highlight=False)
    for path in written:
        console.print(f"wrote {path}", highlight=False)
    if result.failures:
        raise typer.Exit(EXIT_FAILED_LINES)


def baseline_command(
    name: Annotated[str, typer.Argument(help=f"One of: {', '.join(BASELINE_NAMES)}.")],
    out: Annotated[Path, typer.Option(help="Submission JSONL to write.")],
    dataset: Annotated[Optional[Path], typer.Option(help="Built dataset folder (default build/market-claim-bench, else in memory).")] = None,
    seed: Annotated[int, typer.Option(help="Seed for the fabricator's random figures.")] = BASELINE_SEED,
    config: Annotated[str, typer.Option(help="Answer the default cells (prompts) or the sweep's (sweep).")] = PROMPTS,
) -> None:
    """Write a baseline submission (a canary for the scorer) for every cell."""
    if name not in BASELINE_NAMES:
        console.print(f"unknown baseline {name!r}; known: {', '.join(BASELINE_NAMES)}")
        raise typer.Exit(EXIT_BAD_INPUT)
    from contracts.submission import write_submission
    from extractors.baselines import baseline_submission
    from extractors.scoring_data import load_scoring_data

    try:
        data = load_scoring_data(dataset, config)
    except (FileNotFoundError, ValueError) as error:
        console.print(str(error))
        raise typer.Exit(EXIT_BAD_INPUT) from error
    count = write_submission(baseline_submission(name, data, seed), out)
    console.print(f"wrote {count} lines to {out}", highlight=False)


def register(app: typer.Typer) -> None:
    app.command("extract")(extract_command)
    app.command("score")(score_command)
    app.command("baseline")(baseline_command)
