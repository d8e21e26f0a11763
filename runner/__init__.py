"""Run any OpenAI-compatible model over the benchmark's prompts and write a submission file.

Data flows one way: builder (dataset) -> runner -> submission JSONL -> extractors -> leaderboard.
The runner imports `builder` only to read prompts; it never imports `extractors` or `leaderboard`.
"""
