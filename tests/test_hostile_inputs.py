"""Every hostile input of issue 16, tried as an attacker would, against the commands a user runs.

Each attack is one entry of a catalogue below, with what must happen: `refused` with a message
naming the line and field (and nothing stored changes), or `stored` exactly as sent. Every command
runs the way a user runs it (`mcb score`, `mcb submit`, `mcb submit --track`, `mcb tracks score`,
`mcb run`, `mcb build --prices`); none may print a traceback. `tally()` counts the catalogues, so the
figures in the issue's closing note are reproducible: `python -m tests.test_hostile_inputs`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

import runner.cli
from contracts.limits import MAX_COMMENTARY_CHARS, MAX_LINES
from leaderboard.store import LocalStore
from mcb import app
from runner.client import RetryPolicy
from tests.openai_standin import HOSTILE_MODES, MARKUP_TEXT, SEPARATORS_TEXT, RunningStandIn, StandIn


@dataclass(frozen=True)
class Attack:
    """One hostile input: how to make it from valid rows, and what must happen to it."""

    name: str
    make: Callable[[list[dict]], str | bytes]
    expect: str  # "refused" or "stored"
    where: tuple[str, ...] = ()  # what a refusal's message must name (line, field, reason)


def lines(rows: list[dict]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def edit(index: int, **changes) -> Callable[[list[dict]], str]:
    """Rows with row `index` changed (a value of `...` deletes the field)."""
    def make(rows: list[dict]) -> str:
        rows = [dict(row) for row in rows]
        for name, value in changes.items():
            if value is ...:
                rows[index].pop(name, None)
            else:
                rows[index][name] = value
        return lines(rows)
    return make


def raw_line(index: int, text: str) -> Callable[[list[dict]], str]:
    """Rows with line `index` replaced by raw text."""
    def make(rows: list[dict]) -> str:
        out = lines(rows).split("\n")
        out[index] = text
        return "\n".join(out)
    return make


def with_commentary_escape(index: int, escaped: str) -> Callable[[list[dict]], str]:
    """Line `index`'s commentary written with a raw JSON escape (json.dumps would not write a lone surrogate)."""
    def make(rows: list[dict]) -> str:
        out = lines(rows).split("\n")
        row = dict(rows[index], commentary="@@")
        out[index] = json.dumps(row).replace('"@@"', f'"{escaped}"')
        return "\n".join(out)
    return make


def separator_then_broken(rows: list[dict]) -> str:
    """A commentary with U+2028 and U+0085 on line 2, a broken line 3: the error must say line 3."""
    text = lines([dict(rows[0]), dict(rows[1], commentary="rose 4.2%\u2028then\u0085fell"), *rows[2:]]).split("\n")
    text[2] = "{broken"
    return "\n".join(text)


