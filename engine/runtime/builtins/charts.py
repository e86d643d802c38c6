"""More MATLAB plots: plot3, fplot, errorbar, stem, stairs, quiver, area, pie, fill, imshow; and the primitives
that add to the axes without clearing them: line, patch, text.

Name-value pairs of these functions are the properties of the objects they make, set through the same
tables as ``set`` (runtime/graphics_props.py), so every property ``set`` knows works here too.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..categoricals import CategoricalArray
from ..errors import MatlabError, not_enough_inputs, too_many_inputs
from ..figures import AxesState, GraphicsState, graphics_state
from ..graphics_args import (COLOR_ORDER, LineSpec, Options, color, colormap_from_matrix, drawable, is_numeric,
                             is_text,
                             line_properties, line_style, name_values, numbers, parse_linespec, text,
                             text_list)
from ..graphics_axes import current_axes, figure_cmap, graphics, plot_axes
from ..graphics_props import set_property, show_text
from ..values import CellArray, FunctionHandle, SparseMatrix, StringArray, class_of, to_array
from .plots import draw_lines, pixel_extent, take_flag, xy_pairs


def _numeric_prefix(args: tuple) -> tuple[list[Any], list[Any]]:
    """The leading numeric arguments and the rest."""
    k = next((k for k, v in enumerate(args) if not is_numeric(v)), len(args))
    return list(args[:k]), list(args[k:])


def _set_all(gs: GraphicsState, objects: list[Any], opts: Options) -> None:
    """Apply the name-value pairs left in ``opts`` as properties of each new object, in order."""
    for name in opts.order:
        if name.lower() in opts.values:
            for obj in objects:
                set_property(gs, obj, name, opts.values[name.lower()])


def _handles(gs: GraphicsState, axes: AxesState, objects: list[Any], column: bool = True) -> np.ndarray:
    axes.series.extend(objects)
    handles = np.array([gs.new_handle(o) for o in objects], dtype=np.float64)
    return handles.reshape(-1, 1) if column else handles.reshape(1, -1)


def _next_color(axes: AxesState, offset: int = 0) -> tuple[float, float, float]:
    return COLOR_ORDER[(len(axes.series) + offset) % len(COLOR_ORDER)]


def _as_columns(A: np.ndarray) -> np.ndarray:
    """A vector as one column, a matrix as it is."""
    return A.reshape(-1, 1) if min(A.shape) == 1 else A


# ----------------------------------------------------------------------------- text and lines

@graphics("text", axes_first=True)
def text_(ctx, *args, nargout=0):
    """text(x, y, txt) | text(x, y, z, txt) | text(..., Name, Value)  text at data coordinates.

    The text starts at (x, y), vertically centered (MATLAB's defaults HorizontalAlignment 'left',
    VerticalAlignment 'middle'). Vectors x and y place one text per point: txt is then one text for all
    or a cell array with one per point. Name-value pairs: FontSize, FontWeight, Color, Rotation,
    HorizontalAlignment, VerticalAlignment, Interpreter, and the other text properties of set. The text
    is added to the current axes (hold does not matter).

        plot(1:3, [2 4 1], 'o'); text(2, 4, '  peak')
    """
    nums, rest = _numeric_prefix(args)
    if len(nums) not in (2, 3) or not rest:
        raise MatlabError("MATLAB:text:InvalidArguments", "text takes (x, y, txt) or (x, y, z, txt).")
    coords = [numbers(v, "position").real.ravel() for v in nums]
    n = coords[0].size
    if any(c.size != n for c in coords):
        raise MatlabError("MATLAB:text:XYLengthMismatch", "x, y (and z) must have the same length.")
    strings = _strings(rest.pop(0), n)
    gs = graphics_state(ctx.state)
    axes = current_axes(gs)
    objects = []
    for k in range(n):
        point = [c[k] for c in coords[:3 if axes.mpl.name == "3d" else 2]]
        if axes.mpl.name == "3d" and len(point) == 2:       # text(x, y, txt) in 3-D axes: at z = 0
            point.append(0.0)
        label = axes.mpl.text(*point, strings[k], horizontalalignment="left", verticalalignment="center",
                              fontsize=9.0)
        show_text(label, strings[k])
        objects.append(label)
    _set_all(gs, objects, name_values(rest, "text"))
    handles = np.array([gs.new_handle(o) for o in objects], dtype=np.float64).reshape(-1, 1)
    return handles if nargout else None


def _strings(value: Any, n: int) -> list[str]:
    if type(value) in (CellArray, StringArray):
        strings = text_list(value)
        if len(strings) == n:
            return strings
        if n == 1:
            return ["\n".join(strings)]
        raise MatlabError("MATLAB:text:StringCount", "The number of texts must match the number of points.")
    return [text(value, "text")] * n


@graphics("line", axes_first=True)
def line(ctx, *args, nargout=0):
    """line(x, y) | line(x, y, z) | line('XData', x, 'YData', y, ...) | line(..., Name, Value)  add lines.

    Like plot without line specs, but the lines are added to the current axes whatever hold says;
    matrices give one line per column. Name-value pairs: the line properties of set (Color, LineWidth,
    LineStyle, Marker, MarkerSize, MarkerFaceColor, DisplayName...). On 2-D axes z is not drawn.

        plot(1:10); line([1 10], [5 5], 'Color', 'k', 'LineStyle', '--')
    """
    nums, rest = _numeric_prefix(args)
    opts = name_values(rest, "line")
    data = {axis: opts.pop(f"{axis}Data") for axis in "XYZ"}
    if not nums:
        nums = [data[a] for a in "XYZ" if data[a] is not None]
    if len(nums) not in (2, 3):
        raise MatlabError("MATLAB:line:InvalidArguments", "line takes (x, y), (x, y, z) or XData/YData pairs.")
    gs = graphics_state(ctx.state)
    axes = current_axes(gs)
    lines = _draw_xyz(axes, nums, None, axes.mpl.name == "3d")
    _set_all(gs, lines, opts)
    handles = _handles(gs, axes, lines)
    return handles if nargout else None


def _draw_xyz(axes: AxesState, nums: list[Any], spec: LineSpec | None, three_d: bool,
              props: dict[str, Any] | None = None) -> list[Any]:
    """Lines through the columns of X, Y (and Z on 3-D axes)."""
    if len(nums) == 2 or not three_d:
        pairs = xy_pairs(nums[0], nums[1])
        return [axes.mpl.plot(drawable(x), drawable(y), **line_style(spec, props or {}))[0] for x, y in pairs]
    X, Y, Z = _xyz_columns([drawable(numbers(v, name).real) for v, name in zip(nums, "XYZ")])
    return [axes.mpl.plot(X[:, j], Y[:, j], Z[:, j], **line_style(spec, props or {}))[0]
            for j in range(X.shape[1])]


def _xyz_columns(arrays: list[np.ndarray]) -> list[np.ndarray]:
    """X, Y, Z as matrices of the same size, one line a column. Where some are matrices and the others
    vectors, as plot does with x: vectors as long as the matrices' columns go along each column
    (plot3(x, y, Z) with Z n-by-m and x, y of length n draws m lines), or else along each row."""
    arrays = [_as_columns(a) for a in arrays]
    matrices = {a.shape for a in arrays if a.shape[1] > 1}
    if len(matrices) == 1 and any(a.shape[1] == 1 for a in arrays):
        rows, cols = matrices.pop()
        vectors = {a.shape[0] for a in arrays if a.shape[1] == 1}
        if vectors == {rows}:
            arrays = [np.broadcast_to(a, (rows, cols)) for a in arrays]
        elif vectors == {cols}:
            arrays = [np.broadcast_to(a, (cols, rows)) if a.shape[1] == 1 else a.T for a in arrays]
    if not arrays[0].shape == arrays[1].shape == arrays[2].shape:
        raise MatlabError("MATLAB:plot3:XYZLengthMismatch", "X, Y and Z must be the same size.")
    return arrays


@graphics("plot3", axes_first=True)
def plot3(ctx, *args, nargout=0):
    """plot3(X, Y, Z) | plot3(X, Y, Z, LineSpec, ...) | plot3(..., Name, Value)  3-D line plot.

    Several X, Y, Z, LineSpec groups draw several lines; matrices draw one line per column. LineSpec and
    the name-value pairs are those of plot.

        t = linspace(0, 10*pi, 500); plot3(sin(t), cos(t), t)
    """
    groups, k = [], 0
    while k + 2 < len(args) and all(is_numeric(a) for a in args[k:k + 3]):
        spec = parse_linespec(text(args[k + 3])) if k + 3 < len(args) and is_text(args[k + 3]) else None
        groups.append((list(args[k:k + 3]), spec))
        k += 3 + (spec is not None)
    if not groups:
        raise not_enough_inputs()
    props = line_properties(name_values(list(args[k:]), "plot3"), "plot3")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs, three_d=True)
    lines = [line for nums, spec in groups for line in _draw_xyz(axes, nums, spec, True, props)]
    handles = _handles(gs, axes, lines)
    return handles if nargout else None


def _comet(ctx, args: tuple, dims: int, name: str) -> None:
    """The last frame of comet's animation (a notebook shows a cell's figures when it ends): the whole
    path drawn as a line in the second color of the order, and the head, a circle in the first, at its end."""
    if len(args) < dims - (dims == 2):
        raise not_enough_inputs()
    if len(args) > dims + 1:
        raise too_many_inputs()
    data = [numbers(a, "XYZ"[k]).real.ravel() for k, a in enumerate(args[:dims])]
    if len(data) < dims:                       # comet(y): x is 1:numel(y)
        data.insert(0, np.arange(1.0, data[0].size + 1))
    if len(args) > dims:
        p = numbers(args[dims], "p").real.ravel()
        if p.size != 1 or not 0 <= p[0] < 1:
            raise MatlabError(f"MATLAB:{name}:InvalidTailLength", "The tail length p must be a scalar in [0, 1).")
    if len({d.size for d in data}) > 1:
        raise MatlabError(f"MATLAB:{name}:LengthMismatch", "The vectors must be the same length.")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs, three_d=dims == 3)
    points = [drawable(d) for d in data]
    (path,) = axes.mpl.plot(*points, color=COLOR_ORDER[1], linestyle="-")
    (head,) = axes.mpl.plot(*(d[-1:] for d in points), color=COLOR_ORDER[0], marker="o", linestyle="none")
    _handles(gs, axes, [path, head])


@graphics("comet", axes_first=True)
def comet(ctx, *args):
    """comet(y) | comet(x, y) | comet(x, y, p)  the path of a comet through the points (x, y): MATLAB
    animates its head along them; a notebook shows the last frame, the whole path and the head at its end.

    x is 1:numel(y) when omitted; p, the tail's length as a fraction of the points (0 to 1, default 0.1),
    changes only the animation.

        t = linspace(0, 4*pi, 200); comet(t .* cos(t), t .* sin(t))
    """
    _comet(ctx, args, 2, "comet")


@graphics("comet3", axes_first=True)
def comet3(ctx, *args):
    """comet3(x, y, z) | comet3(x, y, z, p)  comet's path through the 3-D points (x, y, z), in 3-D axes.

        t = linspace(0, 10*pi, 500); comet3(sin(t), cos(t), t)
    """
    _comet(ctx, args, 3, "comet3")


GRID_GRAY = (0.15, 0.15, 0.15)


def _polar_grid(axes: AxesState, rmax: float) -> None:
    """MATLAB's polar grid in Cartesian axes: rings at round radii up to ``rmax`` (the outer one solid,
    labelled at 80 degrees), spokes every 30 degrees labelled outside the outer ring; equal aspect, the
    axes themselves hidden."""
    from matplotlib.ticker import MaxNLocator
    ticks = MaxNLocator(nbins=5, steps=[1, 2, 2.5, 5, 10]).tick_values(0.0, rmax)
    outer = float(ticks[-1])
    rings = max(int(np.sum(ticks > 0)), 2)
    if rings > 5:                      # polar.m's thinning of many rings
        rings = rings // 2 if rings % 2 == 0 else rings // 3 if rings % 3 == 0 else rings
    mpl = axes.mpl
    circle = np.linspace(0.0, 2 * np.pi, 101)
    for k in range(1, rings + 1):
        r = outer * k / rings
        mpl.plot(r * np.cos(circle), r * np.sin(circle), color=GRID_GRAY, linewidth=0.5,
                 linestyle="-" if k == rings else ":", zorder=0.5)
        mpl.text(r * np.cos(np.radians(80)), r * np.sin(np.radians(80)), f"  {r:g}", color=GRID_GRAY,
                 fontsize=8, va="bottom")
    for degrees in range(0, 180, 30):
        c, s_ = np.cos(np.radians(degrees)), np.sin(np.radians(degrees))
        mpl.plot([-outer * c, outer * c], [-outer * s_, outer * s_], color=GRID_GRAY, linewidth=0.5, linestyle=":",
                 zorder=0.5)
        for label in (degrees, degrees + 180):
            a = np.radians(label)
            mpl.text(1.1 * outer * np.cos(a), 1.1 * outer * np.sin(a), str(label), ha="center", va="center",
                     color=GRID_GRAY, fontsize=8)
    mpl.set_aspect("equal", adjustable="box")
    mpl.set_xlim(-1.15 * outer, 1.15 * outer)
    mpl.set_ylim(-1.15 * outer, 1.15 * outer)
    mpl.set_axis_off()


@graphics("polar", axes_first=True)
def polar(ctx, *args, nargout=0):
    """polar(theta, rho) | polar(theta, rho, LineSpec) | h = polar(...)  MATLAB's older polar plot (see
    polarplot): the points (rho.*cos(theta), rho.*sin(theta)) as lines in Cartesian axes, over a grid of
    rings and 30-degree spokes.

    theta (radians) and rho are vectors or matrices of the same size (a matrix draws a line per column).
    With hold on the lines are added to the axes as they are, without a grid. Returns the line handles.

        t = 0:0.01:2*pi; polar(t, sin(2*t) .* cos(2*t), '--r')
    """
    nums = [a for a in args if not is_text(a)]
    if len(nums) != 2 or len(args) > 3 or len(args) == 3 and not is_text(args[2]):
        raise MatlabError("MATLAB:polar:InvalidArguments", "polar takes (theta, rho) or (theta, rho, LineSpec).")
    theta, rho = (numbers(v, name).real for v, name in zip(nums, ("theta", "rho")))
    if theta.shape != rho.shape:
        raise MatlabError("MATLAB:polar:InvalidInputDimensions", "THETA and RHO must be the same size.")
    gs = graphics_state(ctx.state)
    held = current_axes(gs).hold and current_axes(gs).mpl.name == "rectilinear"
    handles = draw_lines(ctx, (rho * np.cos(theta), rho * np.sin(theta), *args[2:]), 1)
    if not held:
        finite = np.abs(rho[np.isfinite(rho)])
        _polar_grid(current_axes(gs), float(finite.max()) if finite.size and finite.max() > 0 else 1.0)
    return handles if nargout else None


def expression_handle(ctx, f, name: str) -> tuple[FunctionHandle, str]:
    """ezplot's and ezpolar's function: a handle as given, or one made from the text of an expression in
    one variable (evaluated elementwise, as vectorize writes it); and the expression's text, their title."""
    from .inline import _argument_of, _dotted
    if is_text(f):
        expr = text(f)
        return ctx.make_handle(f"@({_argument_of(expr)}) {_dotted(expr)}"), expr
    if type(f) is not FunctionHandle:
        raise MatlabError(f"MATLAB:{name}:InvalidFunction", f"{name} takes a function handle or an expression.")
    return f, f.text.split(")", 1)[1] if f.params is not None else f.text


