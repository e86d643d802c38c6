"""Plots of the Statistics Toolbox: boxplot, histfit and qqplot.

boxplot draws with matplotlib's bxp from statistics computed the MATLAB way: quartiles and median by
prctile's method, whiskers to the most extreme values within Whisker times the interquartile range of the
box, the values beyond them drawn as outliers. histfit and qqplot draw through hist, bar and plot.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import scipy

from ..categoricals import CategoricalArray
from ..errors import MatlabError
from ..figures import graphics_state
from ..graphics_args import name_values, numbers, text, text_list
from ..graphics_axes import current_axes, graphics, plot_axes
from ..values import CellArray, CharArray, StringArray
from .statistics import prctile

# MATLAB's boxplot style: blue box, red median, black dashed whiskers, black adjacent-value lines, red +.
BOX_STYLE = {"boxprops": {"color": (0, 0, 1)}, "medianprops": {"color": (1, 0, 0)},
             "whiskerprops": {"color": (0, 0, 0), "linestyle": "--"}, "capprops": {"color": (0, 0, 0)},
             "flierprops": {"marker": "+", "markeredgecolor": (1, 0, 0), "linestyle": "none"}}
HANDLE_ROWS = ("whisker_upper", "whisker_lower", "cap_upper", "cap_lower", "boxes", "medians", "fliers")


def box_statistics(values: np.ndarray, whisker: float) -> dict[str, Any]:
    """matplotlib's bxp record of one box: quartiles by MATLAB's prctile, whisker ends at the most
    extreme values within whisker*IQR of the box, the values beyond as outliers (NaN ignored)."""
    data = values[~np.isnan(values)].reshape(1, -1)
    if data.size == 0:
        return {"q1": np.nan, "med": np.nan, "q3": np.nan, "whislo": np.nan, "whishi": np.nan, "fliers": []}
    q1, med, q3 = np.asarray(prctile(data, np.array([[25.0, 50.0, 75.0]]))).ravel()
    reach = whisker * (q3 - q1)
    inside = data[(data >= q1 - reach) & (data <= q3 + reach)]
    low, high = (inside.min(), inside.max()) if inside.size else (q1, q3)
    return {"q1": q1, "med": med, "q3": q3, "whislo": min(low, q1), "whishi": max(high, q3),
            "fliers": data[(data < q1 - reach) | (data > q3 + reach)]}


def _groups(data: np.ndarray, grouping: Any) -> tuple[list[np.ndarray], list[str]]:
    """The samples of each group and their labels: numeric groups in ascending order, text groups in
    order of first appearance, categorical groups in category order, every category (as MATLAB's grp2idx)."""
    if type(grouping) is CategoricalArray:
        codes = grouping.data.ravel(order="F")
        if codes.size != data.size:
            raise MatlabError("stats:boxplot:BadGroupingVar",
                              "The grouping variable must have one element per element of X.")
        flat = data.ravel(order="F")
        return [flat[codes == k + 1].astype(np.float64) for k in range(len(grouping.cats))], list(grouping.cats)
    if isinstance(grouping, (CellArray, StringArray)):
        keys = text_list(grouping)
        order = list(dict.fromkeys(keys))
    else:
        keys = numbers(grouping, "grouping variable").real.ravel(order="F").tolist()
        order = sorted(set(k for k in keys if not np.isnan(k)))
    if len(keys) != data.size:
        raise MatlabError("stats:boxplot:BadGroupingVar",
                          "The grouping variable must have one element per element of X.")
    flat, labels = data.ravel(order="F"), np.array(keys, dtype=object)
    return ([flat[labels == k].astype(np.float64) for k in order],
            [k if isinstance(k, str) else f"{k:g}" for k in order])


@graphics("boxplot", axes_first=True)
def boxplot(ctx, x, *args, nargout=0):
    """boxplot(x), boxplot(x, g), boxplot(..., 'Labels', labels, 'Whisker', w, 'Orientation', o)  box plot.

    One box per column of x (a vector: one box), or per group of g (a numeric vector, cell array of
    character vectors, string array or categorical array with one element per value of x). Each box spans the 25th to
    75th percentiles (prctile's method) with the median in red; the dashed whiskers reach the most
    extreme values within w (1.5 by default) times the box's length (never into the box); values beyond
    are outliers (red +). NaN values are ignored. h = boxplot(...) returns the handles of the lines, 7
    per box: upper and lower whisker, upper and lower adjacent value, box, median, outliers. Other
    options are not supported.

        boxplot([1 2 3 4 20; 2 3 4 5 6]')
    """
    grouping = args[0] if len(args) % 2 else None
    opts = name_values(list(args[1:] if grouping is not None else args), "boxplot")
    whisker = opts.pop("Whisker")
    whisker = 1.5 if whisker is None else float(numbers(whisker, "Whisker").real.ravel()[0])
    orientation = opts.pop("Orientation")
    orientation = "vertical" if orientation is None else text(orientation, "Orientation").lower()
    labels = opts.pop("Labels")
    if opts.values:
        raise MatlabError("matfuse:boxplot:unsupported", f"boxplot does not support the option "
                          f"'{next(n for n in opts.order if n.lower() in opts.values)}'.")
    if orientation not in ("vertical", "horizontal"):
        raise MatlabError("stats:boxplot:BadOrientation", "Orientation must be 'vertical' or 'horizontal'.")
    data = numbers(x, "x").real.astype(np.float64)
    if grouping is not None:
        samples, names = _groups(data, grouping)
    else:
        columns = data.reshape(-1, 1) if 1 in data.shape or data.size == 0 else \
            data.reshape(data.shape[0], -1, order="F")
        samples, names = list(columns.T), [str(k + 1) for k in range(columns.shape[1])]
    if labels is not None:
        names = text_list(labels) if isinstance(labels, (CellArray, StringArray)) else \
            [f"{v:g}" for v in numbers(labels, "Labels").real.ravel(order="F")]
        if len(names) != len(samples):
            raise MatlabError("stats:boxplot:BadLabels", "There must be one label per box.")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    drawn = axes.mpl.bxp([box_statistics(s, whisker) for s in samples], positions=range(1, len(samples) + 1),
                         widths=0.5, orientation=orientation, **BOX_STYLE)
    (axes.mpl.set_xticks if orientation == "vertical" else axes.mpl.set_yticks)(range(1, len(samples) + 1), names)
    if not nargout:
        return None
    lines = {"whisker_lower": drawn["whiskers"][0::2], "whisker_upper": drawn["whiskers"][1::2],
             "cap_lower": drawn["caps"][0::2], "cap_upper": drawn["caps"][1::2], "boxes": drawn["boxes"],
             "medians": drawn["medians"], "fliers": drawn["fliers"]}
    return np.array([[gs.new_handle(lines[row][k]) for k in range(len(samples))] for row in HANDLE_ROWS])


@graphics("histfit", axes_first=True)
def histfit(ctx, data, nbins=None, dist=None, nargout=0):
    """histfit(data), histfit(data, nbins), histfit(data, nbins, 'normal')  histogram with a fitted normal density.

    The histogram of data in nbins bars (ceil(sqrt(N)) by default, as hist bins them, the bars touching),
    with the normal density of the sample's mean and standard deviation (normfit's estimates) drawn
    over it as a red line, scaled to the counts (N times the bin width) from mu - 3*sigma to mu + 3*sigma.
    NaN values are ignored. h = histfit(...) returns the handles of the bars and of the line. Other
    distributions are not supported.

        histfit([2.1 2.9 3.2 3.8 4.1 4.4 5.0 5.3 6.2])
    """
    if dist is not None and text(dist, "distribution name").lower() != "normal":
        raise MatlabError("matfuse:histfit:unsupported", "histfit supports the 'normal' distribution only.")
    sample = numbers(data, "data").real.ravel(order="F")
    sample = sample[~np.isnan(sample)].reshape(1, -1)
    if sample.size < 2:
        raise MatlabError("stats:histfit:NotEnoughData", "DATA must contain at least two values that are not NaN.")
    count = int(np.ceil(np.sqrt(sample.size))) if nbins is None or np.size(nbins) == 0 else \
        int(numbers(nbins, "nbins").real.ravel()[0])
    counts, centers = ctx.call("hist", [sample, float(count)], 2)
    centers = np.asarray(centers, dtype=np.float64).ravel()
    (bars,) = ctx.call("bar", [centers.reshape(1, -1), counts, 1.0], 1)
    mu, sigma = float(sample.mean()), float(sample.std(ddof=1))
    x = np.linspace(mu - 3 * sigma, mu + 3 * sigma, 100).reshape(1, -1)
    width = centers[1] - centers[0] if centers.size > 1 else 1.0
    y = sample.size * width * np.exp(-0.5 * ((x - mu) / sigma) ** 2) / (sigma * np.sqrt(2 * np.pi))
    from matplotlib.ticker import AutoLocator       # (matplotlib is imported by the first figure)
    axes = current_axes(graphics_state(ctx.state))
    axes.mpl.xaxis.set_major_locator(AutoLocator())     # bar marks each center; histfit's axis is numeric
    held, axes.hold = axes.hold, True
    try:
        (line,) = ctx.call("plot", [x, y, CharArray.from_str("r-"), CharArray.from_str("LineWidth"), 2.0], 1)
    finally:
        axes.hold = held
    return np.vstack([np.asarray(bars, dtype=np.float64).reshape(-1, 1), np.asarray(line).reshape(-1, 1)]) \
        if nargout else None


@graphics("qqplot", axes_first=True)
def qqplot(ctx, x, *rest, nargout=0):
    """qqplot(x), h = qqplot(x)  quantile-quantile plot of a sample against the standard normal distribution.

    The sorted values of x (NaN ignored) against the normal quantiles norminv(((1:n)-0.5)/n) as blue +
    markers, with a red line through the first and third quartiles of both, dashed where it extends
    over the rest of the data, and MATLAB's axis labels and title. h holds the handles of the markers,
    of the line between the quartiles and of its two dashed extensions. Two samples (qqplot(x, y)) and
    distribution objects are not supported.

        qqplot([2.1 2.9 3.2 3.8 4.1 4.4 5.0 5.3 6.2])
    """
    if rest:
        raise MatlabError("matfuse:qqplot:unsupported", "qqplot supports one sample against the normal distribution.")
    sample = np.sort(numbers(x, "x").real.ravel(order="F"))
    sample = sample[~np.isnan(sample)]
    if sample.size == 0:
        raise MatlabError("stats:qqplot:NoData", "X must contain values that are not NaN.")
    theory = scipy.stats.norm.ppf((np.arange(1, sample.size + 1) - 0.5) / sample.size)
    q1, q3 = (np.asarray(prctile(sample.reshape(1, -1), np.array([[p]]))).item() for p in (25.0, 75.0))
    t1, t3 = scipy.stats.norm.ppf([0.25, 0.75])
    slope = (q3 - q1) / (t3 - t1)
    ends = np.array([[theory[0], t1], [t3, theory[-1]]])
    line = q1 + slope * (ends - t1)
    axes = plot_axes(graphics_state(ctx.state))
    held, axes.hold = axes.hold, True
    try:
        (marks,) = ctx.call("plot", [theory.reshape(1, -1), sample.reshape(1, -1), CharArray.from_str("+")], 1)
        pieces = [ctx.call("plot", [ends[k:k + 1], line[k:k + 1], CharArray.from_str(style)], 1)[0]
                  for k, style in ((0, "r--"), (1, "r--"))]
        middle = ctx.call("plot", [np.array([[t1, t3]]), np.array([[q1, q3]]), CharArray.from_str("r-")], 1)[0]
    finally:
        axes.hold = held
    axes.mpl.set_xlabel("Standard Normal Quantiles")
    axes.mpl.set_ylabel("Quantiles of Input Sample")
    axes.mpl.set_title("QQ Plot of Sample Data versus Standard Normal")
    handles = [np.asarray(h, dtype=np.float64).reshape(-1) for h in (marks, middle, *pieces)]
    return np.concatenate(handles).reshape(-1, 1) if nargout else None
