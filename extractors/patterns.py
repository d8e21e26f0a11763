"""Cue vocabulary: the words and phrases that decide what a figure means.

Token patterns (spaCy Matcher) for superlatives, causal clauses and refusals; regular expressions
over a figure's immediate neighbourhood for its metric and sign. Adding a phrasing is adding a
string here.
"""

from __future__ import annotations

import calendar
import re

BIG = ["largest", "biggest", "worst", "best", "sharpest", "steepest", "strongest", "heaviest", "deepest", "greatest", "steepest", "most"]
DAY_PHRASES = ["single-day", "single day", "one-day", "one day", "single-session", "single session", "daily", "trading day",
               "session", "day", "intraday", "1-day", "one-session", "single trading day", "day's"]
SINGLE_DAYS = ["session", "day", "single day", "single session", "single-day", "single-session", "trading day", "one-day"]
# Terse appositive ranks in wire copy: "BCP -8.2%, worst, ..." / "NOS +10.2%, best." (the comma and
# the closing punctuation or "in the group" make the bare word a rank, not an adjective).
_APPOSITIVE_ENDS = [",", ".", ";", "in the group", "of the group", "in the pack", "of the ten", "on the board"]
# the bare words a terse appositive ranks with: "Tesla +9.2%, tops;", "NOS -5.8%, last, to EUR 4.58"
_APPOSITIVE_BEST = ("best", "strongest", "top", "tops", "leading", "no. 1")
_APPOSITIVE_WORST = ("worst", "weakest", "last")
# whose one-day extreme ranks across the group: "the biggest one-day drop", "the group's biggest one-day drop"
_DAILY_RANK_HEADS = ("the", "the group's", "the month's")
# a rank named through the month or group: "the month's laggard", "the group's leader", "the group's best,"
# (a bare adjective only before a clause end: "the month's worst session" is a day, not a rank)
_RANK_HEADS = ("month's", "month’s", "group's", "group’s", "period's", "period’s")
_RANK_HEAD_ENDS = (",", ".", ";")
# a lead that names the window: "Meta +2.8% led the first ten sessions"
_WINDOW_LEADS = ("first", "last", "final", "opening", "closing", "month")
FALL_WORDS = ["fall", "drop", "decline", "loss", "slide", "selloff", "sell-off", "plunge", "slump", "retreat", "faller", "decliner", "move", "down"]
GAIN_WORDS = ["gain", "rise", "jump", "advance", "rally", "increase", "surge", "gainer", "pop", "up"]
FALL_ONLY = [word for word in FALL_WORDS if word not in ("move",)]
FALL_ONLY += ["falls", "drops", "declines", "losses"]
GAIN_WORDS += ["gains", "rises", "jumps", "advances"]


def word_alternation(words: str) -> str:
    """`fell|fall|falls` as the same alternation factored by shared prefixes, `f(?:ell|all(?:|s))`.

    Alternatives with different first characters never match at the same place, and those sharing
    one keep their order, so the factored pattern matches exactly what the plain one does; `re`
    then tests one character per branch instead of trying every word at every word boundary.
    """
    listed = words.split("|")
    if any(not re.fullmatch(r"[\w' -]+", word) for word in listed):
        raise ValueError("word_alternation takes literal words")

    def factor(suffixes: list[str]) -> str:
        groups: dict[str, list[str]] = {}
        for suffix in suffixes:
            groups.setdefault(suffix[:1], []).append(suffix[1:])
        branches = []
        for head, rest in groups.items():
            if head == "":
                branches.append("")
            elif len(rest) == 1:
                branches.append(re.escape(head + rest[0]))
            else:
                branches.append(re.escape(head) + "(?:" + factor(rest) + ")")
        return "|".join(branches)

    return factor(listed)


def _phrase(text: str) -> list[dict]:
    """`led the pack` -> one LOWER token pattern per word (hyphens split as the tokenizer does)."""
    tokens = re.findall(r"[\w'’]+|[-,.;]", text.lower())
    return [{"LOWER": token} for token in tokens]


def _phrases(*texts: str) -> list[list[dict]]:
    return [_phrase(text) for text in texts]


