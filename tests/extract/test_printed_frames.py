"""Printed pandas output: a DataFrame printed in a code block is a plain-text table whose rows have one cell
more than its header (the index label first), often under a line naming the index ("ticker"); returns and
drawdowns left as fractions read as the percents they are. Code is no claim, its printed cells are."""

from __future__ import annotations

from tests.extract.support import assert_shape, claims_of, facts

FRAME = """Output:

```
           open   close      ret    mdd  up  down
ticker
NVDA     180.12  191.40   0.0625  0.0412  13     8
AVGO     301.55  288.02  -0.0449  0.0918   9    12
```
"""


def test_a_printed_frame_reads_its_index_as_the_rows_subjects():
    assert_shape(FRAME, present=[("NVDA", "price_level", 180.12), ("NVDA", "price_level", 191.4),
                                 ("AVGO", "up_days", 9), ("AVGO", "down_days", 12)],
                 absent=[("NVDA", "up_days", 8), ("AVGO", "price_level", 12)])


def test_a_printed_frame_reads_fractions_under_return_and_drawdown_as_percents():
    found = {(c.ticker, c.metric, round(c.value, 4)) for c in claims_of(FRAME)}
    assert {("NVDA", "period_return", 6.25), ("AVGO", "period_return", -4.49), ("AVGO", "max_drawdown", 9.18)} <= found
    assert not {("NVDA", "period_return", 0.0625), ("AVGO", "max_drawdown", 0.0918)} & found


def test_a_frame_without_an_index_name_line():
    text = "```\n        last   chg_%\nEDP    4.512    3.25\nBCP    0.8811  -1.70\n```"
    assert_shape(text, universe="lisbon", present=[("EDP.LS", "price_level", 4.512), ("EDP.LS", "period_return", 3.25),
                                                  ("BCP.LS", "period_return", -1.7)],
                 absent=[("BCP.LS", "period_return", 0.8811)])


def test_the_code_that_prints_a_frame_is_no_claim():
    text = "```python\nout = df[[\"close\", \"ret\"]].round(4)\nprint(out.loc[\"NVDA\"] * 100 - 1.5)\n```"
    assert not facts(text)
