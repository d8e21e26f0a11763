"""Robustness of the extractor to rewrites that keep a text's meaning: the same gold, other surfaces.

A rule grown on a few voices fails on the next voice's habits: names in lowercase, "per cent" for
"%", a Unicode minus, "Shares of X" before the name, a synonym for "fell", two spaces after a full
stop. HELM calls such rewrites perturbations and reports a model's score under each. Here each
rewrite is applied to every labelled text of a corpus; the gold claims stay as they are (no rewrite
changes a figure, a name's company or a date), so every claim the extractor finds on the original
and loses on the rewrite is a construction it reads by its surface, not by what it says.

The rewrites are a registry (`REWRITES`), each with an id and a one-line description. Their word
lists are their own on purpose: drawing the synonyms from the extractor's lexicon would only test
the lexicon against itself. `data/corpora/recall_floors.toml` (`[[robustness]]`) holds how much
recall and precision a rewrite may cost; `mcb robustness --check` and the test suite fail beyond it.
Rewrites are written by hand with `re`: no library rewrites market prose this way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from builder.universes import get_universe
from extractors.recall import (FLOORS_FILE, Extract, Finding, GoldParagraph, RecallError, RecallReport, corpora_dir,
                               default_extract, measure)

Rewrite = Callable[[str, str], str]  # (text, universe name) -> text

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
# Past-tense sign verbs a writer swaps freely; one word each, so "rose on 12 days" stays English.
FALL_VERBS = ("fell", "dropped", "declined", "slid", "sank", "slumped", "dipped", "eased", "tumbled", "slipped", "retreated")
RISE_VERBS = ("rose", "gained", "climbed", "advanced", "rallied", "jumped", "surged", "firmed", "increased")

# a line that markdown or a table shapes: rewrites that split prose leave it alone
_SHAPED_LINE = re.compile(r"^\s*(?:[|#>*+-]|\d+[.)]\s|`{3})")
_PERCENT = re.compile(r"(?<=\d)\s?%")
_ASCII_MINUS = re.compile(r"(?<![\w.,])-(?=\d)")
_SENTENCE_GAP = re.compile(r"(?<=[a-z%)\d])([.!?]) (?=[A-Z])")
_MONTH_DAY = re.compile(r"\b(" + "|".join(MONTHS) + r") (?=\d{1,2}\b)")
_DOLLAR = re.compile(r"(?<![\w$])\$(?=\d)")
_EURO_BEFORE = re.compile(r"€\s?(?=\d)")
_EURO_AFTER = re.compile(r"(?<=\d) ?€")
_DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")
_FIGURE = re.compile(r"(?<![\w.,*])([+\-−]?\$?€?\d+(?:[.,]\d+)?%)(?![\w*])")
_LINES = re.compile(r"[^\n]*\n|[^\n]+")  # lines with their "\n", cut at "\n" only (not at U+2028, as splitlines would)
_SIGN_VERB = re.compile(r"\b(?i:" + "|".join(FALL_VERBS + RISE_VERBS) + r")\b")


@dataclass(frozen=True)
class RewriteSpec:
    """One meaning-preserving rewrite: `id`, what it does, and the function."""

    id: str
    description: str
    apply: Rewrite


# a company's legal suffix whose full stop belongs to the name ("Broadcom Inc.", "JPMorgan Chase & Co.")
_SUFFIX_STOP = r"(?:(?<=\bInc)|(?<=\bCorp)|(?<=\bCo)|(?<=\bLtd)|(?<=\bPlc))\."


@cache
def _name_pattern(universe: str) -> tuple[re.Pattern, re.Pattern, dict[str, str], dict[str, tuple[str, ...]]]:
    """Every spelling of the universe's table, longest first, as one pattern (and the same in any case);
    spelling -> ticker; ticker -> spellings. A spelling glued to a word, a markdown star or a dotted suffix
    is not a whole name ("Amazon.com", "**Tesla**"); a legal suffix's full stop is taken with it."""
    names = get_universe(universe).names
    ticker_of = {spelling: ticker for ticker, spellings in names.items() for spelling in spellings}
    alternatives = "|".join(re.escape(s) for s in sorted(ticker_of, key=len, reverse=True))
    pattern = re.compile(r"(?<![\w*.$])(" + alternatives + r")(?:(" + _SUFFIX_STOP + r")|(?![\w*]|\.\w| [A-Z][a-z]))")
    any_case = re.compile(r"(?:" + alternatives + r")(?!\w)", re.IGNORECASE)
    return pattern, any_case, ticker_of, {ticker: tuple(spellings) for ticker, spellings in names.items()}


