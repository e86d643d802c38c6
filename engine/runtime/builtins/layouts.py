"""Layouts of axes in a figure: tiledlayout and nexttile, sgtitle, yyaxis (two y-axes on one axes), and
linkaxes (axes that share their limits).

subplot (graphics.py) and tiles share the figure's grids (graphics_axes.subplot_grid); a tiled layout
keeps its grid size and the last tile made in ``FigureState.tiles``.
"""
from __future__ import annotations

import math

import numpy as np

from ..errors import MatlabError, check_size
from ..figures import AxesState, GraphicsState, TileLayout, graphics_state
from ..graphics_args import (COLOR_ORDER, counts, is_numeric, is_text, label_text, name_values, numbers, scalar,
                             text)
from ..graphics_axes import (apply_tile_spacing, current_axes, current_figure, graphics, next_tile, plot_axes,
                             style_side, tile_option)
from ..graphics_props import resolve, set_property, show_text
from .graphics import clear_figure, label_target

@graphics("tiledlayout")
def tiledlayout(ctx, *args, nargout=0):
    """tiledlayout(m, n) | tiledlayout('flow') | tiledlayout(..., 'TileSpacing', s, 'Padding', p)  a grid
    of tiles for axes in the current figure (which is cleared); nexttile fills it.

    'flow' makes a grid that grows as tiles are added. TileSpacing is 'loose' (default), 'compact',
    'tight' or 'none', Padding 'loose', 'compact' or 'tight' ('normal' and 'none' of older releases are
    read as 'loose' and 'tight'); both are properties of the layout too (t.TileSpacing = 'compact'). title, xlabel and ylabel of the returned layout label the whole grid.

        t = tiledlayout(2, 2); nexttile; plot(1:3); nexttile; bar([1 2]); title(t, 'results')
    """
    rows, cols, flow, rest = _grid_args(list(args))
    opts = name_values(rest, "tiledlayout")
    spacing = tile_option(opts.pop("TileSpacing"), "TileSpacing")
    padding = tile_option(opts.pop("Padding"), "Padding")
    opts.check_empty("tiledlayout")
    gs = graphics_state(ctx.state)
    fig = current_figure(gs)
    clear_figure(fig)
    fig.tiles = TileLayout(rows, cols, flow, spacing=spacing, padding=padding, figure=fig.mpl)
    fig.tiles.handle = gs.new_handle(fig.tiles)
    apply_tile_spacing(fig.tiles)
    return fig.tiles.handle if nargout else None


def _grid_args(args: list) -> tuple[int, int, bool, list]:
    if args and is_text(args[0]) and text(args[0]).lower() == "flow":
        return 1, 1, True, args[1:]
    if len(args) >= 2 and is_numeric(args[0]) and is_numeric(args[1]):
        rows, cols = scalar(args[0], "m"), scalar(args[1], "n")
        if 1 <= rows < math.inf and 1 <= cols < math.inf:
            return check_size((int(rows), int(cols)))[0], int(cols), False, args[2:]
    raise MatlabError("MATLAB:graphics:tiledlayout:InvalidGrid",
                      "tiledlayout takes (m, n) with positive integers, or 'flow'.")


@graphics("nexttile")
def nexttile(ctx, *args, nargout=0):
    """nexttile | nexttile(k) | nexttile(span) | nexttile(k, span) | ax = nexttile  the next tile (or
    tile k, counted along rows) of the current figure's tiled layout, as the current axes.

    span = [r c] makes the new axes cover r rows and c columns. Without a layout, nexttile starts a
    'flow' layout. An existing tile k is selected, not replaced.

        tiledlayout(2, 2); nexttile([1 2]); plot(1:10); nexttile(3); bar([3 1])
    """
    number, span = _tile_args(args)
    gs = graphics_state(ctx.state)
    fig = current_figure(gs)
    if fig.tiles is None:
        clear_figure(fig)
        fig.tiles = TileLayout(1, 1, True, figure=fig.mpl)
        fig.tiles.handle = gs.new_handle(fig.tiles)
    axes = next_tile(gs, fig, number, span)
    fig.dirty = True
    return axes.handle if nargout else None


