"""Claim extraction, the price-arithmetic oracle, verdicts and submission scoring."""

from extractors.claims import Claim
from extractors.extract import extract_claims

__all__ = ["Claim", "extract_claims"]
