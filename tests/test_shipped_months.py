"""Every shipped month of every market builds, validates, loads and scores as the canaries say.

US January and February 2026 ship only AMZN, TSLA and AMD (every dividend payer is adjusted in
every snapshot of the source); `data/universes.toml` declares the other seven absent, as July's
JPM and MA are, so those months build and the card lists why.
"""

from __future__ import annotations

import json

import datasets
import pytest
from typer.testing import CliRunner

from builder.dataset import CONFIGS, BuildSpec, build_dataset, read_dataset
from builder.display import shown_arm
from builder.panel import default_price_file, exchange_sessions, load_panel, read_price_csv, shipped_months, validation_problems
from builder.universes import all_universes, get_universe
from extractors.baselines import baseline_submission
from extractors.claims import Claim
from extractors.oracle import tolerance
from extractors.recall import COMMENTARY_DEV_FILE, corpora_dir
from extractors.score import score_submission
from extractors.scoring_data import from_folder, in_memory
from extractors.verify import verify
from mcb import app

SHIPPED = [(market, month) for market in all_universes() for month in shipped_months(market)]
DIVIDEND_PAYERS = ("NVDA", "GOOGL", "META", "JPM", "UNH", "AVGO", "MA")
FABRICATED_SHARE = 0.95


def test_the_shipped_months_are_the_files_in_data_prices():
    assert SHIPPED == [("us", "2026-01"), ("us", "2026-02"), ("us", "2026-07"), ("us", "2026-08"),
                       ("lisbon", "2026-01"), ("lisbon", "2026-02")]


@pytest.fixture(scope="module")
def every_month(tmp_path_factory):
    out = tmp_path_factory.mktemp("every-shipped-month")
    build_dataset(out, [BuildSpec(market, month) for market, month in SHIPPED])
    return out


@pytest.mark.parametrize(("market", "month"), SHIPPED)
def test_every_shipped_month_validates_with_only_its_declared_absences(market, month):
    universe = get_universe(market)
    real = load_panel(market, month)
    in_file = set(read_price_csv(default_price_file(universe, month))["ticker"])
    assert set(real.tickers) == set(universe.tickers) - universe.absent_tickers(month)
    assert universe.absent_tickers(month) == set(universe.tickers) - in_file
    for arm in ("real", "inverted", "damped"):  # what the prompts show obeys the same rules
        assert validation_problems(shown_arm(real, arm).bars, universe, month) == []
    assert len(real.sessions) <= len(exchange_sessions(universe, month))


