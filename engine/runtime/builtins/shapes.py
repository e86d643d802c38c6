"""Reference lines, pseudocolor plots and solids: xline yline pcolor sphere cylinder ishold.

xline and yline add to the current axes whatever the hold state, as MATLAB's do; pcolor draws into the
axes like plot (cleared unless hold is on). sphere and cylinder with output arguments only compute the
coordinates (MATLAB's formulas), without outputs they draw them with surf.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import MatlabError
from ..figures import graphics_state
from ..graphics_args import (is_numeric, is_text, line_properties, line_style, name_values, numbers, parse_linespec,
                             text, text_list)
from ..graphics_axes import current_axes, figure_cmap, graphics, plot_axes
from ..semantics import to_value
from .charts import _handles
from .plots import surf


def _constant_lines(ctx, args: tuple, vertical: bool, fname: str, nargout: int):
    if not args or not is_numeric(args[0]):
        raise MatlabError(f"MATLAB:{fname}:InvalidValue", f"{fname} needs the {'x' if vertical else 'y'}-coordinates "
                          "of the lines.")
    where = numbers(args[0], "value").real.ravel()
    rest = list(args[1:])
    spec = parse_linespec(text(rest[0])) if rest and is_text(rest[0]) else None
    if spec is not None:
        rest.pop(0)
    labels = text_list(rest.pop(0)) if len(rest) % 2 == 1 else []
    opts = name_values(rest, fname)
    label = opts.pop("Label")
    if label is not None:
        labels = text_list(label)
    props = line_properties(opts, fname)
    opts.check_empty(fname)
    gs = graphics_state(ctx.state)
    axes = current_axes(gs)
    style = {"color": (0.15, 0.15, 0.15), "linestyle": "-", "linewidth": 0.5, **line_style(spec, props)}
    draw = axes.mpl.axvline if vertical else axes.mpl.axhline
    lines = []
    for k, value in enumerate(where):
        line = draw(value, **style)
        if labels:
            name = labels[min(k, len(labels) - 1)]
            if vertical:
                axes.mpl.text(value, 1.0, name, rotation=90, va="top", ha="right",
                              transform=axes.mpl.get_xaxis_transform())
            else:
                axes.mpl.text(1.0, value, name, va="bottom", ha="right", transform=axes.mpl.get_yaxis_transform())
        lines.append(line)
    handles = _handles(gs, axes, lines, column=False)
    return to_value(handles) if nargout else None


@graphics("xline", axes_first=True)
def xline(ctx, *args, nargout=0):
    """xline(x) | xline(x, LineSpec) | xline(x, LineSpec, label) | xline(..., Name, Value)  vertical lines
    at the x-coordinates x across the current axes.

    The lines are added whatever the hold state; LineSpec and the name-value pairs (Color, LineWidth,
    LineStyle, Label) style them, and a label is written along the top of each line.

        plot(1:10); xline(5, '--r', 'threshold')
    """
    return _constant_lines(ctx, args, True, "xline", nargout)


@graphics("yline", axes_first=True)
def yline(ctx, *args, nargout=0):
    """yline(y) | yline(y, LineSpec) | yline(y, LineSpec, label) | yline(..., Name, Value)  horizontal
    lines at the y-coordinates y across the current axes.

    The forms of xline; a label is written at the right end of each line.

        plot(rand(1, 10)); yline(0.5, ':', 'mean')
    """
    return _constant_lines(ctx, args, False, "yline", nargout)


@graphics("pcolor", axes_first=True)
def pcolor(ctx, *args, nargout=0):
    """pcolor(C) | pcolor(X, Y, C)  pseudocolor plot: a grid of cells colored through the colormap.

    The cell between grid points (i, j) and (i+1, j+1) has the color of C(i, j), so the last row and
    column of C are not shown (MATLAB's faceted shading: black cell edges). X and Y may be matrices of
    the size of C or vectors for its columns and rows.

        [X, Y] = meshgrid(-2:0.25:2); pcolor(X, Y, X .* exp(-X.^2 - Y.^2))
    """
    if len(args) not in (1, 3):
        raise MatlabError("MATLAB:pcolor:InvalidArguments", "pcolor takes (C) or (X, Y, C).")
    C = numbers(args[-1], "C").real
    if C.ndim != 2 or min(C.shape) < 2:
        raise MatlabError("MATLAB:pcolor:InvalidC", "C must be a matrix with at least two rows and two columns.")
    if len(args) == 1:
        X, Y = np.meshgrid(np.arange(1.0, C.shape[1] + 1), np.arange(1.0, C.shape[0] + 1))
    else:
        X, Y = (numbers(a, n).real for a, n in zip(args[:2], "XY"))
        if min(X.shape) == 1 and min(Y.shape) == 1:
            X, Y = np.meshgrid(X.ravel(), Y.ravel())
    if X.shape != C.shape or Y.shape != C.shape:
        raise MatlabError("MATLAB:pcolor:InvalidSizes", "Data dimensions must agree.")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    mesh = axes.mpl.pcolormesh(X, Y, C[:-1, :-1], shading="flat", cmap=figure_cmap(gs), edgecolors="k",
                               linewidth=0.5)
    mesh.matfuse_type = "surface"
    handle = gs.new_handle(mesh)
    axes.series.append(mesh)
    return handle if nargout else None


def _draw_or_return(ctx, x: np.ndarray, y: np.ndarray, z: np.ndarray, nargout: int):
    if nargout:
        return tuple(to_value(v) for v in (x, y, z))[:nargout]
    surf(ctx, to_value(x), to_value(y), to_value(z))
    return None


def _count(value: Any, fname: str) -> int:
    n = numbers(value, "n").real.ravel()
    if n.size != 1 or n[0] < 1 or n[0] != int(n[0]):
        raise MatlabError(f"MATLAB:{fname}:InvalidN", "n must be a positive integer.")
    return int(n[0])


@graphics("sphere")
def sphere(ctx, *args, nargout=0):
    """[X, Y, Z] = sphere | sphere(n) | sphere  a unit sphere of n-by-n faces (n = 20).

    X, Y and Z are (n+1)-by-(n+1) matrices of the coordinates (MATLAB's: longitude from -pi, latitude
    from -pi/2); without outputs the sphere is drawn with surf. surf(r*X + x0, r*Y + y0, r*Z + z0) draws
    one of radius r centred at (x0, y0, z0).

        [X, Y, Z] = sphere(10); surf(X, Y, Z); axis equal
    """
    n = _count(args[0], "sphere") if args else 20
    theta = np.arange(-n, n + 1, 2) / n * np.pi
    phi = (np.arange(-n, n + 1, 2) / n * np.pi / 2).reshape(-1, 1)
    cosphi = np.cos(phi)
    cosphi[0] = cosphi[-1] = 0.0
    sintheta = np.sin(theta)
    sintheta[0] = sintheta[-1] = 0.0
    return _draw_or_return(ctx, cosphi * np.cos(theta), cosphi * sintheta, np.sin(phi) * np.ones((1, n + 1)),
                           nargout)


@graphics("cylinder")
def cylinder(ctx, *args, nargout=0):
    """[X, Y, Z] = cylinder | cylinder(r) | cylinder(r, n) | cylinder  a cylinder (of profile r) with n
    points around its circumference (n = 20).

    r gives the radius at equally spaced heights from 0 to 1 (default [1 1]); X, Y, Z have one row per
    element of r and n+1 columns. Without outputs the surface is drawn with surf.

        [X, Y, Z] = cylinder([1 0.5 0.2]); surf(X, Y, Z)
    """
    radius = numbers(args[0], "r").real.reshape(-1, 1) if args else np.ones((2, 1))
    if radius.size == 1:
        radius = np.repeat(radius, 2, axis=0)
    n = _count(args[1], "cylinder") if len(args) > 1 else 20
    theta = np.arange(n + 1) / n * 2 * np.pi
    sintheta = np.sin(theta)
    sintheta[-1] = 0.0
    m = radius.shape[0]
    z = (np.arange(m) / (m - 1)).reshape(-1, 1) * np.ones((1, n + 1))
    return _draw_or_return(ctx, radius * np.cos(theta), radius * sintheta, z, nargout)


@graphics("ishold")
def ishold(ctx, *args):
    """tf = ishold | ishold(ax)  whether hold is on for the current axes (false with no figure or axes).

    hold on, hold off and hold (toggle) set it; with ax, the hold state of that axes.

        hold on; ishold    % true
    """
    gs = graphics_state(ctx.state)
    if args:
        from ..graphics_props import resolve
        return bool(getattr(resolve(gs, float(numbers(args[0], "axes").real.ravel()[0])), "hold", False))
    figure = gs.figures.get(gs.current) if gs.figures else None
    axes = getattr(figure, "current_axes", None)
    return bool(axes is not None and axes.hold)