def _each_name(text: str, universe: str, new: Callable[[str, str, tuple[str, ...], re.Match], str]) -> str:
    """Rewrite each whole name with `new`. A spelling that begins a longer one in another case is part of
    it ("EDP" in "EDP RENOVAVEIS") and stays. A legal suffix's full stop stays inside a rewrite that keeps
    the name ("**Broadcom Inc.**") and goes with a rewrite that replaces it ("$AVGO"), unless it also ends
    the sentence."""
    pattern, any_case, ticker_of, spellings = _name_pattern(universe)

    def rewrite(match: re.Match) -> str:
        name, stop = match.group(1), match.group(2) or ""
        longest = any_case.match(text, match.start())
        if longest and longest.end() > match.start() + len(name):
            return match.group(0)
        out = new(name, ticker_of[name], spellings[ticker_of[name]], match)
        if not stop:
            return out
        out = out.replace(name, name + stop, 1) if name in out else out
        after = text[match.end():match.end() + 2]
        ends_sentence = after[:1] in ("", "\n") or (after[:1] == " " and after[1:].isupper())
        return out + stop if ends_sentence and not out.rstrip("*_`").endswith(stop) else out

    return pattern.sub(rewrite, text)


def _other_spelling(name: str, ticker: str, spellings: tuple[str, ...], _match) -> str:
    """The next spelling the table gives the same company ("Nvidia" -> "NVIDIA", "Galp" -> "Galp Energia")."""
    index = spellings.index(name)
    return spellings[(index + 1) % len(spellings)]


def _shares_of(name: str, ticker: str, spellings, match: re.Match) -> str:
    """A name opening its sentence becomes "Shares of NAME" when a verb or a bracket follows, as newswires write."""
    text, start, end = match.string, match.start(), match.end()
    before = text[:start].rstrip(" ")
    opening = not before or before[-1] in ".!?\n"
    following = text[end:end + 3]
    if not opening or following.startswith("'") or following.startswith("’") or following[:1] in (":", ",", "|"):
        return name
    return "Shares of " + name


def _with_ticker(name: str, ticker: str, spellings, match: re.Match) -> str:
    """"Nvidia" -> "Nvidia (NVDA)", unless a bracket or a possessive already follows."""
    following = match.string[match.end():match.end() + 2]
    return name if following[:1] in ("(", "'", "’") or following == " (" else f"{name} ({ticker})"


def _name_shares(name: str, ticker: str, spellings, match: re.Match) -> str:
    """A name opening its sentence and followed by its verb becomes "NAME shares" ("Tesla shares rose");
    a name opening a list ("Tesla (TSLA), Meta and AMD") stays."""
    following = match.string[match.end():match.end() + 2]
    verb_follows = following[:1] == " " and following[1:].islower()
    return f"{name} shares" if verb_follows and _shares_of(name, ticker, spellings, match) != name else name


def _prose_lines(rewrite: Callable[[str], str]) -> Rewrite:
    """Apply `rewrite` to lines of running prose only, never to a table row, a list item or a heading."""
    def apply(text: str, universe: str) -> str:
        return "".join(line if _SHAPED_LINE.match(line) else rewrite(line) for line in _LINES.findall(text))
    return apply


def _swap_verbs(text: str, universe: str) -> str:
    """Each fall verb becomes the next fall verb, each rise verb the next rise verb, keeping a capital;
    company names are left as they are ("Advanced Micro Devices" stays)."""
    def swap(match: re.Match) -> str:
        word = match.group(0)
        group = FALL_VERBS if word.lower() in FALL_VERBS else RISE_VERBS
        other = group[(group.index(word.lower()) + 1) % len(group)]
        return other.capitalize() if word[0].isupper() else other

    pattern = _name_pattern(universe)[0]
    pieces, position = [], 0
    for match in pattern.finditer(text):
        pieces.append(_SIGN_VERB.sub(swap, text[position:match.start()]))
        pieces.append(match.group(0))
        position = match.end()
    pieces.append(_SIGN_VERB.sub(swap, text[position:]))
    return "".join(pieces)