@graphics("ezpolar", axes_first=True)
def ezpolar(ctx, f, limits=None, nargout=0):
    """ezpolar(f) | ezpolar(f, [a b])  the polar curve rho = f(theta) for theta from 0 to 2*pi (or a to
    b), drawn by polar and titled with its expression.

    f is a function handle or the text of an expression in one variable; a constant (@(t) 1) draws a
    circle. With hold on the curve joins the axes as they are (polar's form).

        ezpolar(@(t) 1 + cos(t))
    """
    f, expr = expression_handle(ctx, f, "ezpolar")
    bounds = np.array([0.0, 2 * np.pi]) if limits is None else numbers(limits, "limits").real.ravel()
    if bounds.size != 2 or not bounds[0] < bounds[1]:
        raise MatlabError("MATLAB:ezpolar:InvalidRange", "The range must be [a b] with a < b.")
    theta = np.linspace(bounds[0], bounds[1], 500)
    (value,) = ctx.call(f, [theta.reshape(1, -1)], 1)
    rho = numbers(value, "function value").real.ravel()
    rho = np.full(theta.size, rho[0]) if rho.size == 1 else rho if rho.size == theta.size else _sample(ctx, f, theta)
    handles = polar(ctx, theta.reshape(1, -1), rho.reshape(1, -1), nargout=1)
    title = f"r = {expr.strip()}"
    show_text(current_axes(graphics_state(ctx.state)).mpl.set_title(title, pad=18), title)   # above the 90
    return handles if nargout else None