# Superlatives: each rank's phrases. A figure in the same sentence is a second claim, not a rival.
RANK_PATTERNS: dict[str, list[list[dict]]] = {
    "best_return": _phrases(
        "led the pack", "led the group", "led the field", "led the way", "led the universe", "led the market",
        "leading the pack", "leading the group", "led gains", "leading gains", "led the gainers", "top performer",
        "best performer", "best-performing", "best performing", "strongest performer", "strongest performance",
        "biggest gainer", "top gainer", "best return", "highest return", "strongest return", "topped the table",
        "topped the group", "topped the list", "topped the leaderboard", "came out on top", "best of the group",
        "outperformed the rest", "outperformed its peers", "outperformed the group", "outperformed all",
        "outperformed every", "the standout performer", "the clear winner", "the biggest winner", "led all",
        "strongest of the", "strongest name", "strongest stock", "best showing", "top spot", "the leader",
        *(f", {word} {end}" for word in _APPOSITIVE_BEST for end in _APPOSITIVE_ENDS),
        *(f"led the {window}" for window in _WINDOW_LEADS), "the best in", *(f"the best {end}" for end in (".", ";")),
        "the only gainer", "the only riser", "the sole gainer", "the sole riser", "the only stock up",
        *(f"the {head} leader" for head in _RANK_HEADS),
        *(f"the {head} {word}{end}" for head in _RANK_HEADS for word in ("best", "strongest") for end in _RANK_HEAD_ENDS),
    ),
    "worst_return": _phrases(
        "worst performer", "worst-performing", "worst performing", "weakest performer", "weakest performance",
        "the weakest", "was weakest", "biggest loser", "biggest decliner", "the laggard", "biggest laggard",
        "the main laggard", "lagged the rest", "lagged the pack", "lagged the group", "lagged the field",
        "trailed the pack", "trailed the group", "trailed the rest", "bottom of the pack", "bottom of the table",
        "bottom of the group", "worst return", "lowest return", "underperformed the rest", "underperformed its peers",
        "underperformed the group", "brought up the rear", "the biggest drag", "worst of the group", "the worst",
        "weakest name", "weakest stock", "the heaviest loss", "the steepest loss", "the largest loss", "the biggest loss",
        *(f", {word} {end}" for word in _APPOSITIVE_WORST for end in _APPOSITIVE_ENDS),
        *(f"{verb} {end}" for verb in ("trailed", "lagged") for end in (".", ";")),
        "the only loser", "the only decliner", "the sole loser", "the sole decliner", "the only faller",
        *(f"the {head} laggard" for head in _RANK_HEADS),
        *(f"the {head} {word}{end}" for head in _RANK_HEADS for word in ("weakest", "worst") for end in _RANK_HEAD_ENDS),
    ),
    "most_volatile": _phrases(
        "most volatile", "stood out for its volatility", "highest volatility", "the choppiest", "wildest swings",
        "most turbulent", "largest swings", "biggest swings", "most erratic",
    ),
    "least_volatile": _phrases(
        "least volatile", "lowest volatility", "the steadiest", "most stable", "the calmest", "smallest swings",
        "least turbulent", "most defensive",
    ),
    "largest_drawdown": _phrases(
        "largest drawdown", "deepest drawdown", "biggest drawdown", "steepest drawdown", "worst drawdown",
        "largest peak-to-trough", "deepest peak-to-trough", "largest peak to trough", "biggest peak-to-trough",
    ),
    # "the" (not "its") makes a one-day extreme a ranking across the group: "NVDA had the largest one-day drop";
    # "the worst session", "the best single day" rank the day (the longer cue wins over "the worst" alone).
    "largest_daily_gain": _phrases(
        *(f"{head} {big} {day} {word}" for head in _DAILY_RANK_HEADS for big in BIG for day in DAY_PHRASES for word in GAIN_WORDS),
        *(f"the {big} {day}" for big in ("best", "strongest") for day in SINGLE_DAYS),
        *(f"led the daily {word}" for word in ("gainers", "risers", "advancers")),
    ),
    "largest_daily_fall": _phrases(
        *(f"{head} {big} {day} {word}" for head in _DAILY_RANK_HEADS for big in BIG for day in DAY_PHRASES for word in FALL_ONLY),
        *(f"the {big} {day}" for big in ("worst", "weakest") for day in SINGLE_DAYS),
        *(f"led the daily {word}" for word in ("losers", "fallers", "decliners")),
    ),
}

