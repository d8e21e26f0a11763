"""Hand-written rewordings (`newswire`, `pathrange`): data, not code, compiled with their gold claims.

A person wrote each paragraph from one window's facts, in a voice the narrator never uses, and
marked every claim inline: `[[surged from 19.43 to 21.93|GALP.LS price_level 19.43 anchor=start;
GALP.LS price_level 21.93 anchor=end]]`. Marking the claim where it is written keeps text and gold
in one place, so they cannot drift apart. The stated precision is the number of decimals written.
"""

from __future__ import annotations

import re
from pathlib import Path

from builder.paths import data_dir
from builder.rewriters.base import CorpusItem, split_of
from builder.vocabulary import COUNT_METRICS, METRICS, PERCENT_METRICS, PRICE_METRICS

VOICES: tuple[str, ...] = ("newswire", "pathrange")
_MARK = re.compile(r"\[\[(?P<surface>[^|\]]+)\|(?P<claims>[^\]]+)\]\]")
_HEADER = re.compile(r"^## (?P<market>\S+) (?P<month>\d{4}-\d{2}) (?P<window>\S+) (?P<arm>\S+)\s*$")
# A sentence ends at . ! ? followed by a space and a capital, unless the dot closes a month abbreviation.
_SENTENCE_END = re.compile(r"(?<!\b[A-Z][a-z]{2}\.)(?<=[.!?])\s+(?=[A-Z])")


class HandwrittenError(ValueError):
    """A hand-written corpus file whose markup cannot be read."""


def source_path(voice: str) -> Path:
    return data_dir() / "corpora" / "handwritten" / f"{voice}.txt"


def _claim(spec: str, where: str) -> dict:
    parts = spec.split()
    if len(parts) < 3:
        raise HandwrittenError(f"{where}: claim {spec!r} needs TICKER metric value")
    ticker, metric, raw = parts[:3]
    if metric not in METRICS:
        raise HandwrittenError(f"{where}: unknown metric {metric!r}")
    claim: dict = {"ticker": ticker, "metric": metric}
    if metric in PERCENT_METRICS or metric in PRICE_METRICS:
        claim["value"] = float(raw)
        claim["decimals"] = len(raw.split(".")[1]) if "." in raw else 0
    elif metric in COUNT_METRICS:
        claim["value"], claim["decimals"] = int(raw), 0
    else:
        claim["value"], claim["decimals"] = raw, None
    for extra in parts[3:]:
        key, _, value = extra.partition("=")
        if key not in ("date", "anchor", "extreme") or not value:
            raise HandwrittenError(f"{where}: bad field {extra!r}")
        claim[key] = value
    return claim


def compile_paragraph(marked: str, where: str) -> tuple[str, tuple[dict, ...]]:
    """Markup -> plain text and gold claims (each with its span `text` and `sentence`)."""
    pieces, spans, cursor, length = [], [], 0, 0
    for match in _MARK.finditer(marked):
        plain = marked[cursor:match.start()]
        pieces.append(plain)
        length += len(plain)
        surface = match.group("surface")
        claims = [_claim(spec.strip(), where) for spec in match.group("claims").split(";") if spec.strip()]
        spans.append((length, length + len(surface), surface, claims))
        pieces.append(surface)
        length += len(surface)
        cursor = match.end()
    pieces.append(marked[cursor:])
    text = "".join(pieces)
    if "[[" in text or "]]" in text:
        raise HandwrittenError(f"{where}: unbalanced markup")
    bounds, start = [], 0
    for end in _SENTENCE_END.finditer(text):
        bounds.append((start, end.start()))
        start = end.end()
    bounds.append((start, len(text)))
    out = []
    for span_start, _, surface, claims in spans:
        sentence = next(text[a:b] for a, b in bounds if a <= span_start < b or (span_start == b == len(text)))
        out.extend({**claim, "text": surface, "sentence": sentence} for claim in claims)
    return text, tuple(out)


def read_voice(voice: str, path: Path | None = None) -> list[CorpusItem]:
    """Every paragraph of one voice's source file, in file order."""
    path = path or source_path(voice)
    items: list[CorpusItem] = []
    header, lines = None, []
    seen: dict[str, int] = {}

    def flush() -> None:
        if header is None:
            return
        body = " ".join(line.strip() for line in lines if line.strip())
        market, month, window, arm = (header.group(k) for k in ("market", "month", "window", "arm"))
        panel_key = f"{market}-{month}-{window}-{arm}"
        text, claims = compile_paragraph(body, f"{path}:{panel_key}")
        # A window may have several paragraphs: the second is `...-2`; all stay on the window's split.
        seen[panel_key] = seen.get(panel_key, 0) + 1
        suffix = f"-{seen[panel_key]}" if seen[panel_key] > 1 else ""
        items.append(CorpusItem(
            id=f"{voice}-{panel_key}{suffix}", rewriter=voice, source=panel_key, market=market, month=month,
            window=window, arm=arm, text=text, claims=claims, split=split_of(panel_key),
        ))

    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            continue
        found = _HEADER.match(line)
        if found:
            flush()
            header, lines = found, []
        elif line.startswith("##"):
            raise HandwrittenError(f"{path}: bad header {line!r}; expected '## market YYYY-MM window arm'")
        else:
            lines.append(line)
    flush()
    return items
