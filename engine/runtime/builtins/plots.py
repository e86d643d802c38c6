"""MATLAB plotting builtins: plot, polarplot, semilogx/semilogy/loglog, scatter, bar, histogram, imagesc, surf, mesh,
contour/contourf, colormap (and the colormap functions parula, jet, gray, ...), colorbar.

Each draws into the current axes (runtime/graphics_axes.py), which ``hold off`` clears first, and returns
the new objects' handles only when asked (``nargout > 0``).
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..categoricals import CategoricalArray
from ..errors import MatlabError, check_size, not_enough_inputs, too_many_inputs
from ..figures import AxesState, FigureState, GraphicsState, graphics_state
from ..graphics_args import (COLOR_LETTERS, COLOR_NAMES, COLOR_ORDER, COLORMAPS, MARKER_WORDS, LineSpec, color,
                             colormap_from_matrix, colormap_from_name, colormap_matrix, drawable, is_numeric, is_text,
                             line_properties, line_style, name_values, numbers, parse_linespec, scalar,
                             set_marker_sizes, text, text_list)
from ..graphics_axes import as_3d, current_axes, current_figure, figure_cmap, graphics, plot_axes
from ..graphics_props import (autoscale_colors, face_values, grid_faces, mesh_collection, set_mesh_color,
                              set_property, set_surface_face)
from ..time_text import UNIT_FORMATS, duration_text
from ..times import DAY, DatetimeArray, DurationArray, is_time
from ..values import CharArray
from .registry import builtin

# ----------------------------------------------------------------------------- line plots

def split_series(args: tuple) -> tuple[list[tuple[Any, Any, LineSpec | None]], list]:
    """Split plot arguments into (x or None, y, linespec) triples and the trailing name-value pairs."""
    series, k = [], 0
    while k < len(args) and not is_text(args[k]):
        if k + 1 < len(args) and (is_numeric(args[k + 1]) or is_time(args[k + 1])):
            x, y, k = args[k], args[k + 1], k + 2
        else:
            x, y, k = None, args[k], k + 1
        spec = parse_linespec(text(args[k])) if k < len(args) and is_text(args[k]) else None
        k += spec is not None
        series.append((x, y, spec))
    return series, list(args[k:])


def xy_pairs(x: Any, y: Any) -> list[tuple[np.ndarray, np.ndarray]]:
    """The (x, y) data of each line: matrices plot their columns (or rows matching x's length); a scalar
    against a vector gives one single-point line per element."""
    Y = numbers(y, "Y")
    if x is None:
        if np.iscomplexobj(Y):
            return [(col.real, col.imag) for col in _columns(Y)]
        cols = _columns(Y)
        return [(np.arange(1.0, len(c) + 1), c) for c in cols]
    X = numbers(x, "X").real
    Y = Y.real
    if X.size == 1 and Y.size > 1 and min(Y.shape) == 1 or Y.size == 1 and X.size > 1 and min(X.shape) == 1:
        xs, ys = np.broadcast_arrays(X.ravel(), Y.ravel())     # a scalar against a vector: one line
        return [(xs[k:k + 1], ys[k:k + 1]) for k in range(xs.size)]   # (a point) per element, as MATLAB
    if min(X.shape) == 1 and min(Y.shape) != 1:
        xv = X.ravel()
        if Y.shape[0] != xv.size:
            Y = Y.T
        if Y.shape[0] != xv.size:
            raise MatlabError("MATLAB:plot:XYLengthMismatch", "Vectors must be the same length.")
        return [(xv, c) for c in Y.T]
    if X.size != Y.size and not (min(Y.shape) == 1 and X.shape == Y.T.shape):
        raise MatlabError("MATLAB:plot:XYLengthMismatch", "Vectors must be the same length.")
    if min(X.shape) == 1:
        return [(X.ravel(), Y.ravel())]
    return list(zip(_columns(X), _columns(Y)))


def _columns(A: np.ndarray) -> list[np.ndarray]:
    return [A.ravel()] if min(A.shape) == 1 else list(A.T)


def time_axis(value: Any, axis: Any, labels: list) -> Any:
    """A datetime or duration plot coordinate as numbers, and (appended to ``labels``) what makes the
    matplotlib ``axis`` label them, to run once the scales are set: datetimes as days since 1970
    (matplotlib's dates, with its concise date labels), durations in the unit of their format (hours for a clock format) labelled in
    that format. Other values pass as they are."""
    from matplotlib.dates import AutoDateLocator, ConciseDateFormatter
    from matplotlib.ticker import FuncFormatter
    if type(value) is DatetimeArray:
        locator = AutoDateLocator()
        labels.append(lambda: (axis.set_major_locator(locator),
                               axis.set_major_formatter(ConciseDateFormatter(locator))))
        return value.data / DAY
    if type(value) is DurationArray:
        fmt = value.display_format()
        scale = UNIT_FORMATS[fmt][0] if fmt in UNIT_FORMATS else 3600.0
        formatter = FuncFormatter(lambda v, _: duration_text(v * scale, fmt))
        labels.append(lambda: axis.set_major_formatter(formatter))
        return value.data / scale
    return value


def draw_lines(ctx, args: tuple, nargout: int, xscale: str = "linear", yscale: str = "linear"):
    series, rest = split_series(args)
    if not series:
        raise not_enough_inputs()
    props = line_properties(name_values(rest, "plot"), "plot")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    handles, labels = [], []
    for x, y, spec in series:
        x, y = time_axis(x, axes.mpl.xaxis, labels), time_axis(y, axes.mpl.yaxis, labels)
        for xv, yv in xy_pairs(x, y):
            (line,) = axes.mpl.plot(drawable(xv), drawable(yv), **line_style(spec, props))
            axes.series.append(line)
            handles.append(gs.new_handle(line))
    if xscale != "linear" or not axes.hold:
        axes.mpl.set_xscale(xscale)
    if yscale != "linear" or not axes.hold:
        axes.mpl.set_yscale(yscale)
    for label in labels:
        label()
    return np.array(handles, dtype=np.float64).reshape(-1, 1) if nargout else None


@graphics("plot", axes_first=True)
def plot(ctx, *args, nargout=0):
    """plot(Y) | plot(X, Y) | plot(X, Y, LineSpec, ..., Name, Value)  2-D line plot.

    Several X, Y, LineSpec groups draw several lines; matrix Y draws one line per column; a scalar
    against a vector draws each point as a line of its own (seen with a marker). LineSpec
    combines a line style (- -- : -.), a marker (o + * . x s d ^ v > < p h) and a color (r g b c m y k
    w). Name-value pairs: LineWidth, Color, MarkerSize, MarkerFaceColor, MarkerEdgeColor, LineStyle,
    Marker, DisplayName. Returns the line handles.

        x = linspace(0, 2*pi); plot(x, sin(x), 'r--o', 'LineWidth', 2)
    """
    return draw_lines(ctx, args, nargout)


def polar_pairs(theta: Any, rho: Any) -> list[tuple[np.ndarray, np.ndarray]]:
    """The (theta, rho) data of each polarplot line: rho alone at evenly spaced angles from 0 to 2*pi,
    a complex Z as angle(Z), abs(Z); negative radii reflected through the origin, as MATLAB draws them."""
    if theta is None:
        Z = numbers(rho, "rho")
        if np.iscomplexobj(Z):
            pairs = [(np.angle(c), np.abs(c)) for c in _columns(Z)]
        else:
            pairs = [(np.linspace(0.0, 2 * np.pi, c.size), c) for c in _columns(Z)]
    else:
        pairs = xy_pairs(theta, rho)
    return [(np.where(r < 0, t + np.pi, t), np.abs(r)) for t, r in pairs]


@graphics("polarplot", axes_first=True)
def polarplot(ctx, *args, nargout=0):
    """polarplot(theta, rho) | polarplot(theta, rho, LineSpec, ..., Name, Value) | polarplot(rho) | polarplot(Z)
    Line plot in polar coordinates.

    theta holds angles in radians (0 to the right, counterclockwise) and rho the radii; matrices draw
    one line per column, as plot does. rho alone is drawn at evenly spaced angles from 0 to 2*pi, a
    complex Z at angle(Z) and radius abs(Z); negative radii are reflected through the origin. LineSpec
    and the name-value pairs are those of plot. Draws into polar axes (replacing Cartesian ones) and
    returns the line handles.

        theta = linspace(0, 2*pi); polarplot(theta, sin(2*theta).*cos(2*theta), '--r')
    """
    series, rest = split_series(args)
    if not series:
        raise not_enough_inputs()
    props = line_properties(name_values(rest, "polarplot"), "polarplot")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs, polar=True)
    handles = []
    for theta, rho, spec in series:
        for tv, rv in polar_pairs(theta, rho):
            (line,) = axes.mpl.plot(tv, rv, **line_style(spec, props))
            axes.series.append(line)
            handles.append(gs.new_handle(line))
    axes.mpl.set_rlim(bottom=0)
    axes.mpl.set_thetagrids(range(0, 360, 30))      # MATLAB's angle ticks, every 30 degrees
    return np.array(handles, dtype=np.float64).reshape(-1, 1) if nargout else None


@graphics("semilogy", axes_first=True)
def semilogy(ctx, *args, nargout=0):
    """semilogy(...)  plot with a logarithmic y-axis (arguments as for plot).

        semilogy(1:5, 10.^(1:5))
    """
    return draw_lines(ctx, args, nargout, yscale="log")


@graphics("semilogx", axes_first=True)
def semilogx(ctx, *args, nargout=0):
    """semilogx(...)  plot with a logarithmic x-axis (arguments as for plot).

        semilogx(10.^(1:5), 1:5)
    """
    return draw_lines(ctx, args, nargout, xscale="log")


@graphics("loglog", axes_first=True)
def loglog(ctx, *args, nargout=0):
    """loglog(...)  plot with logarithmic x- and y-axes (arguments as for plot).

        loglog(1:100, (1:100).^2)
    """
    return draw_lines(ctx, args, nargout, xscale="log", yscale="log")


@graphics("scatter", axes_first=True)
def scatter(ctx, *args, nargout=0):
    """scatter(x, y) | scatter(x, y, sz) | scatter(x, y, sz, c) | scatter(..., 'filled')  scatter plot.

    sz is the marker area in points squared (default 36); c is a color, an RGB row per point, or one value
    per point mapped through the colormap. A marker character ('o', 's', ...) chooses the marker.
    A color and then a marker may follow sz (scatter(x, y, sz, c, mkr)). Markers are hollow unless 'filled'.
    Name-value pairs: CData (the colors, as c), MarkerFaceColor, MarkerEdgeColor, LineWidth, DisplayName.

        scatter(randn(100, 1), randn(100, 1), 20, 'filled')
    """
    return _scatter(ctx, args, nargout, "xy")


@graphics("scatter3", axes_first=True)
def scatter3(ctx, *args, nargout=0):
    """scatter3(x, y, z) | scatter3(x, y, z, sz, c) | scatter3(..., 'filled')  3-D scatter plot.

    The arguments after z are those of scatter: marker area, colors, a marker character, 'filled' and
    name-value pairs.

        t = linspace(0, 4*pi, 50); scatter3(cos(t), sin(t), t, 20, t, 'filled')
    """
    return _scatter(ctx, args, nargout, "xyz")


def _scatter(ctx, args: tuple, nargout: int, axes_names: str):
    data = list(args)
    filled = take_flag(data, "filled")
    marker, spec_color = _take_marker(data, len(axes_names))
    first_text = next((k for k, v in enumerate(data) if is_text(v)), len(data))
    nums, rest = data[:first_text], data[first_text:]
    dims = len(axes_names)
    if len(nums) == dims + 1 and rest and text(rest[0]).lower() in (*COLOR_LETTERS, *COLOR_NAMES):
        nums.append(rest.pop(0))
    if not dims <= len(nums) <= dims + 2:
        raise not_enough_inputs() if len(nums) < dims else too_many_inputs()
    coords = [numbers(v, name.upper()).real.ravel() for v, name in zip(nums, axes_names)]
    if any(c.size != coords[0].size for c in coords):
        raise MatlabError("MATLAB:scatter:XYLengthMismatch", f"{', '.join(axes_names.upper())} must be the "
                          "same length.")
    sizes = _marker_sizes(nums[dims]) if len(nums) > dims else 36.0
    colors = _scatter_colors(nums[dims + 1], coords[0].size) if len(nums) > dims + 1 else spec_color
    opts = name_values(rest, "scatter")
    if "cdata" in opts.values:                    # the colors by name: scatter3(x, y, z, 'o', 'CData', v)
        colors = _scatter_colors(opts.pop("CData"), coords[0].size)
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs, three_d=dims == 3)
    kw = _scatter_style(axes, colors, filled, opts)
    if "values" in (colors or {}):
        kw["cmap"] = figure_cmap(gs)
    artist = axes.mpl.scatter(*map(drawable, coords), marker=marker, **kw)
    artist.matfuse_filled = filled
    set_marker_sizes(artist, sizes)
    axes.series.append(artist)
    handle = gs.new_handle(artist)
    return handle if nargout else None


def _marker_sizes(value: Any) -> Any:
    sizes = numbers(value, "size").real.ravel()
    return 36.0 if sizes.size == 0 else sizes


def take_flag(data: list, flag: str) -> bool:
    """Remove the option word ``flag`` (like 'filled') from the arguments; True if it was there."""
    found = [k for k, v in enumerate(data) if is_text(v) and text(v).lower() == flag]
    for k in reversed(found):
        del data[k]
    return bool(found)


def _take_marker(data: list, after: int) -> tuple[str, dict | None]:
    """Remove the marker and color given as text after the first ``after`` data arguments: a line spec
    without a line style ('d', 'sq', or with a color: 'ob', 'r*'), a marker's name ('square'), a color
    alone ('k', as in ``scatter(x, y, 'k', 'filled')``), or a color and then a marker (MATLAB's
    ``scatter(x, y, sz, c, mkr)``: ``scatter(x, y, 10, 'k', '.')``): (the marker, default 'o'; the color as
    _scatter_colors gives one, or None)."""
    start = next((k for k in range(after, len(data)) if is_text(data[k])), len(data))
    marker = spec_color = None
    while start < len(data) and is_text(data[start]):
        word = text(data[start])
        spec = parse_linespec(word) if word.lower() not in MARKER_WORDS else \
            LineSpec(marker=MARKER_WORDS[word.lower()]) if word.lower() != "none" else None
        if spec is None or spec.linestyle is not None or (spec.marker and marker) or (spec.color and spec_color):
            break
        del data[start]
        marker, spec_color = marker or spec.marker, spec_color or spec.color
    return marker or "o", None if spec_color is None else {"color": spec_color}


def _scatter_colors(value: Any, n: int) -> Any:
    if is_text(value):
        return {"color": color(value)}
    c = numbers(value, "color").real
    if c.shape == (1, 3):
        return {"color": color(value)}
    if c.shape == (n, 3):
        return {"rgb": c}
    if c.size == n:
        return {"values": c.ravel()}
    raise MatlabError("MATLAB:scatter:InvalidColor", "Color must be a color, n-by-3 RGB values, or n values.")


def _scatter_style(axes: AxesState, colors: Any, filled: bool, opts: Any) -> dict[str, Any]:
    colors = colors or {"color": COLOR_ORDER[len(axes.series) % len(COLOR_ORDER)]}
    if "values" in colors:
        kw: dict[str, Any] = {"c": colors["values"]}
    else:
        rgb = colors.get("rgb", colors.get("color"))
        kw = {"c": [rgb]} if isinstance(rgb, tuple) else {"c": rgb}
    if not filled:
        kw = {"facecolors": "none", "edgecolors": kw["c"]} if "values" not in colors else kw
    for name, key in (("MarkerFaceColor", "facecolors"), ("MarkerEdgeColor", "edgecolors")):
        value = opts.pop(name)
        if value is not None:
            kw[key] = color(value)
    width = opts.pop("LineWidth")
    kw["linewidths"] = scalar(width, "LineWidth") if width is not None else 0.5
    label = opts.pop("DisplayName")
    if label is not None:
        kw["label"] = text(label)
    opts.check_empty("scatter")
    return kw


# ----------------------------------------------------------------------------- bars and histograms

@graphics("bar", axes_first=True)
def bar(ctx, *args, nargout=0):
    """bar(y) | bar(x, y) | bar(..., width) | bar(..., 'grouped' | 'stacked') | bar(..., color)  bar graph.

    A categorical x puts the bars at its categories, in category order, named on the axis. A matrix y draws groups: one bar per column in each row, side by side ('grouped', the default) or
    stacked (negative values stack downwards from 0). width is the bar width as a fraction of the space
    between bars (0.8). Name-value pairs: FaceColor, EdgeColor, BarWidth, DisplayName; a color letter or
    name sets the face color.

        bar([1 2 3; 4 5 6], 'stacked')
    """
    return _bar(ctx, args, nargout, horizontal=False)


@graphics("barh", axes_first=True)
def barh(ctx, *args, nargout=0):
    """barh(y) | barh(x, y) | barh(..., width) | barh(..., 'stacked') | ...  horizontal bar graph.

    The arguments are those of bar; the bars grow along the x-axis from positions x on the y-axis.

        barh([3 1 2]); yticklabels({'a', 'b', 'c'})
    """
    return _bar(ctx, args, nargout, horizontal=True)


def _bar(ctx, args: tuple, nargout: int, horizontal: bool):
    data = list(args)
    stacked = take_flag(data, "stacked")
    take_flag(data, "grouped")
    first_text = next((k for k, v in enumerate(data) if is_text(v)), len(data))
    nums, rest = data[:first_text], data[first_text:]
    face = color(rest.pop(0)) if rest and text(rest[0]).lower() in (*COLOR_LETTERS, *COLOR_NAMES) else None
    opts = name_values(rest, "bar")
    names = None
    if len(nums) >= 2 and type(nums[0]) is CategoricalArray:   # bars at the categories, named on the axis
        names, nums[0] = nums[0].cats, nums[0].data
    x, y, width = _bar_data(nums)
    width = scalar(opts.pop("BarWidth"), "BarWidth") if "barwidth" in opts.values else width
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    handles = _draw_bars(gs, axes, x, y, (width, stacked, horizontal), face, opts)
    if names is not None:
        (axes.mpl.yaxis if horizontal else axes.mpl.xaxis).set_ticks(np.arange(1.0, len(names) + 1), list(names))
    return np.array(handles, dtype=np.float64).reshape(1, -1) if nargout else None


def _bar_data(nums: list) -> tuple[np.ndarray, np.ndarray, float]:
    if not nums or len(nums) > 3:
        raise MatlabError("MATLAB:bar:InvalidArguments", "bar takes (y), (x, y) and an optional width.")
    width = 0.8
    if len(nums) == 3 or (len(nums) == 2 and numbers(nums[1]).size == 1 and numbers(nums[0]).size > 1):
        width = scalar(nums.pop(), "width")
    y = numbers(nums[-1], "Y").real
    y = y.reshape(-1, 1) if min(y.shape) == 1 else y
    x = numbers(nums[0], "X").real.ravel() if len(nums) == 2 else np.arange(1.0, y.shape[0] + 1)
    if x.size != y.shape[0]:
        raise MatlabError("MATLAB:bar:XYLengthMismatch", "X and Y must have the same number of rows.")
    return x, y, width


def _draw_bars(gs: GraphicsState, axes: AxesState, x: np.ndarray, y: np.ndarray, layout: tuple,
               face: Any, opts: Any) -> list[float]:
    width, stacked, horizontal = layout
    k = y.shape[1]
    placed = np.sort(x[np.isfinite(x)])     # a bar at NaN or Inf is not drawn
    spacing = np.min(np.diff(placed)) if placed.size > 1 else 1.0
    group = spacing * (width if stacked or k == 1 else min(0.8, k / (k + 1.5)))
    each = group if stacked or k == 1 else group / k
    edge = color(opts.pop("EdgeColor")) if "edgecolor" in opts.values else (0.0, 0.0, 0.0)
    face = color(opts.pop("FaceColor")) if "facecolor" in opts.values else face
    label = opts.pop("DisplayName")
    edges = {name: opts.pop(name) for name in ("LineStyle", "LineWidth") if name.lower() in opts.values}
    opts.check_empty("bar")
    above, below, handles = np.zeros(x.size), np.zeros(x.size), []
    draw = axes.mpl.barh if horizontal else axes.mpl.bar
    for j in range(k):
        offset = 0.0 if stacked or k == 1 else (j - (k - 1) / 2) * each
        base = np.where(y[:, j] >= 0, above, below) if stacked else np.zeros(x.size)
        colour = face or COLOR_ORDER[(len(axes.series)) % len(COLOR_ORDER)]
        bars = draw(x + offset, y[:, j], each * (width if k > 1 and not stacked else 1.0), base,
                    color=colour, edgecolor=edge, linewidth=0.5,
                    label=text(label) if label is not None and k == 1 else None)
        if stacked:
            above, below = above + np.maximum(y[:, j], 0), below + np.minimum(y[:, j], 0)
        bars.matfuse_x = x                # XData: the group positions, not the offset bar centers
        bars.matfuse_baseline = _baseline(axes, horizontal)
        for name, value in edges.items():
            set_property(gs, bars, name, value)
        axes.series.append(bars)
        handles.append(gs.new_handle(bars))
    if x.size <= 20 and np.all(np.abs(placed) < 1e300):    # matplotlib's round limits overflow near realmax
        (axes.mpl.set_yticks if horizontal else axes.mpl.set_xticks)(placed)
    return handles


def _baseline(axes: AxesState, horizontal: bool) -> Any:
    """The axes' bar baseline (MATLAB's BaseLine of every bar series in them): a black line at 0 across
    the axes, made with the first bars."""
    from matplotlib.lines import Line2D
    line = getattr(axes.mpl, "matfuse_baseline", None)
    if line is None or line not in axes.mpl.lines:        # (axhline would compute the limits: bar(1e308, 5))
        ends, zeros = [0.0, 1.0], [0.0, 0.0]
        line = Line2D(zeros, ends, transform=axes.mpl.get_xaxis_transform()) if horizontal else \
            Line2D(ends, zeros, transform=axes.mpl.get_yaxis_transform())
        line.set(color="k", linewidth=0.5, zorder=2.5)
        axes.mpl.add_line(line)
        axes.mpl.matfuse_baseline = line
        line.matfuse_type = "baseline"
    return line


@graphics("hist", axes_first=True)
def hist(ctx, y, *bins, nargout=0):
    """hist(y) | hist(y, nbins) | hist(y, centers) | [counts, centers] = hist(...)  histogram with bins
    by their centers (the function before histogram).

    nbins (default 10) equal bins span min(y) to max(y); a vector gives the bin centers, each bin
    reaching halfway to its neighbors (the outer ones without limit). A value on a boundary counts in
    the lower bin. A matrix y counts each column. With outputs nothing is drawn: counts is a row for a
    vector y (nbins-by-columns for a matrix), centers a row (a column for a matrix).

        [n, c] = hist(randn(1000, 1), 20); bar(c, n)
    """
    Y = numbers(y, "Y").real
    vector = min(Y.shape) == 1
    Y = Y.reshape(-1, 1) if vector else Y
    if len(bins) > 1:
        raise too_many_inputs()
    centers = _hist_centers(Y[~np.isnan(Y)], numbers(bins[0], "bins").real.ravel() if bins else None)
    edges = np.concatenate([[-np.inf], (centers[:-1] + centers[1:]) / 2, [np.inf]])
    bins = [np.clip(np.searchsorted(edges, col[~np.isnan(col)], side="left") - 1, 0, centers.size - 1)
            for col in Y.T]                                                         # -Inf in the first bin
    counts = np.stack([np.bincount(b, minlength=centers.size) for b in bins], axis=1)
    counts = counts.astype(np.float64)
    if nargout:
        return (counts.T, centers.reshape(1, -1)) if vector else (counts, centers.reshape(-1, 1))
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    _draw_bars(gs, axes, centers, counts, (1.0, False, False), None, name_values([], "hist"))
    from matplotlib.ticker import AutoLocator
    axes.mpl.xaxis.set_major_locator(AutoLocator())      # ticks at round numbers, not at the centers
    return None


def _hist_centers(values: np.ndarray, bins: np.ndarray | None) -> np.ndarray:
    """Bin centers: given ones (sorted), or n equal bins over the data's range (of width 1 around equal
    values)."""
    if bins is not None and bins.size > 1:
        return np.sort(bins)
    count = 10.0 if bins is None else float(bins[0]) if bins.size else math.nan
    if not (1 <= count < math.inf):
        raise MatlabError("MATLAB:hist:InvalidNumBins", "The number of bins must be a positive integer.")
    n = check_size((1, int(count)))[1]
    finite = values[np.isfinite(values)]     # -Inf and Inf count in the outer bins
    lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
    if lo == hi:
        lo, hi = lo - n / 2, hi + n / 2
    width = (hi - lo) / n
    return lo + width * (np.arange(n) + 0.5)


@graphics("histogram", axes_first=True)
def histogram(ctx, *args, nargout=0):
    """histogram(X) | histogram(X, nbins) | histogram(X, edges) | histogram(C)  histogram of the values in X.

    A categorical C gets a bar for each category, named on the x-axis (options Categories, DisplayOrder,
    BarWidth, Normalization and the styles). The bins are histcounts' for the same arguments (automatic ones by
    Scott's rule, rounded to a nice width). Name-value pairs: NumBins, BinEdges, BinWidth, BinLimits, Normalization ('count', 'probability', 'countdensity', 'pdf', 'cumcount', 'cdf'),
    FaceColor, EdgeColor, FaceAlpha, DisplayName.

        histogram(randn(1000, 1), 30, 'Normalization', 'pdf')
    """
    if not args:
        raise not_enough_inputs()
    if type(args[0]) is CategoricalArray:
        return _category_histogram(ctx, args[0], list(args[1:]), nargout)
    data = numbers(args[0], "data").real.ravel()
    data = data[~np.isnan(data)]
    rest = list(args[1:])
    bins = rest.pop(0) if rest and not is_text(rest[0]) else None
    opts = name_values(rest, "histogram")
    edges = _bin_edges(data, bins, opts)
    counts = np.histogram(data, edges)[0].astype(np.float64)
    values = _normalize(counts, edges, data.size, text(opts.pop("Normalization") or CharArray.from_str("count")))
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    kw = _histogram_style(opts, axes)
    bars = axes.mpl.bar(edges[:-1], values, np.diff(edges), align="edge", linewidth=0.5, **kw)
    bars.matfuse_type, bars.matfuse_edges = "histogram", edges    # for get(h, 'BinEdges'), ...
    axes.series.append(bars)
    handle = gs.new_handle(bars)
    return handle if nargout else None


def _histogram_style(opts: Any, axes: AxesState) -> dict[str, Any]:
    """matplotlib's bar style of a histogram's FaceColor, EdgeColor, FaceAlpha and DisplayName (the
    options left must be none)."""
    face = opts.pop("FaceColor")
    kw = {"color": color(face) if face is not None else COLOR_ORDER[len(axes.series) % len(COLOR_ORDER)],
          "edgecolor": color(opts.pop("EdgeColor")) if "edgecolor" in opts.values else (0.0, 0.0, 0.0),
          "alpha": scalar(opts.pop("FaceAlpha"), "FaceAlpha") if "facealpha" in opts.values else 0.6,
          "label": text(opts.pop("DisplayName")) if "displayname" in opts.values else None}
    opts.check_empty("histogram")
    return kw


def _category_histogram(ctx, c: CategoricalArray, rest: list, nargout: int):
    """histogram(C) of a categorical array: a bar for each category (or each of the 'Categories' option,
    in its order, or by count with 'DisplayOrder' 'ascend' or 'descend') at 1, 2, ..., named on the
    x-axis, as high as its count (or the 'Normalization' of it over the elements of C); bars 'BarWidth'
    (0.9) wide."""
    opts = name_values(rest, "histogram")
    names = text_list(opts.pop("Categories")) if "categories" in opts.values else list(c.cats)
    counts = np.array([float(np.sum(c.data == c.cats.index(n) + 1)) if n in c.cats else 0.0 for n in names])
    order = text(opts.pop("DisplayOrder")).lower() if "displayorder" in opts.values else "data"
    if order not in ("data", "ascend", "descend"):
        raise MatlabError("MATLAB:histogram:InvalidDisplayOrder", "DisplayOrder must be 'data', 'ascend' or "
                          "'descend'.")
    if order != "data":         # by count, ties in category order
        ranked = np.argsort(-counts if order == "descend" else counts, kind="stable")
        names, counts = [names[k] for k in ranked], counts[ranked]
    how = text(opts.pop("Normalization") or CharArray.from_str("count"))
    values = _normalize(counts, np.arange(counts.size + 1.0), c.data.size, how)
    width = scalar(opts.pop("BarWidth"), "BarWidth") if "barwidth" in opts.values else 0.9
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    positions = np.arange(1.0, counts.size + 1)
    bars = axes.mpl.bar(positions, values, width, linewidth=0.5, **_histogram_style(opts, axes))
    axes.mpl.xaxis.set_ticks(positions, names)
    bars.matfuse_type, bars.matfuse_categories = "categoricalhistogram", names
    axes.series.append(bars)
    handle = gs.new_handle(bars)
    return handle if nargout else None


def _bin_edges(data: np.ndarray, bins: Any, opts: Any) -> np.ndarray:
    """histogram's edges are histcounts' for the same arguments."""
    from .histograms import histcounts_edges
    given = {name: opts.pop(name) for name in ("BinEdges", "NumBins", "BinWidth", "BinLimits")}
    return histcounts_edges(data, () if bins is None else (bins,),
                            {name: value for name, value in given.items() if value is not None}, "histogram")


def _normalize(counts: np.ndarray, edges: np.ndarray, n: int, how: str) -> np.ndarray:
    widths = np.diff(edges)
    total = max(n, 1)
    table = {"count": lambda: counts, "probability": lambda: counts / total,
             "countdensity": lambda: counts / widths, "pdf": lambda: counts / total / widths,
             "cumcount": lambda: np.cumsum(counts), "cdf": lambda: np.cumsum(counts) / total}
    if how.lower() not in table:
        raise MatlabError("MATLAB:histogram:InvalidNormalization", f"Invalid normalization '{how}'.")
    return table[how.lower()]()


# ----------------------------------------------------------------------------- images, surfaces, contours


@graphics("imagesc", axes_first=True)
def imagesc(ctx, *args, nargout=0):
    """imagesc(C) | imagesc(x, y, C) | imagesc(..., clims)  show matrix C as an image with scaled colors.

    The colors span the colormap from min(C) to max(C), or from clims(1) to clims(2). x and y give the
    centers of the first and last columns and rows. An m-by-n-by-3 C is shown as true color.

        imagesc(magic(8)); colorbar
    """
    nums = list(args)
    if not nums:
        raise not_enough_inputs()
    clims = None
    if len(nums) in (2, 4):
        c = numbers(nums.pop(), "clims").real.ravel()
        if c.size != 2 or c[0] >= c[1]:
            raise MatlabError("MATLAB:imagesc:InvalidCLim", "clims must be [cmin cmax] with cmin < cmax.")
        clims = c
    C = numbers(nums[-1], "C").real
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    image = axes.mpl.imshow(C, cmap=figure_cmap(gs), aspect="auto", origin="upper", extent=pixel_extent(nums, C),
                            vmin=None if clims is None else clims[0], vmax=None if clims is None else clims[1])
    handle = gs.new_handle(image)
    return handle if nargout else None


def pixel_extent(nums: list, C: np.ndarray) -> tuple[float, float, float, float]:
    """matplotlib's extent of an image C drawn by imagesc or image (C) or (x, y, C): x and y are the centers
    of the first and last columns and rows (default 1:n, 1:m), the first row at the top."""
    rows, cols = C.shape[0], C.shape[1]
    xr = numbers(nums[0]).real.ravel()[[0, -1]] if len(nums) == 3 else np.array([1.0, cols])
    yr = numbers(nums[1]).real.ravel()[[0, -1]] if len(nums) == 3 else np.array([1.0, rows])
    dx = (xr[1] - xr[0]) / max(cols - 1, 1) / 2 or 0.5
    dy = (yr[1] - yr[0]) / max(rows - 1, 1) / 2 or 0.5
    return xr[0] - dx, xr[1] + dx, yr[1] + dy, yr[0] - dy


def _surface_data(args: list, function: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    X, Y, Z, _ = _colored_surface_data(args, function, colors=False)
    return X, Y, Z


def _colored_surface_data(args: list, function: str, colors: bool = True) -> tuple[np.ndarray, ...]:
    """X, Y, Z and the colors C (None: by height) of (Z), (X, Y, Z) and, with colors, (Z, C) and
    (X, Y, Z, C)."""
    forms = "(Z), (Z, C), (X, Y, Z) or (X, Y, Z, C)" if colors else "(Z) or (X, Y, Z)"
    if len(args) not in ((1, 2, 3, 4) if colors else (1, 3)):
        raise MatlabError(f"MATLAB:{function}:InvalidArguments", f"{function} takes {forms}.")
    C = numbers(args.pop(), "C").real if len(args) in (2, 4) else None
    if len(args) == 1:
        Z = numbers(args[0], "Z").real
        X, Y = np.meshgrid(np.arange(1.0, Z.shape[1] + 1), np.arange(1.0, Z.shape[0] + 1))
    else:
        X, Y, Z = (numbers(a, n).real for a, n in zip(args, "XYZ"))
        if min(X.shape) == 1 and min(Y.shape) == 1:
            X, Y = np.meshgrid(X.ravel(), Y.ravel())
    if X.shape != Z.shape or Y.shape != Z.shape or (C is not None and C.shape != Z.shape):
        raise MatlabError(f"MATLAB:{function}:InvalidSizes", "Data dimensions must agree.")
    return X, Y, Z, C


def _draw_surface(ctx, args: tuple, nargout: int, mesh_only: bool, function: str):
    first_text = next((k for k, v in enumerate(args) if is_text(v)), len(args))
    X, Y, Z, C = _colored_surface_data(list(args[:first_text]), function)
    if min(Z.shape) < 2:
        raise MatlabError(f"MATLAB:{function}:InvalidZ", "Z must be a matrix, not a scalar or vector.")
    opts = name_values(list(args[first_text:]), function)
    gs = graphics_state(ctx.state)
    if function == "surface":       # the low-level object: added to the axes as they are (no hold, no clearing);
        axes = current_axes(gs)     # 2-D axes become 3-D seen from above, as MATLAB's stay in view(2)
        if axes.mpl.name != "3d":
            axes = as_3d(gs, axes)
            axes.mpl.view_init(elev=90.0, azim=-90.0)
    else:
        axes = plot_axes(gs, three_d=True)
    cmap = figure_cmap(gs)
    edge = opts.pop("EdgeColor")
    alpha = opts.pop("FaceAlpha")
    face = opts.pop("FaceColor")
    edges = {name: opts.pop(name) for name in ("LineStyle", "LineWidth") if name.lower() in opts.values}
    opts.check_empty(function)
    if mesh_only:
        surface = _mesh_surface(axes, X, Y, Z, C, cmap)
        if edge is not None:
            set_mesh_color(surface, "edge", edge)
        if face is not None:
            set_mesh_color(surface, "face", face)
    else:
        counts = {"rcount": min(Z.shape[0], 100), "ccount": min(Z.shape[1], 100)}
        shading = {"cmap": cmap} if C is None else {"facecolors": _mapped_colors(C, cmap), "shade": False}
        surface = axes.mpl.plot_surface(drawable(X), drawable(Y), drawable(Z), linewidth=0.3, antialiased=False,
                                        **shading, **counts)
        surface.set_edgecolor((0.0, 0.0, 0.0) if edge is None else color(edge))
        if face is not None:
            set_surface_face(surface, face)
    if alpha is not None:
        surface.set_alpha(scalar(alpha, "FaceAlpha"))
    for name, value in edges.items():
        set_property(gs, surface, name, value)
    surface.matfuse_grid = (X, Y, Z)
    if C is not None:
        surface.matfuse_cdata = C
    axes.series.append(surface)
    handle = gs.new_handle(surface)
    return handle if nargout else None


def _mapped_colors(C: np.ndarray, cmap: Any) -> np.ndarray:
    """The RGBA colors of C through the colormap, C's range spanning it (each face of a surface takes the
    color of its first corner, as MATLAB's 'flat' faces do)."""
    from matplotlib.colors import Normalize
    finite = C[np.isfinite(C)]
    low, high = (finite.min(), finite.max()) if finite.size else (0.0, 1.0)
    return cmap(Normalize(low, high if high > low else low + 1)(C))


