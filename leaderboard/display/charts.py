"""The board's pictures as inline SVG: verdict mix per model, read vs recited rate, a model's
market x arm x context heatmap, a panel's closes on a session axis, and paired differences.

Each chart is two pure steps: figures from the service's data (the long cells frame of
`leaderboard.ranking`, filtered by the page's `BoardFilter`, so a chart drops what the board
drops) and an SVG drawn from them. Every bar, point and heatmap cell carries an `id`, a `<title>`
(the browser's hover text) and `data-` attributes, so a test or a reader can find it. matplotlib is
imported only when a chart is drawn, on the SVG backend with no pyplot state, and drawing is
serialised: rcParams are process-wide.
"""

from __future__ import annotations

import html
import io
import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pandas as pd

from contracts.vocabulary import CHECKABLE_VERDICTS, DETAILS, VERDICT_OF_DETAIL
from extractors.bootstrap import MIN_INTERVAL_CELLS
from extractors.metrics import Metric, metric
from leaderboard.compare import COMPARED, READ, RECITED, Comparison, ModelRates, RateInterval, signed_points
from leaderboard.display.css import VERDICT_COLOURS
from leaderboard.display.formatting import percent
from leaderboard.ranking import BoardFilter, latest_per_model, select
from leaderboard.store import SubmissionRecord

# The checkable details, in DESIGN.md's order: what a verdict-mix bar is split into.
MIX_DETAILS: tuple[str, ...] = tuple(d for d in DETAILS if VERDICT_OF_DETAIL[d] in CHECKABLE_VERDICTS)
APART = "unverifiable"
# A heatmap can be coloured by any of these registry metrics (`extractors.metrics`).
HEAT_METRICS: tuple[Metric, ...] = (READ, RECITED, metric("supported_rate"), metric("reading_weight"))
HEAT_METRIC_NAMES: tuple[str, ...] = tuple(entry.name for entry in HEAT_METRICS)
# Beyond these, a chart would be a wall: the first rows are drawn and the note says how many were left out.
MAX_BARS = 30
MAX_POINTS = 120
MAX_LABELS = 25
PANEL_TICKS = 6
INCH_PER_BAR = 0.36
WIDTH_IN = 9.0
EDGE = "#495057"
INTERVAL_COLOUR = "#343a40"
PAIR_COLOURS = ("#1c7ed6", "#e8590c", "#2f9e44", "#ae3ec9", "#f08c00", "#0c8599")
POINT_COLOUR = PAIR_COLOURS[0]
PANEL_COLOURS = ("#e03131", "#1971c2")
NO_DATA_FILL = "#f1f3f5"
# A heatmap cell the metric does not count (the read rate on the real arm) reads "n/a"; "—" is nothing to count.
NOT_COUNTED = "n/a"
RC = {"svg.fonttype": "none", "font.sans-serif": ["DejaVu Sans"], "font.size": 10, "axes.spines.top": False,
      "axes.spines.right": False}
_DRAWING = threading.Lock()


# ---- figures from the data (no matplotlib) ----

@dataclass(frozen=True)
class VerdictMix:
    """One model's checkable claims by detail, and its unverifiable claims apart, under a filter."""

    submission: str
    model: str
    counts: Mapping[str, int]
    unverifiable: int

    @property
    def checkable(self) -> int:
        return sum(self.counts.values())

    def share(self, detail: str) -> float:
        return self.counts[detail] / self.checkable if self.checkable else 0.0

    @property
    def unverifiable_share(self) -> float:
        """Of every claim with a value (checkable or not; causal and refusal claims are not counted)."""
        total = self.checkable + self.unverifiable
        return self.unverifiable / total if total else 0.0


def verdict_mixes(records: Sequence[SubmissionRecord], frame: pd.DataFrame, chosen: BoardFilter = BoardFilter()) -> tuple[VerdictMix, ...]:
    """Each board row's verdict mix over the cells `chosen` keeps; a model with no claim there has no
    bar. Ordered by supported share, highest first, then name."""
    kept, rows = select(frame, latest_per_model(records), chosen)
    sums = rows.groupby("submission")[[*MIX_DETAILS, APART]].sum()
    out = []
    for record in kept:
        if record.id not in sums.index:
            continue
        row = sums.loc[record.id]
        mix = VerdictMix(record.id, record.meta.name, {d: int(row[d]) for d in MIX_DETAILS}, int(row[APART]))
        if mix.checkable or mix.unverifiable:
            out.append(mix)
    return tuple(sorted(out, key=lambda m: (-m.share("supported"), m.model.casefold(), m.submission)))


