"""One bad file in the store never takes the board down: every record kind, corrupted every way.

A store holds two scored submissions (`survivor`, `victim`) and a track result. Each case below
corrupts one file of `victim` (or of the track result, or adds a stray file); then the board must
still start and show `survivor` (`mcb leaderboard --no-serve`, the app's service, Read one, the
Tracks page), name the bad file in its integrity notice, `mcb store check` must name it (exit 1),
`--repair` must move it to quarantine/ (the board then names it as quarantined), and submitting
the victim's file again must store it again.
"""

from __future__ import annotations

import json
import shutil
from html import escape as html_escape
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from leaderboard.ranking import BoardFilter
from leaderboard.store import LocalStore
from leaderboard.submit import load_datasets, make_meta, submit
from mcb import app
from tests.test_leaderboard_support import faithful, reciter, submission_bytes, tagged_scorer


def truncate(payload: bytes) -> bytes:
    return payload[: len(payload) // 2]


def json_edit(change: Callable[[object], object]) -> Callable[[bytes], bytes]:
    def corrupt(payload: bytes) -> bytes:
        return json.dumps(change(json.loads(payload))).encode()
    return corrupt


def without(key: str) -> Callable[[object], object]:
    return lambda record: {k: v for k, v in record.items() if k != key}


def setting(path: tuple[str, ...], value: object) -> Callable[[object], object]:
    def change(record):
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return record
    return change


# (case, file to corrupt, how; None deletes it). {victim}, {scorer}, {track} are filled in per store.
# `board` says whether the board itself names the file (it reads records, aggregates and track
# summaries); the rest (submission bytes, score files, stray files) only Read one and `mcb store check` see.
CORRUPTIONS: tuple[tuple[str, str, Callable[[bytes], bytes] | None, bool], ...] = (
    ("request: truncated", "requests/{victim}.json", truncate, True),
    ("request: not UTF-8", "requests/{victim}.json", lambda p: b"\xff\xfe" + p, True),
    ("request: no meta", "requests/{victim}.json", json_edit(without("meta")), True),
    ("request: a list", "requests/{victim}.json", json_edit(lambda r: [r]), True),
    ("request: empty", "requests/{victim}.json", lambda p: b"", True),
    ("request: lines is text", "requests/{victim}.json", json_edit(setting(("lines",), "24")), True),
    ("request: name is a number", "requests/{victim}.json", json_edit(setting(("meta", "name"), 7)), True),
    ("request: another id", "requests/{victim}.json", json_edit(setting(("id",), "0000000000000000")), True),
    ("request: params NaN", "requests/{victim}.json", lambda p: p.replace(b'"params_b": null', b'"params_b": NaN'), True),
    ("request: nested 100,000 deep", "requests/{victim}.json", lambda p: b"[" * 100_000 + b"]" * 100_000, True),
    ("aggregate: garbage", "aggregates/{victim}/{scorer}.json", lambda p: b"\x00garbage\x00", True),
    ("aggregate: missing", "aggregates/{victim}/{scorer}.json", None, True),  # named through its record (NAMED)
    ("aggregate: cells not a list", "aggregates/{victim}/{scorer}.json", json_edit(setting(("cells",), {"a": 1})), True),
    ("aggregate: counts are text", "aggregates/{victim}/{scorer}.json",
     json_edit(lambda a: {**a, "cells": [{**c, "counts": {k: str(v) for k, v in c["counts"].items()}} for c in a["cells"]]}), True),
    ("aggregate: another scorer's", "aggregates/{victim}/{scorer}.json", json_edit(setting(("scorer",), "0.0.0+000000000000")), True),
    ("submission: missing", "submissions/{victim}.jsonl", None, False),
    ("submission: altered", "submissions/{victim}.jsonl", truncate, False),
    ("claims: missing", "scores/{victim}/{scorer}/claims.jsonl", None, False),
    ("claims: garbage", "scores/{victim}/{scorer}/claims.jsonl", lambda p: b"{not json\n", False),
    ("track summary: garbage", "tracks/masked/{track}/summary.json", lambda p: b"\xff", True),
    ("track summary: a list", "tracks/masked/{track}/summary.json", json_edit(lambda s: [s]), True),
    ("track summary: another track's", "tracks/masked/{track}/summary.json", json_edit(setting(("track",), "recall")), True),
    ("stray: a killed write's temp record", "requests/.tmp-abc123.json", lambda p: b'{"id": "x"', False),
    ("stray: a file outside the layout", "requests/notes.txt", lambda p: b"hello", False),
)
VICTIM_CASES = {name for name, path, _, _ in CORRUPTIONS if "{victim}" in path}
# Where a file is gone, what names it: the record left without a result.
NAMED = {"aggregate: missing": "requests/{victim}.json"}


@pytest.fixture(scope="module")
def datasets(default_build):
    return load_datasets([default_build])


@pytest.fixture(scope="module")
def pristine(datasets, default_build, tmp_path_factory) -> dict:
    """A healthy store, built once; each case corrupts a copy."""
    from leaderboard.tracks import submit_track

    root = tmp_path_factory.mktemp("pristine") / "results"
    store = LocalStore(root)
    data = datasets.get(datasets.latest)
    survivor = submit(submission_bytes(data, faithful), make_meta("survivor", "r1"), store, datasets, scorer=tagged_scorer,
                      submitter="sam")
    victim_raw = submission_bytes(data, reciter)
    victim = submit(victim_raw, make_meta("victim", "r1"), store, datasets, scorer=tagged_scorer, submitter="vic")
    guesser = tmp_path_factory.mktemp("track") / "guesser.jsonl"
    CliRunner().invoke(app, ["tracks", "baseline", "masked", "guesser", "--dataset", str(default_build), "--out", str(guesser)])
    track = submit_track(guesser.read_bytes(), "masked", make_meta("tracked", "r1"), store, default_build, submitter="tess")
    assert {survivor.status, victim.status, track.status} == {"scored"}
    return {"root": root, "victim": victim.record.id, "victim_raw": victim_raw, "survivor": survivor.record.id,
            "scorer": store.aggregate(victim.record.id).scorer, "track": track.id}


def invoke(*args):
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name, template, corrupt, on_board", CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_a_corrupted_file_is_named_and_the_board_serves_everything_else(name, template, corrupt, on_board, pristine,
                                                                          datasets, tmp_path):
    from leaderboard.display.html import board_html
    from leaderboard.pages.read import read_one_html
    from leaderboard.pages.tracks import current_tracks_html
    from leaderboard.service import LeaderboardService, submissions_table

    root = tmp_path / "results"
    shutil.copytree(pristine["root"], root)
    relative = template.format(**pristine)
    target = root / relative
    named = NAMED.get(name, template).format(**pristine)
    if corrupt is None:
        target.unlink()
    else:
        target.write_bytes(corrupt(target.read_bytes() if target.exists() else b""))

    # The command-line board.
    printed = invoke("leaderboard", "--no-serve", "--results", root)
    assert printed.exit_code == 0, printed.output
    assert "survivor" in printed.output
    if on_board:
        assert "store integrity" in printed.output and named in flat(printed.output)

    # The app's service: every page's data.
    service = LeaderboardService(LocalStore(root), datasets, scorer=tagged_scorer)
    choices = dict((sid, label) for label, sid in service.model_choices())
    assert pristine["survivor"] in choices, "Read one and Cells still list the good models"
    note = service.integrity_note()
    if on_board:
        assert named in note and html_escape(named) in board_html(service.board(BoardFilter()), integrity=note)
    html, _ = read_one_html(service, pristine["survivor"], "us-2026-08-real-full")
    assert "cannot be read" not in html
    if pristine["victim"] in choices:
        html, _ = read_one_html(service, pristine["victim"], "us-2026-08-real-full")
        if not on_board and "{victim}" in template:
            assert "cannot be read" in html, "Read one names the damaged file instead of failing"
    assert "survivor" in submissions_table(service)["model"].tolist()
    tracks = current_tracks_html(service)
    assert "masked" in tracks

    # `mcb store check` names it; `--repair` quarantines it; the board then says so.
    checked = invoke("store", "check", "--results", root)
    assert checked.exit_code == 1 and named in flat(checked.output), checked.output
    repaired = invoke("store", "check", "--results", root, "--repair")
    assert repaired.exit_code == 0 and named in flat(repaired.output)
    assert (root / "quarantine" / relative).exists() or corrupt is None
    assert invoke("store", "check", "--results", root).exit_code == 0
    after = LeaderboardService(LocalStore(root), datasets, scorer=tagged_scorer)
    assert pristine["survivor"] in dict((sid, label) for label, sid in after.model_choices())
    if corrupt is not None:
        assert f"{relative} (quarantined: " in after.integrity_note()

    # A quarantined submission is no longer committed: submitting it again stores it again.
    if name in VICTIM_CASES:
        again = submit(pristine["victim_raw"], make_meta("victim", "r1"), LocalStore(root), datasets, scorer=tagged_scorer,
                       submitter="vic")
        assert again.status == "scored", again.reason
        assert invoke("store", "check", "--results", root).exit_code == 0
        assert pristine["victim"] in dict((sid, label) for label, sid in
                                          LeaderboardService(LocalStore(root), datasets).model_choices())


def test_a_healthy_store_checks_clean(pristine):
    result = invoke("store", "check", "--results", pristine["root"])
    assert result.exit_code == 0 and "every stored file is readable" in result.output


def test_a_missing_store_folder_is_a_clear_error(tmp_path):
    result = invoke("store", "check", "--results", tmp_path / "nowhere")
    # the console wraps at its width, and pytest's temporary path grows with each run: read the words
    assert result.exit_code == 2 and "no such store folder" in " ".join(result.output.split())