def _mesh_surface(axes: AxesState, X: np.ndarray, Y: np.ndarray, Z: np.ndarray, C: np.ndarray | None,
                  cmap: Any) -> Any:
    """A mesh: MATLAB's surface whose edges are colored through the colormap (each face's edges by its mean
    height, or mean C) and whose faces are white, hiding the lines behind them (hidden on)."""
    X, Y, Z = drawable(X), drawable(Y), drawable(Z)
    values = Z if C is None else drawable(C)
    points = np.stack([X, Y, Z], axis=-1)
    quads = np.stack([points[:-1, :-1], points[1:, :-1], points[1:, 1:], points[:-1, 1:]], axis=2).reshape(-1, 4, 3)
    means = ((values[:-1, :-1] + values[1:, :-1] + values[1:, 1:] + values[:-1, 1:]) / 4).reshape(-1)
    shown = np.isfinite(quads).all(axis=(1, 2)) & np.isfinite(means)
    surface = mesh_collection()(quads[shown], cmap=cmap, linewidths=0.8, facecolors=(1.0, 1.0, 1.0))
    surface.set_array(means[shown])
    axes.mpl.add_collection3d(surface)
    axes.mpl.auto_scale_xyz(X, Y, Z)
    return surface


@graphics("surf", axes_first=True)
def surf(ctx, *args, nargout=0):
    """surf(Z) | surf(X, Y, Z) | surf(Z, C) | surf(X, Y, Z, C)  3-D surface colored by height (or by C, a
    matrix the size of Z) through the colormap.

    X and Y may be matrices like Z, or vectors (x along columns, y along rows). Name-value pairs:
    EdgeColor, FaceColor (a color, 'none', or 'flat'/'interp': the colormap), FaceAlpha, LineStyle ('none'
    draws no edges), LineWidth.

        [X, Y] = meshgrid(-2:0.2:2); surf(X, Y, X .* exp(-X.^2 - Y.^2))
    """
    return _draw_surface(ctx, args, nargout, False, "surf")


