"""The contract layer: what every other package agrees on, defined once.

- `vocabulary`: statuses, failure kinds, arms, contexts, claim metrics, verdicts, details, tracks.
- `markets`: the market names, enumerated from `data/universes.toml`.
- `jsonl`: the one JSONL reader and writer (lines end at "\\n" and nowhere else).
- `problems`: `Problem(line, field, message)` and the summary every command prints.
- `submission`: the submission line, parsed once (strict or lenient), for `mcb score`, `mcb run`,
  `mcb submit` and the Submit page alike.
- `generation`: the generation settings the board expects (`mcb run`'s defaults) and the Submit
  page's limits, which the dataset card states.

It imports nothing from the project's other packages: data flows contracts -> builder -> dataset ->
runner/submission -> extractors/scoring -> leaderboard.
"""