@graphics("fplot", axes_first=True)
def fplot(ctx, *args, nargout=0):
    """fplot(f) | fplot(f, [xmin xmax]) | fplot(funx, funy, [tmin tmax])  plot a function of x (on [-5 5]
    by default), or the curve (funx(t), funy(t)).

    A LineSpec and name-value pairs may follow. f is a function handle, evaluated at 500 points (all at once;
    one by one, with MATLAB's warning, if it does not return one value per input). LineSpec and name-value
    pairs are those of plot.

        fplot(@(x) sin(x) ./ x, [-10 10])
    """
    handles_given = [a for a in args[:2] if type(a) is FunctionHandle]
    if not handles_given:
        raise MatlabError("MATLAB:fplot:InvalidFunction", "The first argument of fplot must be a function handle.")
    rest = list(args[len(handles_given):])
    limits = numbers(rest.pop(0), "limits").real.ravel() if rest and is_numeric(rest[0]) else np.array([-5.0, 5.0])
    if limits.size != 2 or not limits[0] < limits[1]:
        raise MatlabError("MATLAB:fplot:InvalidLimits", "Limits must be [min max] with min < max.")
    spec = parse_linespec(text(rest[0])) if rest and is_text(rest[0]) else None
    rest = rest[1:] if spec is not None else rest
    props = line_properties(name_values(rest, "fplot"), "fplot")
    t = np.linspace(limits[0], limits[1], 500)
    values = [_sample(ctx, f, t) for f in handles_given]
    x, y = (t, values[0]) if len(values) == 1 else values
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    (curve,) = axes.mpl.plot(x, y, **line_style(spec, props))
    if len(values) == 1:
        axes.mpl.set_xlim(limits[0], limits[1])
    handles = _handles(gs, axes, [curve])
    return handles if nargout else None


@graphics("ezplot", axes_first=True)
def ezplot(ctx, f, limits=None, nargout=0):
    """ezplot(f) | ezplot(f, [xmin xmax])  plot a function of one variable on -2*pi..2*pi (or [xmin
    xmax]), titled with its expression: MATLAB's older form of fplot.

    f is a function handle or the text of an expression in one variable (evaluated elementwise, as
    vectorize writes it). Implicit curves f(x, y) = 0, parametric forms and a third argument are not
    supported.

        ezplot(@(x) x.^2 - 2), grid on
    """
    f, expr = expression_handle(ctx, f, "ezplot")
    if f.params is not None and len(f.params) != 1:
        raise MatlabError("matfuse:ezplot:unsupported", "ezplot of a function of two variables (an implicit "
                          "curve) is not supported; use fimplicit or contour.")
    bounds = np.array([[-2 * np.pi, 2 * np.pi]]) if limits is None else limits
    handles = fplot(ctx, f, bounds, nargout=1)
    title = expr.strip()
    show_text(current_axes(graphics_state(ctx.state)).mpl.set_title(title), title)
    return handles if nargout else None


