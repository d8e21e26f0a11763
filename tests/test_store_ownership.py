"""Ownership of rows: a row is (model, revision, release, submitter) and no one else can take it.

The issue's attack: `mcb submit reciter.jsonl --model faithful --revision r1` replaced the faithful
baseline's row (read rate 1.0 -> 0.24), and eight concurrent submits of one file under eight names
all printed "stored" while seven were dropped. Here every such case is refused naming who holds
the name, or stored and shown as its own row; concurrent submits all land or are refused clearly.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import gradio as gr
import pytest
from typer.testing import CliRunner

from leaderboard.identity import BASELINE_SUBMITTER, LOCAL_PREFIX, NotSignedIn, space_submitter
from leaderboard.ranking import cells_frame, rank
from leaderboard.store import LocalStore, ModelMeta, SubmissionRecord
from leaderboard.submit import load_datasets, make_meta, submit
from mcb import app
from tests.test_leaderboard_support import fabricator, faithful, reciter, submission_bytes, tagged_scorer

# (case, what must happen): the catalogue the tally counts; each is one test below.
OWNERSHIP_CASES: tuple[tuple[str, str], ...] = (
    ("another submitter's file under a held name", "refused"),
    ("the held name in another case", "refused"),
    ("identical content under a new name", "refused"),
    ("the holder's own new file under its name", "stored"),
    ("another submitter under another revision", "stored"),
    ("a name held by a record from before submitters", "refused"),
    ("eight concurrent submits of one file under eight names", "stored"),
    ("eight concurrent distinct files under eight names", "stored"),
    ("eight submitters racing for one name", "stored"),
    ("a Space visitor signed in (stand-in profile)", "stored"),
    ("a second Space account under the first one's name", "refused"),
    ("a Space visitor who has not signed in", "refused"),
    ("a track name held by another submitter", "refused"),
)


@pytest.fixture(scope="module")
def datasets(default_build):
    return load_datasets([default_build])


@pytest.fixture()
def store(tmp_path) -> LocalStore:
    return LocalStore(tmp_path / "results")


def data(datasets):
    return datasets.get(datasets.latest)


def invoke(*args):
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output and (result.exception is None or isinstance(result.exception, SystemExit))
    return result


def board(store: LocalStore):
    contents = store.contents()
    return rank(contents.records, cells_frame(contents.entries))


def test_another_submitter_cannot_take_the_baselines_row(datasets, store, default_build, tmp_path):
    held = submit(submission_bytes(data(datasets), faithful), make_meta("faithful", "r1"), store, datasets,
                  scorer=tagged_scorer, submitter=BASELINE_SUBMITTER)
    assert held.status == "scored"
    before = {str(p) for p in store.root.rglob("*")}
    attack = tmp_path / "reciter.jsonl"
    attack.write_bytes(submission_bytes(data(datasets), reciter))
    for name in ("faithful", "FAITHFUL", "Faithful"):
        result = invoke("submit", attack, "--model", name, "--revision", "r1", "--dataset", default_build,
                        "--results", store.root, "--submitter", "mallory")
        assert result.exit_code == 2, result.output
        flat = " ".join(result.output.split())
        assert "field 'name'" in flat and f"held by {BASELINE_SUBMITTER}" in flat and held.record.id in flat
    assert {str(p) for p in store.root.rglob("*")} == before, "nothing written"
    [row] = board(store).to_dict("records")
    assert row["model"] == "faithful" and row["submitter"] == BASELINE_SUBMITTER and row["submission"] == held.record.id


def test_identical_content_under_a_new_name_says_which_name_holds_it(datasets, store, default_build, tmp_path):
    path = tmp_path / "faithful.jsonl"
    path.write_bytes(submission_bytes(data(datasets), faithful))
    first = submit(path.read_bytes(), make_meta("original", "r1"), store, datasets, scorer=tagged_scorer, submitter="alice")
    result = invoke("submit", path, "--model", "copycat", "--revision", "r9", "--dataset", default_build,
                    "--results", store.root, "--submitter", "mallory")
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert " duplicate: " in f" {flat}" and "under the name 'original'" in flat and "submitted by alice" in flat
    assert first.record.id in flat
    assert [r.meta.name for r in store.records()] == ["original"]


def test_the_holder_replaces_its_own_row_and_others_get_their_own(datasets, store):
    first = submit(submission_bytes(data(datasets), fabricator), make_meta("mine", "r1"), store, datasets,
                   scorer=tagged_scorer, submitter="alice")
    newer = submit(submission_bytes(data(datasets), faithful), make_meta("mine", "r1"), store, datasets,
                   scorer=tagged_scorer, submitter="alice")
    other = submit(submission_bytes(data(datasets), reciter), make_meta("mine", "r2"), store, datasets,
                   scorer=tagged_scorer, submitter="bob")
    assert {first.status, newer.status, other.status} == {"scored"}
    rows = {(r["revision"], r["submitter"]): r["submission"] for r in board(store).to_dict("records")}
    assert rows == {("r1", "alice"): newer.record.id, ("r2", "bob"): other.record.id}, "alice's newer file is her row"


def test_a_name_held_by_a_record_from_before_submitters_is_kept(datasets, store):
    legacy = submit(submission_bytes(data(datasets), faithful), make_meta("old", "r1"), store, datasets, scorer=tagged_scorer)
    assert legacy.status == "scored" and legacy.record.submitter == ""
    taken = submit(submission_bytes(data(datasets), reciter), make_meta("old", "r1"), store, datasets,
                   scorer=tagged_scorer, submitter="mallory")
    assert taken.status == "rejected" and "before submitters were recorded" in taken.reason


def race(count: int, job) -> list:
    barrier, outcomes = threading.Barrier(count), [None] * count

    def run(index: int) -> None:
        barrier.wait()
        outcomes[index] = job(index)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_eight_concurrent_submits_of_one_file_store_one_and_say_so(datasets, store):
    raw = submission_bytes(data(datasets), faithful)
    outcomes = race(8, lambda i: submit(raw, make_meta(f"name-{i}", "r1"), LocalStore(store.root), datasets,
                                        scorer=tagged_scorer, submitter=f"user-{i}"))
    statuses = sorted(o.status for o in outcomes)
    assert statuses == ["duplicate"] * 7 + ["scored"], [o.reason for o in outcomes]
    [stored] = [o for o in outcomes if o.status == "scored"]
    for outcome in outcomes:
        if outcome.status == "duplicate":
            assert f"under the name {stored.record.meta.name!r}" in outcome.reason, "no silent drop: the holder is named"
    assert [r.meta.name for r in LocalStore(store.root).records()] == [stored.record.meta.name]


def test_eight_concurrent_distinct_files_under_eight_names_all_land(datasets, store):
    def file(i: int) -> bytes:
        return submission_bytes(data(datasets), lambda cell: f"model {i} on {cell.cell_id} [supported]")

    outcomes = race(8, lambda i: submit(file(i), make_meta(f"model-{i}", "r1"), LocalStore(store.root), datasets,
                                        scorer=tagged_scorer, submitter=f"user-{i}"))
    assert [o.status for o in outcomes] == ["scored"] * 8
    assert len(board(store)) == 8


def test_eight_submitters_racing_for_one_name_leave_one_holder_and_seven_clear_refusals(datasets, store):
    def file(i: int) -> bytes:
        return submission_bytes(data(datasets), lambda cell: f"racer {i} {cell.cell_id} [supported]")

    outcomes = race(8, lambda i: submit(file(i), make_meta("contested", "r1"), LocalStore(store.root), datasets,
                                        scorer=tagged_scorer, submitter=f"racer-{i}"))
    scored = [o for o in outcomes if o.status == "scored"]
    assert len(scored) == 1
    holder = scored[0].record.submitter
    for outcome in outcomes:
        if outcome is not scored[0]:
            assert outcome.status == "rejected" and f"held by {holder}" in outcome.reason
    assert [r.submitter for r in LocalStore(store.root).records()] == [holder]


def profile(username: str) -> gr.OAuthProfile:
    """A stand-in for the profile Gradio passes a handler on the Space after `gr.LoginButton` sign-in."""
    return gr.OAuthProfile({"name": username.title(), "preferred_username": username,
                            "profile": f"https://huggingface.co/{username}", "picture": ""})


def test_on_the_space_the_signed_in_account_owns_the_row(datasets, store, tmp_path, monkeypatch):
    from leaderboard.pages.submit import submit_from_form
    from leaderboard.service import LeaderboardService

    monkeypatch.setenv("SPACE_ID", "org/market-claim-bench-leaderboard")
    service = LeaderboardService(store, datasets, scorer=tagged_scorer)
    path = tmp_path / "upload.jsonl"
    path.write_bytes(submission_bytes(data(datasets), faithful))
    status, _ = submit_from_form(service, str(path), "space-model", "r1", "", "", "", datasets.latest, False, profile("alice"))
    assert status.startswith("scored:"), status
    [record] = store.records()
    assert record.submitter == "alice"
    path.write_bytes(submission_bytes(data(datasets), reciter))
    status, _ = submit_from_form(service, str(path), "space-model", "r1", "", "", "", datasets.latest, False, profile("bob"))
    assert status.startswith("rejected:") and "held by alice" in status
    status, _ = submit_from_form(service, str(path), "space-model", "r1", "", "", "", datasets.latest, False, None)
    assert status.startswith("rejected: sign in with Hugging Face")
    assert len(store.records()) == 1


def test_off_the_space_the_submitter_is_the_local_identity_or_the_option(datasets, store, default_build, tmp_path,
                                                                          monkeypatch):
    monkeypatch.delenv("SPACE_ID", raising=False)
    assert space_submitter(profile("carol")) == "carol"
    assert space_submitter(None).startswith(LOCAL_PREFIX), "offline, no Hub identity: the local user"
    with pytest.raises(NotSignedIn):
        space_submitter(None, space=True)
    path = tmp_path / "dup.jsonl"
    path.write_bytes(submission_bytes(data(datasets), faithful))
    held = submit(path.read_bytes(), make_meta("held", "r1"), store, datasets, scorer=tagged_scorer, submitter="dave")
    other = tmp_path / "other.jsonl"
    other.write_bytes(submission_bytes(data(datasets), reciter))
    result = invoke("submit", other, "--model", "held", "--revision", "r1", "--dataset", default_build, "--results", store.root)
    assert result.exit_code == 2 and "held by dave" in " ".join(result.output.split()), "the local user is not dave"
    assert held.status == "scored"


def test_a_track_name_is_held_like_a_board_name(default_build, tmp_path):
    sub = tmp_path / "guesser.jsonl"
    assert invoke("tracks", "baseline", "masked", "guesser", "--dataset", default_build, "--out", sub).exit_code == 0
    results = tmp_path / "results"
    first = invoke("submit", sub, "--track", "masked", "--model", "guess", "--revision", "r", "--submitter", "erin",
                   "--dataset", default_build, "--results", results)
    assert first.exit_code == 0, first.output
    rows = [json.loads(line) for line in sub.read_text(encoding="utf-8").split("\n") if line]
    rows[0]["commentary"] = rows[0]["commentary"] + " (edited)"
    edited = tmp_path / "edited.jsonl"
    edited.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    taken = invoke("submit", edited, "--track", "masked", "--model", "GUESS", "--revision", "r", "--submitter", "mallory",
                   "--dataset", default_build, "--results", results)
    assert taken.exit_code == 2 and "held by erin" in " ".join(taken.output.split())
    assert len(LocalStore(results).track_ids("masked")) == 1


def test_records_and_the_board_carry_the_submitter(datasets, store):
    outcome = submit(submission_bytes(data(datasets), faithful), ModelMeta("m", "r"), store, datasets, scorer=tagged_scorer,
                     submitter="frank")
    record = LocalStore(store.root).record(outcome.record.id)
    assert isinstance(record, SubmissionRecord) and record.submitter == "frank"
    assert json.loads((Path(store.root) / f"requests/{record.id}.json").read_text())["submitter"] == "frank"