@graphics("surface", axes_first=True)
def surface(ctx, *args, nargout=0):
    """surface(Z) | surface(X, Y, Z) | surface(Z, C) | surface(X, Y, Z, C) | surface(..., Name, Value)  the
    surface object that surf draws, added to the current axes.

    The arguments and name-value pairs of surf. Unlike surf, surface ignores hold (it never clears the
    axes) and leaves the view alone: into new or 2-D axes it draws seen from straight above, as view(2).

        [X, Y] = meshgrid(-2:0.2:2); surface(X, Y, X .* exp(-X.^2 - Y.^2)); colorbar
    """
    return _draw_surface(ctx, args, nargout, False, "surface")


@graphics("mesh", axes_first=True)
def mesh(ctx, *args, nargout=0):
    """mesh(Z) | mesh(X, Y, Z) | mesh(Z, C) | mesh(X, Y, Z, C)  3-D wireframe mesh with edges colored by
    height (or by C, a matrix the size of Z).

    The faces are white and hide the lines behind them (see hidden). Name-value pairs: EdgeColor (a
    color, or 'flat'/'interp': the colormap), FaceColor (a color, 'none', or 'flat'/'interp'), FaceAlpha,
    LineStyle, LineWidth.

        [X, Y] = meshgrid(-2:0.2:2); mesh(X, Y, X .* exp(-X.^2 - Y.^2))
    """
    return _draw_surface(ctx, args, nargout, True, "mesh")


