"""Tracks in the results store: the canaries seeded once, in `tracks/{track}/{id}/`, each as expected."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def seeded(default_build, tmp_path_factory):
    from leaderboard.store import LocalStore
    from leaderboard.tracks import seed_tracks

    store = LocalStore(tmp_path_factory.mktemp("tracks") / "results")
    return store, seed_tracks(store, default_build), default_build


def test_every_canary_is_stored_and_gets_its_expected_verdict(seeded):
    from extractors.tracks.canaries import CANARIES

    store, outcomes, _ = seeded
    assert len(outcomes) == len(CANARIES)
    for outcome in outcomes:
        assert outcome.status == "scored"
        assert outcome.verdict == outcome.summary["model"]["expected"]
        folder = store.root / "tracks" / outcome.track / outcome.id
        assert (folder / "summary.json").is_file() and (folder / "submission.jsonl").is_file()


def test_seeding_again_adds_nothing(seeded):
    from leaderboard.tracks import seed_tracks

    store, _, dataset = seeded
    before = sorted(p for p in store.root.rglob("*") if p.is_file())
    assert {o.status for o in seed_tracks(store, dataset)} == {"duplicate"}
    assert sorted(p for p in store.root.rglob("*") if p.is_file()) == before


def test_tracks_html_escapes_names_and_puts_the_caveat_beside_every_pass(seeded):
    from leaderboard.tracks import PASS_NOTE, stored_board, tracks_html

    store, _, _ = seeded
    board = stored_board(store)
    board["masked"]["rows"].append({"model": "<script>x</script>", "status": "pass", "p-value": 0.5})
    out = tracks_html(board)
    assert "<script>x" not in out and "&lt;script&gt;x" in out
    passes = sum(row.get("status") == "pass" for entry in board.values() for row in entry["rows"])
    assert out.count('data-status="pass"') == passes == out.count(PASS_NOTE.split(":")[0])
