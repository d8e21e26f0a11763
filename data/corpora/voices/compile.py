"""Compile `voices.txt` (commentaries with every claim marked inline) into `commentary.jsonl`.

    python data/corpora/voices/compile.py          # rewrite commentary.jsonl
    python data/corpora/voices/compile.py --check  # exit 1 if commentary.jsonl is not what voices.txt compiles to

Markup, as in `data/corpora/handwritten/`: `[[surface|TICKER metric value key=val; ...]]`. The value's
written decimals are the claim's `decimals` (`dec=N` overrides, e.g. a fraction written `0.0684` stated as
6.84%). `-` as TICKER is null (a refusal naming no ticker). `causal` and `refusal` take the surface as value.
A block starts with `## v-NNN voice universe YYYY-MM`; lines before the first block are notes.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE, TARGET = HERE / "voices.txt", HERE / "commentary.jsonl"
HEADER = re.compile(r"^## (?P<id>v-\d{3}) (?P<voice>[a-z_]+) (?P<universe>us|lisbon) (?P<month>\d{4}-\d{2})$")
MARK = re.compile(r"\[\[(?P<surface>[^|\]]+)\|(?P<claims>[^\]]+)\]\]")
NUMERIC = {"period_return", "daily_move", "max_drawdown", "volatility", "price_level", "range_low", "range_high"}
COUNTS, TEXTS = {"up_days", "down_days"}, {"causal", "refusal"}


def claim(spec: str, surface: str, where: str) -> dict:
    parts = spec.split()
    ticker, metric = parts[0], parts[1]
    out: dict = {"ticker": None if ticker == "-" else ticker, "metric": metric}
    rest = parts[2:]
    if metric in TEXTS:
        out["value"] = surface
    else:
        raw, rest = rest[0], rest[1:]
        if metric in NUMERIC:
            out["value"], out["decimals"] = float(raw), len(raw.split(".")[1]) if "." in raw else 0
        elif metric in COUNTS:
            out["value"] = int(raw)
        else:
            out["value"] = raw
    for extra in rest:
        key, _, value = extra.partition("=")
        if key == "dec":
            out["decimals"] = int(value)
        elif key in ("date", "anchor", "extreme") and value:
            out[key] = value
        else:
            raise ValueError(f"{where}: bad field {extra!r} in {spec!r}")
    return out


def compile_source(text: str) -> list[dict]:
    records, current, lines = [], None, []

    def flush() -> None:
        if current is None:
            return
        marked = "\n".join(lines).strip("\n")
        gold = [claim(spec.strip(), m.group("surface"), current["id"])
                for m in MARK.finditer(marked) for spec in m.group("claims").split(";") if spec.strip()]
        plain = MARK.sub(lambda m: m.group("surface"), marked)
        if "[[" in plain or "]]" in plain:
            raise ValueError(f"{current['id']}: unbalanced markup")
        records.append({**current, "text": plain, "gold": gold})

    for line in text.splitlines():
        header = HEADER.match(line)
        if header:
            flush()
            current, lines = header.groupdict(), []
        elif current is not None:
            lines.append(line)
    flush()
    return records


def render(records: list[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


if __name__ == "__main__":
    compiled = render(compile_source(SOURCE.read_text(encoding="utf-8")))
    if "--check" in sys.argv:
        sys.exit(0 if TARGET.exists() and TARGET.read_text(encoding="utf-8") == compiled else 1)
    TARGET.write_text(compiled, encoding="utf-8")
    print(f"wrote {TARGET} ({compiled.count(chr(10))} commentaries)")
