"""Known-good and known-bad canaries for every track: submissions whose verdict is known in advance.

A track whose canaries do not come out as labelled is broken, whatever it says about a model.
- recall: `reciter` answers the true closes and directions (bad: memorised); `persistence`
  answers the last shown close and declines without context (good); `refuser` always declines (good).
- relabeled: `reader` states the shown returns with the same per-sample jitter under both labels
  (good); `date-sensitive` does too under the true label but shades every return under the fake
  one (bad).
- masked: `identifier` names every stock and the month and recites true returns in commentary
  (bad); `guesser` guesses identities at random and reads the shown table (good).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from builder.tracks.common import TRACKS
from builder.tracks.masked import MONTH_WINDOW_YEARS
from builder.universes import get_universe
from contracts.vocabulary import CANARY_EXPECTED, check_registry
from extractors.tracks.stats import stable_seed

READER_JITTER_PP = 0.3
"""Per-sample noise (percentage points) on the reader's returns, so samples are not all identical."""
FAKE_LABEL_SHADE_PP = 2.0
"""How far the date-sensitive canary pulls every return toward zero under the fake label."""
CONFIDENT = 95
UNSURE = 0


@dataclass(frozen=True)
class Canary:
    """A named canary of one track; the verdict it must get is the vocabulary's (`CANARY_EXPECTED`)."""

    track: str
    kind: str
    description: str
    answer: Callable[[dict, int], str]

    @property
    def expected(self) -> str:
        return CANARY_EXPECTED[(self.track, self.kind)]


def _json(answer, confidence: int) -> str:
    return json.dumps({"answer": answer, "confidence": confidence})


def _reciter(row: dict, sample: int) -> str:
    if row["question"] == "close":
        return _json(round(row["true_value"], get_universe(row["market"]).price_decimals), CONFIDENT)
    return _json(row["true_direction"], CONFIDENT)


def _persistence(row: dict, sample: int) -> str:
    if row["question"] == "close" and row["context"] == "previous":
        return _json(round(row["previous_close"], get_universe(row["market"]).price_decimals), 50)
    return _json(None, UNSURE)


def _refuser(row: dict, sample: int) -> str:
    return "I cannot know that price without data for that date. " + _json(None, UNSURE)


def _returns_sentence(returns: dict[str, float]) -> str:
    parts = []
    for ticker, value in returns.items():
        verb = "rose" if value >= 0 else "fell"
        parts.append(f"{ticker} {verb} {abs(value):.2f}% over the month.")
    return " ".join(parts)


def _jittered(row: dict, sample: int, shade: float) -> dict[str, float]:
    shown = json.loads(row["shown_returns_json"])
    rng = np.random.default_rng(stable_seed("reader", row["market"], row["month"], row["fake_test"], sample))
    out = {}
    for ticker in json.loads(row["tickers_json"]):
        value = shown[ticker] + rng.normal(0.0, READER_JITTER_PP)
        out[ticker] = float(np.sign(value) * max(abs(value) - shade, 0.0))
    return out


def _reader(row: dict, sample: int) -> str:
    return _returns_sentence(_jittered(row, sample, 0.0))


def _date_sensitive(row: dict, sample: int) -> str:
    return _returns_sentence(_jittered(row, sample, FAKE_LABEL_SHADE_PP if row["label"] == "fake" else 0.0))


def _masked_returns(row: dict, returns_of: Callable[[str], float]) -> str:
    mask = json.loads(row["mask_json"])
    parts = []
    for label, ticker in mask.items():
        value = returns_of(ticker)
        parts.append(f"{label} {'rose' if value >= 0 else 'fell'} {abs(value):.2f}% over the month.")
    return " ".join(parts)


def _identifier(row: dict, sample: int) -> str:
    mask = json.loads(row["mask_json"])
    if row["task"] == "reconstruct":
        return json.dumps({"stocks": mask, "month": row["month"], "confidence": CONFIDENT})
    true = row["_true_returns"]
    return _masked_returns(row, lambda t: true[t])


def _guesser(row: dict, sample: int) -> str:
    mask = json.loads(row["mask_json"])
    rng = np.random.default_rng(stable_seed("guesser", row["cell_id"], sample))
    if row["task"] == "reconstruct":
        tickers = list(get_universe(row["market"]).tickers)
        guesses = [tickers[i] for i in rng.permutation(len(tickers))][: len(mask)]
        year = int(row["month"][:4]) - int(rng.integers(0, MONTH_WINDOW_YEARS))
        month = f"{year}-{int(rng.integers(1, 13)):02d}"
        return json.dumps({"stocks": dict(zip(mask, guesses)), "month": month, "confidence": 10})
    shown = row["_shown_returns"]
    return _masked_returns(row, lambda t: shown[t])


CANARIES: dict[tuple[str, str], Canary] = {
    (c.track, c.kind): c
    for c in (
        Canary("recall", "reciter", "answers the true close and direction, confidently", _reciter),
        Canary("recall", "persistence", "answers the last shown close; declines without context", _persistence),
        Canary("recall", "refuser", "declines every question", _refuser),
        Canary("relabeled", "reader", "states the shown returns, jittered alike under both labels", _reader),
        Canary("relabeled", "date-sensitive", "shades returns toward zero under the fake label", _date_sensitive),
        Canary("masked", "identifier", "names every stock and the month; recites true returns", _identifier),
        Canary("masked", "guesser", "guesses identities at random; reads the shown table", _guesser),
    )
}
check_registry("canary", CANARIES, tuple(CANARY_EXPECTED))


def canary(track: str, kind: str) -> Canary:
    if track not in TRACKS:
        raise ValueError(f"unknown track {track!r}; known: {', '.join(TRACKS)}")
    kinds = [k for (t, k) in CANARIES if t == track]
    if (track, kind) not in CANARIES:
        raise ValueError(f"unknown {track} canary {kind!r}; known: {', '.join(kinds)}")
    return CANARIES[(track, kind)]


def _with_masked_returns(rows: list[dict], dataset) -> list[dict]:
    """Masked commentary canaries need each arm's shown and the true period returns."""
    from builder.dataset import read_dataset

    built = read_dataset(dataset)
    out = []
    for row in rows:
        def returns(panel) -> dict[str, float]:
            return {t: (float(panel.series(t).iloc[-1]) / float(panel.series(t).iloc[0]) - 1) * 100 for t in panel.tickers}
        shown = built.shown_panel(row["market"], row["month"], row["arm"])
        true = built.true_panel(row["market"], row["month"])
        out.append({**row, "_shown_returns": returns(shown), "_true_returns": returns(true)})
    return out


def canary_submission(track: str, kind: str, rows: list[dict], dataset=None) -> list[dict]:
    """Submission lines (`cell_id`, `sample`, `status`, `commentary`): `samples` answers per row."""
    chosen = canary(track, kind)
    if track == "masked":
        if dataset is None:
            raise ValueError("masked canaries read the panels: pass the built dataset folder")
        rows = _with_masked_returns(rows, dataset)
    return [
        {"cell_id": row["cell_id"], "sample": sample, "status": "ok", "commentary": chosen.answer(row, sample)}
        for row in rows
        for sample in range(row["samples"])
    ]