def _sample(ctx, f: Any, t: np.ndarray) -> np.ndarray:
    """f at every point of t: one vectorized call, else one call per point."""
    try:
        (y,) = ctx.call(f, [t.reshape(1, -1)], 1)
        values = numbers(y, "function value").real.ravel()
        if values.size == t.size:
            return values
    except MatlabError:
        pass
    ctx.warn("MATLAB:fplot:NotVectorized", "Function behaves unexpectedly on array inputs. To improve "
             "performance, properly vectorize your function to return an output with the same size and "
             "shape as the input arguments.")
    return np.array([float(numbers(ctx.call(f, [float(v)], 1)[0], "function value").real.ravel()[0])
                     for v in t])


# ----------------------------------------------------------------------------- error bars and stems

ORIENTATIONS = ("vertical", "horizontal", "both")


@graphics("errorbar", axes_first=True)
def errorbar(ctx, *args, nargout=0):
    """errorbar(y, err) | errorbar(x, y, err) | errorbar(x, y, neg, pos) | errorbar(..., ornt)  line plot
    with error bars.

    errorbar(x, y, yneg, ypos, xneg, xpos) gives bars along both axes; a LineSpec and name-value pairs may
    follow the data. err draws symmetric bars of length err(i) above and below y(i); neg and pos give the
    lengths below and above. ornt is 'vertical' (default), 'horizontal' or 'both' (err applies to x, or to x
    and y). Matrices draw one series per column. Name-value pairs: CapSize (points, default 6) and the line
    properties of plot.

        x = 1:5; errorbar(x, x.^2, 0.5 * x, 'o')
    """
    data = list(args)
    ornt = next((text(v).lower() for v in data if is_text(v) and text(v).lower() in ORIENTATIONS), "vertical")
    data = [v for v in data if not (is_text(v) and text(v).lower() in ORIENTATIONS)]
    nums, rest = _numeric_prefix(tuple(data))
    spec = parse_linespec(text(rest[0])) if rest and is_text(rest[0]) else None
    rest = rest[1:] if spec is not None else rest
    opts = name_values(rest, "errorbar")
    cap = opts.pop("CapSize")
    props = line_properties(opts, "errorbar")
    x, y, yerr, xerr = _error_data(nums, ornt)
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    objects = []
    for j in range(y.shape[1]):
        kw = line_style(spec or LineSpec(linestyle="-"), props)
        kw.setdefault("color", _next_color(axes, j))
        objects.append(axes.mpl.errorbar(x[:, j], y[:, j], yerr=_pick(yerr, j), xerr=_pick(xerr, j),
                                         capsize=6.0 if cap is None else float(numbers(cap).real.ravel()[0]),
                                         elinewidth=kw.get("linewidth", 0.5), **kw))
    handles = _handles(gs, axes, objects)
    return handles if nargout else None


def _error_data(nums: list[Any], ornt: str) -> tuple[np.ndarray, np.ndarray, Any, Any]:
    """x, y as columns, and the (negative, positive) error columns along y and along x (or None)."""
    if not 2 <= len(nums) <= 6 or len(nums) == 5:
        raise MatlabError("MATLAB:errorbar:InvalidArguments",
                          "errorbar takes (y, err), (x, y, err), (x, y, neg, pos) or six data arguments.")
    cols = [_as_columns(numbers(v, "data").real) for v in nums]
    if len(cols) == 2:
        y = cols[0]
        cols = [np.arange(1.0, y.shape[0] + 1).reshape(-1, 1) * np.ones((1, y.shape[1])), y, cols[1]]
    x, y = cols[0], cols[1]
    if x.shape != y.shape:
        x = np.broadcast_to(x.reshape(-1, 1), y.shape) if x.size == y.shape[0] else x
    errors = [np.broadcast_to(e, y.shape) if e.size in (1, y.size) or e.shape[0] == y.shape[0] else e
              for e in cols[2:]]
    if x.shape != y.shape or any(e.shape != y.shape for e in errors):
        raise MatlabError("MATLAB:errorbar:InvalidSizes", "X, Y and the error data must be the same size.")
    if len(errors) == 4:
        return x, y, (errors[0], errors[1]), (errors[2], errors[3])
    pair = (errors[0], errors[0]) if len(errors) == 1 else (errors[0], errors[1])
    if ornt == "horizontal":
        return x, y, None, pair
    return x, y, pair, pair if ornt == "both" else None


def _pick(pair: Any, j: int) -> Any:
    """Column j's (negative, positive) lengths; a negative length is drawn as its magnitude."""
    return None if pair is None else np.abs(np.vstack([pair[0][:, j], pair[1][:, j]]))


@graphics("stem", axes_first=True)
def stem(ctx, *args, nargout=0):
    """stem(Y) | stem(X, Y) | stem(..., 'filled') | stem(..., LineSpec, Name, Value)  discrete sequence
    plot: a stem from the baseline (0) to each value, with a marker (hollow 'o' by default) at its end.

    A matrix Y draws one series per column. Name-value pairs: BaseValue and the line properties of plot.

        stem(0:10, exp(-(0:10) / 3), 'filled')
    """
    data = list(args)
    filled = take_flag(data, "filled")
    nums, rest = _numeric_prefix(tuple(data))
    spec = parse_linespec(text(rest[0])) if rest and is_text(rest[0]) else None
    rest = rest[1:] if spec is not None else rest
    opts = name_values(rest, "stem")
    base = opts.pop("BaseValue")
    props = line_properties(opts, "stem")
    if len(nums) not in (1, 2):
        raise MatlabError("MATLAB:stem:InvalidArguments", "stem takes (Y) or (X, Y).")
    pairs = xy_pairs(nums[0] if len(nums) == 2 else None, nums[-1])
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    objects = []
    for j, (x, y) in enumerate(pairs):
        bottom = 0.0 if base is None else float(numbers(base).real.ravel()[0])
        stems = axes.mpl.stem(x, y, bottom=bottom, basefmt="k-")
        _style_stem(stems, spec or LineSpec(), props, filled, _next_color(axes, j))
        objects.append(stems)
    handles = _handles(gs, axes, objects)
    return handles if nargout else None


def _style_stem(stems: Any, spec: LineSpec, props: dict[str, Any], filled: bool, default: Any) -> None:
    kw = line_style(LineSpec(None, spec.marker or "o", spec.color), props)
    colour = kw.pop("color", default)
    kw.pop("linestyle", None)
    if filled:
        kw.update(fillstyle="full", markerfacecolor=kw.get("markerfacecolor", colour))
    stems.markerline.set(color=colour, linestyle="None", **kw)
    stems.stemlines.set(color=colour, linestyle=spec.linestyle or "-",
                        linewidth=props.get("linewidth", 0.5))
    stems.baseline.set(linewidth=0.5)
    if "label" in props:
        stems.set_label(props["label"])


