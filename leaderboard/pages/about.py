"""About: the text written once in `cards/about.md` (also in the dataset card and the README), then
the verdict table, the board's figures and the extractor's measured recall, each from its registry."""

from __future__ import annotations

import gradio as gr

from contracts.paths import CARDS_DIR
from contracts.vocabulary import ARM_NAMES, CONTEXT_NAMES
from leaderboard.service import LeaderboardService

ABOUT_FILE = CARDS_DIR / "about.md"
# Where the README carries its copy of the About text (`tests/test_about.py` keeps the two equal).
README_START, README_END = "<!-- about: cards/about.md, copied; edit it there -->", "<!-- /about -->"
TITLE = "## Read, or remembered?"


def about_text() -> str:
    return ABOUT_FILE.read_text(encoding="utf-8")


def verdicts_markdown() -> str:
    """Every verdict and detail with its meaning, from `cards/vocabulary.toml` (the card's table too)."""
    from builder.card import verdict_rows, vocabulary_docs

    rows = [f"| {row['verdict'].name} | {detail.name} | {detail.meaning} |"
            for row in verdict_rows(vocabulary_docs()) for detail in row["details"]]
    return "\n\n### Verdicts and details\n\n| verdict | detail | meaning |\n|---|---|---|\n" + "\n".join(rows)


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
    from leaderboard.display.formatting import percent

    path = figures_path()
    if not path.exists():
        return "\n\n**Extractor recall:** not measured (run `mcb recall --write-figures`)."
    rows = json.loads(path.read_text(encoding="utf-8"))["rollups"]
    lines = ["", "", "### How well the claim extractor reads (measured, not assumed)", "",
             "Recall and precision of the extractor against gold claims, per corpus x rewriter x market "
             "(`mcb recall`; rules may only come from dev misses). A figure from one corpus is a ceiling, not a guarantee.", "",
             "| corpus | rewriter | market | split | gold | recall | extracted | precision |", "|---|---|---|---|---:|---:|---:|---:|"]
    lines += [f"| {r['corpus']} | {r['rewriter']} | {r['market']} | {r['split']} | {r['gold']} | {percent(r['recall'])} "
              f"| {r['extracted']} | {percent(r['precision'])} |" for r in rows]
    return "\n".join(lines)


def about_markdown() -> str:
    return f"{TITLE}\n\n{about_text()}" + verdicts_markdown() + metrics_markdown() + extractor_recall_markdown()


def build(demo: gr.Blocks, service: LeaderboardService) -> None:
    gr.Markdown(about_markdown(), elem_id="about")