def _tile_args(args: tuple) -> tuple[int | None, tuple[int, int]]:
    """(tile number or None, span) from nexttile's arguments: (), (k), ([r c]) or (k, [r c])."""
    values = [counts(a, "tile") for a in args]
    sizes = [len(v) for v in values if v is not None]
    if sizes not in ([], [1], [2], [1, 2]) or len(sizes) < len(values):
        raise MatlabError("MATLAB:graphics:tiledlayout:InvalidTileIndex",
                          "nexttile takes a tile number and/or a span [rows cols].")
    number = values[0][0] if sizes[:1] == [1] else None
    span = (values[-1][0], values[-1][1]) if sizes[-1:] == [2] else (1, 1)
    if (number is not None and number < 1) or min(span) < 1:
        raise MatlabError("MATLAB:graphics:tiledlayout:InvalidTileIndex",
                          "Tile numbers and spans must be positive integers.")
    return number, span


@graphics("sgtitle")
def sgtitle(ctx, *args, nargout=0):
    """sgtitle(txt) | sgtitle(target, txt) | sgtitle(..., Name, Value)  a title above all the axes of a
    figure (the current one, or the figure or tiled layout target).

    Name-value pairs: the text properties of set (FontSize, FontWeight, Color, ...). Returns the text.

        subplot(2, 1, 1); plot(1:3); subplot(2, 1, 2); plot(3:-1:1); sgtitle('two plots')
    """
    gs = graphics_state(ctx.state)
    fig, args = label_target(gs, args)
    if not args:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    title = fig.mpl.suptitle(label_text(args[0]), fontsize=11.0)
    show_text(title, label_text(args[0]))
    opts = name_values(list(args[1:]), "sgtitle")
    for name in opts.order:
        set_property(gs, title, name, opts.values[name.lower()])
    fig.dirty = True
    handle = next((h for h, o in gs.handles.items() if o is title), None) or gs.new_handle(title)
    return handle if nargout else None


@graphics("yyaxis")
def yyaxis(ctx, side):
    """yyaxis left | yyaxis right | yyaxis(ax, side)  plot against a second y-axis on the right of the
    current axes: the side named becomes the one that plots, labels and limits go to.

    Each side has its own color (MATLAB's first and second colors), used by its axis and by every line on
    it; line styles cycle instead. The axes' existing plots stay on the left side.

        x = 0:0.1:10; yyaxis left; plot(x, sin(x)); yyaxis right; plot(x, exp(x / 5)); ylabel('growth')
    """
    word = text(side, "side").lower()
    if word not in ("left", "right"):
        raise MatlabError("MATLAB:graphics:yyaxis:InvalidSide", "yyaxis takes 'left' or 'right'.")
    gs = graphics_state(ctx.state)
    axes = current_axes(gs)
    if axes.mpl.name == "3d":
        raise MatlabError("MATLAB:graphics:yyaxis:Not2D", "yyaxis needs 2-D axes.")
    if not axes.side:
        _make_pair(gs, axes)
    fig = current_figure(gs)
    fig.current_axes = axes if axes.side == word else axes.twin


def _make_pair(gs: GraphicsState, left: AxesState) -> None:
    """Give the axes a right side: a twin axes sharing its x-axis, with its own handle."""
    from cycler import cycler
    fig = current_figure(gs)
    key = next(k for k, a in fig.axes.items() if a is left)
    right = AxesState(left.mpl.twinx(), 0.0, hold=left.hold)
    right.handle = gs.new_handle(right)
    fig.axes[(*key, "right")] = right
    for axes, side, colour in ((left, "left", COLOR_ORDER[0]), (right, "right", COLOR_ORDER[1])):
        axes.side = side
        axes.cycler = cycler(linestyle=["-", "--", ":", "-."]) * cycler(color=[colour])
        axes.mpl.set_prop_cycle(axes.cycler)
        style_side(axes)
    left.twin, right.twin = right, left
    for line in left.mpl.get_lines():
        line.set_color(COLOR_ORDER[0])