REWRITES: dict[str, RewriteSpec] = {spec.id: spec for spec in (
    RewriteSpec("per_cent", '"14.2%" -> "14.2 per cent" (British press)', lambda t, u: _PERCENT.sub(" per cent", t)),
    RewriteSpec("percent_word", '"14.2%" -> "14.2 percent"', lambda t, u: _PERCENT.sub(" percent", t)),
    RewriteSpec("unicode_minus", 'a hyphen before a figure -> "\u2212" (U+2212)', lambda t, u: _ASCII_MINUS.sub("\u2212", t)),
    RewriteSpec("nbsp_percent", 'a no-break space before "%" ("14,2\u00a0%", French style)', lambda t, u: _PERCENT.sub("\u00a0%", t)),
    RewriteSpec("other_spelling", "each company name -> another spelling of the universe's table",
                lambda t, u: _each_name(t, u, _other_spelling)),
    RewriteSpec("ticker_symbols", 'each company name -> its ticker symbol ("Nvidia" -> "NVDA", "Galp" -> "GALP")',
                lambda t, u: _each_name(t, u, lambda name, ticker, s, m: ticker.split(".")[0])),
    RewriteSpec("name_with_ticker", 'each company name followed by its ticker in brackets ("Nvidia (NVDA)")',
                lambda t, u: _each_name(t, u, _with_ticker)),
    RewriteSpec("cashtags", 'each company name -> a cashtag ("$NVDA"), as posts on X and Reddit write',
                lambda t, u: _each_name(t, u, lambda name, ticker, s, m: "$" + ticker.split(".")[0])),
    RewriteSpec("bold_names", 'each company name in markdown bold ("**Nvidia**")',
                lambda t, u: _each_name(t, u, lambda name, ticker, s, m: f"**{name}**")),
    RewriteSpec("lowercase_names", 'each company name in lowercase ("nvidia", "galp"), as forum posts write',
                lambda t, u: _each_name(t, u, lambda name, ticker, s, m: name.lower())),
    RewriteSpec("shares_of", 'a name opening its sentence -> "Shares of NAME"', lambda t, u: _each_name(t, u, _shares_of)),
    RewriteSpec("name_shares", 'a name opening its sentence -> "NAME shares"', lambda t, u: _each_name(t, u, _name_shares)),
    RewriteSpec("bold_figures", 'each percentage in markdown bold ("**+14.2%**")', lambda t, u: _FIGURE.sub(r"**\1**", t)),
    RewriteSpec("decimal_commas", 'in a universe that writes decimal commas, "14.2%" -> "14,2%" and "€4.70" -> "€4,70"',
                lambda t, u: _DECIMAL_POINT.sub(",", t) if get_universe(u).decimal_comma else t),
    RewriteSpec("sign_synonyms", 'each fall or rise verb -> a synonym ("fell" -> "dropped", "rose" -> "gained")', _swap_verbs),
    RewriteSpec("month_abbreviations", '"August 5" -> "Aug. 5" (AP style)',
                lambda t, u: _MONTH_DAY.sub(lambda m: m.group(1)[:3] + ". ", t)),
    RewriteSpec("dollar_code", '"$367.95" -> "US$367.95"', lambda t, u: _DOLLAR.sub("US$", t)),
    RewriteSpec("euro_code", '"€14.63" / "14,63 €" -> "EUR 14.63" / "14,63 EUR"',
                lambda t, u: _EURO_AFTER.sub(" EUR", _EURO_BEFORE.sub("EUR ", t))),
    RewriteSpec("double_spaces", "two spaces after each full stop in prose", _prose_lines(lambda line: _SENTENCE_GAP.sub(r"\1  ", line))),
    RewriteSpec("line_per_sentence", "each prose sentence on a line of its own", _prose_lines(lambda line: _SENTENCE_GAP.sub("\\1\n", line))),
    RewriteSpec("crlf", "Windows line endings", lambda t, u: t.replace("\r\n", "\n").replace("\n", "\r\n")),
)}


def rewrite_spec(rewrite_id: str) -> RewriteSpec:
    try:
        return REWRITES[rewrite_id]
    except KeyError:
        raise RecallError(f"unknown rewrite {rewrite_id!r}; known: {', '.join(REWRITES)}") from None


@dataclass(frozen=True)
class Totals:
    gold: int
    found: int
    extracted: int
    correct: int

    @property
    def recall(self) -> float:
        return self.found / self.gold if self.gold else 1.0

    @property
    def precision(self) -> float:
        return self.correct / self.extracted if self.extracted else 1.0