CAUSAL_PATTERNS: list[list[dict]] = _phrases(
    "on fears", "on fear", "on concerns", "on worries", "on hopes", "on optimism", "on news", "on reports",
    "on the back of", "on expectations", "on speculation", "on strong", "on weak", "on disappointing",
    "amid", "due to", "driven by", "because of", "because", "thanks to", "fueled by", "fuelled by",
    "as a result of", "owing to", "weighed down by", "weighed on by", "boosted by", "helped by", "hit by",
    "pressured by", "dragged down by", "dragged by", "supported by", "lifted by", "in response to", "spurred by",
    "triggered by", "after reporting", "after earnings", "after the company", "following its", "following the",
    "following news", "following reports", "as investors", "as traders", "as markets", "as the market",
    "on the news", "after news", "after reports", "after a", "after an", "after its", "after announcing",
    "as reports emerged", "as reports", "tied to", "on news of", "weighed down by",
    "after the",
    *(f"after {word}" for word in ("disappointing", "strong", "weak", "upbeat", "better-than-expected", "worse-than-expected",
                                   "announcing", "posting", "reporting", "missing", "beating")),
) + [[{"LOWER": "on"}, {"LOWER": {"IN": ["rising", "falling", "higher", "lower", "renewed", "mounting", "easing", "solid", "robust", "upbeat"]}}]]

# A sector or industry group as a subject ("the SaaS sector rallied 2.9%", "the Chips/Compute group fell"):
# its figures carry no ticker. As an object ("led the chip sector", "among the group") it is not a subject.
# no leading \b, so that `re` skips to candidate first letters at C speed; the head check supplies the boundary
# Sector words, found with str.find (cheaper than a regex scan over every text); "group"/"space" need a
# capitalised head ("the Chips/Compute group"), so that "led the group" stays a rank phrase.
SECTOR_WORDS = ("sector", "industry", "complex", "cohort", "basket")
GROUP_WORDS = ("group", "space")
# what precedes a sector word in a subject: "the" and up to two words; for "group"/"space" capitalised ones
SECTOR_HEAD_RE = re.compile(r"\bthe\s+(?:[\w/&-]+\s+){0,2}(?:sub-?)?$")
GROUP_HEAD_RE = re.compile(r"\bthe\s+(?:[A-Z][\w/&-]*\s+){1,3}$")
SECTOR_OBJECT_LEAD_RE = re.compile(
    r"\b(?:led|leading|lead|leads|outpac\w*|outperform\w*|beat|beating|topped|among|across|of|within|than|from|in|to|into)\s*$"
)
# "a collective 12.3% gain", "an average 2% rise": a group's figure, not the subject's.
GROUP_FIGURE_LEAD_RE = re.compile(r"\b(?:collective|combined|aggregate|average)\s*$")
# A bare upper-case symbol no table knows, as a subject: "XYZ is in a 12% drawdown", "XYZ's shares rose",
# "Acme (XYZ) ...". Common acronyms and sector ETFs are not tickers.
_SUBJECT_VERBS = (
    "stock|shares|is|was|has|had|rose|fell|gained|lost|jumped|dropped|climbed|slid|sank|closed|ended|finished|traded|"
    "surged|soared|declined|advanced|added|shed|tumbled|plunged|rallied|goes|went|needs|remains|faces"
)
# A bare symbol opens its sentence ("QRVX is in a drawdown", "QRVX's shares rose", "QRVX stock ...") or stands
# in brackets after a company's name ("Acme Widgets (ACMW)").
BARE_SUBJECT_RE = re.compile(
    rf"[\s*#>•-]*(?P<sym>[A-Z]{{2,5}})(?:(?:'s|’s)\b|\s+(?:{word_alternation(_SUBJECT_VERBS)})\b)"
)
BARE_BRACKETED_RE = re.compile(r"\((?P<sym>[A-Z]{2,5})\)")
NOT_SYMBOLS = frozenset(
    "AI CEO CFO CTO COO GDP CPI PPI PCE ETF ETFS EPS IPO FY USD EUR GBP JPY US USA UK EU SEC FOMC FED NYSE OK API GBM "
    "YTD ATH RSI MACD SMA EMA VWAP ESG HBM DRAM NAND GPU GPUS CPU TPU LLM LLMS AGI IT TV PC EV EVS ROE ROI PE FX OTC "
    "ADR ADRS EBIT EBITDA DOW SPX VIX THE AND FOR BUT NOT YES NO BUY SELL HOLD NOTE WTI OPEC LNG EIA IEA ECB BOJ BOE "
    "PMI ISM NFP GAAP BTC ETH OPEX CAPEX SAAS AWS NOTE TL DR TLDR ATR OBV ADX BB MA ALL NEW Q".split()
)
ETF_SYMBOL_RE = re.compile(r"^(?:XL[A-Z]|SMH|SOXX|IWM|DIA|TLT|GLD|SLV|USO|ARKK|VOO|VTI|HYG|LQD|EEM|EFA|KRE|XBI|IBB|KWEB|FXI|TQQQ|SQQQ|UVXY|IGV|XOP|XME|XRT|VGT)$")

