"""Dose-response over the sweep: the claimed period return against the shown one across k (issue 17).

On the `sweep` config every arm shows daily returns k times the true ones. A model that reads
states the shown period return whatever k is: its claimed-minus-true return follows the
shown-minus-true one along the diagonal. A reciter states the truth: flat at zero. A blender
sits on a line between. The slope is the reading weight's estimator (`extractors.weight`: median
regression through the origin of c - t on s - t) over the sweep's period-return claims, with the
95% bootstrap over cells; each k also gets its own point estimate, so a model that follows mild
perturbations and resists strong ones shows it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from builder.arms import scale_of
from extractors.weight import WeightedClaim, estimate

SWEEP_METRIC = "period_return"
DEFINITION = ("claimed - true against shown - true period return over the sweep cells (shown daily return = k x true); "
              "slope = median regression through the origin over distinguishable claims, 95% bootstrap over cells; "
              "1 follows what was shown, 0 stays at the truth")


def _number(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def sweep_points(claims: Sequence[Mapping], cells: Mapping[str, Mapping]) -> list[dict]:
    """Every period-return claim of the sweep with its k, shown, true and claimed value (the plot's points)."""
    points = []
    for claim in claims:
        cell = cells.get(claim.get("cell_id"))
        values = [_number(claim.get(name)) for name in ("value", "shown_value", "true_value")]
        if cell is None or claim.get("metric") != SWEEP_METRIC or None in values:
            continue
        claimed, shown, true = values
        points.append({"cell_id": cell["cell_id"], "arm": cell["arm"], "k": scale_of(cell["arm"]), "context": cell["context"],
                       "ticker": claim.get("ticker"), "sample": claim.get("sample", 0), "shown": shown, "true": true,
                       "claimed": claimed, "distinguishable": bool(claim.get("distinguishable"))})
    return points


def dose_response(claims: Sequence[Mapping], cells: Sequence[Mapping]) -> dict:
    """summary.json's `dose_response` for a submission scored on the sweep's cells."""
    ordered = sorted(cells, key=lambda row: row["cell_id"])
    by_cell: dict[str, list[WeightedClaim]] = {}
    for claim in claims:
        weighted = WeightedClaim.of(claim) if claim.get("metric") == SWEEP_METRIC else None
        if weighted is not None:
            by_cell.setdefault(claim["cell_id"], []).append(weighted)

    def over(rows: Sequence[Mapping]) -> dict:
        return estimate([by_cell.get(row["cell_id"], ()) for row in rows]).to_dict()

    arms = sorted(dict.fromkeys(row["arm"] for row in ordered), key=scale_of)
    return {
        "definition": DEFINITION,
        "metric": SWEEP_METRIC,
        "slope": over(ordered),
        "per_k": [{"k": scale_of(arm), "arm": arm, **over([row for row in ordered if row["arm"] == arm])} for arm in arms],
        "points": sweep_points(claims, {row["cell_id"]: row for row in ordered}),
    }