@graphics("hidden")
def hidden(ctx, *args):
    """hidden on | hidden off | hidden  hidden-line removal of the meshes (surfaces) in the current axes.

    'on' gives every surface whose FaceColor is 'none' the axes color, so that its faces hide the lines
    behind them (mesh's default); 'off' makes faces of the axes color 'none' again, showing every line;
    no argument toggles. Surfaces of other face colors are left as they are.

        mesh(peaks(20)); hidden off
    """
    from ..graphics_props import get_property, type_of
    if len(args) > 1 or (args and not (is_text(args[0]) and text(args[0]).lower() in ("on", "off"))):
        raise MatlabError("MATLAB:hidden:InvalidOption", "hidden takes 'on', 'off' or no argument.")
    gs = graphics_state(ctx.state)
    axes = current_axes(gs)
    background = np.asarray(axes.mpl.get_facecolor()[:3], dtype=np.float64).reshape(1, 3)
    surfaces = [s for s in axes.series if type_of(s) == "surface" and hasattr(s, "get_facecolor")]
    faces = [get_property(gs, s, "FaceColor") for s in surfaces]
    hiding = [type(f) is not CharArray and np.array_equal(f, background) for f in faces]
    on = text(args[0]).lower() == "on" if args else not any(hiding)
    for surface, face, hides in zip(surfaces, faces, hiding):
        if on and type(face) is CharArray and face.to_str() == "none":
            set_property(gs, surface, "FaceColor", background)
        elif not on and hides:
            set_property(gs, surface, "FaceColor", CharArray.from_str("none"))


