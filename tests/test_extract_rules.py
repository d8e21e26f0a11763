"""Every rule's own examples, from the rule files: a rule is data with ids and examples, and this one
parametrised test runs them all (adding a construction is adding entries, and the entries test themselves)."""

from __future__ import annotations

import pytest

from extractors import extract_claims
from extractors.rulebook import LABELS, RANK_PREFIX, RuleError, load_rulebook, rulebook

DEFAULT_MONTHS = {"us": "2026-08", "lisbon": "2026-02"}
# Labels whose rules shape a claim without being named on it: they drop a figure, bound a clause, or
# name a subject whose rule the claim records instead.
SILENT_LABELS = frozenset({
    "OTHER_PERIOD", "SUB_PERIOD", "FORECAST", "OTHER_QUANTITY", "SPREAD", "SPREAD_BY", "SHARE_OF", "GROUP_FIGURE",
    "PERCENT_RANGE", "ABOVE_LOW", "COUNT_SHARE", "CLAUSE", "OBJECT_LEAD", "PERFORMER", "PLURAL_PERFORMER", "MARKET",
    "NOT_SUBJECT", "TEMPORAL", "SPAN", "MONTH", "YEAR", "PASSIVE_BY", "QUANTIFIER", "RESPECTIVELY", "WITHIN_PERIOD",
    "PAST_MODAL", "THRESHOLD", "ARITHMETIC", "SPEAKER", "CONTRIBUTION", "REPORT_PERIOD",
})
EXAMPLES = rulebook().all_examples()


def _facts(claims) -> set[tuple]:
    return {(c.ticker or "", c.metric, c.value) for c in claims}


def _norm(claim: tuple) -> tuple:
    ticker, metric, value = claim
    return (ticker or "", metric, value)


@pytest.mark.parametrize(("rule_id", "example"), EXAMPLES, ids=[f"{rule}:{ex.text[:40]}" for rule, ex in EXAMPLES])
def test_every_rule_reads_its_examples(rule_id, example):
    month = example.month if example.month is not None else DEFAULT_MONTHS[example.universe]
    claims = extract_claims(example.text, example.universe, month or None)
    found = _facts(claims)
    expected = {_norm(c) for c in example.claims}
    assert expected <= found, f"{rule_id}: missing {sorted(expected - found)}; got {sorted(found)}"
    assert not ({_norm(c) for c in example.absent} & found), f"{rule_id}: should not give {sorted({_norm(c) for c in example.absent} & found)}"


def test_examples_cover_the_rule_files():
    """Most rules carry examples; the count is a floor, so rules do not lose them unnoticed."""
    with_examples = {rule for rule, _ in EXAMPLES}
    assert len(with_examples) >= 60
    assert len(EXAMPLES) >= 100


_LABEL_OF = {rule.id: rule.label for rule in rulebook().cues}
_DROPS = {row.id for row in rulebook().attach if row.slot == "drop"}
NAMED = [(rule, ex) for rule, ex in EXAMPLES if ex.claims and _LABEL_OF.get(rule) not in SILENT_LABELS and rule not in _DROPS]


@pytest.mark.parametrize(("rule_id", "example"), NAMED, ids=[f"{rule}:{ex.text[:40]}" for rule, ex in NAMED])
def test_a_rule_that_makes_claims_is_named_on_them(rule_id, example):
    month = example.month if example.month is not None else DEFAULT_MONTHS[example.universe]
    claims = extract_claims(example.text, example.universe, month or None)
    assert any(rule_id in claim.rules for claim in claims), f"{rule_id} is on none of {[c.rules for c in claims]}"


def test_every_claim_names_its_rules():
    claims = extract_claims("Nvidia fell 8.2% in August to close at $189.77, the worst in the group.", "us", "2026-08")
    assert claims and all(claim.rules for claim in claims)
    assert all(any(rule.startswith("subject.") for rule in claim.rules) for claim in claims)


def test_rule_files_are_checked_when_loaded(tmp_path):
    from extractors.rulebook import RULE_FILES, RULES_DIR

    for name in RULE_FILES:
        (tmp_path / name).write_text((RULES_DIR / name).read_text(encoding="utf-8"), encoding="utf-8")
    cues = (tmp_path / "cues.toml").read_text(encoding="utf-8")
    (tmp_path / "cues.toml").write_text(cues + '\n[[cue]]\nid = "sign.down"\nlabel = "DOWN"\nphrases = ["x"]\n', encoding="utf-8")
    with pytest.raises(RuleError, match="'sign.down' is used twice"):
        load_rulebook(tmp_path)
    (tmp_path / "cues.toml").write_text(cues + '\n[[cue]]\nid = "x.y"\nlabel = "NOPE"\nphrases = ["x"]\n', encoding="utf-8")
    with pytest.raises(RuleError, match="unknown label 'NOPE'"):
        load_rulebook(tmp_path)
    (tmp_path / "cues.toml").write_text(cues + '\n[[cue]]\nid = "x.z"\nlabel = "UP"\nphrases = ["@no_such_list"]\n', encoding="utf-8")
    with pytest.raises(RuleError, match="unknown lexicon list '@no_such_list'"):
        load_rulebook(tmp_path)


def test_every_label_a_rule_uses_is_declared():
    book = rulebook()
    for rule in book.cues:
        assert rule.label in LABELS or rule.label.startswith(RANK_PREFIX), rule.id


def test_every_word_list_the_code_names_is_in_the_lexicon():
    """The Python modules read word lists by name (`words("...")`, `lexicon["..."]`); a misspelt name
    must fail here, not read as an empty list at run time."""
    import re
    from pathlib import Path

    import extractors

    named = set()
    for path in Path(extractors.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        named |= set(re.findall(r'words\("([a-z_]+)"', text))
        named |= set(re.findall(r'lexicon(?:\.get\(|\[)"([a-z_]+)"', text))
    assert named, "no word-list references found: the pattern no longer matches the code"
    missing = sorted(named - set(rulebook().lexicon))
    assert not missing, f"lists named in code but absent from lexicon.toml: {missing}"
    with pytest.raises(RuleError, match="no list 'no_such_list'"):
        rulebook().words("no_such_list")