def totals(report: RecallReport) -> Totals:
    tallies = report.tallies.values()
    return Totals(sum(t.gold for t in tallies), sum(t.found for t in tallies), sum(t.extracted for t in tallies),
                  sum(t.correct for t in tallies))


@dataclass(frozen=True)
class RewriteResult:
    """One rewrite over a set of paragraphs: totals before and after, how many texts it changed, and the
    findings the rewrite added (a claim found on the original and missed on the rewrite, a new false claim)."""

    rewrite: str
    split: str
    changed: int
    before: Totals
    after: Totals
    added: tuple[Finding, ...]

    @property
    def recall_drop(self) -> float:
        return self.before.recall - self.after.recall

    @property
    def precision_drop(self) -> float:
        return self.before.precision - self.after.precision

    def row(self) -> dict:
        return {"rewrite": self.rewrite, "split": self.split, "changed": self.changed, "gold": self.after.gold,
                "found_before": self.before.found, "found": self.after.found,
                "recall_before": round(self.before.recall, 4), "recall": round(self.after.recall, 4),
                "precision_before": round(self.before.precision, 4), "precision": round(self.after.precision, 4)}


def _finding_key(finding: Finding) -> tuple:
    claim = finding.claim
    return finding.kind, finding.paragraph, claim.get("ticker"), claim["metric"], repr(claim.get("value"))


def measure_rewrites(paragraphs: Iterable[GoldParagraph], split: str, rewrites: Iterable[str] | None = None,
                     extract: Extract = default_extract) -> list[RewriteResult]:
    """Measure the split as written, then once under each rewrite (default: every rewrite)."""
    chosen = [rewrite_spec(r) for r in (rewrites or REWRITES)]
    original = [p for p in paragraphs if p.split == split]
    base = measure(original, split, extract)
    seen = {_finding_key(f) for _, f in base.findings}
    results = []
    for spec in chosen:
        rewritten = [replace(p, text=spec.apply(p.text, p.universe)) for p in original]
        changed = sum(1 for a, b in zip(original, rewritten) if a.text != b.text)
        report = measure(rewritten, split, extract)
        added = tuple(f for _, f in report.findings if _finding_key(f) not in seen)
        results.append(RewriteResult(spec.id, split, changed, totals(base), totals(report), added))
    return results


@dataclass(frozen=True)
class RobustnessFloor:
    """How much recall and precision (fractions) a rewrite (`*`: each rewrite) may cost on a split."""

    rewrite: str
    split: str
    max_recall_drop: float
    max_precision_drop: float


def read_robustness_floors(path: Path | None = None) -> list[RobustnessFloor]:
    """The `[[robustness]]` entries of the floors file (beside the corpora's `[[floor]]` entries)."""
    import tomllib

    path = path or corpora_dir() / FLOORS_FILE
    with path.open("rb") as handle:
        table = tomllib.load(handle)
    where = str(path)
    floors = []
    for index, entry in enumerate(table.get("robustness", [])):
        try:
            floor = RobustnessFloor(entry.get("rewrite", "*"), entry["split"], float(entry["max_recall_drop"]),
                                    float(entry["max_precision_drop"]))
        except KeyError as error:
            raise RecallError(f"{where}: robustness floor {index} lacks {error}") from error
        if floor.rewrite != "*":
            rewrite_spec(floor.rewrite)
        floors.append(floor)
    return floors


def beyond_floors(results: Iterable[RewriteResult], floors: Iterable[RobustnessFloor]) -> list[str]:
    """Every rewrite that costs more than its floor allows, as a line with the figures."""
    out = []
    floors = list(floors)
    for result in results:
        # a floor naming the rewrite wins over the `*` floor
        own = [f for f in floors if f.split == result.split and f.rewrite == result.rewrite]
        pooled = [f for f in floors if f.split == result.split and f.rewrite == "*"]
        for floor in own or pooled:
            if result.recall_drop > floor.max_recall_drop + 1e-9 or result.precision_drop > floor.max_precision_drop + 1e-9:
                out.append(f"{result.rewrite} ({result.split}): recall {result.before.recall:.3f} -> {result.after.recall:.3f} "
                           f"(may fall {floor.max_recall_drop:.3f}), precision {result.before.precision:.3f} -> "
                           f"{result.after.precision:.3f} (may fall {floor.max_precision_drop:.3f})")
    return out