# ---- submission lines: the same attacks against `mcb score`, `mcb submit` and the track path ----
LINE_ATTACKS: tuple[Attack, ...] = (
    Attack("NUL in commentary", edit(1, commentary="rose\x004.2%"), "refused", ("line 2", "field 'commentary'", "NUL")),
    Attack("lone surrogate in commentary", with_commentary_escape(2, "\\ud800 rose"), "refused",
           ("line 3", "field 'commentary'", "surrogate")),
    Attack("lone low surrogate in cell_id", raw_line(0, '{"cell_id": "\\udfff", "commentary": "x"}'), "refused",
           ("line 1", "field 'cell_id'", "surrogate")),
    Attack("NUL in a field name", raw_line(0, '{"cell_id": "x", "commentary": "x", "\\u0000": 1}'), "refused",
           ("line 1", "NUL")),
    Attack("error NaN on an ok line", raw_line(1, '{"cell_id": "c", "commentary": "x", "error": NaN}'), "refused",
           ("line 2", "NaN is not JSON")),
    Attack("temperature Infinity", raw_line(0, '{"cell_id": "c", "commentary": "x", "temperature": Infinity}'), "refused",
           ("line 1", "Infinity is not JSON")),
    Attack("sample 1e400", raw_line(0, '{"cell_id": "c", "commentary": "x", "sample": 1e400}'), "refused",
           ("line 1", "field 'sample'")),
    Attack("integer of 5,000 digits", raw_line(0, '{"cell_id": "c", "commentary": "x", "sample": ' + "9" * 5000 + "}"),
           "refused", ("line 1", "not valid JSON")),
    Attack("a line nested 200,000 deep", raw_line(3, "[" * 200_000 + "]" * 200_000), "refused", ("line 4", "nested deeper")),
    Attack("metadata nested 200,000 deep", raw_line(0, '{"cell_id": "c", "commentary": "x", "m": ' + "[" * 200_000 + "]" * 200_000 + "}"),
           "refused", ("line 1", "nested deeper")),
    Attack("a 5.2 M-character commentary", edit(0, commentary="NVDA rose 4.2%. " * 325_000), "refused",
           ("line 1", "field 'commentary'", "the limit is")),
    Attack("a 990 k-character commentary", edit(4, commentary="x" * 990_000), "refused", ("line 5", "field 'commentary'")),
    Attack("a commentary one over the limit", edit(0, commentary="y" * (MAX_COMMENTARY_CHARS + 1)), "refused",
           ("line 1", "field 'commentary'")),
    Attack("more lines than the limit", lambda rows: lines(rows[:1] * (MAX_LINES + 1)), "refused",
           (f"{MAX_LINES + 1:,} lines", "the limit")),
    Attack("cell id [/red]", edit(2, cell_id="[/red]"), "refused", ("line 3", "field 'cell_id'", "[/red]")),
    Attack("cell id [bold]x[/]", edit(0, cell_id="[bold]x[/]"), "refused", ("line 1", "field 'cell_id'")),
    Attack("U+2028 / U+0085 shift no line number", separator_then_broken, "refused", ("line 3", "not valid JSON")),
    Attack("empty commentary on an ok line", edit(0, commentary=""), "refused", ("line 1", "field 'commentary'")),
    Attack("whitespace commentary on an ok line", edit(1, commentary=" \t \u00a0 "), "refused",
           ("line 2", "field 'commentary'")),
    Attack("a failed line's commentary", edit(0, status="failed", error="timeout", commentary="text"), "refused",
           ("line 1", "field 'commentary'", "never text")),
    Attack("an error on an ok line", edit(0, error="boom"), "refused", ("line 1", "field 'error'")),
    Attack("error as a number", edit(0, error=7), "refused", ("line 1", "field 'error'")),
    Attack("status FAILED", edit(0, status="FAILED"), "refused", ("line 1", "field 'status'")),
    Attack("sample -1", edit(0, sample=-1), "refused", ("line 1", "field 'sample'")),
    Attack("sample true", edit(0, sample=True), "refused", ("line 1", "field 'sample'")),
    Attack("sample '0'", edit(0, sample="0"), "refused", ("line 1", "field 'sample'")),
    Attack("a duplicate line", lambda rows: lines([*rows, rows[0]]), "refused", ("field 'cell_id'", "duplicate of line 1")),
    Attack("a JSON array line", raw_line(1, "[1, 2]"), "refused", ("line 2", "expected a JSON object")),
    Attack("a JSON string line", raw_line(1, '"just text"'), "refused", ("line 2", "expected a JSON object")),
    Attack("a null line", raw_line(1, "null"), "refused", ("line 2", "expected a JSON object")),
    Attack("a truncated line", lambda rows: lines(rows)[:-40], "refused", ("not valid JSON",)),
    Attack("a UTF-8 BOM", lambda rows: "\ufeff" + lines(rows), "refused", ("line 1", "BOM")),
    Attack("a byte that is not UTF-8", lambda rows: lines(rows).encode() + b'{"cell_id": "\xff"}\n', "refused",
           ("not UTF-8",)),
    Attack("an empty file", lambda rows: "", "refused", ("no submission lines",)),
    Attack("only blank lines", lambda rows: "\n \n\t\n", "refused", ("no submission lines",)),
    Attack("a typo field", edit(0, comentary="x"), "refused", ("line 1", "field 'comentary'", "unknown field")),
    Attack("commentary an integer", edit(0, commentary=42), "refused", ("line 1", "field 'commentary'")),
    Attack("cell_id missing", edit(0, cell_id=...), "refused", ("line 1", "field 'cell_id'")),
    Attack("unknown cell", edit(0, cell_id="us-1999-01-real-full"), "refused", ("line 1", "field 'cell_id'", "unknown cell")),
    Attack("markup in commentary", edit(0, commentary=MARKUP_TEXT), "stored"),
    Attack("U+2028, U+0085, U+2029 in commentary", edit(1, commentary=SEPARATORS_TEXT), "stored"),
    Attack("bidi override inside commentary", edit(2, commentary="NVDA \u202erose\u202c 4.2%."), "stored"),
    Attack("CRLF line endings", lambda rows: lines(rows).replace("\n", "\r\n"), "stored"),
    Attack("blank lines between lines", lambda rows: lines(rows).replace("\n", "\n\n"), "stored"),
)
# The board's own rules, on top of the contract (`mcb submit` only).
BOARD_ATTACKS: tuple[Attack, ...] = (
    Attack("a file over 20 MB", lambda rows: lines(rows) + " " * (20 * 1024 * 1024), "refused", ("the limit is",)),
    Attack("half the cells missing", lambda rows: lines(rows[: len(rows) // 2]), "refused", ("field 'cell_id'", "cells answered")),
    Attack("every line failed", lambda rows: lines([{"cell_id": r["cell_id"], "status": "failed", "error": "timeout"} for r in rows]),
           "refused", ("field 'status'", "every line failed")),
)


@dataclass(frozen=True)
class MetaAttack:
    name: str
    options: tuple[str, ...]
    expect: str
    where: tuple[str, ...] = ()


META_ATTACKS: tuple[MetaAttack, ...] = (
    MetaAttack("right-to-left override in the name", ("--model", "evil\u202emodel"), "refused", ("field 'name'", "U+202E")),
    MetaAttack("zero-width space in the name", ("--model", "faith\u200bful"), "refused", ("field 'name'", "U+200B")),
    MetaAttack("a control character in the name", ("--model", "bell\x07"), "refused", ("field 'name'", "control")),
    MetaAttack("a newline in the revision", ("--revision", "r1\nr2"), "refused", ("field 'revision'",)),
    MetaAttack("a 10,240-character name", ("--model", "n" * 10_240), "refused", ("field 'name'", "the limit is 120")),
    MetaAttack("a BOM in the name", ("--model", "\ufeffmodel"), "refused", ("field 'name'", "U+FEFF")),
    MetaAttack("knowledge cutoff 2099-12", ("--knowledge-cutoff", "2099-12"), "refused", ("field 'knowledge_cutoff'", "after today")),
    MetaAttack("knowledge cutoff 2026-02-31", ("--knowledge-cutoff", "2026-02-31"), "refused",
               ("field 'knowledge_cutoff'", "not a real date")),
    MetaAttack("knowledge cutoff 2026-13", ("--knowledge-cutoff", "2026-13"), "refused", ("field 'knowledge_cutoff'",)),
    MetaAttack("knowledge cutoff June 2025", ("--knowledge-cutoff", "June 2025"), "refused", ("field 'knowledge_cutoff'",)),
    MetaAttack("params many", ("--params", "many"), "refused", ("field 'params_b'",)),
    MetaAttack("params -8", ("--params", "-8"), "refused", ("field 'params_b'",)),
    MetaAttack("params inf", ("--params", "inf"), "refused", ("field 'params_b'",)),
    MetaAttack("a javascript: link", ("--link", "javascript:alert(1)"), "refused", ("field 'link'",)),
    MetaAttack("a bidi control in the link", ("--link", "https://example.org/\u202egnp.exe"), "refused", ("field 'link'",)),
    MetaAttack("a bidi control in the submitter", ("--submitter", "ali\u202ece"), "refused", ("field 'submitter'",)),
    MetaAttack("a name not NFC-normalised", ("--model", "cafe\u0301"), "stored"),
    MetaAttack("markup in the name", ("--model", "[/red][bold]x"), "stored"),
    MetaAttack("HTML in the name", ("--model", "<script>alert(1)</script>"), "stored"),
)
TRACK_META_ATTACKS: tuple[MetaAttack, ...] = (
    MetaAttack("track: a 10,240-character name", ("--model", "n" * 10_240), "refused", ("field 'name'",)),
    MetaAttack("track: a newline in the revision", ("--revision", "r\n1"), "refused", ("field 'revision'",)),
    MetaAttack("track: right-to-left override in the name", ("--model", "a\u202eb"), "refused", ("field 'name'",)),
    MetaAttack("track: knowledge cutoff 2099-12", ("--knowledge-cutoff", "2099-12"), "refused", ("field 'knowledge_cutoff'",)),
    MetaAttack("track: knowledge cutoff 2026-02-31", ("--knowledge-cutoff", "2026-02-31"), "refused", ("field 'knowledge_cutoff'",)),
)

# ---- prices (`mcb build --prices`) ----
PRICE_ATTACKS: tuple[tuple[str, Callable[[pd.DataFrame], str], tuple[str, ...]], ...] = (
    ("a negative close", lambda d: d.assign(close=d["close"].where(d.index != 5, "-12.5")).to_csv(index=False),
     ("line 7", "field 'close'", "positive")),
    ("a zero close", lambda d: d.assign(close=d["close"].where(d.index != 9, "0")).to_csv(index=False), ("line 11", "field 'close'")),
    ("an inf high", lambda d: d.assign(high=d["high"].where(d.index != 7, "inf")).to_csv(index=False), ("line 9", "field 'high'")),
    ("a 1e300 open", lambda d: d.assign(open=d["open"].where(d.index != 3, "1e300")).to_csv(index=False), ("line 5", "field 'open'")),
    ("a NaN low", lambda d: d.assign(low=d["low"].where(d.index != 3, "nan")).to_csv(index=False), ("line 5",)),
    ("a negative volume", lambda d: d.assign(volume=d["volume"].where(d.index != 4, "-100")).to_csv(index=False),
     ("line 6", "field 'volume'")),
    ("a lisbon row in a us build", lambda d: d.assign(market=d["market"].where(d.index != 2, "lisbon")).to_csv(index=False),
     ("line 4", "field 'market'")),
    ("an extra ticker", lambda d: pd.concat([d, d.iloc[[0]].assign(ticker="XYZ")]).to_csv(index=False),
     (f"line {359}", "field 'ticker'", "XYZ")),
    ("a date outside the month", lambda d: pd.concat([d, d.iloc[[0]].assign(date="2026-09-01")]).to_csv(index=False),
     ("line 359", "field 'date'", "outside")),
    ("a price that is text", lambda d: d.assign(close=d["close"].where(d.index != 1, "abc")).to_csv(index=False),
     ("line 3", "close", "not a number")),
    ("a date that is not a date", lambda d: d.assign(date=d["date"].where(d.index != 1, "2026-08-32")).to_csv(index=False),
     ("line 3", "date")),
    ("a missing column", lambda d: d.drop(columns=["volume"]).to_csv(index=False), ("missing column", "volume")),
    ("an empty file", lambda d: "", ("the file is empty",)),
    ("a header only", lambda d: ",".join(d.columns) + "\n", ("a header and no rows",)),
    ("binary bytes", lambda d: bytes(range(256)).decode("latin-1"), ("not a readable CSV",)),
)


def catalogue() -> dict[str, list[tuple[str, str, int]]]:
    """Every attack of this file by target: (name, expected outcome, commands it is tried against)."""
    return {
        "submission lines": [(a.name, a.expect, 2 + (a.name in TRACK_LINE_EXPECT)) for a in LINE_ATTACKS],
        "board rules": [(a.name, a.expect, 1) for a in BOARD_ATTACKS],
        "metadata": [(a.name, a.expect, 1) for a in META_ATTACKS],
        "track metadata": [(a.name, a.expect, 2 if any(o in a.options for o in ("--model", "--knowledge-cutoff")) else 1)
                           for a in TRACK_META_ATTACKS],
        "prices": [(name, "refused", 1) for name, _, _ in PRICE_ATTACKS],
        "mcb run arguments": [(name, "refused", 1) for name, _, _ in RUN_ARGUMENT_ATTACKS],
        "server replies": [(mode, "stored" if mode in ("separators", "markup") else "refused", 2) for mode in HOSTILE_MODES],
    }


# ---- helpers ----
def invoke(*args) -> object:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output[-3000:]
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def assert_names(output: str, where: tuple[str, ...]) -> None:
    flat = " ".join(output.split())
    for part in where:
        assert " ".join(part.split()) in flat, f"{part!r} not in: {flat[-2000:]}"


def store_files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file() and p.name != ".lock"}


@pytest.fixture(scope="module")
def base_rows(default_build) -> list[dict]:
    from contracts.submission import submission_bytes
    from extractors.baselines import baseline_submission
    from extractors.scoring_data import from_folder

    raw = submission_bytes(baseline_submission("faithful", from_folder(Path(default_build))))
    return [json.loads(line) for line in raw.decode().split("\n") if line]


@pytest.fixture(scope="module")
def seeded_results(default_build, base_rows, tmp_path_factory) -> Path:
    """A store holding one submission already: a refusal must leave it exactly as it was."""
    from leaderboard.submit import load_datasets, make_meta, submit
    from tests.test_leaderboard_support import tagged_scorer

    results = tmp_path_factory.mktemp("hostile") / "results"
    outcome = submit(lines(base_rows).encode(), make_meta("incumbent", "r1"), LocalStore(results),
                     load_datasets([default_build]), scorer=tagged_scorer, submitter="incumbent-owner")
    assert outcome.status == "scored", outcome.reason
    return results


def write(tmp_path: Path, payload: str | bytes, name: str = "attack.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(payload.encode("utf-8", "surrogatepass") if isinstance(payload, str) else payload)
    return path


# ---- submission lines ----
@pytest.mark.parametrize("attack", LINE_ATTACKS, ids=lambda a: a.name)
def test_mcb_score_refuses_naming_line_and_field_or_scores(attack, default_build, base_rows, tmp_path):
    path = write(tmp_path, attack.make(base_rows))
    out = tmp_path / "scores"
    result = invoke("score", path, "--model", "m", "--out", out, "--dataset", default_build, "--no-semantic-margin")
    if attack.expect == "refused":
        assert result.exit_code == 2, result.output
        assert_names(result.output, ("not scored, nothing written", *attack.where))
        assert not out.exists(), "nothing is written for a refused file"
    else:
        assert result.exit_code == 0, result.output
        assert (out / "claims.jsonl").is_file()


@pytest.mark.parametrize("attack", LINE_ATTACKS + BOARD_ATTACKS, ids=lambda a: a.name)
def test_mcb_submit_refuses_and_keeps_the_store_or_stores_exactly(attack, default_build, base_rows, seeded_results, tmp_path):
    payload = attack.make(base_rows)
    path = write(tmp_path, payload)
    before = store_files(seeded_results)
    if attack.expect == "stored":
        # Scoring for real costs half a minute a file: the stored cases go through the library call the
        # CLI makes, with the tag scorer, into a copy of the store; the CLI path is the README test's.
        from leaderboard.submit import load_datasets, make_meta, submit
        from tests.test_leaderboard_support import tagged_scorer

        store = LocalStore(tmp_path / "results")
        outcome = submit(path.read_bytes(), make_meta(attack.name[:100], "r1"), store, load_datasets([default_build]),
                         scorer=tagged_scorer, submitter="attacker")
        assert outcome.status == "scored", outcome.reason
        assert store.submission_bytes(outcome.record.id) == path.read_bytes(), "stored byte for byte"
        assert store.contents().damage == []
        return
    result = invoke("submit", path, "--model", "attacker", "--revision", "r1", "--dataset", default_build,
                    "--results", seeded_results, "--submitter", "attacker")
    assert result.exit_code == 2, result.output
    assert "\nrejected:" in "\n" + result.output  # after the progress lines, the verdict on a line of its own
    assert_names(result.output, attack.where)
    assert store_files(seeded_results) == before, "a refused file changes nothing stored"


# Which line attacks also go down the track path (`mcb tracks score`), and what they must get there.
TRACK_LINE_EXPECT = {a.name: a.expect for a in LINE_ATTACKS
                     if a.name in {"NUL in commentary", "lone surrogate in commentary", "a line nested 200,000 deep",
                                   "a 5.2 M-character commentary", "cell id [/red]", "error NaN on an ok line",
                                   "U+2028 / U+0085 shift no line number", "a byte that is not UTF-8", "an empty file",
                                   "a failed line's commentary"}}


@pytest.fixture(scope="module")
def masked_rows(default_build, tmp_path_factory) -> list[dict]:
    out = tmp_path_factory.mktemp("masked") / "guesser.jsonl"
    invoke("tracks", "baseline", "masked", "guesser", "--dataset", default_build, "--out", out)
    return [json.loads(line) for line in out.read_text(encoding="utf-8").split("\n") if line]


@pytest.mark.parametrize("attack", [a for a in LINE_ATTACKS if a.name in TRACK_LINE_EXPECT], ids=lambda a: a.name)
def test_mcb_tracks_score_refuses_the_same_lines(attack, default_build, masked_rows, tmp_path):
    path = write(tmp_path, attack.make(masked_rows))
    out = tmp_path / "track"
    result = invoke("tracks", "score", "masked", path, "--out", out, "--dataset", default_build)
    assert result.exit_code == 2, result.output
    assert_names(result.output, tuple(part for part in attack.where if not part.startswith("line ")) or ("line",))
    assert not (out / "summary.json").exists()


# ---- metadata ----
@pytest.mark.parametrize("attack", META_ATTACKS, ids=lambda a: a.name)
def test_mcb_submit_checks_every_name_and_date_before_work(attack, default_build, base_rows, seeded_results, tmp_path):
    path = write(tmp_path, lines(base_rows))
    options = dict(zip(attack.options[::2], attack.options[1::2]))
    args = {"--model": "m", "--revision": "r1", "--submitter": "attacker", **options}
    if attack.expect == "stored":
        from leaderboard.submit import load_datasets, make_meta, submit
        from tests.test_leaderboard_support import tagged_scorer

        store = LocalStore(tmp_path / "results")
        outcome = submit(path.read_bytes(), make_meta(args["--model"], args["--revision"]), store,
                         load_datasets([default_build]), scorer=tagged_scorer, submitter=args["--submitter"])
        assert outcome.status == "scored", outcome.reason
        import unicodedata

        assert store.record(outcome.record.id).meta.name == unicodedata.normalize("NFC", args["--model"])
        return
    before = store_files(seeded_results)
    flat = [part for pair in args.items() for part in pair]
    result = invoke("submit", path, *flat, "--dataset", default_build, "--results", seeded_results)
    assert result.exit_code == 2, result.output
    assert_names(result.output, attack.where)
    assert store_files(seeded_results) == before


@pytest.mark.parametrize("attack", TRACK_META_ATTACKS, ids=lambda a: a.name)
def test_the_track_path_checks_names_and_dates_too(attack, default_build, masked_rows, tmp_path):
    path = write(tmp_path, lines(masked_rows))
    options = dict(zip(attack.options[::2], attack.options[1::2]))
    args = {"--model": "m", "--revision": "r1", "--submitter": "attacker", **options}
    results = tmp_path / "results"
    flat = [part for pair in args.items() for part in pair]
    result = invoke("submit", path, "--track", "masked", *flat, "--dataset", default_build, "--results", results)
    assert result.exit_code == 2, result.output
    assert_names(result.output, attack.where)
    assert not any(results.rglob("summary.json")), "nothing stored"
    if "--model" in options or "--knowledge-cutoff" in options:
        scored = invoke("tracks", "score", "masked", path, "--out", tmp_path / "t", "--dataset", default_build,
                        *(("--model", options["--model"]) if "--model" in options else ()),
                        *(("--knowledge-cutoff", options["--knowledge-cutoff"]) if "--knowledge-cutoff" in options else ()))
        assert scored.exit_code == 2, scored.output
        assert not (tmp_path / "t" / "summary.json").exists()


# ---- prices ----
@pytest.fixture(scope="module")
def price_frame() -> pd.DataFrame:
    from contracts.paths import data_dir

    return pd.read_csv(data_dir() / "prices" / "us-2026-08.csv", dtype=str, keep_default_na=False)


@pytest.mark.parametrize("name, make, where", PRICE_ATTACKS, ids=[a[0] for a in PRICE_ATTACKS])
def test_mcb_build_refuses_prices_that_cannot_be_real(name, make, where, price_frame, tmp_path):
    path = tmp_path / "prices.csv"
    path.write_text(make(price_frame.copy()), encoding="utf-8")
    out = tmp_path / "build"
    result = invoke("build", "--market", "us", "--month", "2026-08", "--prices", path, "--out", out, "--no-fetch")
    assert result.exit_code == 2, result.output
    assert_names(result.output, where)
    assert not out.exists() or not any(out.iterdir()), "nothing built"


# ---- the runner ----
RUN_ARGUMENT_ATTACKS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("credentials in --base-url", ("--base-url", "http://user:sk-secret@127.0.0.1:9/v1"), ("--api-key-env",)),
    ("a key alone in --base-url", ("--base-url", "http://:sk-secret@127.0.0.1:9/v1"), ("--api-key-env",)),
    ("an ftp --base-url", ("--base-url", "ftp://127.0.0.1/v1"), ("http(s) URL",)),
    ("a --base-url without a host", ("--base-url", "http:///v1"), ("http(s) URL",)),
    ("a --base-url with a bad port", ("--base-url", "http://127.0.0.1:99999999/v1"), ("not a URL",)),
    ("--cells [/red]", ("--cells", "[/red]"), ("[/red]", "matches no cell")),
    ("--timeout 0", ("--timeout", "0"), ("--timeout must be positive",)),
    ("--samples 0", ("--samples", "0"), ("--samples must be at least 1",)),
    ("an unknown --config", ("--config", "[/red]"), ("[/red]", "no prompts to send")),
)


@pytest.fixture()
def fast_retries(monkeypatch):
    monkeypatch.setattr(runner.cli, "RETRY_POLICY", RetryPolicy(attempts=2, base_delay_s=0.01, max_delay_s=0.05))


@pytest.mark.parametrize("name, options, where", RUN_ARGUMENT_ATTACKS, ids=[a[0] for a in RUN_ARGUMENT_ATTACKS])
def test_mcb_run_refuses_bad_arguments_with_exit_2_and_sends_nothing(name, options, where, default_build, tmp_path):
    out = tmp_path / "run.jsonl"
    args = {"--model": "m", "--base-url": "http://127.0.0.1:9/v1", "--out": str(out), "--dataset": str(default_build),
            **dict(zip(options[::2], options[1::2]))}
    result = invoke("run", *[part for pair in args.items() for part in pair])
    assert result.exit_code == 2, result.output
    assert_names(result.output, where)
    assert "sk-secret" not in result.output, "a refused key is never echoed"
    assert not out.exists() and not out.with_name("run.run.json").exists()


@pytest.mark.parametrize("mode", HOSTILE_MODES)
def test_mcb_run_turns_every_hostile_reply_into_a_failed_line_or_stores_it(mode, default_build, tmp_path, fast_retries):
    out = tmp_path / "run.jsonl"
    with RunningStandIn(StandIn(mode=mode)) as server:
        result = invoke("run", "--model", "standin-model", "--base-url", server.base_url, "--out", out,
                        "--dataset", default_build, "--cells", "us-2026-08-real-*,lisbon-2026-02-inverted-full",
                        "--timeout", "1")
    from contracts.jsonl import read_jsonl

    rows = read_jsonl(out)
    assert len(rows) == 5, "every cell has its line: one bad reply never abandons the rest of the run"
    expected = {"drip": "timeout", "length": "length", "separators": None, "markup": None}.get(mode, "bad_reply")
    assert {row["failure"] for row in rows} == {expected}
    if expected is None:
        assert result.exit_code == 0, result.output
        text = SEPARATORS_TEXT if mode == "separators" else MARKUP_TEXT
        assert {row["commentary"] for row in rows} == {text}, "stored exactly as the server sent it"
    else:
        assert result.exit_code == 1, result.output
        assert all(row["commentary"] is None and row["error"].startswith(f"{expected}: ") for row in rows)
    if mode == "length":
        assert {row["partial"] for row in rows} == {"NVDA rose 4.2% over the month while AMD"}
    # The file is a valid submission the scorer reads, and a resumed run reads it back.
    scored = invoke("score", out, "--model", "m", "--out", tmp_path / "scores", "--dataset", default_build,
                    "--no-semantic-margin")
    assert scored.exit_code in (0, 1), scored.output
    with RunningStandIn(StandIn(mode="ok")) as server:
        resumed = invoke("run", "--model", "standin-model", "--base-url", server.base_url, "--out", out,
                         "--dataset", default_build, "--cells", "us-2026-08-real-*,lisbon-2026-02-inverted-full")
    assert resumed.exit_code == 0, resumed.output


# ---- the board's CSV ----
@pytest.mark.parametrize("trigger", ["=", "+", "-", "@", "\t", "\r"])
def test_the_csv_export_makes_every_formula_trigger_inert(trigger):
    import csv
    import io

    from leaderboard.export import csv_bytes

    table = pd.DataFrame({"model": [f"{trigger}HYPERLINK(1)", "plain"], f"{trigger}header": ["x", "y"],
                          "read rate": [-0.103, 0.5]})
    rows = list(csv.reader(io.StringIO(csv_bytes(table).decode("utf-8"), newline="")))
    assert rows[0][:2] == ["model", f"'{trigger}header"]
    assert rows[1] == [f"'{trigger}HYPERLINK(1)", "x", "-0.103"], "text escaped, numbers left numbers"
    assert rows[2] == ["plain", "y", "0.5"]


# ---- one JSONL reader: nothing splits JSONL with str.splitlines() ----
SPLITLINES_ALLOWED = {
    "builder/rewriters/handwritten.py": "reads the hand-written .txt corpora, not JSONL",
    "bench/score.py": "the script's docstring", "bench/leaderboard_load.py": "the script's docstring",
    "bench/cli_help.py": "the script's docstring", "tests/test_fetch.py": "printed output",
    "tests/test_space.py": "requirements.txt", "bench/markup.py": "the script's docstring",
    # The lead's extractor test reads committed corpora (none holds U+2028, U+2029 or U+0085); a
    # user's file never goes through it. It belongs on contracts.jsonl, which is the lead's to change.
    "tests/extract/test_markup.py": "committed corpora, no line separator in them",
    "tests/test_card.py": "the card's Markdown", "tests/test_publish.py": "printed output",
    "tests/test_leaderboard_app.py": "requirements.txt and a printed table",
}


def test_no_code_splits_jsonl_with_splitlines():
    """`str.splitlines()` cuts at U+2028 and U+0085; JSONL is read by `contracts.jsonl`, split on "\\n" only.
    Every remaining call (found by the tokenizer, so comments and docstrings do not count) reads something else."""
    import io
    import tokenize

    root = Path(__file__).resolve().parent.parent
    sources = [p for folder in ("contracts", "builder", "extractors", "leaderboard", "runner", "tests", "bench")
               for p in (root / folder).rglob("*.py")] + [root / "mcb.py"]
    found = set()
    for path in sources:
        tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline))
        for before, token in zip(tokens, tokens[1:]):
            if token.type == tokenize.NAME and token.string == "splitlines" and before.string == ".":
                found.add(path.relative_to(root).as_posix())
    assert found <= set(SPLITLINES_ALLOWED), sorted(found - set(SPLITLINES_ALLOWED))