@pytest.mark.parametrize("month", ["2026-01", "2026-02"])
def test_mcb_build_builds_the_us_months_whose_dividend_payers_are_absent(tmp_path, month):
    result = CliRunner().invoke(app, ["build", "--market", "us", "--month", month, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    built = read_dataset(tmp_path)
    assert len(built.cells) == 12
    assert built.true_panel("us", month).tickers == ("AMZN", "TSLA", "AMD")
    card = (tmp_path / "README.md").read_text(encoding="utf-8")
    listed = ", ".join(f"`{ticker}`" for ticker in DIVIDEND_PAYERS)
    assert f"- {listed} are absent from us {month}: dividend-adjusted for the whole month" in card


def test_every_shipped_month_builds_into_one_dataset_that_loads(every_month):
    prompts = datasets.load_dataset(str(every_month), "prompts")["test"]
    assert {(row["market"], row["month"]) for row in prompts} == set(SHIPPED)
    assert prompts.num_rows == 12 * len(SHIPPED)
    panels = datasets.load_dataset(str(every_month), "panels")["test"].to_pandas()
    for market, month in SHIPPED:
        rows = panels[(panels["market"] == market) & (panels["month"] == month)]
        assert set(zip(rows["arm"], rows["view"])) == {("real", "shown"), ("inverted", "shown"), ("damped", "shown"), ("real", "true")}
    for config in CONFIGS:
        assert datasets.load_dataset(str(every_month), config)["test"].num_rows > 0, config


def test_every_shipped_month_builds_byte_identically_twice(every_month, tmp_path):
    build_dataset(tmp_path, [BuildSpec(market, month) for market, month in SHIPPED])
    first = sorted(p.relative_to(every_month) for p in every_month.rglob("*") if p.is_file())
    assert first == sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    for relative in first:
        assert (every_month / relative).read_bytes() == (tmp_path / relative).read_bytes(), relative


@pytest.fixture(scope="module")
def baseline_claims(every_month):
    data = from_folder(every_month)
    return data, {name: score_submission(baseline_submission(name, data), data, model=name).claims
                  for name in ("faithful", "reciter", "fabricator")}


def test_faithful_is_all_supported_on_every_shipped_month(baseline_claims):
    _, claims = baseline_claims
    checkable = [c for c in claims["faithful"] if c["verdict"] != "unverifiable"]
    assert {c["cell_id"].rsplit("-", 2)[0] for c in checkable} >= {f"{m}-{mo}" for m, mo in SHIPPED}
    assert checkable and all(c["detail"] == "supported" for c in checkable)


def test_reciter_is_recited_wherever_reading_and_recall_differ_on_every_shipped_month(baseline_claims):
    data, claims = baseline_claims
    perturbed = [c for c in claims["reciter"] if "-real-" not in c["cell_id"] and c["distinguishable"]]
    assert perturbed and all(c["detail"] == "recited" for c in perturbed)
    real = [c for c in claims["reciter"] if "-real-" in c["cell_id"]]
    assert real and not any(c["distinguishable"] for c in real)
    # On the real arm the truth differs from the shown panel by rounding alone: the reciter is
    # supported, except where the source's unshown digits move a figure past its stated precision
    # (Lisbon January: BCP 0.9038 -> 0.9144 is +1.17%, shown 0.904 -> 0.914 is +1.11%).
    recited = [c for c in real if c["detail"] != "supported"]
    assert {c["detail"] for c in recited} <= {"recited"} and len(recited) < len(real) / 50
    for c in recited:
        claim = Claim(c["ticker"], c["metric"], c["value"], decimals=c["decimals"])
        assert abs(float(c["shown_value"]) - float(c["true_value"])) > tolerance(claim), c


def test_fabricator_is_almost_all_fabricated_on_every_shipped_month(baseline_claims):
    _, claims = baseline_claims
    checkable = [c for c in claims["fabricator"] if c["verdict"] != "unverifiable"]
    assert sum(c["detail"] == "fabricated" for c in checkable) / len(checkable) >= FABRICATED_SHARE


# The labelled dev corpus was written for this project and is committed with it (the same bytes as
# shared/data/commentary_dev/), so this test runs on any clone.
DEV_CORPUS = corpora_dir() / COMMENTARY_DEV_FILE
# Gold details the scorer does not reproduce, each for a stated reason (everything else must agree).
DEV_GOLD_EXCEPTIONS = {
    # The corpus gives counts no approximate band (its convention 18); the oracle allows one session.
    ("d-019", "TSLA", "up_days"): ("fabricated", "approx_supported"),
    ("d-102", "EDPR.LS", "up_days"): ("fabricated", "approx_supported"),
    # The corpus rounded SON.LS's damped 2026-01-05 close 1.6375 up to 1.638; the prompt prints 1.637
    # (the float is 1.63749999...), and the shown panel is what the prompt printed: volatility 4.68%.
    ("d-098", "SON.LS", "volatility"): ("supported", "approx_supported"),
}


def test_the_oracle_reproduces_the_labelled_dev_corpus_on_its_shipped_months():
    """data/corpora/commentary_dev: 1,734 gold claims on US 2026-07, US 2026-01 and Lisbon 2026-01, verified as given."""
    rows = [json.loads(line) for line in DEV_CORPUS.read_text(encoding="utf-8").split("\n") if line.strip()]
    months = sorted({(market, f"{year}-{month}") for market, year, month, *_ in (r["cell_id"].split("-") for r in rows)})
    assert ("us", "2026-01") in months
    data = in_memory(tuple(months))
    disagreements, checked = {}, 0
    for row in rows:
        cell = data.cells[row["cell_id"]]
        for gold in row["gold"]:
            claim = Claim.from_dict({key: value for key, value in gold.items() if key not in ("verdict", "detail")})
            detail = verify(claim, data.shown(cell), data.true(cell)).detail
            checked += 1
            if detail != gold["detail"]:
                disagreements[(row["id"], gold["ticker"], gold["metric"])] = (gold["detail"], detail)
    assert checked == 1734
    assert disagreements == DEV_GOLD_EXCEPTIONS
