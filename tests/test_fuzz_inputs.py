"""Property tests for every reader of outside input: whatever comes in, an answer or a named
problem comes out, never a traceback.

- the submission reader (`contracts.submission`): any text, any bytes, any JSON value per line;
- the price loader (`builder.panel.load_panel`): CSV files mutated field by field, and any text;
- the reply parser (`runner.replies`): any body a server might send with status 200;
- the store's record readers (`leaderboard.store`): any JSON where a record or aggregate should be;
- the name and cutoff checks (`contracts.text`).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.panel import PanelError, load_panel
from contracts.problems import InvalidInput, summarise
from contracts.submission import InvalidSubmission, check_text, parse_bytes, parse_text, submission_bytes
from contracts.text import cutoff_problem, name_problem
from leaderboard.store import Aggregate, StoreError, SubmissionRecord
from runner.replies import BadReply, classify, parse_reply

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CELLS = {"us-2026-08-inverted-full", "us-2026-08-real-full"}
# Every code point, lone surrogates included (what a JSON \\u escape can produce).
ANY_CHAR = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
ANY_TEXT = st.text(ANY_CHAR, max_size=60)
JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-10**30, max_value=10**30),
                         st.floats(allow_nan=True, allow_infinity=True), ANY_TEXT)
JSON_VALUES = st.recursive(JSON_SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                                 st.dictionaries(ANY_TEXT, inner, max_size=4)), max_leaves=12)
FIELD_NAMES = st.sampled_from(["cell_id", "commentary", "sample", "status", "error", "model", "temperature", "attempts",
                               "failure", "partial", "finish_reason", "n_tokens", "comentary"])
LINE_OBJECTS = st.dictionaries(FIELD_NAMES, st.one_of(JSON_VALUES, st.sampled_from(sorted(CELLS)),
                                                      st.sampled_from(["ok", "failed", "timeout", "bad_reply"])), max_size=7)


def printable(report: str) -> None:
    """A message must reach a UTF-8 terminal or file: no lone surrogate may be in it."""
    report.encode("utf-8")


@FUZZ
@given(st.text(ANY_CHAR, max_size=400))
def test_any_text_gives_responses_or_named_problems(text):
    responses, problems = check_text(text, CELLS)
    printable(summarise(problems))
    assert all(p.line is None or p.line >= 1 for p in problems)
    if not problems:
        again = parse_text(submission_bytes(responses).decode(), CELLS)
        assert [r.to_dict() for r in again] == [r.to_dict() for r in responses], "a valid file round-trips"


@FUZZ
@given(st.lists(st.one_of(LINE_OBJECTS, JSON_VALUES), min_size=1, max_size=6), st.booleans())
def test_any_json_per_line_gives_responses_or_named_problems(rows, lenient):
    text = "".join(json.dumps(row, ensure_ascii=bool(len(rows) % 2)) + "\n" for row in rows)
    responses, problems = check_text(text, CELLS, lenient=lenient)
    printable(summarise(problems))
    for response in responses:
        assert response.cell_id in CELLS
        assert response.failed or response.commentary.strip()


@FUZZ
@given(st.binary(max_size=400))
def test_any_bytes_are_parsed_or_refused_as_a_submission(raw):
    try:
        parse_bytes(raw, CELLS)
    except InvalidSubmission as error:
        printable(error.summary())


PRICE_VALUES = st.one_of(st.sampled_from(["", "nan", "inf", "-inf", "-1", "0", "1e300", "1e-300", "abc", "1,5", " 12 ",
                                          "NaN", "None", "null", "2026-08-05", "US", "lisbon", "NVDA", "XYZ", '"', "\x00"]),
                         st.floats(allow_nan=True, allow_infinity=True).map(repr), st.text(ANY_CHAR.filter(lambda c: not "\ud800" <= c <= "\udfff"), max_size=8))
PRICE_COLUMNS = ["market", "ticker", "date", "open", "high", "low", "close", "adj_close", "volume"]


def shipped_rows() -> list[dict]:
    from contracts.paths import data_dir

    frame = pd.read_csv(data_dir() / "prices" / "us-2026-08.csv", dtype=str, keep_default_na=False)
    return frame.to_dict("records")


SHIPPED = shipped_rows()


def load(text: str) -> None:
    with tempfile.TemporaryDirectory(prefix="mcb-fuzz-") as folder:
        path = Path(folder) / "prices.csv"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            load_panel("us", "2026-08", path)
        except PanelError as error:
            printable(str(error))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(SHIPPED) - 1), st.sampled_from(PRICE_COLUMNS), PRICE_VALUES), max_size=6),
       st.integers(0, 3))
def test_the_price_loader_names_every_bad_field_or_builds(edits, drop):
    rows = [dict(row) for row in SHIPPED]
    for index, column, value in edits:
        rows[index][column] = value
    rows = rows[: len(rows) - drop]
    load(pd.DataFrame(rows, columns=PRICE_COLUMNS).to_csv(index=False))


@settings(max_examples=150, deadline=None)
@given(st.text(ANY_CHAR.filter(lambda c: not 0xD800 <= ord(c) <= 0xDFFF), max_size=300))
def test_the_price_loader_refuses_any_text_with_a_panel_error(text):
    load(text)


REPLY_SHAPES = st.fixed_dictionaries({}, optional={
    "model": JSON_VALUES, "usage": st.one_of(JSON_VALUES, st.fixed_dictionaries({}, optional={
        "prompt_tokens": JSON_VALUES, "completion_tokens": JSON_VALUES})),
    "choices": st.one_of(JSON_VALUES, st.lists(st.one_of(JSON_VALUES, st.fixed_dictionaries({}, optional={
        "finish_reason": st.one_of(JSON_VALUES, st.sampled_from(["stop", "length", "content_filter"])),
        "message": st.one_of(JSON_VALUES, st.fixed_dictionaries({}, optional={
            "content": JSON_VALUES, "refusal": JSON_VALUES}))})), max_size=2)),
    "prompt_eval_count": JSON_VALUES})


@FUZZ
@given(st.one_of(st.binary(max_size=300), REPLY_SHAPES.map(lambda r: json.dumps(r).encode()),
                 JSON_VALUES.map(lambda v: json.dumps(v).encode())))
def test_any_reply_body_is_a_completion_or_a_bad_reply(body):
    try:
        parse_reply(body)
    except BadReply as error:
        printable(str(error))
    result = classify(body, 0.1, 1)
    assert (result.commentary is None) == (result.failure is not None)
    if result.failure is not None:
        assert result.error.startswith(f"{result.failure}: ")
        printable(result.error)


@FUZZ
@given(JSON_VALUES, st.booleans())
def test_any_stored_json_is_a_record_or_a_store_error(payload, as_aggregate):
    try:
        (Aggregate if as_aggregate else SubmissionRecord).from_dict(payload, "requests/x.json")
    except StoreError as error:
        printable(str(error))


@FUZZ
@given(ANY_TEXT)
def test_name_and_cutoff_checks_answer_any_text(text):
    for check in (name_problem, cutoff_problem):
        why = check(text)
        assert why is None or isinstance(why, str)
        if why is not None:
            printable(why)


def test_an_invalid_input_error_lists_every_problem():
    try:
        parse_bytes(b'{"cell_id": "\\ud800"}\n[1]\n', CELLS)
    except InvalidInput as error:
        assert len(error.problems) == 2