@dataclass(frozen=True)
class HeatCell:
    """One (market, arm, context) of one model: the metric's value over its cells (every month)."""

    market: str
    arm: str
    context: str
    value: float | None
    numerator: int
    denominator: int | None

    @property
    def id(self) -> str:
        return f"heat-{self.market}-{self.arm}-{self.context}"


def heat_metric(name: str) -> Metric:
    for entry in HEAT_METRICS:
        if entry.name == name:
            return entry
    raise KeyError(f"no heatmap metric {name!r}; known: {', '.join(HEAT_METRIC_NAMES)}")


def heat_cells(records: Sequence[SubmissionRecord], frame: pd.DataFrame, submission: str, metric_name: str = READ.name,
               chosen: BoardFilter = BoardFilter()) -> tuple[HeatCell, ...]:
    """Every (market, arm, context) the filter keeps for one submission, with the metric computed by
    its registry entry from the stored counts (None where it does not apply or nothing is checkable)."""
    entry = heat_metric(metric_name)
    record = next((r for r in records if r.id == submission), None)
    if record is None:
        raise KeyError(f"unknown submission {submission!r}")
    _, rows = select(frame, [record], BoardFilter(chosen.markets, chosen.arms, chosen.contexts, scorer=chosen.scorer))
    out = []
    for (market, arm, context), group in rows.groupby(["market", "arm", "context"], sort=True):
        cells = group.to_dict("records")
        applied = [row for row in cells if entry.applies(row["arm"], row["context"])]
        if entry.kind == "weight":
            numerator = sum(len(row[entry.numerator] or ()) for row in applied)
            denominator = None
        else:
            numerator = sum(int(row[entry.numerator]) for row in applied)
            denominator = sum(int(row[entry.denominator]) for row in applied)
        value = entry.value(cells)
        out.append(HeatCell(market, arm, context, None if value is None else float(value), numerator, denominator))
    return tuple(out)


# ---- drawing ----

@dataclass(frozen=True)
class Mark:
    """What an SVG group gets besides its id: hover text and data attributes."""

    title: str
    data: Mapping[str, str] = field(default_factory=dict)


def interval_text(rate: RateInterval) -> str:
    if rate.point is None:
        return "—"
    if not rate.has_interval:
        return f"{percent(rate.point)} {rate.note}"
    return f"{percent(rate.point)} [{percent(rate.low)}, {percent(rate.high)}]"


def _short(text: str, limit: int = 40) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plain(artists) -> None:
    """User text is text: never mathtext (a model named "$x$" shows its dollars)."""
    for artist in artists:
        artist.set_parse_math(False)


def _ink(fill) -> str:
    """Dark text on a light fill, white on a dark one."""
    from matplotlib.colors import to_rgb

    red, green, blue = to_rgb(fill)
    return "#212529" if 0.299 * red + 0.587 * green + 0.114 * blue > 0.5 else "white"


def _figure(width: float, height: float):
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _svg(figure, marks: Mapping[str, Mark], chart: str, alt: str) -> str:
    """The figure as an inline <svg>: no XML prologue, scaled to its container, each marked group
    given its title and data attributes, the whole chart an id and an accessible name."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    width = re.search(r'width="([\d.]+)pt"', text).group(1)
    text = re.sub(r'<svg ([^>]*?)width="[\d.]+pt" height="[\d.]+pt"',
                  lambda m: (f'<svg {m.group(1)}id="{chart}" class="mcb-chart" role="img" aria-label="{html.escape(alt)}" '
                             f'width="100%" style="max-width:{width}pt;height:auto"'), text, count=1)

    def annotate(match: re.Match) -> str:
        mark = marks.get(match.group(1))
        if mark is None:  # one of matplotlib's own groups
            return match.group(0)
        data = "".join(f' data-{key}="{html.escape(str(value))}"' for key, value in mark.data.items())
        return f'<g id="{match.group(1)}" class="mcb-mark"{data}><title>{html.escape(mark.title)}</title>'

    text = re.sub(r'<g id="([^"]+)">', annotate, text)
    opening, rest = text.split(">", 1)
    return f"{opening}><title>{html.escape(alt)}</title>{rest}"


def _draw(chart: str, alt: str, build) -> str:
    """`build() -> (figure, marks)` as SVG, under the drawing lock and the charts' rcParams (the
    hash salt is the chart's id, so two charts on one page never share a generated id)."""
    import matplotlib

    with _DRAWING, matplotlib.rc_context({**RC, "svg.hashsalt": chart}):
        figure, marks = build()
        return _svg(figure, marks, chart, alt)