@graphics("surfl", axes_first=True)
def surfl(ctx, *args, nargout=0):
    """surfl(Z) | surfl(X, Y, Z)  3-D surface shaded by a light source.

    As surf, each face's colormap color darkened or lightened by the angle between its normal and a
    light 45 degrees above the horizon, from the left of the default view (MATLAB places its light 45
    degrees counterclockwise from the viewer). The edges are not drawn, as MATLAB's surfl leaves them.

        [X, Y] = meshgrid(-2:0.2:2); surfl(X, Y, X .* exp(-X.^2 - Y.^2))
    """
    from matplotlib.colors import LightSource
    first_text = next((k for k, v in enumerate(args) if is_text(v)), len(args))
    if first_text < len(args):
        raise MatlabError("MATLAB:surfl:InvalidArguments", "surfl takes (Z) or (X, Y, Z) here (no light "
                          "direction, 'light' or name-value arguments).")
    X, Y, Z = _surface_data(list(args), "surfl")
    if min(Z.shape) < 2:
        raise MatlabError("MATLAB:surfl:InvalidZ", "Z must be a matrix, not a scalar or vector.")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs, three_d=True)
    shaded = LightSource(azdeg=-82.5, altdeg=45).shade(drawable(Z), cmap=figure_cmap(gs), blend_mode="soft")
    counts = {"rcount": min(Z.shape[0], 100), "ccount": min(Z.shape[1], 100)}
    surface = axes.mpl.plot_surface(drawable(X), drawable(Y), drawable(Z), facecolors=shaded, linewidth=0,
                                    antialiased=False, shade=False, **counts)
    axes.series.append(surface)
    handle = gs.new_handle(surface)
    return handle if nargout else None