@graphics("plotyy")
def plotyy(ctx, x1, y1, x2, y2, *functions, nargout=0):
    """plotyy(x1, y1, x2, y2) | plotyy(..., fun) | plotyy(..., fun1, fun2) | [ax, h1, h2] = plotyy(...)  y1
    against x1 on a left y-axis and y2 against x2 on a right one, in the same axes.

    fun (for both) or fun1 and fun2 draw the data: 'plot' (the default), 'semilogx', 'semilogy',
    'loglog', 'stem', or any function (name or handle) called as h = fun(x, y). ax holds the two sides'
    axes (left first, which becomes the current axes), h1 and h2 what the functions returned. Each side
    has its axis and lines in its own color, as yyaxis gives them.

        t = 0:0.1:10; ax = plotyy(t, sin(t), t, 100 * exp(-t / 3)); ylabel(ax(2), 'decay')
    """
    if len(functions) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "plotyy takes (x1, y1, x2, y2), then one or two functions.")
    funs = [text(f, "function") if is_text(f) else f for f in functions] or ["plot"]
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    if axes.mpl.name != "rectilinear":
        raise MatlabError("MATLAB:graphics:yyaxis:Not2D", "plotyy needs 2-D axes.")
    if not axes.side:
        _make_pair(gs, axes)
    left = axes if axes.side == "left" else axes.twin
    fig = current_figure(gs)
    wanted = nargout - 1                      # how many of h1, h2 are asked for
    handles = []
    for k, (side, x, y, fun) in enumerate(((left, x1, y1, funs[0]), (left.twin, x2, y2, funs[-1]))):
        fig.current_axes = side
        out = ctx.call(fun, [x, y], nargout=1 if k < wanted else 0)
        handles.extend(out[:1] if k < wanted else ())
    fig.current_axes = left
    ax = np.array([[left.handle, left.twin.handle]], dtype=np.float64)
    return (ax, *handles) if nargout > 1 else ax if nargout else None


LINKED_LIMITS = {"x": "x", "y": "y", "xy": "xy", "z": "z", "xz": "xz", "yz": "yz", "xyz": "xyz"}


@graphics("linkaxes")
def linkaxes(ctx, ax=None, option=None):
    """linkaxes(ax) | linkaxes(ax, dims)  share the axis limits of the axes in ax.

    dims is 'xy' (default), 'x', 'y', 'z' or a combination such as 'xz'. The axes then keep the same
    limits for those dimensions: the first link sets limits that take in the current limits of every
    linked axes, and zooming or setting one moves the others. linkaxes(ax, 'off') (unlinking) is not
    supported.

        ax(1) = subplot(2, 1, 1); plot(1:10); ax(2) = subplot(2, 1, 2); plot(5:20); linkaxes(ax, 'x')
    """
    gs = graphics_state(ctx.state)
    targets = [current_axes(gs)] if ax is None else [_linked_axes(gs, float(h)) for h in
                                                     numbers(ax, "ax").real.ravel()]
    dims = text(option, "dims").lower() if option is not None else "xy"
    if dims == "off":
        raise MatlabError("matfuse:linkaxes:off", "linkaxes(ax, 'off') is not supported: axes once "
                          "linked stay linked.")
    if dims not in LINKED_LIMITS:
        raise MatlabError("MATLAB:linkaxes:InvalidDims", "dims must be 'x', 'y', 'z', 'xy', 'xz', 'yz', "
                          "'xyz' or 'off'.")
    first, rest = targets[0].mpl, [t.mpl for t in targets[1:]]
    for dim in dims:
        group = [a for a in (first, *rest) if dim != "z" or a.name == "3d"]
        if len(group) < 2:
            continue
        lows, highs = zip(*(getattr(a, f"get_{dim}lim")() for a in group))
        for other in group[1:]:
            if getattr(other, f"get_shared_{dim}_axes")().joined(group[0], other):
                continue
            getattr(other, f"share{dim}")(group[0])
        getattr(group[0], f"set_{dim}lim")(min(lows), max(highs))


def _linked_axes(gs: GraphicsState, handle: float) -> AxesState:
    target = resolve(gs, handle)
    if not isinstance(target, AxesState):
        raise MatlabError("MATLAB:linkaxes:InvalidAxes", "ax must be a vector of axes handles.")
    return target