# "23% iPhone revenue growth", "a 40% probability": a figure about something other than the price.
NOT_PRICE_FIGURE_TAIL_RE = re.compile(
    r"^\s*(?!(?:gain|rise|drop|fall|decline|loss|jump|rally|increase|surge|slide|move|return)\b)(?:[a-z]+\s+)?"
    r"(?:revenue|sales|earnings|eps|margins?|growth|yield|stake|probability|chance|odds|market share)\b"
)
# A figure with its own span of days or weeks ("-27% over 6 weeks") is no single session's move.
SPAN_AFTER_RE = re.compile(r"^\s*(?:over|in|across)\s+(?:the\s+)?(?:past\s+|last\s+|prior\s+)?\d+\s+(?:trading\s+)?(?:days|sessions|weeks|months)\b")
# "a $0.70 dividend", "a $279 target": money that is no price of the stock.
NOT_PRICE_TAIL_RE = re.compile(r"^\s*(?:per share\s+)?(?:dividend|payout|target|price target|valuation|market cap|buyback|billion|million)\b")
# "a 12.6% drawdown from its 52-week high", "fallen 63% from 52-week highs": a drawdown, whatever horizon it names.
DRAWDOWN_AFTER_RE = re.compile(r"^\s*(?:draw-?down|(?:decline|drop|fall|slide)?\s*(?:from|off|below) (?:(?:its|the|a|their) )?(?:[\w-]+ )?(?:peak|high|top|best)s?\b)")
TRADED_AT_RE = re.compile(r"\b(?:trad\w*|clos\w*|priced|quoted|changing hands)\s+(?:at|around|near|for)\s*[~≈]?\s*$")
# A sentence without a name that says "the stock" / "the shares" continues the previous sentence's ticker.
CARRIED_SUBJECT_RE = re.compile(r"\b(?:the stock|the shares|its shares|its stock|the ticker's|the ticker’s)\b")

# "after a low of ..." / "after an intraday high": the cue dates a level, it gives no cause.
TEMPORAL_AFTER_RE = re.compile(
    r"^\s*(?:[\w-]+(?:'s|’s)\s+)?(?:(?:brief|short|fresh|new|intraday|early|late|monthly|session)\s+)?(?:low|lows|high|highs|peak|trough|bottom|top|dip to|close|open)\b"
    r"|^\s*[a-z-]+\s+(?:(?:down|up|back)\s+)?to\s+(?:[$€]|eur\s|us\$\s?)?\d"
    r"|^\s*(?:[\w-]+(?:'s|’s)\s+)?(?:(?:strong|sharp|steep|brief|modest|solid|big)\s+)?[-+]?\d[\d.,]*\s*(?:%|per\s?cent|percent|pc)\s+(?:rally|rise|gain|run|climb|jump|drop|fall|decline|slide|selloff|sell-off)"
)
# "after the" gives a cause only before a possessive or a news noun ("after the chipmaker's guidance disappointed",
# "after the earnings report"); "after the close", "after the 14th", "after the first week" only date the move.
AFTER_THE_CAUSE_RE = re.compile(
    r"^\s*(?:[\w-]+(?:'s|’s)\s|(?:[\w-]+\s+){0,2}(?:results|report|earnings|guidance|outlook|forecast|announcement|news|"
    r"downgrade|upgrade|deal|acquisition|merger|ruling|verdict|decision|launch|miss|beat|update|release|data|filing|recall|probe)\b)"
)
# "fell from 4.465 to 4.330, hitting its low on the 30th": no figure after the cue, so the path's end is meant.
EXTREME_AFTER_PATH_RE = re.compile(
    r"^\s*,?\s*(?:hitting|marking|setting|touching|reaching|at|which was|its)\s+(?:its|the|a)\s+(?:(?:monthly|month's|session|period)\s+)?"
    r"(?:(?P<low>low|lowest|bottom|trough)|(?P<high>high|highest|peak|top))\b(?!\s+of\b)(?=\s*(?:on\b|in\b|,|\.|;|$))"
)

