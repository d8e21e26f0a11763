"""Windows: sub-periods of a shipped month, so the paraphrase corpora see more than one path per month.

A window slices the *real* panel to a run of sessions; arms are applied afterwards, so every arm of
a window opens at the window's first bar, exactly as a whole-month panel does. The narrator is
told the window through its lead-in ("In the first ten sessions of August 2026, ...").
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.arms import ARMS, apply_arm
from builder.contexts import month_label
from builder.narrator import TEMPLATES, Paragraph, narrate
from builder.panel import Panel, load_panel

WINDOW_SESSIONS = 10
# The shipped months the corpora are built from, two per market.
CORPUS_MONTHS: tuple[tuple[str, str], ...] = (
    ("us", "2026-08"),
    ("us", "2026-07"),
    ("lisbon", "2026-02"),
    ("lisbon", "2026-01"),
)


@dataclass(frozen=True)
class Window:
    """A named run of sessions inside a month: `first` and `count` index the sorted sessions."""

    name: str
    lead_in: str
    first: int
    count: int | None  # None: through the month's last session

    def sessions_of(self, sessions: tuple) -> tuple:
        if self.first < 0:
            return sessions[self.first:]
        return sessions[self.first:] if self.count is None else sessions[self.first:self.first + self.count]


WINDOWS: dict[str, Window] = {
    window.name: window
    for window in (
        Window("month", "In {label}", 0, None),
        Window("first10", f"In the first {WINDOW_SESSIONS} sessions of {{label}}", 0, WINDOW_SESSIONS),
        Window("last10", f"In the last {WINDOW_SESSIONS} sessions of {{label}}", -WINDOW_SESSIONS, None),
    )
}


def slice_panel(real: Panel, window: str) -> Panel:
    """The real panel restricted to the window's sessions (still arm `real`)."""
    if window not in WINDOWS:
        raise ValueError(f"unknown window {window!r}; known: {', '.join(WINDOWS)}")
    if real.arm != "real":
        raise ValueError(f"windows slice the real panel, not the {real.arm!r} arm")
    kept = set(WINDOWS[window].sessions_of(real.sessions))
    if len(kept) < 3:
        raise ValueError(f"window {window!r} of {real.market} {real.month} keeps {len(kept)} sessions; need 3")
    bars = real.bars[real.bars["date"].isin(kept)].reset_index(drop=True)
    return Panel(market=real.market, month=real.month, arm="real", bars=bars)


@dataclass(frozen=True)
class WindowParagraph:
    """One narrator paragraph of one window x arm x template, with its gold claims."""

    market: str
    month: str
    window: str
    arm: str
    template: int
    paragraph: Paragraph

    @property
    def key(self) -> str:
        return f"{self.market}-{self.month}-{self.window}-{self.arm}-t{self.template}"


def narrate_window(shown: Panel, window: str, template: int) -> Paragraph:
    """Full-scope narrator prose whose lead-in names the window instead of the whole month."""
    paragraph = narrate(shown, "full", template)
    label = month_label(shown.month)
    if window == "month":
        return paragraph
    swaps = ((f"In {label}", WINDOWS[window].lead_in.format(label=label)), (" over the month.", " over the period."))

    def swap(text: str) -> str:
        for old, new in swaps:
            text = text.replace(old, new, 1)
        return text

    claims = [{**claim, "sentence": swap(claim["sentence"])} for claim in paragraph.claims]
    return Paragraph(text=swap(paragraph.text), claims=claims)


def window_paragraphs(months: tuple[tuple[str, str], ...] = CORPUS_MONTHS) -> list[WindowParagraph]:
    """Every window x arm x template of the given shipped months, in a fixed order."""
    out: list[WindowParagraph] = []
    for market, month in months:
        real = load_panel(market, month)
        for window in WINDOWS:
            sliced = slice_panel(real, window)
            for arm in ARMS:
                shown = apply_arm(sliced, arm)
                for template in TEMPLATES:
                    out.append(WindowParagraph(market, month, window, arm, template, narrate_window(shown, window, template)))
    return out
