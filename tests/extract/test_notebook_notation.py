"""Notebook notation: a company written as the value of an extreme key is that extreme ("argmax(r)=amzn",
"hv.idxmin() = 'JPM'", "best=galp", "btm: altr"), its measure the key's; a chain "a > b > c" orders returns,
one `outperformed` per adjacent step, unless its line names another measure. Code-like notes, not prose."""

from __future__ import annotations

from tests.extract.support import assert_shape, facts


def test_an_extreme_key_ranks_the_name_it_equals():
    assert_shape("argmax(r)=avgo  argmin(r)=nflx\nidxmax(hv) -> amd ; hv.idxmin() = 'JPM'\nmdd_max: pltr", month="2026-03",
                 present=[("AVGO", "rank", "best_return"), ("NFLX", "rank", "worst_return"), ("AMD", "rank", "most_volatile"),
                          ("JPM", "rank", "least_volatile"), ("PLTR", "rank", "largest_drawdown")],
                 absent=[("AVGO", "rank", "worst_return"), ("AMD", "rank", "best_return")])


def test_printed_pandas_extremes_rank_their_measure():
    assert_shape("rets.nlargest(1): avgo\nret.sort_values(ascending=False).index[0] → avgo\nr.sort_values().index[0] = nflx",
                 month="2026-03", present=[("AVGO", "rank", "best_return"), ("NFLX", "rank", "worst_return")],
                 absent=[("NFLX", "rank", "best_return")])


def test_bare_best_and_worst_keys_rank_returns_only():
    assert_shape("best=galp  worst: altr\nbest hv=edp", universe="lisbon", month="2026-03",
                 present=[("GALP.LS", "rank", "best_return"), ("ALTR.LS", "rank", "worst_return")],
                 absent=[("GALP.LS", "rank", "worst_return"), ("EDP.LS", "rank", "least_volatile"), ("EDP.LS", "rank", "most_volatile")])


def test_a_chain_of_names_is_one_comparison_per_step():
    found = facts("order: avgo > amd > nflx\ntsla < pltr", month="2026-03")
    assert {("AVGO", "outperformed", "AMD"), ("AMD", "outperformed", "NFLX"), ("PLTR", "outperformed", "TSLA")} <= found
    assert ("AVGO", "outperformed", "NFLX") not in found
    assert_shape("galp > nos > son   # top 3 by x", universe="lisbon", month="2026-03",
                 present=[("GALP.LS", "outperformed", "NOS.LS"), ("NOS.LS", "outperformed", "SON.LS")],
                 absent=[("SON.LS", "rank", "best_return"), ("GALP.LS", "rank", "best_return")])


def test_a_chain_of_another_measure_is_no_comparison():
    found = facts("hv: amd > avgo > jpm\nmdd order avgo > nflx", month="2026-03")
    assert not any(metric == "outperformed" for _, metric, _ in found), found


def test_a_fall_superlative_after_a_worst_day_key_ranks_the_day():
    assert_shape("- avgo: wd=-5.20% 03-12, biggest drop of the group", month="2026-03",
                 present=[("AVGO", "rank", "largest_daily_fall"), ("AVGO", "daily_move", -5.2)],
                 absent=[("AVGO", "rank", "worst_return")])
    assert_shape("- avgo: r=+5.10% → highest volatility of the three", month="2026-03",
                 present=[("AVGO", "rank", "most_volatile")], absent=[("AVGO", "rank", "best_return")])
