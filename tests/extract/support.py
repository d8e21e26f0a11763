"""Helpers the extraction tests share: the cells' months and the ways a test reads the claims of a text."""

from __future__ import annotations

from collections.abc import Iterable

from extractors import Claim, extract_claims

US_MONTH = "2026-08"
LISBON_MONTH = "2026-02"
CELL_MONTH = {"us": US_MONTH, "lisbon": LISBON_MONTH}


class _CellMonth:
    """The default month: the default cell's month of the universe the text is read in."""

    def __repr__(self) -> str:
        return "<cell month>"


CELL = _CellMonth()


def claims_of(text: str, universe: str = "us", month: str | None | _CellMonth = CELL) -> list[Claim]:
    return extract_claims(text, universe, CELL_MONTH[universe] if month is CELL else month)


def facts(text: str, universe: str = "us", month: str | None | _CellMonth = CELL) -> set[tuple]:
    """The (ticker, metric, value) triples of a text, as a set."""
    return {(c.ticker, c.metric, c.value) for c in claims_of(text, universe, month)}


def facts_in_order(text: str, universe: str = "us", month: str | None | _CellMonth = CELL) -> list[tuple]:
    """The (ticker, metric, value) triples of a text, in the order the extractor gives them."""
    return [(c.ticker, c.metric, c.value) for c in claims_of(text, universe, month)]


def only(text: str, universe: str = "us", month: str | None | _CellMonth = CELL) -> Claim:
    claims = claims_of(text, universe, month)
    assert len(claims) == 1, [c.to_dict() for c in claims]
    return claims[0]


def assert_shape(text: str, present: Iterable[tuple], absent: Iterable[tuple] = (), universe: str = "us",
                 month: str | None | _CellMonth = CELL) -> None:
    """Every `present` triple is extracted and no `absent` one is."""
    found = facts(text, universe, month)
    missing = set(present) - found
    wrong = set(absent) & found
    assert not missing and not wrong, f"missing {sorted(missing, key=str)}, wrong {sorted(wrong, key=str)}, found {sorted(found, key=str)}"