@graphics("spy", axes_first=True, sparse="native")
def spy(ctx, *args, nargout=0):
    """spy(S) | spy(S, LineSpec) | spy(S, markersize) | spy(S, LineSpec, markersize)  the sparsity pattern
    of a matrix: a dot at (column, row) of every nonzero element, rows counted downwards, the axes
    [0, n+1] by [0, m+1] in the matrix's proportions and "nz = N" under the x-axis.

    S may be sparse or full. The default marker is '.', its size from the axes' size and the matrix's
    (4 to 14 points, as MATLAB chooses it).

        spy(sparse(magic(6) > 20))
    """
    if not args:
        raise not_enough_inputs()
    if len(args) > 3:
        raise too_many_inputs()
    matrix, rest = args[0], list(args[1:])
    if type(matrix) is SparseMatrix:
        rows, cols = matrix.data.nonzero()
        (m, n) = matrix.shape
    else:
        full = numbers(matrix, "matrix")
        if full.ndim != 2:
            raise MatlabError("MATLAB:spy:InvalidMatrix", "spy needs a matrix with two dimensions.")
        rows, cols = np.nonzero(full)
        (m, n) = full.shape
    spec = None
    if rest and is_text(rest[0]):
        spec = parse_linespec(text(rest.pop(0)))
        if spec is None:
            raise MatlabError("MATLAB:spy:InvalidLineSpec", "The LineSpec of spy is not valid.")
    if len(rest) > 1 or rest and not (is_numeric(rest[0]) and numbers(rest[0], "marker size").size == 1):
        raise MatlabError("MATLAB:spy:InvalidArguments", "spy takes (S), (S, LineSpec), (S, markersize) or "
                          "(S, LineSpec, markersize), the marker size a numeric scalar.")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    box = axes.mpl.get_window_extent()                  # pixels at the figure's 100 dpi, about points
    size = float(numbers(rest[0]).real.ravel()[0]) if rest else \
        max(4.0, min(14.0, round(6 * min(box.width, box.height) * 0.72 / max(m + 1, n + 1))))
    spec = spec or LineSpec()
    style = {"marker": ".", "linestyle": "none", "color": _next_color(axes), "markersize": size,
             **{k: v for k, v in line_style(spec, {}).items() if k in ("marker", "color", "linestyle")}}
    style["fillstyle"] = "full" if style["marker"] == "." else "none"
    (dots,) = axes.mpl.plot(drawable(cols + 1.0), drawable(rows + 1.0), **style)
    axes.mpl.set_xlim(0, n + 1)
    axes.mpl.set_ylim(m + 1, 0)                         # YDir 'reverse': row 1 at the top
    axes.mpl.set_box_aspect((m + 1) / (n + 1))
    show_text(axes.mpl.set_xlabel(f"nz = {rows.size}"), f"nz = {rows.size}")
    handles = _handles(gs, axes, [dots])
    return handles if nargout else None


@graphics("stairs", axes_first=True)
def stairs(ctx, *args, nargout=0):
    """stairs(Y) | stairs(X, Y) | stairs(..., LineSpec, Name, Value)  stairstep plot: each value holds
    until the next x, then the line steps.

    A matrix Y draws one line per column. LineSpec and the name-value pairs are those of plot.

        stairs(0:5, [1 3 2 4 3 5])
    """
    nums, rest = _numeric_prefix(args)
    spec = parse_linespec(text(rest[0])) if rest and is_text(rest[0]) else None
    rest = rest[1:] if spec is not None else rest
    if len(nums) not in (1, 2):
        raise MatlabError("MATLAB:stairs:InvalidArguments", "stairs takes (Y) or (X, Y).")
    props = line_properties(name_values(rest, "stairs"), "stairs")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    lines = []
    for x, y in xy_pairs(nums[0] if len(nums) == 2 else None, nums[-1]):
        (step,) = axes.mpl.step(x, y, where="post", **line_style(spec, props))
        step.matfuse_type = "stair"
        lines.append(step)
    handles = _handles(gs, axes, lines)
    return handles if nargout else None


@graphics("quiver", axes_first=True)
def quiver(ctx, *args, nargout=0):
    """quiver(X, Y, U, V) | quiver(U, V) | quiver(..., scale) | quiver(..., LineSpec)  arrows with
    components (U, V) at the points (X, Y).

    The arrows are scaled to fit the grid (the longest reaches 0.9 of the grid spacing) times scale;
    scale 0 draws them at their true length. X and Y may be vectors for the columns and rows of U and V.
    Name-value pairs: Color, LineWidth, DisplayName.

        [X, Y] = meshgrid(-2:0.5:2); quiver(X, Y, -Y, X)
    """
    nums, rest = _numeric_prefix(args)
    spec = parse_linespec(text(rest[0])) if rest and is_text(rest[0]) else None
    rest = rest[1:] if spec is not None else rest
    scale = float(numbers(nums.pop()).real.ravel()[0]) if len(nums) in (3, 5) else 1.0
    if len(nums) not in (2, 4):
        raise MatlabError("MATLAB:quiver:InvalidArguments", "quiver takes (U, V) or (X, Y, U, V) and a scale.")
    U, V = (numbers(a, n).real for a, n in zip(nums[-2:], "UV"))
    if len(nums) == 4:
        X, Y = (numbers(a, n).real for a, n in zip(nums[:2], "XY"))
        if min(X.shape) == 1 and min(Y.shape) == 1 and X.size * Y.size == U.size:
            X, Y = np.meshgrid(X.ravel(), Y.ravel())
    else:
        X, Y = np.meshgrid(np.arange(1.0, U.shape[1] + 1), np.arange(1.0, U.shape[0] + 1))
    if not X.size == Y.size == U.size == V.size:
        raise MatlabError("MATLAB:quiver:InvalidSizes", "X, Y, U and V must have the same number of elements.")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    factor = _arrow_scale(X, Y, U, V) * scale if scale else 1.0
    colour = spec.color if spec is not None and spec.color is not None else _next_color(axes)
    arrows = axes.mpl.quiver(X.ravel(), Y.ravel(), U.ravel() * factor, V.ravel() * factor, color=colour,
                             angles="xy", scale_units="xy", scale=1.0, width=0.003, linewidth=0.5)
    arrows.matfuse_type = "quiver"
    tips = np.column_stack([(X + U * factor).ravel(), (Y + V * factor).ravel()])
    axes.mpl.update_datalim(np.vstack([np.column_stack([X.ravel(), Y.ravel()]), tips]))   # arrows inside
    axes.mpl.autoscale_view()
    _set_all(gs, [arrows], name_values(rest, "quiver"))
    handles = _handles(gs, axes, [arrows])
    return handles if nargout else None