@graphics("bar3", axes_first=True)
def bar3(ctx, *args, nargout=0):
    """bar3(Z) | bar3(y, Z) | bar3(..., width) | bar3(..., color) | h = bar3(...)  3-D bar graph: a box for
    each element of Z, Z(i, j) high, at row position y(i) (1, 2, ... by default) and column j.

    Each column of Z (a vector is one column) is one surface (h has one handle per column), colored
    through the colormap by its column number as MATLAB's are; its XData, YData and ZData hold 6 rows
    per bar (the sixth NaN) by 4 columns, and setting CData (a matrix of that size) and FaceColor
    'interp' colors the boxes by it (bar2 of the corpus colors them by height: CData = ZData; each face
    takes the mean of its corners here). width is the boxes' width as a fraction of the space between
    them (0.8). The axes get MATLAB's bar3 view: azimuth -37.5, elevation 30, y reversed, a grid, ticks
    at the rows and columns. Name-value pairs: FaceColor, EdgeColor, FaceAlpha; a color letter or name
    sets the face color. 'detached' is the layout drawn ('grouped' and 'stacked' are not supported).

        Z = magic(4); h = bar3(Z); zlabel('height')
    """
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    data = list(args)
    if take_flag(data, "grouped") or take_flag(data, "stacked"):
        raise MatlabError("matfuse:bar3:unsupported", "bar3 draws the 'detached' layout here ('grouped' and "
                          "'stacked' are not supported).")
    take_flag(data, "detached")
    first_text = next((k for k, v in enumerate(data) if is_text(v)), len(data))
    nums, rest = data[:first_text], data[first_text:]
    face = color(rest.pop(0)) if rest and text(rest[0]).lower() in (*COLOR_LETTERS, *COLOR_NAMES) else None
    opts = name_values(rest, "bar3")
    y, Z, width = _bar_data(nums)
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs, three_d=True)
    half = width / 2 * (float(np.min(np.diff(np.sort(y)))) if y.size > 1 else 1.0)
    edge, alpha, face_opt = opts.pop("EdgeColor"), opts.pop("FaceAlpha"), opts.pop("FaceColor")
    opts.check_empty("bar3")
    handles = []
    for j in range(Z.shape[1]):
        X, Y, H = (np.full((6 * Z.shape[0], 4), np.nan) for _ in range(3))
        for i, (row, height) in enumerate(zip(y, Z[:, j])):
            block = slice(6 * i, 6 * i + 5)
            X[block] = [j + 1 - width / 2, j + 1 - width / 2, j + 1 + width / 2, j + 1 + width / 2]
            Y[block] = np.array([row - half, row - half, row + half, row + half, row - half])[:, None]
            H[block] = [[np.nan, 0, 0, np.nan], [0, height, height, 0], [0, height, height, 0],
                        [np.nan, 0, 0, np.nan], [np.nan, 0, 0, np.nan]]
        quads, shown = grid_faces(X, Y, H)
        surface = Poly3DCollection(quads, cmap=figure_cmap(gs), edgecolors=(0.0, 0.0, 0.0), linewidths=0.5)
        surface.matfuse_grid, surface.matfuse_cdata, surface.matfuse_shown = (X, Y, H), np.full(X.shape, j + 1.0), shown
        surface.set_array(face_values(surface))
        axes.mpl.add_collection3d(surface)
        axes.series.append(surface)
        handles.append(gs.new_handle(surface))
    autoscale_colors(axes.mpl)              # one column: [1 2], the colormap's first color
    heights = Z[np.isfinite(Z)]
    axes.mpl.set_xlim(0.5, Z.shape[1] + 0.5)
    axes.mpl.set_ylim(float(y.max()) + 0.5, float(y.min()) - 0.5)          # y reversed, as MATLAB's bar3
    axes.mpl.set_zlim(min(0.0, float(heights.min(initial=0.0))), max(float(heights.max(initial=0.0)), 0.0) or 1.0)
    axes.mpl.set_xticks(np.arange(1.0, Z.shape[1] + 1))
    axes.mpl.set_yticks(y)
    axes.mpl.view_init(elev=30, azim=-37.5 - 90)
    axes.mpl.grid(True)
    for handle in handles:
        obj = gs.handles[handle]
        for name, value in (("FaceColor", face if face is not None else face_opt), ("EdgeColor", edge),
                            ("FaceAlpha", alpha)):
            if value is not None:
                set_property(gs, obj, name, value)
    return np.array(handles, dtype=np.float64).reshape(1, -1) if nargout else None


