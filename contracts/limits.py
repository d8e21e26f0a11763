"""Named limits on what any command reads, checked before any work is done on the input.

Each limit is a constant here, enforced by the one parser that reads the input
(`contracts.submission` for submission lines, `contracts.text` for names and dates), and listed
in the README's "Limits" table, so a submission that `mcb score` accepts is one the board accepts
and the scorer can finish. What sets the commentary limit: the extractor of issue 16's report took
2 min 40 s and 692 MB on one 990,000-character commentary, and spaCy refuses text over 1,000,000
characters outright; the current extractor takes 3.1 s on a 50,000-character commentary (2,059
claims; measured with the machine's load average at 10), so a full submission at the limit scores
in minutes, not hours.
"""

from __future__ import annotations

MAX_COMMENTARY_CHARS = 50_000
"""Characters in one text field of a submission line (commentary, error, partial): about 12,000
tokens, a dozen times `mcb run`'s default reply budget of 1,024 tokens."""

MAX_LINES = 10_000
"""Non-blank lines in one submission file (24 cells x 400 samples, or every track row x 20)."""

MAX_JSON_DEPTH = 32
"""Nesting of arrays and objects in one line; a contract line is flat (depth 1), lenient metadata
may nest a little. Checked before the line is decoded, so deep nesting never reaches the decoder."""

MAX_NAME_CHARS = 120
"""Characters in a model name, revision or submitter, after NFC normalisation."""

MAX_LINK_CHARS = 500
"""Characters in a model link."""