def tally() -> dict[str, dict[str, int]]:
    """The closing note's figures, from every hostile-input catalogue of the suite (this file's, the
    ownership cases, the corrupt-store kinds). Crashed and lost are 0 by construction: a case that
    crashes, prints a traceback or changes a stored file fails its test."""
    from tests.test_store_corrupt import CORRUPTIONS
    from tests.test_store_ownership import OWNERSHIP_CASES
    from tests.test_sweep import SWEEP_CORRUPTIONS

    groups = catalogue()
    groups["ownership"] = [(name, expect, 1) for name, expect in OWNERSHIP_CASES]
    groups["corrupted store files"] = [(name, "served", 3) for name, *_ in CORRUPTIONS]
    groups["corrupted sweep results"] = [(name, "served", 3) for name, _ in SWEEP_CORRUPTIONS]
    figures = {}
    for group, cases in groups.items():
        outcomes = Counter(expect for _, expect, _ in cases)
        figures[group] = {"inputs": len(cases), "attempts": sum(n for *_, n in cases), **outcomes}
    figures["total"] = dict(sum((Counter(v) for v in figures.values()), Counter()))
    return figures


if __name__ == "__main__":  # python -m tests.test_hostile_inputs: the figures of the closing note
    for group, figures in tally().items():
        print(f"{group:24} " + ", ".join(f"{key} {value}" for key, value in figures.items()))