def empty_chart(chart: str, message: str) -> str:
    """A chart with nothing to draw says why, in plain HTML."""
    return f'<p class="mcb-chart-empty" id="{chart}">{html.escape(message)}</p>'


def _left_out(shown: int, total: int, what: str, hint: str = "") -> str:
    return "" if shown == total else f'<p class="mcb-chart-note">First {shown} of {total} {what} drawn{hint}.</p>'


def verdict_mix_svg(mixes: Sequence[VerdictMix], chart: str = "chart-verdicts") -> str:
    """Per model, a bar of its checkable claims split by detail (shares), and beside it, apart, the
    share of its claims no oracle can check."""
    if not mixes:
        return empty_chart(chart, "No model has a claim under this selection.")
    shown = list(mixes[:MAX_BARS])

    def build():
        figure = _figure(WIDTH_IN, 1.3 + INCH_PER_BAR * len(shown))
        main, apart = figure.subplots(1, 2, sharey=True, width_ratios=[5, 1])
        marks: dict[str, Mark] = {}
        rows = list(range(len(shown)))[::-1]
        for detail in MIX_DETAILS:
            lefts = [sum(m.share(d) for d in MIX_DETAILS[:MIX_DETAILS.index(detail)]) for m in shown]
            bars = main.barh(rows, [m.share(detail) for m in shown], left=lefts, color=VERDICT_COLOURS[detail],
                             edgecolor=EDGE, linewidth=0.4, label=detail, height=0.7)
            for bar, mix in zip(bars, shown):
                gid = f"bar-{mix.submission}-{detail}"
                bar.set_gid(gid)
                marks[gid] = Mark(f"{mix.model}: {detail} {percent(mix.share(detail))} "
                                  f"({mix.counts[detail]} of {mix.checkable} checkable claims)",
                                  {"model": mix.model, "detail": detail, "count": str(mix.counts[detail]),
                                   "share": f"{mix.share(detail):.6f}"})
        bars = apart.barh(rows, [m.unverifiable_share for m in shown], color=VERDICT_COLOURS[APART], edgecolor=EDGE,
                          linewidth=0.4, height=0.7)
        for bar, mix in zip(bars, shown):
            gid = f"bar-{mix.submission}-{APART}"
            bar.set_gid(gid)
            marks[gid] = Mark(f"{mix.model}: {APART} {percent(mix.unverifiable_share)} "
                              f"({mix.unverifiable} of {mix.checkable + mix.unverifiable} claims with a value)",
                              {"model": mix.model, "detail": APART, "count": str(mix.unverifiable),
                               "share": f"{mix.unverifiable_share:.6f}"})
        main.set_yticks(rows, labels=[_short(m.model) for m in shown])
        _plain(main.get_yticklabels())
        main.set_xlim(0, 1)
        main.xaxis.set_major_formatter(lambda value, _: f"{100 * value:.0f}%")
        main.set_xlabel("share of checkable claims")
        apart.set_xlim(0, 1)
        apart.xaxis.set_major_formatter(lambda value, _: f"{100 * value:.0f}%")
        apart.set_xlabel(f"{APART}\n(share of all claims)")
        apart.tick_params(axis="y", left=False)
        figure.legend(*main.get_legend_handles_labels(), loc="outside upper center", ncols=len(MIX_DETAILS),
                      frameon=False, fontsize=9)
        return figure, marks

    return _draw(chart, "Verdict mix per model", build) + _left_out(len(shown), len(mixes), "models",
                                                                     " (most supported first; narrow with the filters)")


