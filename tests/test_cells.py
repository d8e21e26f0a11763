"""Cells and prompts: 24 default cells, what each context shows, token counts."""

from __future__ import annotations

import re

import pytest

from builder.arms import ARMS
from builder.cells import build_cells
from builder.contexts import CONTEXTS
from builder.panel import load_panel
from builder.tokens import count_tokens


@pytest.fixture(scope="module")
def us_cells():
    return {cell.cell_id: cell for cell in build_cells(load_panel("us", "2026-08"))}


@pytest.fixture(scope="module")
def lisbon_cells():
    return {cell.cell_id: cell for cell in build_cells(load_panel("lisbon", "2026-02"))}


def test_one_cell_per_arm_and_context_with_the_contract_id(us_cells, lisbon_cells):
    expected = {f"us-2026-08-{arm}-{context}" for arm in ARMS for context in CONTEXTS}
    assert set(us_cells) == expected
    assert len(us_cells) + len(lisbon_cells) == 24
    assert all(cell.release == "2026.08" for cell in us_cells.values())


def test_prompts_never_name_the_arm(us_cells):
    for cell in us_cells.values():
        lowered = cell.prompt.lower()
        assert "inverted" not in lowered and "damped" not in lowered and "perturb" not in lowered


def test_full_shows_every_session_and_sparse_only_the_endpoints(us_cells):
    full = us_cells["us-2026-08-inverted-full"].prompt
    sparse = us_cells["us-2026-08-inverted-sparse"].prompt
    assert "2026-08-04 " in full and "201.34" in full
    assert "2026-08-04" not in sparse and "201.34" not in sparse
    assert "close 206.64 on 2026-08-03" in sparse


def test_none_shows_no_price_and_probe_asks_for_the_interior(us_cells):
    none = us_cells["us-2026-08-real-none"].prompt
    assert not re.search(r"\d+\.\d\d", none)
    probe = us_cells["us-2026-08-real-probe"].prompt
    assert "largest single-session fall" in probe
    assert "close 206.64 on 2026-08-03" in probe


def test_every_prompt_asks_for_three_to_five_sentences_with_figures(us_cells, lisbon_cells):
    for cell in [*us_cells.values(), *lisbon_cells.values()]:
        assert "three to five sentences" in cell.prompt and "concrete figures" in cell.prompt


def test_lisbon_full_table_says_open_is_missing_instead_of_inventing_it(lisbon_cells):
    prompt = lisbon_cells["lisbon-2026-02-real-full"].prompt
    assert "Opening prices are not available" in prompt
    assert "date high low close volume" in prompt
    assert "EUR" in prompt


def test_n_tokens_is_the_offline_tokenizer_count(us_cells):
    for cell in us_cells.values():
        assert cell.n_tokens == count_tokens(cell.prompt) > 0
    assert us_cells["us-2026-08-real-full"].n_tokens > 10 * us_cells["us-2026-08-real-sparse"].n_tokens / 2
    assert us_cells["us-2026-08-real-none"].n_tokens < us_cells["us-2026-08-real-sparse"].n_tokens


def test_n_tokens_max_is_the_byte_count_an_upper_bound_on_the_wordpiece_count(us_cells, lisbon_cells):
    for cell in (*us_cells.values(), *lisbon_cells.values()):
        assert cell.n_tokens_max == len(cell.prompt.encode("utf-8")) >= cell.n_tokens
    assert lisbon_cells["lisbon-2026-02-real-full"].n_tokens_max > len(lisbon_cells["lisbon-2026-02-real-full"].prompt), \
        "non-ASCII names (Renováveis, Jerónimo) count every byte"


def test_a_row_from_a_release_without_n_tokens_max_gets_it_from_its_prompt(us_cells):
    from builder.cells import Cell

    cell = us_cells["us-2026-08-real-sparse"]
    row = {key: value for key, value in cell.to_dict().items() if key != "n_tokens_max"}
    assert Cell.from_row(row) == cell
