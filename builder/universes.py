"""Universes: the tickers of a market, its exchange calendar, currency and company-name table."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from functools import cache

from contracts.markets import market_tables, universes_path


class UniverseError(ValueError):
    """A universe name or configuration that cannot be used."""


@dataclass(frozen=True)
class KnownGap:
    """A session the exchange held that the shipped data declares missing, with why."""

    date: date
    reason: str


@dataclass(frozen=True)
class KnownAbsence:
    """A ticker the shipped data declares absent for a whole month, with why (e.g. dividend-adjusted rows)."""

    month: str
    ticker: str
    reason: str


@dataclass(frozen=True)
class Universe:
    """One market's configuration, read from `data/universes.toml`."""

    name: str
    label: str
    exchange: str
    currency: str
    currency_symbol: str
    price_decimals: int
    default_month: str
    price_file_prefix: str
    has_open: bool
    names: dict[str, tuple[str, ...]]
    known_gaps: tuple[KnownGap, ...] = ()
    known_absences: tuple[KnownAbsence, ...] = ()
    # tickers a price file may carry beyond the universe (declared in universes.toml), read past
    extra_tickers: tuple[str, ...] = ()
    # prose in this market writes a decimal comma ("4,385" is 4.385): its prices never reach 1,000
    decimal_comma: bool = False
    # what each company is ("the search giant", "the grocer"): a descriptor that fits some companies only
    # means one of them, not whichever company was named last
    descriptors: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def tickers(self) -> tuple[str, ...]:
        return tuple(self.names)

    def aliases(self) -> dict[str, str]:
        """Every way the text may name a ticker (the ticker itself included) -> the ticker."""
        table: dict[str, str] = {}
        for ticker, names in self.names.items():
            table[ticker] = ticker
            if ticker.endswith(".LS"):
                table[ticker.removesuffix(".LS")] = ticker
            for alias in names:
                table[alias] = ticker
        return table

    def gap_dates(self) -> frozenset[date]:
        return frozenset(gap.date for gap in self.known_gaps)

    def absent_tickers(self, month: str) -> frozenset[str]:
        """Tickers declared absent for `month`: validation expects no rows for them."""
        return frozenset(absence.ticker for absence in self.known_absences if absence.month == month)


def _universe_from_table(name: str, table: dict) -> Universe:
    required = ("label", "exchange", "currency", "currency_symbol", "price_decimals", "default_month", "tickers")
    missing = [key for key in required if key not in table]
    if missing:
        raise UniverseError(f"universe {name!r}: missing field(s) {', '.join(missing)}")
    gaps = tuple(
        KnownGap(date=date.fromisoformat(str(gap["date"])), reason=str(gap["reason"]))
        for gap in table.get("known_gaps", [])
    )
    absences = tuple(
        KnownAbsence(month=str(absence["month"]), ticker=str(absence["ticker"]), reason=str(absence["reason"]))
        for absence in table.get("known_absences", [])
    )
    unknown = sorted({absence.ticker for absence in absences} - set(table["tickers"]))
    if unknown:
        raise UniverseError(f"universe {name!r}: known_absences name ticker(s) not in the universe: {', '.join(unknown)}")
    descriptors = {ticker: tuple(str(d).lower() for d in words) for ticker, words in (table.get("descriptors") or {}).items()}
    unknown = sorted(set(descriptors) - set(table["tickers"]))
    if unknown:
        raise UniverseError(f"universe {name!r}: descriptors name ticker(s) not in the universe: {', '.join(unknown)}")
    return Universe(
        name=name,
        label=table["label"],
        exchange=table["exchange"],
        currency=table["currency"],
        currency_symbol=table["currency_symbol"],
        price_decimals=int(table["price_decimals"]),
        default_month=str(table["default_month"]),
        price_file_prefix=table.get("price_file_prefix", name),
        has_open=bool(table.get("has_open", True)),
        decimal_comma=bool(table.get("decimal_comma", False)),
        names={ticker: tuple(aliases) for ticker, aliases in table["tickers"].items()},
        known_gaps=gaps,
        known_absences=absences,
        extra_tickers=tuple(str(t) for t in (table.get("extra_tickers") or {}).get("tickers", ())),
        descriptors=descriptors,
    )


@cache
def _load_universes(path) -> dict[str, Universe]:
    return {name: _universe_from_table(name, table) for name, table in market_tables(path).items()}


def all_universes() -> dict[str, Universe]:
    return dict(_load_universes(universes_path()))


def get_universe(universe: str | Universe) -> Universe:
    """Accept a universe object or its name (`"us"`, `"lisbon"`)."""
    if isinstance(universe, Universe):
        return universe
    known = _load_universes(universes_path())
    if universe not in known:
        raise UniverseError(f"unknown universe {universe!r}; known: {', '.join(sorted(known))} (see {universes_path()})")
    return known[universe]