def _error(rate: RateInterval) -> tuple[list[float], list[float]] | None:
    if not rate.has_interval or rate.point is None:
        return None
    return [max(rate.point - rate.low, 0.0)], [max(rate.high - rate.point, 0.0)]


def scatter_svg(points: Sequence[ModelRates], chart: str = "chart-scatter") -> str:
    """Read rate (x) against recited rate (y), one point per model with both 95% intervals as error
    bars; names placed off their points and off each other (adjustText)."""
    plotted = [p for p in points if p.read.point is not None and p.recited.point is not None]
    drawn = plotted[:MAX_POINTS]
    if not drawn:
        return empty_chart(chart, "No model has a distinguishable claim under this selection: the read and "
                                  "recited rates count the perturbed arms only.")

    def build():
        from adjustText import adjust_text

        figure = _figure(WIDTH_IN, 5.0)
        axes = figure.add_subplot()
        marks: dict[str, Mark] = {}
        texts = []
        # The error bars in two calls (one per axis), not one per point: a call per point costs ~20 ms.
        for axis, rate_of in (("x", lambda p: p.read), ("y", lambda p: p.recited)):
            with_bars = [p for p in drawn if _error(rate_of(p))]
            if with_bars:
                lows, highs = zip(*(_error(rate_of(p)) for p in with_bars))
                axes.errorbar([p.read.point for p in with_bars], [p.recited.point for p in with_bars],
                              **{f"{axis}err": [[low[0] for low in lows], [high[0] for high in highs]]}, fmt="none",
                              ecolor=INTERVAL_COLOUR, elinewidth=1, capsize=3, alpha=0.7, zorder=2)
        for index, point in enumerate(drawn):
            x, y = point.read.point, point.recited.point
            (marker,) = axes.plot([x], [y], "o", markersize=8, color=POINT_COLOUR, markeredgecolor="white", zorder=3)
            gid = f"point-{point.submission}"
            marker.set_gid(gid)
            marks[gid] = Mark(f"{point.model}: read {interval_text(point.read)}; recited {interval_text(point.recited)}",
                              {"model": point.model, "read": f"{x:.6f}", "recited": f"{y:.6f}"})
            if index < MAX_LABELS:
                name = axes.text(x, y, _short(point.model, 32), fontsize=9, parse_math=False, zorder=4)
                name.set_gid(f"label-{point.submission}")
                marks[name.get_gid()] = Mark(point.model, {"model": point.model})
                texts.append(name)
        axes.set_xlim(-0.05, 1.05)
        axes.set_ylim(-0.05, 1.05)
        for axis in (axes.xaxis, axes.yaxis):
            axis.set_major_formatter(lambda value, _: f"{100 * value:.0f}%")
        axes.set_xlabel(f"{READ.header}: read the shown data  →")
        axes.set_ylabel(f"{RECITED.header}: recalled the true month  →")
        axes.grid(alpha=0.3)
        if texts:
            xs = [p.read.point for p in drawn]
            ys = [p.recited.point for p in drawn]
            adjust_text(texts, x=xs, y=ys, ax=axes, expand=(1.3, 1.6), ensure_inside_axes=True,
                        arrowprops={"arrowstyle": "-", "color": "#adb5bd", "lw": 0.6})
        return figure, marks

    return (_draw(chart, "Read rate against recited rate, one point per model", build)
            + _left_out(len(drawn), len(plotted), "models", " (highest read rate first; narrow with the filters)")
            + _left_out(min(len(drawn), MAX_LABELS), len(drawn), "names", "; hover a point for the rest"))