def _arrow_scale(X: np.ndarray, Y: np.ndarray, U: np.ndarray, V: np.ndarray) -> float:
    """The factor that makes the longest arrow 0.9 of the grid spacing (MATLAB's AutoScaleFactor)."""
    n = np.sqrt(X.size)
    dx, dy = np.ptp(X) / n if X.size > 1 else 1.0, np.ptp(Y) / n if Y.size > 1 else 1.0
    spacing = np.hypot(dx, dy) or 1.0
    longest = float(np.nanmax(np.hypot(U, V))) if U.size else 0.0
    return 0.9 * spacing / longest if longest > 0 else 1.0


# ----------------------------------------------------------------------------- areas, polygons, pies

@graphics("area", axes_first=True)
def area(ctx, *args, nargout=0):
    """area(Y) | area(X, Y) | area(..., basevalue) | area(..., Name, Value)  filled area plot.

    The area between the baseline (0, or basevalue) and Y is filled; a matrix Y stacks its columns, each
    area on top of the previous one. Name-value pairs: FaceColor, EdgeColor, FaceAlpha, LineWidth,
    DisplayName.

        area([1 2 3; 3 1 2]')
    """
    nums, rest = _numeric_prefix(args)
    if not 1 <= len(nums) <= 3:
        raise MatlabError("MATLAB:area:InvalidArguments", "area takes (Y), (X, Y) and a base value.")
    base = float(numbers(nums.pop()).real.ravel()[0]) if len(nums) == 3 or (
        len(nums) == 2 and numbers(nums[1]).size == 1 and numbers(nums[0]).size > 1) else 0.0
    Y = _as_columns(numbers(nums[-1], "Y").real)
    x = numbers(nums[0], "X").real.ravel() if len(nums) == 2 else np.arange(1.0, Y.shape[0] + 1)
    if x.size != Y.shape[0]:
        raise MatlabError("MATLAB:area:XYLengthMismatch", "X and Y must have the same number of rows.")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    objects, bottom = [], np.full(x.size, base)
    for j in range(Y.shape[1]):
        top = Y[:, j] if j == 0 else bottom + Y[:, j]
        patch = axes.mpl.fill_between(x, bottom, top, facecolor=_next_color(axes, j), edgecolor="k",
                                      linewidth=0.5)
        patch.matfuse_type = "area"
        objects.append(patch)
        bottom = top
    _set_all(gs, objects, name_values(rest, "area"))
    handles = _handles(gs, axes, objects, column=False)
    return handles if nargout else None


@graphics("fill", axes_first=True)
def fill(ctx, *args, nargout=0):
    """fill(X, Y, C) | fill(X1, Y1, C1, X2, Y2, C2, ...) | fill(..., Name, Value)  filled polygons.

    Each column of matrices X and Y is one polygon. C is a color (letter, name, RGB triplet) or numbers
    mapped through the colormap: one per polygon (a vertex per polygon row gives its mean: shading is
    flat). Name-value pairs: FaceColor, EdgeColor, FaceAlpha, LineWidth, DisplayName.

        fill([0 1 0.5], [0 0 1], 'r')
    """
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    return _polygons(gs, axes, args, nargout, "fill")


@graphics("patch", axes_first=True)
def patch(ctx, *args, nargout=0):
    """patch(X, Y, C) | patch('XData', X, 'YData', Y, ...) | patch('Faces', F, 'Vertices', V, ...)  add
    filled polygons to the current axes (hold does not matter).

    X, Y and C are as for fill. F lists vertex indices (one polygon per row; NaN ends a shorter one) into
    the rows of V (two or three columns; on 3-D axes the polygons are drawn in 3-D, at z = 0 for two).
    Name-value pairs: FaceColor, EdgeColor, FaceAlpha, LineWidth, DisplayName.

        patch('Faces', [1 2 3 4], 'Vertices', [0 0; 1 0; 1 1; 0 1], 'FaceColor', 'g')
    """
    gs = graphics_state(ctx.state)
    axes = current_axes(gs)
    if args and is_text(args[0]):
        opts = name_values(list(args), "patch")
        shape = {name: opts.pop(name) for name in ("XData", "YData", "Faces", "Vertices", "CData")}
        colours = opts.pop("FaceVertexCData")
        colours = shape["CData"] if colours is None else colours
        face = opts.values.get("facecolor")
        if is_text(face) and text(face).lower() in ("flat", "interp"):    # the colors come from the data
            opts.pop("FaceColor")
        elif face is not None:
            colours = None
        return _draw_polygons(gs, axes, [(_faces(shape), colours)], opts, nargout)
    return _polygons(gs, axes, args, nargout, "patch")


@graphics("fill3", axes_first=True)
def fill3(ctx, *args, nargout=0):
    """fill3(X, Y, Z, C) | fill3(X1, Y1, Z1, C1, X2, Y2, Z2, C2, ...) | fill3(..., Name, Value)  filled
    3-D polygons.

    Each column of matrices X, Y and Z (or each vector) is one polygon; C is as for fill: a color
    (letter, name, RGB triplet) or numbers mapped through the colormap, one per polygon (a vertex per
    polygon row gives its mean: shading is flat). Draws into 3-D axes. Name-value pairs: FaceColor,
    EdgeColor, FaceAlpha, LineWidth, LineStyle, DisplayName.

        fill3([0 1 0], [0 0 1], [0 1 1], 'g')
    """
    gs = graphics_state(ctx.state)
    groups, k = [], 0
    while k + 3 < len(args) and all(is_numeric(a) for a in args[k:k + 3]):
        groups.append((_xyz_polygons(args[k], args[k + 1], args[k + 2], "fill3"), args[k + 3]))
        k += 4
    if not groups:
        raise MatlabError("MATLAB:fill3:InvalidArguments", "fill3 takes (X, Y, Z, C) groups.")
    opts = name_values(list(args[k:]), "fill3")
    return _draw_polygons(gs, plot_axes(gs, three_d=True), groups, opts, nargout)


def _faces(shape: dict[str, Any]) -> list[np.ndarray]:
    """Polygons (k-by-2 or k-by-3 vertex arrays) from XData/YData columns or from Faces and Vertices."""
    if shape["Faces"] is not None and shape["Vertices"] is not None:
        F, V = numbers(shape["Faces"], "Faces").real, numbers(shape["Vertices"], "Vertices").real
        if V.ndim != 2 or V.shape[1] < 2:
            raise MatlabError("MATLAB:patch:InvalidVertices", "Vertices must have two or three columns.")
        rows = [f[~np.isnan(f)].astype(int) for f in np.atleast_2d(F)]
        if any(r.size and (r.min() < 1 or r.max() > V.shape[0]) for r in rows):
            raise MatlabError("MATLAB:patch:InvalidFaces", "Faces must index rows of Vertices.")
        return [V[r - 1, :3] for r in rows]
    if shape["XData"] is None or shape["YData"] is None:
        raise MatlabError("MATLAB:patch:InvalidArguments", "patch needs XData and YData, or Faces and Vertices.")
    return _xy_polygons(shape["XData"], shape["YData"])


