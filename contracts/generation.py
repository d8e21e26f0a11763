"""How the board compares models: the generation settings it expects and what a submission needs to be taken.

`mcb run` uses the settings as its defaults, the dataset card states them, and the board records
each run's own settings beside its result (`temperature`, `max_tokens` in the run metadata), so a
run made otherwise is shown as such, never silently mixed in. The limits are the Submit page's.
"""

from __future__ import annotations

TEMPERATURE = 0.0
"""Greedy decoding: one answer per cell is then the model's answer, not a draw."""
MAX_TOKENS = 1024
"""The reply budget: three to five sentences need far less; a reply cut at it is still scored."""
SAMPLES = 1
"""Answers per cell (`sample` 0..N-1); more samples give run-to-run spread, not a different score."""

MIN_ANSWERED_SHARE = 0.95
"""Share of the release's cells a submission must answer (a failed call counts as answered)."""
MAX_SUBMISSION_BYTES = 20 * 1024 * 1024
"""Largest submission file the board takes."""