def heatmap_svg(cells: Sequence[HeatCell], model: str, metric_name: str = READ.name, chart: str = "chart-heatmap") -> str:
    """One panel per market, arms as rows and contexts as columns, coloured by the metric; a cell
    where the metric has nothing to count is grey and says why on hover."""
    if not cells:
        return empty_chart(chart, "No cell of this model under this selection.")
    entry = heat_metric(metric_name)
    markets = sorted({c.market for c in cells})
    arms = [arm for arm in entry.arms if any(c.arm == arm for c in cells)] + sorted(
        {c.arm for c in cells} - set(entry.arms))
    contexts = sorted({c.context for c in cells}, key=lambda name: (entry.contexts.index(name)
                                                                    if name in entry.contexts else 99, name))

    def build():
        from matplotlib import colormaps
        from matplotlib.patches import Rectangle

        colours = colormaps["RdYlGn" if entry.higher_is_better is not False else "RdYlGn_r"]
        figure = _figure(min(WIDTH_IN, 1.6 + 2.2 * len(markets) * max(len(contexts), 1) / 2), 1.4 + 0.7 * len(arms))
        panels = figure.subplots(1, len(markets), squeeze=False)[0]
        marks: dict[str, Mark] = {}
        by_key = {(c.market, c.arm, c.context): c for c in cells}
        for axes, market in zip(panels, markets):
            for row, arm in enumerate(arms):
                for column, context in enumerate(contexts):
                    cell = by_key.get((market, arm, context))
                    if cell is None:
                        continue
                    value = cell.value
                    fill = NO_DATA_FILL if value is None else colours(min(max(value, 0.0), 1.0))
                    patch = Rectangle((column, row), 1, 1, facecolor=fill, edgecolor="white", linewidth=2)
                    patch.set_gid(cell.id)
                    axes.add_patch(patch)
                    applies = entry.applies(arm, context)
                    label = (NOT_COUNTED if not applies else "—" if value is None
                             else percent(value) if entry.kind == "rate" else f"{value:.2f}")
                    axes.text(column + 0.5, row + 0.5, label, ha="center", va="center", fontsize=9,
                              color=_ink(fill))
                    counts = (f"{cell.numerator} of {cell.denominator} {entry.claims}" if cell.denominator is not None
                              else f"{cell.numerator} {entry.claims}")
                    why = "" if value is not None else (" (this metric does not count this arm or context)"
                                                        if not applies else " (nothing to count)")
                    marks[cell.id] = Mark(f"{model} · {market} · {arm} · {context}: {entry.header} {label}; {counts}{why}",
                                          {"market": market, "arm": arm, "context": context,
                                           "value": "" if value is None else f"{value:.6f}",
                                           "numerator": str(cell.numerator),
                                           "denominator": "" if cell.denominator is None else str(cell.denominator)})
            axes.set_xlim(0, len(contexts))
            axes.set_ylim(len(arms), 0)
            axes.set_xticks([i + 0.5 for i in range(len(contexts))], labels=contexts)
            axes.set_yticks([i + 0.5 for i in range(len(arms))], labels=arms)
            axes.tick_params(length=0)
            axes.set_title(market, fontsize=10)
            for side in ("left", "bottom"):
                axes.spines[side].set_visible(False)
        figure.suptitle(f"{_short(model, 60)}: {entry.header}", fontsize=10)
        _plain([figure._suptitle])
        return figure, marks

    return _draw(chart, f"{entry.header} per market, arm and context", build)


def session_positions(dates: Sequence) -> dict:
    """Each distinct date -> its session number (0, 1, 2, ...): a weekend or holiday takes no room."""
    return {date: index for index, date in enumerate(sorted(set(dates)))}


def panel_svg(frame: pd.DataFrame | None, ticker: str, chart: str = "chart-panel") -> str:
    """A ticker's shown and true closes (`frame`: date, close, panel) against the session number,
    dates as tick labels: consecutive sessions are equally spaced, Friday to Monday included."""
    if frame is None or frame.empty:
        return empty_chart(chart, "No panel for this selection.")
    dates = pd.to_datetime(frame["date"]).dt.date
    positions = session_positions(dates)
    sessions = sorted(positions)

    def build():
        figure = _figure(WIDTH_IN, 3.8)
        axes = figure.add_subplot()
        marks: dict[str, Mark] = {}
        for index, (label, group) in enumerate(frame.assign(day=dates).groupby("panel", sort=False)):
            group = group.sort_values("day")
            xs = [positions[day] for day in group["day"]]
            colour = PANEL_COLOURS[index % len(PANEL_COLOURS)]
            axes.plot(xs, group["close"].tolist(), "-", color=colour, linewidth=1.6, label=label, zorder=2)
            for x, day, close in zip(xs, group["day"], group["close"]):
                (dot,) = axes.plot([x], [close], "o", markersize=3.5, color=colour, zorder=3)
                gid = f"session-{index}-{day.isoformat()}"
                dot.set_gid(gid)
                marks[gid] = Mark(f"{label} · {day.isoformat()} ({day:%a}) · close {close:.2f}",
                                  {"panel": label, "date": day.isoformat(), "session": str(x), "close": f"{close:.4f}"})
        # Evenly spaced ticks from the first session to the last, both labelled.
        count = min(PANEL_TICKS, len(sessions))
        ticks = sorted({round(i * (len(sessions) - 1) / max(count - 1, 1)) for i in range(count)})
        axes.set_xticks(ticks, labels=[f"{sessions[i]:%a %d %b}" for i in ticks])
        axes.set_xlim(-0.5, len(sessions) - 0.5)
        axes.set_xlabel("session (weekends and holidays take no room)")
        axes.set_ylabel("close")
        axes.set_title(f"{_short(ticker)}: shown vs true close", fontsize=10)
        _plain([axes.title])
        axes.grid(alpha=0.3)
        figure.legend(loc="outside upper right", ncols=2, frameon=False)
        return figure, marks

    return _draw(chart, f"{ticker}: shown and true closes per session", build)