def _xy_polygons(x: Any, y: Any) -> list[np.ndarray]:
    X, Y = _as_columns(numbers(x, "X").real), _as_columns(numbers(y, "Y").real)
    if X.shape != Y.shape:
        raise MatlabError("MATLAB:fill:XYLengthMismatch", "X and Y must be the same size.")
    return [np.column_stack([X[:, j], Y[:, j]]) for j in range(X.shape[1])]


def _xyz_polygons(x: Any, y: Any, z: Any, function: str) -> list[np.ndarray]:
    flat = _xy_polygons(x, y)
    Z = _as_columns(numbers(z, "Z").real)
    if Z.shape != (len(flat[0]), len(flat)):
        raise MatlabError(f"MATLAB:{function}:XYZLengthMismatch", "X, Y and Z must be the same size.")
    return [np.column_stack([p, Z[:, j]]) for j, p in enumerate(flat)]


def _polygons(gs: GraphicsState, axes: AxesState, args: tuple, nargout: int, function: str):
    groups, k = [], 0
    numeric = next((j for j, a in enumerate(args) if not is_numeric(a)), len(args))
    if function == "patch" and (numeric == 4 or (numeric == 3 and len(args) > 3 and is_text(args[3])
                                                 and len(args) % 2 == 0)):
        # patch(X, Y, Z, C): polygons in 3-D (their projection on 2-D axes); C a color or numbers
        groups.append((_xyz_polygons(args[0], args[1], args[2], "patch"), args[3]))
        k = 4
    while k + 2 < len(args) and is_numeric(args[k]) and is_numeric(args[k + 1]):
        groups.append((_xy_polygons(args[k], args[k + 1]), args[k + 2]))
        k += 3
    if not groups:
        raise MatlabError(f"MATLAB:{function}:InvalidArguments", f"{function} takes (X, Y, C) groups.")
    return _draw_polygons(gs, axes, groups, name_values(list(args[k:]), function), nargout)


def _draw_polygons(gs: GraphicsState, axes: AxesState, groups: list, opts: Options, nargout: int):
    """Add polygons (vertex arrays of two or three columns) to the axes: in the plane, or in 3-D on 3-D
    axes (polygons without z at z = 0)."""
    from matplotlib.collections import PolyCollection
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    in_3d = axes.mpl.name == "3d"
    objects = []
    for polygons, colour in groups:
        if in_3d:
            polygons = [p if p.shape[1] == 3 else np.column_stack([p, np.zeros(len(p))]) for p in polygons]
            collection = Poly3DCollection(polygons, edgecolors="k", linewidths=0.5)
            collection.matfuse_polygons = polygons      # its paths are the projection (XData, ZData)
        else:
            collection = PolyCollection([p[:, :2] for p in polygons], edgecolors="k", linewidths=0.5)
            if polygons and polygons[0].shape[1] == 3:
                collection.matfuse_polygons = polygons  # patch(X, Y, Z, C): its ZData, and view(3) draws it
        _fill_color(gs, collection, colour, len(polygons))
        collection.matfuse_type = "patch"
        if in_3d:
            axes.mpl.add_collection3d(collection, autolim=True)
        else:
            axes.mpl.add_collection(collection)
        objects.append(collection)
    axes.mpl.autoscale_view()
    _set_all(gs, objects, opts)
    handles = _handles(gs, axes, objects)
    return handles if nargout else None


def _fill_color(gs: GraphicsState, collection: Any, value: Any, n: int) -> None:
    if value is None:                      # patch's default FaceColor is black
        collection.set_facecolor("k")
        return
    if is_text(value) or (is_numeric(value) and numbers(value).size == 3 and n != 3):
        collection.set_facecolor(color(value))
        return
    c = numbers(value, "C").real
    if c.ndim == 2 and c.shape == (n, 3) and n > 1 and np.all((c >= 0) & (c <= 1)):   # an RGB row per face
        collection.set_facecolor(c)
        return
    if c.size == 1:
        values = np.full(n, float(c.ravel()[0]))
    elif c.shape[-1] == n or c.size == n:
        values = c.reshape(-1, n).mean(axis=0) if c.size != n else c.ravel()
    else:
        raise MatlabError("MATLAB:fill:InvalidColor", "C must be a color, one value per polygon, or one "
                          "value per vertex.")
    collection.set_array(values)
    collection.set_cmap(figure_cmap(gs))


@graphics("pie", axes_first=True)
def pie(ctx, *args, nargout=0):
    """pie(X) | pie(X, explode) | pie(X, labels) | pie(X, explode, labels)  pie chart.

    Slice i has the share X(i)/sum(X); if sum(X) < 1 the values are the shares themselves and the pie
    is partial. A categorical X gets a slice for each category, its count, labeled with its name. Slices go counterclockwise from the top, colored through the colormap, labeled with their
    percentages (or labels, a cell array). explode is a vector: nonzero entries pull slices out. Returns
    the slice (patch) and label (text) handles, alternating.

        pie([3 1 2], [0 1 0], {'a', 'b', 'c'})
    """
    if not args:
        raise not_enough_inputs()
    data, names = args[0], None
    if type(data) is CategoricalArray:      # a slice for each category, as large as its count, named
        names = list(data.cats)
        data = np.array([[float(np.sum(args[0].data == k + 1)) for k in range(len(names))]])
    x = numbers(data, "X").real.ravel()
    if np.any(x < 0) or not np.all(np.isfinite(x)):
        raise MatlabError("MATLAB:pie:NegativeData", "Data must be nonnegative and finite.")
    explode, labels = _pie_options(args[1:], x.size)
    labels = labels if labels is not None else names
    total = x.sum()
    shares = x if total < 1 else x / total
    keep = shares > 0
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    cmap = figure_cmap(gs)
    colours = cmap(np.linspace(0.0, 1.0, x.size))[keep] if x.size > 1 else cmap([0.0])
    texts = labels if labels is not None else [_percent(s) for s in shares]
    wedges, label_texts = axes.mpl.pie(shares[keep], explode=explode[keep] * 0.1,
                                       labels=[t for t, k in zip(texts, keep) if k], colors=colours,
                                       startangle=90, counterclock=True, normalize=total >= 1,
                                       wedgeprops={"edgecolor": "k", "linewidth": 0.5},
                                       textprops={"fontsize": 9.0})
    axes.mpl.set_aspect("equal")
    axes.mpl.set_axis_off()
    objects = [o for pair in zip(wedges, label_texts) for o in pair]
    handles = _handles(gs, axes, list(objects), column=False)
    axes.series[:] = [w for w in axes.series if w not in label_texts]   # legend entries: the slices
    return handles if nargout else None