def _triangles(args: tuple, function: str, least: int) -> tuple[np.ndarray, list[np.ndarray], list]:
    """(the triangles as 0-based corner indices, the coordinate vectors, the name-value arguments) of
    trimesh/trisurf/triplot(TRI, x, y, ...)."""
    first_text = next((k for k, v in enumerate(args) if is_text(v)), len(args))
    nums = list(args[:first_text])
    if len(nums) < least or len(nums) > least + 1:
        forms = {3: "(TRI, x, y) or (TRI, x, y, z)", 4: "(TRI, x, y, z) or (TRI, x, y, z, C)"}[least]
        raise MatlabError(f"MATLAB:{function}:InvalidArguments", f"{function} takes {forms} and name-value pairs.")
    tri = numbers(nums[0], "TRI").real
    coords = [numbers(a, n).real.ravel(order="F") for a, n in zip(nums[1:], ("x", "y", "z", "C"))]
    if any(c.size != coords[0].size for c in coords[:3]):
        raise MatlabError(f"MATLAB:{function}:InvalidArguments", "x, y and z must have the same number of elements.")
    if tri.size and (tri.ndim != 2 or tri.shape[1] != 3 or np.any(tri != np.round(tri)) or tri.min() < 1
                     or tri.max() > coords[0].size):
        raise MatlabError(f"MATLAB:{function}:InvalidTriangles", "TRI must be an m-by-3 matrix of indices into "
                          "the points.")
    return tri.astype(np.int64).reshape(-1, 3) - 1, coords, list(args[first_text:])


def _draw_triangles(ctx, args: tuple, nargout: int, faces: bool, function: str):
    from mpl_toolkits.mplot3d.art3d import Line3DCollection, Poly3DCollection
    tri, (x, y, *rest), extra = _triangles(args, function, 4 if faces else 3)
    z = rest[0] if rest else np.zeros_like(x)
    shade = rest[1] if len(rest) > 1 else z          # trisurf(TRI, x, y, z, C): C per point or per triangle
    opts = name_values(extra, function)
    edge, face = opts.pop("EdgeColor"), opts.pop("FaceColor")
    opts.check_empty(function)
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs, three_d=True)
    corners = np.stack([drawable(x), drawable(y), drawable(z)], axis=-1)[tri]          # triangles x 3 x 3
    if faces:
        if shade.size not in (x.size, len(tri)):
            raise MatlabError(f"MATLAB:{function}:InvalidColor", "C must have one value per point or per triangle.")
        drawn = Poly3DCollection(corners, cmap=figure_cmap(gs), linewidths=0.5)
        drawn.set_array(shade[tri].mean(axis=1) if shade.size == x.size and shade.size != len(tri) else shade)
        drawn.set_edgecolor((0.0, 0.0, 0.0) if edge is None else color(edge))
        if face is not None:
            set_surface_face(drawn, face)
    else:
        edges = np.concatenate([corners[:, [0, 1]], corners[:, [1, 2]], corners[:, [2, 0]]])
        drawn = Line3DCollection(edges, cmap=figure_cmap(gs), linewidths=0.8)
        drawn.set_array(edges[:, :, 2].mean(axis=1))
        if edge is not None:
            drawn.set_array(None)
            drawn.set_color(color(edge))
        if face is not None:
            raise MatlabError(f"MATLAB:{function}:InvalidArguments", "trimesh draws edges only here (FaceColor is "
                              "not supported).")
    axes.mpl.add_collection3d(drawn)
    if corners.size:
        axes.mpl.auto_scale_xyz(corners[:, :, 0], corners[:, :, 1], corners[:, :, 2])
    if not rest:                                  # trimesh(TRI, x, y): the 2-D mesh, seen from above
        axes.mpl.view_init(elev=90, azim=-90)
    axes.series.append(drawn)
    handle = gs.new_handle(drawn)
    return handle if nargout else None


@graphics("trisurf", axes_first=True)
def trisurf(ctx, *args, nargout=0):
    """trisurf(TRI, x, y, z)  triangular surface: each row of TRI names three points (indices into x, y, z,
    as delaunay gives them), each triangle colored by its mean height through the colormap, black edges.
    Name-value pairs: EdgeColor, FaceColor (a color, 'none', or 'flat'/'interp').

        x = rand(30, 1); y = rand(30, 1); trisurf(delaunay(x, y), x, y, x .* y)
    """
    return _draw_triangles(ctx, args, nargout, True, "trisurf")


@graphics("trimesh", axes_first=True)
def trimesh(ctx, *args, nargout=0):
    """trimesh(TRI, x, y, z) | trimesh(TRI, x, y)  triangular mesh: the edges of the triangles TRI (rows of
    indices into x, y, z) in 3-D, colored by height through the colormap (z = 0 without z). Name-value
    pair: EdgeColor.

        x = [0 1 0 1]; y = [0 0 1 1]; trimesh(delaunay(x, y), x, y, [0 1 1 2])
    """
    return _draw_triangles(ctx, args, nargout, False, "trimesh")


@graphics("triplot", axes_first=True)
def triplot(ctx, *args, nargout=0):
    """triplot(TRI, x, y) | triplot(TRI, x, y, LineSpec)  the edges of the triangles TRI (rows of indices
    into x and y) as lines in 2-D (blue unless a color is given).

        x = rand(20, 1); y = rand(20, 1); triplot(delaunay(x, y), x, y)
    """
    tri, (x, y, *rest), extra = _triangles(args, "triplot", 3)
    if rest:
        raise MatlabError("MATLAB:triplot:InvalidArguments", "triplot takes (TRI, x, y) and a line spec.")
    style: dict[str, Any] = {"color": "b"}
    if extra:
        spec = parse_linespec(text(extra[0]))
        if spec is None or len(extra) > 1:
            raise MatlabError("MATLAB:triplot:InvalidArguments", "triplot takes one line spec argument here.")
        style.update(spec.style())
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    closed = np.concatenate([tri, tri[:, :1], np.full((len(tri), 1), -1)], axis=1).ravel()
    xs = np.where(closed >= 0, drawable(x)[closed.clip(0)], np.nan)
    ys = np.where(closed >= 0, drawable(y)[closed.clip(0)], np.nan)
    lines = axes.mpl.plot(xs, ys, **style)
    axes.series.extend(lines)
    handle = gs.new_handle(lines[0])
    return handle if nargout else None


def _draw_contour(ctx, args: tuple, nargout: int, filled: bool, function: str):
    first_text = next((k for k, v in enumerate(args) if is_text(v)), len(args))
    nums = list(args[:first_text])
    levels = None
    if len(nums) in (2, 4):
        lv = numbers(nums.pop(), "levels").real.ravel()
        levels = _level_count(lv[0], function) if lv.size == 1 else np.unique(lv)
    X, Y, Z = _surface_data(nums, function)
    if min(Z.shape) < 2:
        raise MatlabError(f"MATLAB:{function}:InvalidZ", "Z must be at least a 2x2 matrix.")
    rest = list(args[first_text:])
    spec = parse_linespec(text(rest[0])) if len(rest) % 2 else None   # contour(..., LineSpec, Name, Value)
    opts = name_values(rest[1:] if spec is not None else rest, function)
    show_text = opts.pop("ShowText")
    line_color, edge_color = opts.pop("LineColor"), opts.pop("EdgeColor")    # two names of the lines' color
    line_color = edge_color if edge_color is not None else line_color
    lines = color(line_color) if line_color is not None else spec.color if spec is not None else None
    width = opts.pop("LineWidth")
    opts.check_empty(function)
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    line_kw: dict[str, Any] = {"linewidths": scalar(width, "LineWidth") if width is not None else 0.5}
    if spec is not None and spec.linestyle is not None:
        line_kw["linestyles"] = spec.linestyle
    if filled:        # the fills through the colormap, then their edges as lines (black unless LineColor)
        fill_levels = () if levels is None else (levels,)
        contours = axes.mpl.contourf(X, Y, Z, *fill_levels, cmap=figure_cmap(gs))
        edge = "k" if lines is None else lines
        if edge != "none":
            contours.matfuse_edges = axes.mpl.contour(X, Y, Z, contours.levels, colors=[edge], **line_kw)
    else:
        line_kw.update({"colors": [lines]} if lines is not None else {"cmap": figure_cmap(gs)})
        contours = axes.mpl.contour(X, Y, Z, *(() if levels is None else (levels,)), **line_kw)
    if show_text is not None and text(show_text).lower() == "on":
        axes.mpl.clabel(contours, fontsize=8)
    axes.series.append(contours)
    handle = gs.new_handle(contours)
    return (contour_matrix(X, Y, Z, contours.levels), handle)[:nargout] if nargout else None


def _level_count(count: float, function: str) -> int:
    """contour(Z, n): n levels, a positive whole number that fits in memory."""
    if not (1 <= count < math.inf and count == math.floor(count)):
        raise MatlabError(f"MATLAB:{function}:InvalidLevels", "The number of contour levels must be a positive "
                          "integer.")
    return check_size((1, int(count)))[1]


