"""The seed's reference figures (shared/seeds/market-claim-bench.txt), in one place."""

NVDA_FIRST_EIGHT_SESSIONS = (
    "2026-08-03", "2026-08-04", "2026-08-05", "2026-08-06",
    "2026-08-07", "2026-08-10", "2026-08-11", "2026-08-12",
)
NVDA_TRUE_FIRST_EIGHT = (206.64, 211.94, 219.22, 218.99, 223.96, 217.55, 217.50, 224.09)
NVDA_INVERTED_FIRST_EIGHT = (206.64, 201.34, 194.42, 194.63, 190.21, 195.66, 195.70, 189.77)
NVDA_EIGHT_RETURN_TRUE = 8.44
NVDA_EIGHT_RETURN_INVERTED = -8.16
NVDA_EIGHT_VOLATILITY = 0.3611  # annualised, as a fraction, identical on both panels

# Whole-month (August 2026) returns in percent: (true, inverted).
MONTH_RETURNS_TRUE_VS_INVERTED = {
    "NVDA": (6.84, -7.93),
    "GOOGL": (-9.15, 9.52),
    "META": (-3.03, 2.46),
    "AMZN": (-8.54, 8.70),
    "JPM": (0.96, -1.09),
}
