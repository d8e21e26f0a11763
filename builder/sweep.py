"""The dose-response sweep: the optional `sweep` config, one prompt per sweep arm x context.

Arms are one family (`builder.arms`): shown daily return = k x true daily return, same first bar.
The sweep hands the model k in `SWEEP_SCALES` (-1, -0.5, 0.25, 0.5, 2) under the `full` and
`sparse` contexts, so a reader's claimed period return follows the shown one across k and a
reciter's stays at the truth. It is built only when asked (`mcb build --sweep`): the default
build, its 24 cells and every default config stay byte for byte what they were. `sweep` holds the
prompts (the `Cell` columns plus `scale`), `sweep_panels` the shown panels behind them (the
`panels` schema, `view` shown); the true panel is the `panels` config's.
"""

from __future__ import annotations

import pyarrow as pa

from builder.arms import SWEEP_ARMS, scale_of
from builder.cells import Cell, build_cells
from builder.display import SHOWN
from contracts.vocabulary import SWEEP_CONTEXTS

SWEEP_PANELS_CONFIG = "sweep_panels"
SCALE_FIELD = "scale"

SWEEP_SCHEMA = pa.schema([
    ("cell_id", pa.string()), ("release", pa.string()), ("market", pa.string()), ("month", pa.string()),
    ("arm", pa.string()), ("context", pa.string()), ("prompt", pa.string()), ("n_tokens", pa.int64()),
    ("n_tokens_max", pa.int64()),
    pa.field(SCALE_FIELD, pa.float64(), metadata={"description": "k: every daily return the prompt shows is k times "
                                                                 "the true one (same first bar); -1 is `inverted`, 0.25 `damped`"}),
])


def sweep_cells(real, release: str | None = None) -> list[Cell]:
    """Every sweep arm x sweep context cell of one real panel, strongest inversion first."""
    return build_cells(real, release, arms=tuple(SWEEP_ARMS), contexts=SWEEP_CONTEXTS)


def sweep_table(inputs) -> pa.Table:
    rows = [{**cell.to_dict(), SCALE_FIELD: scale_of(cell.arm)}
            for real in inputs.panels for cell in sweep_cells(real, inputs.release)]
    return pa.Table.from_pylist(rows, schema=SWEEP_SCHEMA)


def sweep_views(inputs):
    """The shown panel of every sweep arm, for `sweep_panels` (the true panels are in `panels`)."""
    from builder.display import shown_arm

    for real in inputs.panels:
        for arm in SWEEP_ARMS:
            yield SHOWN, shown_arm(real, arm)