# "ended at 244.98, its best close of the stretch", "down to 0.916 on the 13th, its lowest close": the level is
# also the window's extreme.
LEVEL_EXTREME_AFTER_RE = re.compile(
    r"^\s*(?:on\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s*)?,\s*(?:its|the)\s+(?:(?:monthly|month's|period's|new)\s+)?"
    r"(?:(?P<low>lowest|low|bottom|trough)|(?P<high>highest|best|high|peak|top))\s*(?:close|closing level|level|finish)?"
    r"(?=\s*(?:of\b|on\b|in\b|for\b|,|\.|;|$))"
    # "…, the highest in the group" ranks the stock among its peers; it says nothing of the window's range.
    r"(?!\s*(?:in|of|among)\s+(?:the\s+)?(?:group|pack|ten|names|stocks|sector|universe|lot|bunch)\b)"
)
# "volatility of 38%, the highest in the group", "a 12.5% drawdown, the highest of the ten": after a figure's clause,
# the group's extreme ranks the figure's family (FIGURE_RANKS); "the lowest since May" is no rank.
GROUP_EXTREME_AFTER_RE = re.compile(
    r"^[^,;.]{0,30},\s*the\s+(?:(?P<high>highest)|(?P<low>lowest))\s+"
    r"(?:in|of|among|across)\s+(?:the|all|its)\s+(?:[\w-]+\s+)?(?:group|pack|field|universe|ten|names|stocks|peers|basket)\b"
)
# a figure's family -> its rank for the group's highest and lowest (None: that extreme ranks nothing)
FIGURE_RANKS = {
    "volatility": ("most_volatile", "least_volatile"),
    "return": ("best_return", "worst_return"),
    "drawdown": ("largest_drawdown", None),
}
# "ended at its low, 4.495", "finished on its high of 1.670": the extreme is also the window's last close.
ENDED_AT_EXTREME_RE = re.compile(
    r"\b(?:ended|finished|closed|settled|ending|finishing|closing)\s+(?:the\s+(?:month|period|window|session)\s+)?"
    r"(?:at|on|near)\s+(?:its|a|the)\s+(?:[\w'-]+\s+)?(?:low|lowest|high|highest|peak|bottom|top)\b[^.;]*$"
)
# "ended the month 4.4% higher at $409.50", "finished August up 3% at 21.93": a level after the month's close,
# though a figure stands between the verb and "at".
ENDED_PERIOD_AT_RE = re.compile(
    r"\b(?:ended|finished|closed|settled|ending|finishing|closing)\s+(?:the\s+(?:month|period|window)|january|february|march|"
    r"april|may|june|july|august|september|october|november|december)\b(?:(?!\b(?:after|before|having|while|when)\b)[^,;:])*\bat\s*[~≈]?\s*(?:about|around|roughly|near)?\s*$"
)
# "ranged from 448.23 to 584.84": a range, though "from" opens it.
RANGED_FROM_RE = re.compile(r"\brang(?:ed|ing|es)\s+from\s*[~≈]?\s*$")
# "climbed from 4.40 to 4.85 in ten sessions": a span after a figure, not a count of up sessions.
FIGURE_BEFORE_RE = re.compile(r"[\d%€$]\s*$")

REFUSAL_PATTERNS: list[list[dict]] = _phrases(
    "cannot be determined", "can't be determined", "can not be determined", "cannot determine", "can't determine",
    "cannot be identified", "cannot identify", "can't identify", "cannot be calculated", "cannot calculate",
    "cannot be computed", "cannot say", "can't say", "not possible to determine", "not possible to identify",
    "not possible to say", "impossible to determine", "impossible to say", "impossible to identify",
    "unable to determine", "unable to identify", "unable to say", "unable to provide", "not able to determine",
    "does not include", "doesn't include", "do not include", "don't include", "not included", "is not provided",
    "are not provided", "were not provided", "was not provided", "not available", "no daily data", "no daily prices",
    "no price data", "no intraday", "without daily", "without the daily", "without intraday", "not enough information",
    "not enough data", "insufficient data", "insufficient information", "would require daily", "would require the daily",
    "would need daily", "only includes", "only include", "only contains", "only provides", "only gives",
    "i do not have", "i don't have", "we do not have", "we don't have", "no prices were", "not given",
    "cannot comment", "can't comment", "cannot state", "can't state", "unknown from the data",
)
# the same phrases with a typographic apostrophe ("don’t"), which the tokenizer keeps apart from "'"
REFUSAL_PATTERNS += [[{"LOWER": token["LOWER"].replace("'", "\u2019")} for token in pattern]
                     for pattern in REFUSAL_PATTERNS if any("'" in token["LOWER"] for token in pattern)]