def compare_svg(result: Comparison, chart: str = "chart-compare") -> str:
    """Paired differences (first − second) with 95% intervals: one panel per compared rate, a row
    per slice, one marker per pair; a difference with no interval is drawn hollow."""
    pairs = [(a, b) for i, a in enumerate(result.models) for b in result.models[i + 1:]]

    def build():
        figure = _figure(WIDTH_IN, 1.6 + 0.42 * len(result.slices) * max(1, len(pairs)) ** 0.5)
        panels = figure.subplots(1, len(COMPARED), sharey=True)
        marks: dict[str, Mark] = {}
        rows = list(range(len(result.slices)))[::-1]
        spread = 0.6 / max(1, len(pairs))
        for axes, entry in zip(panels, COMPARED):
            axes.axvline(0, color="#868e96", linewidth=1)
            for index, (first, second) in enumerate(pairs):
                colour = PAIR_COLOURS[index % len(PAIR_COLOURS)]
                for row, label in zip(rows, result.slices):
                    found = result.find(entry.name, label, first.submission, second.submission)
                    if found.point is None:
                        continue
                    y = row + 0.3 - spread * (index + 0.5)
                    if found.low is not None:
                        axes.errorbar([found.point], [y], xerr=[[found.point - found.low], [found.high - found.point]],
                                      fmt="none", ecolor=colour, elinewidth=1.2, capsize=3)
                    (dot,) = axes.plot([found.point], [y], "o", markersize=6, color=colour,
                                       markerfacecolor=colour if found.low is not None else "white",
                                       label=f"{_short(first.model, 24)} − {_short(second.model, 24)}" if row == rows[0] else None)
                    gid = f"diff-{entry.name}-{re.sub(r'[^a-z0-9]+', '_', label)}-{first.submission}-{second.submission}"
                    dot.set_gid(gid)
                    ci = (f"[{signed_points(found.low)}, {signed_points(found.high)}]" if found.low is not None
                          else found.note)
                    marks[gid] = Mark(f"{first.model} − {second.model} · {label}: {entry.header} "
                                      f"{signed_points(found.point)} {ci} over {found.cells} shared cells with data",
                                      {"metric": entry.name, "slice": label, "first": first.submission,
                                       "second": second.submission, "point": f"{found.point:.6f}"})
            axes.set_xlim(-1.05, 1.05)
            axes.xaxis.set_major_formatter(lambda value, _: f"{100 * value:+.0f}")
            axes.set_xlabel(f"{entry.header}: difference (pp)")
            axes.set_yticks(rows, labels=list(result.slices))
            axes.grid(axis="x", alpha=0.3)
        handles, labels = panels[0].get_legend_handles_labels()
        _plain(figure.legend(handles, labels, loc="outside upper center", ncols=min(2, len(pairs)),
                             frameon=False, fontsize=9).get_texts())
        return figure, marks

    return _draw(chart, "Paired differences between the chosen models", build) + (
        '<p class="mcb-chart-note">Filled: a 95% paired interval over the shared cells. Hollow: fewer than '
        f"{MIN_INTERVAL_CELLS} shared cells with data, so no interval.</p>")
