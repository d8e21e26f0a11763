"""Renders the dataset card (README.md with the YAML `configs:` header) from `cards/`."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from builder.arms import ARMS
from builder.contexts import CONTEXTS, month_label
from builder.paths import CARDS_DIR
from builder.tokens import TOKENIZER_NAME
from builder.universes import get_universe

DATASET_CARD_TEMPLATE = "dataset_card.md.j2"


def card_environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(CARDS_DIR),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_dataset_card(inputs, rows: Mapping[str, int], configs: Mapping, config_path: Callable[[str], str]) -> str:
    panels = [
        {
            "market": panel.market,
            "month": panel.month,
            "label": month_label(panel.month),
            "universe": get_universe(panel.market),
            "sessions": len(panel.sessions),
        }
        for panel in inputs.panels
    ]
    return card_environment().get_template(DATASET_CARD_TEMPLATE).render(
        release=inputs.release,
        panels=panels,
        configs=[{"name": name, "description": spec.description, "path": config_path(name), "rows": rows.get(name, 0)}
                 for name, spec in configs.items()],
        arms=ARMS,
        contexts=CONTEXTS,
        tokenizer=TOKENIZER_NAME,
        n_cells=rows.get("prompts", 0),
    )