_DOWN = (
    r"fell|fall|fallen|falls|falling|dropped|drop|drops|dropping|declined|decline|declines|declining|lost|lose|loses|losing|"
    r"loss|losses|down|slid|slide|slides|sliding|slipped|slip|shed|sheds|shedding|tumbled|tumble|plunged|plunge|"
    r"plunging|sank|sink|sinking|retreated|retreat|slumped|slump|eased|dipped|dip|weakened|decreased|decrease|lower|"
    r"negative|off|collapsed|cratered|plummeted|plummet|gave up|gave back|pulled back|pullback|contracted|sagged|"
    r"skidded|sell-off|selloff|erased|surrendered|shrank|slumping|tumbling|sliding|depreciated|red"
)
_UP = (
    r"rose|rise|risen|rises|rising|gained|gain|gains|gaining|up|climbed|climb|climbing|advanced|advance|advancing|"
    r"jumped|jump|jumping|surged|surge|surging|rallied|rally|rallying|added|adding|soared|soar|soaring|rocketed|"
    r"increased|increase|higher|positive|rebounded|rebound|firmed|grew|growth|appreciated|popped|spiked|"
    r"improved|recovered|green|upside|advancer|added|returned|return|returning"
)
DOWN_RE = re.compile(rf"\b(?:{word_alternation(_DOWN)})\b")
UP_RE = re.compile(rf"\b(?:{word_alternation(_UP)})\b")
SIGN_WORD_RE = re.compile(rf"\b(?P<down>{word_alternation(_DOWN)})\b|\b(?P<up>{word_alternation(_UP)})\b")
# A noun right after the figure ("a 5.3% decline") decides the sign before any verb does.
SIGN_NOUN_AFTER_RE = re.compile(
    r"^\s*(?:\)\s*)?(?:(?P<down>decline|drop|fall|loss|slide|slump|plunge|retreat|decrease|pullback|selloff|sell-off|"
    r"tumble|dip|downturn|contraction|lower|drawdown)|(?P<up>gain|rise|jump|advance|rally|increase|surge|climb|"
    r"rebound|upturn|pop|advancer|higher))\b"
)
VOLATILITY_RE = re.compile(r"volatility|annuali[sz]ed|standard deviation|\bvol\b|\bvolatile(?:\s+\w+){0,2}\s+(?:at|of)\s*[~≈]?\s*$")
DRAWDOWN_RE = re.compile(
    r"draw-?down|peak[- ]to[- ]trough|(?:from|off|below) (?:its|the|a|their) (?:\w+[- ])?(?:peak|high|top|best)s?\b"
)
DAILY_RE = re.compile(
    r"\b(?:session|sessions'|single[- ]day|one[- ]day|single[- ]session|daily|intraday|trading day|day's|"
    r"on the day|in a day|in one day|in a single|that day|one session|the day|"
    r"the (?:very )?(?:last|final|first|next|following|same|previous) (?:trading )?day)\b"
)
EXTREME_RE = re.compile(
    r"\b(?:largest|biggest|worst|best|sharpest|steepest|strongest|heaviest|deepest|greatest|most severe|record)\b"
)
# Figures about another horizon (a week, a year) are not claims about the month.
OTHER_PERIOD_RE = re.compile(
    r"\b(?:7d|30d|1d|5d|ytd|year[- ]to[- ]date|52[- ]week|over the (?:past|last|prior) (?:week|year|quarter|\d+ days|five|seven)|"
    r"this year|last year|in 20\d\d|since 20\d\d|over 20\d\d|week-on-week|year-on-year|annual return)\b"
)
# A month named with a figure ("a 4.2% slide in July", "July's 4.2% slide"): when it is not the cell's month the
# figure is about another period. "on July 31" is a date, read as one elsewhere.
MONTH_NUMBERS = {name.lower(): number for number, name in enumerate(calendar.month_name) if name}
# each month's number -> the names of the other months (a text naming none of them needs no check)
OTHER_MONTH_NAMES = {number: tuple(name for name, other in MONTH_NUMBERS.items() if other != number) for number in MONTH_NUMBERS.values()}
NAMED_MONTH_AFTER_RE = re.compile(
    rf"\b(?:in|during|for|through|over|since|across)\s+(?:(?:early|late|mid)[- ])?(?:of\s+)?(?P<month>{word_alternation('|'.join(MONTH_NUMBERS))})\b"
)
NAMED_MONTH_BEFORE_RE = re.compile(
    rf"(?:{NAMED_MONTH_AFTER_RE.pattern}|\b(?P<owner>{word_alternation('|'.join(MONTH_NUMBERS))})(?:'s|’s))[^,;:.]*$"
)
PRICE_CUE_RE = re.compile(
    r"\b(?:at|to|from|near|around|of|hit|hits|hitting|reached|reaching|touched|touching|touches|peaked|bottomed|topped|closed|closing|ended|"
    r"finished|settled|opened|started|began|between|and|high|low|level|trough|peak|price|traded|trading|about|approximately|roughly)\b"
    r"[\s~≈]*(?:about|around|roughly|approximately|near|some)?\s*$"
)
HIGH_RE = re.compile(r"\b(?:peak|peaked|peaking|high|highs|highest|top|topped|topping|ceiling|record|maximum|max|summit|zenith)\b")
LOW_RE = re.compile(r"\b(?:bottom|bottomed|bottoming|low|lows|lowest|trough|floor|minimum|min|nadir)\b")
START_RE = re.compile(
    r"\b(?:opened|opening|started|starting|start|began|beginning|initial|first close|from|first session|month's open)\b"
)
END_RE = re.compile(
    r"\b(?:closed|closing|close|ended|ending|end|finished|finishing|finish|settled|settling|final|last close|month-end|to)\b"
)
RANGE_LEAD_RE = re.compile(
    r"\b(?:between|range of|range from|ranged from|a range|within a|band of|fluctuat\w*|oscillat\w*|swung|swinging|"
    r"traded in|trading range|corridor|range)\b[^.;]*$"
)
FROM_TAIL_RE = re.compile(r"\bfrom\s+(?:(?:a|an|the|its)\s+)?(?:[\w-]+\s+){0,3}?(?:of\s+)?[~≈]?\s*$")
PAIR_JOIN_RE = re.compile(r"^\s*(?:,?\s*(?:and|to|through)|[-–—]|to\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?(?:of\s+)?)\s*$")
CONNECTIVE_RE = re.compile(r"^\s*(?:,|&|and|,\s*and|as well as|plus|or|,\s*as well as|both)\s*$", re.IGNORECASE)
# A name followed by its own verb opens a clause: after a relation's object ("A outperformed B, and C led the
# pack") it is a new subject, not one more object.
NEW_CLAUSE_AFTER_RE = re.compile(
    r"^\s*(?:(?:'s|’s)\s+)?(?:(?:shares|stock)\s+)?(?:[a-z]+ed|was|were|is|are|has|had|led|leads|rose|fell|slid|sank|lost|"
    r"shed|beat|grew|swung|won|made|took|saw|came|went|hit|set|ran|held|stood|kept|gave)\b"
)
# ", rising 6.0% over the month" right after a relation's object ("Nvidia beat AMD and Intel, rising ...") is said of
# the relation's subject. Read on the original case ("Boeing" is no participle; nor are these prepositions), with
# `match(text, pos, endpos)`, hence no "^".
PARTICIPLE_AFTER_RE = re.compile(
    r"\s*,\s*(?!(?:during|including|excluding|according|notwithstanding|regarding|concerning|pending)\b)[a-z]+ing\b"
)
OUTPERF_RE = re.compile(
    r"\b(?:outperform(?:ed|ing|s)?|beat|beating|outpac(?:ed|ing|es)|outstripp(?:ed|ing)|outran|did better than|"
    r"fared better than|ahead of|edged out|topped)\b"
)
UNDERPERF_RE = re.compile(
    r"\b(?:lagg(?:ed|ing)|lags|trail(?:ed|ing|s)?|underperform(?:ed|ing|s)?|fell behind|did worse than|"
    r"fared worse than|behind)\b"
)
# "...; both underperformed Nvidia", "all three lagged X", "each beat X": the relation is said of the subjects named
# before it in the sentence (the last two for "both", the last N for "all N"/"the N", all of them for "each"/"all").
_HOW_MANY_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_HOW_MANY = "|".join(_HOW_MANY_WORDS) + "|\\d{1,2}"
QUANTIFIED_RELATION_RE = re.compile(
    rf"(?:^|[,;:.]|\band\b)\s*(?:(?P<both>both)|each|all(?:\s+(?P<all_n>{_HOW_MANY}))?|the\s+(?P<the_n>{_HOW_MANY}))"
    rf"(?:\s+of\s+them)?\s+(?:(?:have|had|also|then|each)\s+)?(?:(?P<under>{UNDERPERF_RE.pattern})|{OUTPERF_RE.pattern})\s*$"
)
# A subject named after a superlative: "the best performer was NVDA".
RANK_TO_NEXT_RE = re.compile(
    r"^\s*(?:of (?:the|all) [\w\s]{0,20}?)?,?\s*(?:was|were|is|came from|belonged to|went to|:)\s*$"
)
DIRECTION_UP_RE = re.compile(
    r"\b(?:rose|gained|advanced|climbed|rallied|(?:finished|ended|closed|moved|trended|edged|drifted|was|ended up|finished up) "
    r"(?:(?:the month|the period|[a-z]+)\s+)?(?:higher|up)|edged up|appreciated|rebounded|posted gains|posted a gain|in positive territory|in the green)\b"
)
DIRECTION_DOWN_RE = re.compile(
    r"\b(?:fell|declined|dropped|slid|slipped|retreated|lost ground|dipped|sank|tumbled|weakened|(?:finished|ended|closed|"
    r"moved|trended|edged|drifted|was|ended down|finished down) (?:(?:the month|the period|[a-z]+)\s+)?(?:lower|down)|edged down|posted losses|"
    r"posted a loss|in negative territory|in the red)\b"
)
DIRECTION_FLAT_RE = re.compile(r"\b(?:flat|unchanged|little changed|broadly steady|went nowhere|barely moved)\b")
PRONOUN_START_RE = re.compile(
    r"^\W*(?:it|its|the stock|the shares|shares|the company|the name|this stock|the chipmaker|the bank|the group|they|the ticker)\b",
    re.IGNORECASE,
)
COUNT_DIR_UP = re.compile(r"\b(?:up|positive|winning|green|higher|advancing|gaining|rose|gained|advanced|climbed|rising|gains?)\b")
COUNT_DIR_DOWN = re.compile(r"\b(?:down|negative|losing|red|lower|declining|falling|fell|declined|dropped|lost|losses|loss)\b")
# `[,;:.]|\bwhile\b|\bwhereas\b|\bbut\b|—|–` with the characters in one class: the same matches.
CLAUSE_END_RE = re.compile(r"[,;:.—–]|\b(?:while|whereas|but)\b")


