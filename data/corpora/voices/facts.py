"""Print one month's true figures per ticker from the shared price CSVs, to write the voices corpus from.

    python data/corpora/voices/facts.py us 2026-08 [--csv DIR]

Closes only: return first->last close, min/max close (with dates), max drawdown on closes,
daily moves between consecutive rows (best and worst with dates), up/down day counts,
annualised volatility (sample std of daily simple returns x sqrt(252)), and the month's ranks.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import pandas as pd

SHARED = Path(__file__).resolve().parents[4] / "shared" / "data" / "prices"
UNIVERSES = Path(__file__).resolve().parents[2] / "universes.toml"


def facts(closes: pd.Series) -> dict:
    daily = closes.pct_change().dropna() * 100
    drawdown = (1 - closes / closes.cummax()).max() * 100
    return {
        "first": closes.iloc[0], "last": closes.iloc[-1], "ret": (closes.iloc[-1] / closes.iloc[0] - 1) * 100,
        "low": closes.min(), "low_on": closes.idxmin(), "high": closes.max(), "high_on": closes.idxmax(),
        "max_dd": drawdown, "vol": daily.std(ddof=1) / 100 * math.sqrt(252) * 100,
        "best": daily.max(), "best_on": daily.idxmax(), "worst": daily.min(), "worst_on": daily.idxmin(),
        "up": int((daily > 0).sum()), "down": int((daily < 0).sum()), "sessions": len(closes),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("market")
    parser.add_argument("month")
    parser.add_argument("--csv", type=Path, default=SHARED)
    parser.add_argument("--daily", action="store_true", help="also print every close and daily move")
    args = parser.parse_args()
    frame = pd.read_csv(args.csv / f"{args.market}-{args.month}.csv", dtype={"close": str})
    table = {}
    for ticker, rows in frame.groupby("ticker"):
        closes = pd.Series(rows["close"].astype(float).values, index=rows["date"].values)
        table[ticker] = facts(closes)
        if args.daily:
            moves = closes.pct_change() * 100
            print(ticker, " ".join(f"{d[5:]}:{c:g}({m:+.2f})" for d, c, m in zip(closes.index, closes, moves)))
    out = pd.DataFrame(table).T.sort_values("ret", ascending=False)
    with pd.option_context("display.width", 250, "display.max_columns", 30, "display.float_format", "{:.3f}".format):
        print(out)
    import tomllib

    members = tomllib.loads(UNIVERSES.read_text(encoding="utf-8"))["markets"][args.market]["tickers"]
    out = out[out.index.isin(list(members))]
    print("ranks within the universe:", ", ".join(out.index))
    for label, column, pick in (("best_return", "ret", "idxmax"), ("worst_return", "ret", "idxmin"),
                                ("most_volatile", "vol", "idxmax"), ("least_volatile", "vol", "idxmin"),
                                ("largest_drawdown", "max_dd", "idxmax"), ("largest_daily_gain", "best", "idxmax"),
                                ("largest_daily_fall", "worst", "idxmin")):
        print(f"{label}: {getattr(out[column].astype(float), pick)()}")


if __name__ == "__main__":
    main()