def _percent(share: float) -> str:
    value = round(share * 100)
    return "< 1%" if 0 < share * 100 < 0.5 else f"{value}%"


def _pie_options(args: tuple, n: int) -> tuple[np.ndarray, list[str] | None]:
    explode, labels = np.zeros(n), None
    for value in args:
        if is_numeric(value):
            explode = numbers(value, "explode").real.ravel().astype(bool).astype(float)
        else:
            labels = text_list(value)
    if explode.size != n or (labels is not None and len(labels) != n):
        raise MatlabError("MATLAB:pie:ArgumentSize", "explode and labels must have one entry per value.")
    return explode, labels


# ----------------------------------------------------------------------------- images

IMAGE_RANGES = {"uint8": (0, 255), "uint16": (0, 65535), "int16": (-32768, 32767), "logical": (0, 1),
                "double": (0, 1), "single": (0, 1)}


@graphics("imshow", axes_first=True)
def imshow(ctx, *args, nargout=0):
    """imshow(I) | imshow(I, [low high]) | imshow(RGB) | imshow(X, map) | imshow(file)  show an image
    with square pixels and no axes (imshow(I, []) scales to the data's range).

    A gray-scale I is shown in gray from the low to the high end of its class (0 to 1 for double and
    logical, 0 to 255 for uint8); [low high] sets that range, [] uses min(I) and max(I). An m-by-n-by-3
    array is true color; X with a colormap map shows indexed colors. A file name reads a PNG or JPEG.

        imshow(rand(64) > 0.5)
    """
    if not args:
        raise not_enough_inputs()
    image, kw = _image_args(args)
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    artist = axes.mpl.imshow(image, interpolation="nearest", **kw)
    axes.mpl.set_aspect("equal")
    axes.mpl.set_axis_off()
    handle = gs.new_handle(artist)
    return handle if nargout else None


@graphics("image", axes_first=True)
def image(ctx, *args, nargout=0):
    """image(C) | image(x, y, C) | image(..., 'CDataMapping', 'scaled')  show C as an image.

    Each element of an m-by-n C indexes the figure's colormap directly (MATLAB's CDataMapping 'direct'):
    1 is the first color for double and single (fractions round down), 0 for the integer classes, and
    indices past either end take the end colors; 'scaled' maps C's range over the colormap as imagesc
    does. An m-by-n-by-3 C is true color (0 to 1, or 0 to 255 for uint8). x and y give the centers of the
    first and last columns and rows (default 1:n and 1:m); the y-axis points down, as MATLAB's image sets it.

        colormap(gray(2)); image([1 2; 2 1])
    """
    nums = list(args)
    first_text = next((k for k, v in enumerate(nums) if is_text(v)), len(nums))
    opts = name_values(nums[first_text:], "image")
    nums = nums[:first_text]
    if len(nums) not in (1, 3):
        raise MatlabError("MATLAB:image:InvalidArguments", "image takes (C) or (x, y, C) and name-value pairs.")
    given = opts.pop("CDataMapping")
    mapping = "direct" if given is None else text(given, "CDataMapping").lower()
    opts.check_empty("image")
    if mapping not in ("direct", "scaled"):
        raise MatlabError("MATLAB:image:InvalidCDataMapping", "CDataMapping must be 'direct' or 'scaled'.")
    cls = class_of(nums[-1])
    raw = numbers(nums[-1], "C").real if cls != "uint8" else to_array(nums[-1])
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    cmap = figure_cmap(gs)
    kw: dict[str, Any] = {}
    if raw.ndim == 3:
        if raw.shape[2] != 3:
            raise MatlabError("MATLAB:image:InvalidRGB", "A true color image must be m-by-n-by-3.")
        data = raw if cls == "uint8" else np.clip(raw.astype(np.float64), 0.0, 1.0)
    elif mapping == "scaled":
        data, kw = raw.astype(np.float64), {"cmap": cmap}
    else:
        start = 0.0 if cls.startswith(("int", "uint")) else 1.0
        index = np.floor(np.nan_to_num(raw.astype(np.float64), nan=start)) - start
        data, kw = np.clip(index, 0, cmap.N - 1), {"cmap": cmap, "vmin": -0.5, "vmax": cmap.N - 0.5}
    artist = axes.mpl.imshow(data, aspect="auto", origin="upper", interpolation="nearest",
                             extent=pixel_extent(nums, raw), **kw)
    handle = gs.new_handle(artist)
    return handle if nargout else None


def _image_args(args: tuple) -> tuple[np.ndarray, dict[str, Any]]:
    if is_text(args[0]):
        import matplotlib.image
        try:
            return matplotlib.image.imread(text(args[0])), {}
        except (OSError, ValueError) as exc:
            raise MatlabError("MATLAB:imagesci:imread:fileDoesNotExist",
                              f"Unable to read file '{text(args[0])}': {exc}.") from None
    if not is_numeric(args[0]) or len(args) > 2:
        raise MatlabError("MATLAB:imshow:InvalidArguments", "imshow takes (I), (I, [low high]) or (X, map).")
    cls = class_of(args[0])
    raw = to_array(args[0])
    if raw.ndim == 3:
        if raw.shape[2] != 3:
            raise MatlabError("MATLAB:imshow:InvalidRGB", "A true color image must be m-by-n-by-3.")
        return (raw if cls == "uint8" else np.clip(raw.astype(np.float64), 0.0, 1.0)), {}
    data = raw.astype(np.float64)
    extra = numbers(args[1], "display range").real if len(args) == 2 else None
    if extra is not None and extra.ndim == 2 and extra.shape[1] == 3 and extra.shape[0] > 0:
        return data - (0 if cls in ("uint8", "uint16") else 1), {
            "cmap": colormap_from_matrix(args[1]), "vmin": -0.5, "vmax": extra.shape[0] - 0.5}
    if extra is not None and extra.size == 0:
        low, high = float(np.nanmin(data)), float(np.nanmax(data))
    elif extra is not None:
        if extra.size != 2 or not extra.ravel()[0] < extra.ravel()[1]:
            raise MatlabError("MATLAB:imshow:InvalidDisplayRange", "The display range must be [low high].")
        low, high = extra.ravel()
    else:
        low, high = IMAGE_RANGES.get(cls, (float(np.nanmin(data)), float(np.nanmax(data))))
    return data, {"cmap": "gray", "vmin": low, "vmax": high}