def contour_matrix(X: np.ndarray, Y: np.ndarray, Z: np.ndarray, levels: np.ndarray) -> np.ndarray:
    """MATLAB's contour matrix: for each line, a column [level; number of points] and then its points
    as columns [x; y]."""
    import contourpy
    lines = contourpy.contour_generator(X, Y, np.ma.masked_invalid(Z), line_type="Separate")
    blocks = []
    for level in levels:
        for points in lines.lines(level):
            if len(points) >= 2:
                blocks.append(np.column_stack([[level, float(len(points))], points.T]))
    return np.hstack(blocks) if blocks else np.zeros((2, 0))


@graphics("clabel")
def clabel(ctx, C, *args):
    """clabel(C, h) | clabel(C, h, v) | clabel(..., Name, Value)  label the lines of the contour plot h
    (from [C, h] = contour(...)) with their levels, or only the levels in v.

    Name-value pairs: FontSize, Color.

        [C, h] = contour(peaks, 8); clabel(C, h)
    """
    gs = graphics_state(ctx.state)
    if not args or not is_numeric(args[0]):
        raise MatlabError("MATLAB:clabel:NeedHandle", "clabel needs the contour handle: clabel(C, h).")
    from ..graphics_props import resolve, type_of
    contours = resolve(gs, scalar(args[0], "contour handle"))
    if type_of(contours) != "contour":
        raise MatlabError("MATLAB:clabel:NeedHandle", "The second argument must be a contour handle.")
    rest = list(args[1:])
    levels = numbers(rest.pop(0), "levels").real.ravel() if rest and is_numeric(rest[0]) else None
    opts = name_values(rest, "clabel")
    size = opts.pop("FontSize")
    colour = opts.pop("Color")
    opts.check_empty("clabel")
    kw: dict[str, Any] = {"fontsize": scalar(size, "FontSize") if size is not None else 8.0}
    if colour is not None:
        kw["colors"] = [color(colour)]
    contours.axes.clabel(contours, levels, **kw) if levels is not None else contours.axes.clabel(contours, **kw)
    current_figure(gs).dirty = True


@graphics("contour", axes_first=True)
def contour(ctx, *args, nargout=0):
    """contour(Z) | contour(X, Y, Z) | contour(..., levels) | [C, h] = contour(...)  contour lines of Z.

    A scalar levels (n) chooses the number of levels; a vector gives the levels ([v v] for the one level v). C
    is MATLAB's contour matrix (per line a column [level; number of points], then the points); h the contour
    object, for clabel. A line spec after the data gives the lines' style and color (contour(X, Y, Z, [1
    1], 'k--')). Name-value pairs: ShowText ('on' labels the lines), LineColor (or EdgeColor, the name of
    MATLAB's newer Contour properties), LineWidth.

        [X, Y] = meshgrid(-2:0.1:2); contour(X, Y, X.^2 + Y.^2, 10)
    """
    return _draw_contour(ctx, args, nargout, False, "contour")


@graphics("contourf", axes_first=True)
def contourf(ctx, *args, nargout=0):
    """contourf(...) | [C, h] = contourf(...)  filled contour plot (arguments and outputs as for contour);
    the regions are filled through the colormap and edged with black lines (LineColor or EdgeColor,
    LineWidth; 'none' leaves them out).

        contourf(magic(6)); colorbar
    """
    return _draw_contour(ctx, args, nargout, True, "contourf")


@graphics("colormap")
def colormap(ctx, *args, nargout=0):
    """colormap(name) | colormap(map) | map = colormap  set or get the current figure's colormap.

    Names: parula (the default; colormap('default') restores it), jet, hot, gray, cool, spring, summer,
    autumn, winter, bone, copper, pink, hsv, turbo, lines. map is an m-by-3 matrix of RGB values in [0, 1].
    Images, surfaces and contours of the figure use it, also those drawn before the call.

        imagesc(magic(4)); colormap(gray(16))
    """
    gs = graphics_state(ctx.state)
    fig = current_figure(gs)
    if args:
        value = args[-1]
        fig.colormap = colormap_from_name(text(value).lower()) if is_text(value) else colormap_from_matrix(value)
        _apply_colormap(fig)
        fig.dirty = True
    return colormap_matrix(figure_cmap(gs)) if nargout or not args else None


def _apply_colormap(fig: FigureState) -> None:
    for axes in fig.axes.values():
        for artist in axes.mpl.get_children():
            if hasattr(artist, "set_cmap") and getattr(artist, "get_array", lambda: None)() is not None:
                artist.set_cmap(fig.colormap)


def _colormap_function(name: str) -> None:
    def fn(*args):
        if len(args) > 1:
            raise too_many_inputs()
        count = scalar(args[0], "number of colors") if args else 256.0
        if not count >= 1:                  # MATLAB's rows are 0:m-1: none for NaN, -Inf and m < 1
            return np.zeros((0, 3))
        n = check_size((math.floor(min(count, 2.0 ** 64)), 3))[0]
        return colormap_matrix(colormap_from_name(name, n), n)
    fn.__name__ = name
    fn.__doc__ = (f"map = {name}(n)  the {name} colormap as an n-by-3 matrix of RGB values (n = 256 by "
                  f"default).\n\nUse it with colormap.\n\n    colormap({name}(64))")
    builtin(name, "graphics")(fn)


for _name in COLORMAPS:
    _colormap_function(_name)


COLORBAR_LOCATIONS = {"eastoutside": "right", "east": "right", "westoutside": "left", "west": "left",
                      "northoutside": "top", "north": "top", "southoutside": "bottom", "south": "bottom"}


@graphics("colorbar", axes_first=True)
def colorbar(ctx, *args, nargout=0):
    """colorbar | colorbar(location) | colorbar(..., Name, Value) | colorbar('off') | c = colorbar  show
    (or remove) a color scale beside the current axes.

    location: 'eastoutside' (default), 'westoutside', 'northoutside', 'southoutside' (east, west, north
    and south are drawn outside too). Name-value pairs: Location, Ticks, TickLabels, Label (its text).
    ylabel(c, txt) labels it too.

        imagesc(magic(5)); c = colorbar('southoutside'); ylabel(c, 'value')
    """
    gs = graphics_state(ctx.state)
    axes = current_axes(gs)
    if axes.colorbar is not None:
        axes.colorbar.remove()
        axes.colorbar = None
    rest = list(args)
    if rest and is_text(rest[0]) and text(rest[0]).lower() == "off":
        return None
    location = text(rest.pop(0)).lower() if len(rest) % 2 and is_text(rest[0]) else None
    opts = name_values(rest, "colorbar")
    location = text(opts.pop("Location"), "Location").lower() if "location" in opts.values else location
    if location is not None and location not in COLORBAR_LOCATIONS:
        raise MatlabError("MATLAB:colorbar:InvalidLocation", f"'{location}' is not a valid colorbar location.")
    mappable = _last_mappable(axes)
    if mappable is None:
        from matplotlib.cm import ScalarMappable
        mappable = ScalarMappable(cmap=figure_cmap(gs))
    axes.colorbar = gs.figures[gs.current].mpl.colorbar(
        mappable, ax=axes.mpl, location=COLORBAR_LOCATIONS[location or "eastoutside"])
    _colorbar_options(axes.colorbar, opts)
    return gs.new_handle(axes.colorbar) if nargout else None


def _colorbar_options(bar: Any, opts: Any) -> None:
    ticks, labels, label = opts.pop("Ticks"), opts.pop("TickLabels"), opts.pop("Label")
    opts.check_empty("colorbar")
    if ticks is not None:
        bar.set_ticks(numbers(ticks, "Ticks").real.ravel())
    if labels is not None:
        bar.set_ticks(bar.get_ticks(), labels=text_list(labels))
    if label is not None:
        bar.set_label(text(label, "Label"))


def _last_mappable(axes: AxesState) -> Any:
    artists = axes.mpl.images + axes.mpl.collections + list(axes.series)
    mapped = [a for a in artists if hasattr(a, "get_array") and a.get_array() is not None]
    return mapped[-1] if mapped else None