class Gated:
    """A cue pattern with literals at least one of which every match contains (over lowered text):
    `search` answers None without running the pattern when none occurs, as the pattern would."""

    __slots__ = ("pattern", "needs")

    def __init__(self, pattern: re.Pattern, needs: tuple[str, ...]):
        self.pattern, self.needs = pattern, needs

    def search(self, text: str) -> re.Match | None:
        for need in self.needs:
            if need in text:
                return self.pattern.search(text)
        return None


VOLATILITY = Gated(VOLATILITY_RE, ("vol", "annuali", "standard deviation"))
DRAWDOWN = Gated(DRAWDOWN_RE, ("draw", "peak", "high", "top", "best"))
DAILY = Gated(DAILY_RE, ("day", "session", "daily", "in a single"))
EXTREME = Gated(EXTREME_RE, ("est", "worst", "most severe", "record"))
QUANTIFIED_RELATION = Gated(QUANTIFIED_RELATION_RE, ("both", "each", "all", *(f"the {n}" for n in (*_HOW_MANY_WORDS, *"123456789"))))
OTHER_PERIOD = Gated(OTHER_PERIOD_RE, ("7d", "30d", "1d", "5d", "ytd", "year", "52", "over the ", "in 20", "since 20",
                                       "over 20", "week", "annual return"))
