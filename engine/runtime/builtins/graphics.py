"""MATLAB graphics builtins for figures and axes: figure, subplot, hold, close, clf, gcf, gca, drawnow,
titles and labels, legend, grid, axis and limits, and saving figures to files (saveas, print).

Figures persist across cells in ``ctx.state.extras["graphics"]`` (see runtime/figures.py). Figure handles
are the figure numbers (doubles, so ``figure(h)`` and ``close(h)`` work); axes and plot objects get
double handles from a counter. Calls with ``nargout == 0`` return nothing, so ``figure`` sets no ``ans``.
The plotting functions themselves are in plots.py.
"""
from __future__ import annotations

import os
from typing import Any, Callable

import numpy as np

from ..errors import MatlabError, not_enough_inputs
from ..figures import (AxesState, FigureState, GraphicsState, TileLayout, flush_figures, graphics_state,
                       render)
from ..graphics_args import (color, counts, drawable, is_numeric, is_text, label_text, name_values, numbers, scalar,
                             text, text_list)
from ..graphics_axes import (LAYOUT_PAD, add_axes, current_axes, current_figure, figure_number, free_number,
                             graphics, new_figure, plot_axes, remove_axes, subplot_grid)
from ..graphics_props import (WINDOW, apply_defaults, axis_limits, figure_of, find_prop, handle_for, legend_location, resolve,
                              set_axis_limits, set_property, show_text, type_of)
from ..values import CharArray, StructArray
from .registry import builtin

@graphics("figure")
def figure(ctx, *args, nargout=0):
    """figure  create a figure window, or make figure n current.

    figure creates a new figure with the lowest unused number and makes it current; figure(n) makes
    figure n current, creating it if needed. Name-value pairs: 'Name', 'Position' ([left bottom width
    height] in pixels; the width and height set the image size). Returns the figure number.

        f = figure; plot(1:10); figure(f)
    """
    gs = graphics_state(ctx.state)
    rest = list(args)
    if rest and is_numeric(rest[0]):
        number = figure_number(rest.pop(0))
        fig = gs.figures.get(number) or new_figure(gs, number)
    else:
        fig = new_figure(gs, free_number(gs))
    gs.current = fig.number
    _figure_options(fig, rest)
    return float(fig.number) if nargout else None


def _figure_options(fig: FigureState, args: list) -> None:
    opts = name_values(args, "figure")
    name = opts.pop("name")
    if name is not None:
        fig.name = text(name, "figure name")   # a window title in MATLAB: kept, not drawn
    position = opts.pop("position")
    if position is not None:
        pos = numbers(position, "Position").real.ravel()
        if pos.size != 4 or pos[2] < 16 or pos[3] < 16:
            raise MatlabError("MATLAB:figure:invalidPosition",
                              "Position must be [left bottom width height] with a size of at least 16.")
        fig.size = (int(pos[2]), int(pos[3]))
    for name in ("color", *(n.lower() for n in WINDOW), *(n for n in opts.values if n.startswith("default"))):
        value = opts.pop(name)
        if value is not None:
            find_prop(fig, name).set(fig, value)
    opts.check_empty("figure")
    fig.dirty = True


@graphics("groot")
def groot(ctx):
    """r = groot  the graphics root: its handle, 0 (set(0, ...) is the same).

    Its properties: CurrentFigure, Children (the figures), ScreenSize (a 1920x1080 screen here, as there is
    none), Units, and the defaults: set(groot, 'Default<Type><Property>', value) gives objects of that type
    created later that value (a property named in the call that creates one wins); figure('Default...', v)
    and set(fig, 'Default...', v) do so for what is drawn in that figure; the value 'remove' drops a
    default. A title or label keeps its axes' font size, name and weight, as in MATLAB.

        set(groot, 'DefaultLineLineWidth', 2); plot(1:3)    % a line 2 points wide
    """
    return 0.0


@graphics("gcf")
def gcf(ctx):
    """h = gcf  current figure handle (its number), creating a figure if there is none.

        f = gcf;
    """
    return float(current_figure(graphics_state(ctx.state)).number)


@graphics("colordef")
def colordef(ctx, *args):
    """colordef white | colordef(fig, 'white')  the figure color scheme: 'white' (white background, dark
    axes and text) is the scheme every figure here already has, so it changes nothing; 'black' and 'none'
    are not supported."""
    word = text(args[-1], "color scheme").lower() if args else ""
    if word not in ("white", "black", "none"):
        raise MatlabError("MATLAB:colordef:InvalidOption", "The color scheme must be 'white', 'black' or 'none'.")
    if word != "white":
        raise MatlabError("MATLAB:colordef:Unsupported", f"colordef '{word}' is not supported here (figures are "
                          "drawn in the 'white' scheme).")


@graphics("getframe")
def getframe(ctx, *args):
    """F = getframe | getframe(ax) | getframe(fig)  the current axes (or the axes ax, or the whole figure
    fig) as drawn, as a movie frame: a struct with cdata (the pixels, height-by-width-by-3 uint8, at the
    figure's size in CSS pixels) and colormap ([]). M(k) = getframe in a loop collects a movie for movie.

        plot(1:10); F = getframe(gcf); size(F.cdata)
    """
    from ..figures import CSS_DPI
    gs = graphics_state(ctx.state)
    if len(args) > 1:
        raise MatlabError("MATLAB:getframe:InvalidArguments", "getframe takes no argument, an axes or a figure "
                          "here (no rectangle).")
    target = resolve(gs, scalar(args[0], "handle")) if args else current_axes(gs)
    if not isinstance(target, (FigureState, AxesState)):
        raise MatlabError("MATLAB:getframe:InvalidArguments", "getframe takes an axes or a figure.")
    fig = target if isinstance(target, FigureState) else figure_of(gs, target)
    width, height = fig.size or (gs.settings.width, gs.settings.height)
    fig.mpl.set_size_inches(width / CSS_DPI, height / CSS_DPI)
    fig.mpl.set_dpi(CSS_DPI)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    canvas = FigureCanvasAgg(fig.mpl)
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())[:, :, :3]
    if isinstance(target, AxesState):
        box = target.mpl.get_window_extent()
        rows = pixels.shape[0]
        pixels = pixels[max(int(rows - box.y1), 0):int(rows - box.y0), max(int(box.x0), 0):int(box.x1)]
    return StructArray.scalar({"cdata": np.array(pixels, dtype=np.uint8), "colormap": np.zeros((0, 0))})


@builtin("frame2im", family="graphics")
def frame2im(frame: Any, *, nargout: int = 1) -> Any:
    """RGB = frame2im(F) | [X, map] = frame2im(F)  the image of a movie frame (from getframe): its cdata, and
    its colormap (empty for a truecolor frame; X and map for an indexed one).

        plot(1:10); RGB = frame2im(getframe(gcf)); size(RGB)
    """
    if type(frame) is not StructArray or not {"cdata", "colormap"} <= set(frame.fields):
        raise MatlabError("MATLAB:frame2im:invalidInput", "F must be a movie frame: a struct with fields cdata "
                          "and colormap.")
    if frame.data.size != 1:
        raise MatlabError("MATLAB:frame2im:invalidInput", "F must be a single movie frame.")
    fields = frame.data.ravel()[0]
    return fields["cdata"] if nargout <= 1 else (fields["cdata"], fields["colormap"])


@graphics("movie")
def movie(ctx, frames, *args):
    """movie(M) | movie(M, n) | movie(M, n, fps)  play the frames M (structs with cdata, from getframe) in
    the current axes. A notebook shows the end of the play: the last frame, in the current axes with its
    axis hidden (n and fps, the repetitions and the speed, change nothing on a still figure)."""
    if type(frames) is not StructArray or "cdata" not in frames.fields or frames.data.size == 0:
        raise MatlabError("MATLAB:movie:InvalidFrames", "M must be a nonempty struct array of frames from getframe.")
    for value in args:
        if not is_numeric(value):
            raise MatlabError("MATLAB:movie:InvalidArguments", "n and fps must be numbers.")
    last = np.asarray(frames.data.ravel(order="F")[-1]["cdata"])
    if last.ndim != 3 or last.shape[2] != 3:
        raise MatlabError("MATLAB:movie:InvalidFrames", "A frame's cdata must be height-by-width-by-3.")
    gs = graphics_state(ctx.state)
    axes = plot_axes(gs)
    axes.mpl.imshow(last if last.dtype == np.uint8 else np.clip(last.astype(np.float64), 0.0, 1.0))
    axes.mpl.set_axis_off()
    current_figure(gs).dirty = True


@graphics("shg")
def shg(ctx):
    """shg  show the current figure (figure(gcf)), creating one if there is none.

    The figure is shown with the cell's output, as every new or changed figure is.

        plot(1:3); shg
    """
    current_figure(graphics_state(ctx.state)).dirty = True


@graphics("gca")
def gca(ctx):
    """ax = gca  current axes handle, creating a figure and axes if there are none.

        ax = gca;
    """
    return current_axes(graphics_state(ctx.state)).handle


@graphics("axes")
def axes(ctx, *args, nargout=0):
    """axes | axes(Name, Value) | axes(ax) | ax = axes(...)  create axes in the current figure, or make
    the axes ax current (and its figure).

    New axes fill the figure's default position; 'Position', [left bottom width height] (fractions of
    the figure) places them anywhere, over other axes. Other name-value pairs are axes properties of set
    (XLim, YLim, XGrid, Box, ...).

        axes('Position', [0.6 0.6 0.3 0.3]); plot(1:3)
    """
    gs = graphics_state(ctx.state)
    if len(args) == 1 and is_numeric(args[0]):
        target = resolve(gs, scalar(args[0], "axes handle"))
        if not isinstance(target, AxesState):
            raise MatlabError("MATLAB:axes:InvalidHandle", "The argument must be an axes handle.")
        fig = next(f for f in gs.figures.values() if target in f.axes.values())
        gs.current, fig.current_axes = fig.number, target
        fig.dirty = True
        return target.handle if nargout else None
    opts = name_values(list(args), "axes")
    position = opts.pop("Position")
    fig = current_figure(gs)
    spec: Any = subplot_grid(fig, 1, 1)[0, 0]
    if position is not None:
        rect = numbers(position, "Position").real.ravel()
        if rect.size != 4 or rect[2] <= 0 or rect[3] <= 0:
            raise MatlabError("MATLAB:axes:InvalidPosition", "Position must be [left bottom width height].")
        spec = tuple(float(v) for v in rect)
    made = add_axes(gs, fig, ("axes", len(fig.axes) + 1, gs.next_handle), spec)
    for name in opts.order:
        if name.lower() in opts.values:
            set_property(gs, made, name, opts.values[name.lower()])
    return made.handle if nargout else None


@graphics("subplot")
def subplot(ctx, *args, nargout=0):
    """subplot(m, n, p)  create or select axes p in an m-by-n grid of the current figure.

    Positions are numbered along rows. p may be a vector of positions to span; subplot(mnp) with a
    three-digit number is subplot(m, n, p). Axes that the new axes would overlap are deleted.
    subplot(m, n, p, 'replace') deletes the axes at p and makes new ones; subplot(m, n, p, 'align') is
    subplot(m, n, p) (the axes of a grid are always aligned here).

        subplot(2, 1, 1); plot(x, y); subplot(2, 1, 2); bar(y)
    """
    option = text(args[-1]).lower() if len(args) in (2, 4) and is_text(args[-1]) else None
    if option is not None:
        if option not in ("align", "replace"):
            raise MatlabError("MATLAB:subplot:UnknownOption",
                              f"Unrecognized subplot option '{option}': use 'align' or 'replace'.")
        args = args[:-1]
    m, n, positions = _subplot_args(args)
    gs = graphics_state(ctx.state)
    fig = current_figure(gs)
    key = (m, n, positions)
    if option == "replace" and key in fig.axes:
        remove_axes(fig, key)
    axes = fig.axes.get(key)
    if axes is None:
        rows = [(p - 1) // n for p in positions]
        cols = [(p - 1) % n for p in positions]
        spec = subplot_grid(fig, m, n)[min(rows):max(rows) + 1, min(cols):max(cols) + 1]
        axes = add_axes(gs, fig, key, spec)
        _remove_overlapped(fig, key, axes)
    fig.current_axes = axes
    return axes.handle if nargout else None


def _subplot_args(args: tuple) -> tuple[int, int, tuple[int, ...]]:
    if len(args) == 1:
        digits = counts(args[0], "subplot position")
        if digits is None or len(digits) != 1 or not 111 <= digits[0] <= 999:
            raise MatlabError("MATLAB:subplot:InvalidPosition", "Invalid subplot position.")
        args = (float(digits[0] // 100), float(digits[0] // 10 % 10), float(digits[0] % 10))
    if len(args) != 3:
        raise MatlabError("MATLAB:subplot:InvalidArguments", "subplot takes (m, n, p) or (mnp).")
    grid = [scalar(args[0], "m"), scalar(args[1], "n")]
    positions = counts(args[2], "p")
    if not all(1 <= d < np.inf for d in grid) or not positions:
        raise MatlabError("MATLAB:subplot:IndexOutOfRange", "Index exceeds number of subplots.")
    m, n = int(grid[0]), int(grid[1])
    if any(p < 1 or p > m * n for p in positions):
        raise MatlabError("MATLAB:subplot:IndexOutOfRange", "Index exceeds number of subplots.")
    return m, n, tuple(positions)


def _remove_overlapped(fig: FigureState, key: tuple, axes: AxesState) -> None:
    spec = axes.mpl.get_subplotspec()
    for other in [k for k in fig.axes if k != key]:
        other_spec = fig.axes[other].mpl.get_subplotspec()
        if _cells(spec) & _cells(other_spec):
            remove_axes(fig, other)


def _cells(spec: Any) -> set[tuple[float, float]]:
    """The grid area a subplot spec covers, as unit cells in figure fractions (to compare grids)."""
    rows, cols = spec.get_gridspec().get_geometry()
    r, c = spec.rowspan, spec.colspan
    step = 12   # common refinement of grids up to 12 rows/cols covers every usual layout
    return {(i, j) for i in range(r.start * step // rows, r.stop * step // rows)
            for j in range(c.start * step // cols, c.stop * step // cols)}


@graphics("hold", axes_first=True)
def hold(ctx, *args):
    """hold on | hold off | hold  keep the current plots when adding new ones (toggle without argument).

        plot(x, sin(x)); hold on; plot(x, cos(x)); hold off
    """
    axes = current_axes(graphics_state(ctx.state))
    if not args:
        axes.hold = not axes.hold
        return
    mode = text(args[0], "hold state").lower()
    if mode not in ("on", "off", "all"):
        raise MatlabError("MATLAB:hold:InvalidInput", f"Unknown command option '{mode}'.")
    axes.hold = mode != "off"


@graphics("clf")
def clf(ctx, *args):
    """clf  clear the current figure (delete all its axes).

        clf; plot(1:3)
    """
    clear_figure(current_figure(graphics_state(ctx.state)))


def clear_figure(fig: FigureState) -> None:
    """Delete every axes, title and layout of a figure."""
    for key in list(fig.axes):
        if key in fig.axes:
            remove_axes(fig, key)
    fig.mpl.clf()
    fig.mpl.get_layout_engine().set(w_pad=LAYOUT_PAD, h_pad=LAYOUT_PAD, wspace=0.02, hspace=0.02)
    fig.grids.clear()
    fig.tiles = None
    fig.dirty = True


def label_target(gs: GraphicsState, args: tuple) -> tuple[FigureState, tuple]:
    """The figure that a figure or tiled layout handle given first names (else the current figure), and
    the other arguments."""
    if len(args) > 1 and is_numeric(args[0]):
        target = resolve(gs, scalar(args[0], "handle"))
        fig = target if isinstance(target, FigureState) else next(
            (f for f in gs.figures.values() if f.tiles is target), None)
        if fig is None:
            raise MatlabError("MATLAB:sgtitle:InvalidTarget", "The target must be a figure or a tiled layout.")
        return fig, args[1:]
    return current_figure(gs), args


@graphics("close")
def close(ctx, *args, nargout=0):
    """close | close(n) | close all  close the current figure, figure n, or all figures;
    status = close(...) is 1 once they are closed (also when there was none to close).

        close all
    """
    gs = graphics_state(ctx.state)
    if args and is_text(args[0]):
        if text(args[0]).lower() != "all":
            raise MatlabError("MATLAB:close:WindowNotFound", "Specified window does not exist.")
        targets = list(gs.figures)
    elif args:
        targets = [figure_number(float(v)) for v in numbers(args[0], "figure handle").real.ravel()]
    else:
        targets = [gs.current] if gs.current in gs.figures else []
    for number in targets:
        if number not in gs.figures:
            raise MatlabError("MATLAB:close:WindowNotFound", "Specified window does not exist.")
        del gs.figures[number]
    if gs.current not in gs.figures:
        gs.current = max(gs.figures) if gs.figures else None
    return 1.0 if nargout else None


@graphics("drawnow")
def drawnow(ctx, *args):
    """drawnow  show the figures changed so far now (for progress while a loop runs).

        for k = 1:3, plot(rand(1, 10)); drawnow; end
    """
    for image in flush_figures(ctx.state):
        sink = graphics_state(ctx.state).sink
        if sink is not None:
            sink(image)
        else:
            ctx.add_figure(image)


# ----------------------------------------------------------------------------- annotations and limits

LAYOUT_LABELS = {"title": "suptitle", "xlabel": "supxlabel", "ylabel": "supylabel"}


def _set_text(ctx, args: tuple, setter: str, nargout: int) -> Any:
    """title, xlabel, ylabel, zlabel: of the current axes, or of a tiled layout or colorbar given first;
    name-value pairs are text properties (as for set). Returns the text's handle when asked."""
    gs = graphics_state(ctx.state)
    target = None
    if len(args) > 1 and is_numeric(args[0]):
        target, args = resolve(gs, scalar(args[0], "handle")), args[1:]
    if not args:
        raise not_enough_inputs()
    string = label_text(args[0])
    if isinstance(target, TileLayout) and setter in LAYOUT_LABELS:
        fig = next(f for f in gs.figures.values() if f.tiles is target)
        artist = getattr(fig.mpl, LAYOUT_LABELS[setter])(string)
        fig.dirty = True
    elif target is not None and type_of(target) == "colorbar" and setter != "title":
        target.set_label(string)
        artist = target.ax.yaxis.label if target.orientation == "vertical" else target.ax.xaxis.label
    elif target is not None:
        raise MatlabError(f"MATLAB:{setter}:InvalidTarget", f"{setter} needs axes, a tiled layout or a colorbar.")
    else:
        axes = current_axes(gs)
        if setter == "zlabel" and axes.mpl.name != "3d":
            artist = _hidden_zlabel(axes.mpl, string)
        else:
            artist = getattr(axes.mpl, f"set_{setter}")(string)
    apply_defaults(gs, artist, label=True)
    show_text(artist, string)
    opts = name_values(list(args[1:]), setter)
    for name in opts.order:
        set_property(gs, artist, name, opts.values[name.lower()])
    return handle_for(gs, artist) if nargout else None


def _hidden_zlabel(mpl_axes: Any, string: str) -> Any:
    """The z-label of 2-D axes: MATLAB keeps it (a 2-D view does not show it); here a hidden text."""
    label = getattr(mpl_axes, "matfuse_zlabel", None)
    if label is None:
        label = mpl_axes.matfuse_zlabel = mpl_axes.text(0.0, 0.0, "", visible=False,
                                                        transform=mpl_axes.transAxes)
    label.set_text(string)
    return label


@graphics("title", axes_first=True)
def title(ctx, *args, nargout=0):
    """title(txt) | title(target, txt) | title(..., Name, Value) | t = title(...)  title of the current
    axes (txt: text, or a cell array of lines), or of the axes or tiled layout target.

    Name-value pairs: the text properties of set (FontSize, FontWeight, Color, Interpreter...).

        title('Damped oscillation')
    """
    return _set_text(ctx, args, "title", nargout)


@graphics("xlabel", axes_first=True)
def xlabel(ctx, *args, nargout=0):
    """xlabel(txt) | xlabel(target, txt) | xlabel(..., Name, Value)  label of the x-axis of the current
    axes (or of the axes, tiled layout or colorbar target).

        xlabel('time (s)')
    """
    return _set_text(ctx, args, "xlabel", nargout)


@graphics("ylabel", axes_first=True)
def ylabel(ctx, *args, nargout=0):
    """ylabel(txt) | ylabel(target, txt) | ylabel(..., Name, Value)  label of the y-axis of the current
    axes (or of the axes, tiled layout or colorbar target: c = colorbar; ylabel(c, 'K')).

        ylabel('amplitude')
    """
    return _set_text(ctx, args, "ylabel", nargout)


@graphics("zlabel", axes_first=True)
def zlabel(ctx, *args, nargout=0):
    """zlabel(txt) | zlabel(..., Name, Value)  label of the z-axis of the current axes (2-D axes keep it
    without showing it, as MATLAB's 2-D view does).

        surf(magic(4)); zlabel('height')
    """
    return _set_text(ctx, args, "zlabel", nargout)


LEGEND_WORDS = ("off", "hide", "show", "boxon", "boxoff", "toggle")
LEGEND_OPTIONS = ("location", "orientation", "fontsize", "numcolumns", "box", "textcolor", "title",
                  "interpreter")


@graphics("legend", axes_first=True)
def legend(ctx, *args, nargout=0):
    """legend | legend(label1, ..., labelN) | legend(h, labels) | legend(..., Name, Value)  legend of the
    current axes (legend off removes it).

    Labels go to the plotted objects in order (or to the objects h); without labels each object shows
    its DisplayName (or data1, data2, ...); with yyaxis the objects of both sides are listed. Name-value
    pairs: Location (north, south, east, west, northeast (default), northwest, southeast, southwest,
    best, and each with 'outside' appended: eastoutside, northoutside, ...), Orientation ('vertical',
    'horizontal'), NumColumns, FontSize, Box ('on', 'off'), TextColor, Title, Interpreter. legend off removes it,
    boxoff/boxon hide or show its box.

        plot(x, sin(x), x, cos(x)); legend('sin', 'cos', 'Location', 'southwest')
    """
    gs = graphics_state(ctx.state)
    axes = current_axes(gs)
    host = axes.twin if axes.side == "left" else axes          # a yyaxis legend goes on top (right side)
    word = text(args[0]).lower() if len(args) == 1 and is_text(args[0]) else ""
    if word in LEGEND_WORDS and _legend_command(host.mpl, word):
        made = host.mpl.get_legend()
        return handle_for(gs, made) if nargout and made is not None else None
    if args and is_numeric(args[0]):
        series = [gs.handles.get(float(h)) for h in numbers(args[0]).real.ravel()]
        if any(a is None or isinstance(a, AxesState) for a in series) or len(args) < 2:
            raise MatlabError("MATLAB:legend:InvalidHandles", "Legend handles must be plotted objects.")
        args = args[1:]
    else:
        pair = [axes.twin, axes] if axes.side == "right" else [axes, axes.twin]
        series = [artist for side in pair if side is not None for artist in side.series]
    labels, rest = _legend_labels(args)
    position = rest.pop() if len(rest) % 2 and is_numeric(rest[-1]) else None
    if labels is not None and len(labels) > len(series):
        ctx.warn("MATLAB:legend:IgnoringExtraEntries", "Ignoring extra legend entries.")
    for k, artist in enumerate(series):
        if labels is not None and k < len(labels):
            artist.set_label(labels[k])
        elif artist.get_label().startswith("_"):
            artist.set_label(f"data{k + 1}")
    shown = series[:len(labels)] if labels is not None else series
    opts = name_values(rest, "legend")
    if position is not None:
        opts.values.setdefault("location", CharArray.from_str(_old_position(position)))
    existing = host.mpl.get_legend()
    if not args and existing is not None and hasattr(existing, "matfuse_location"):   # lgd = legend: the same one
        opts.values.setdefault("location", CharArray.from_str(existing.matfuse_location))
    interpreter = opts.pop("Interpreter")
    style, location = _legend_style(opts, len(shown))
    made = host.mpl.legend(shown, [a.get_label() for a in shown], **style)
    made.matfuse_location = location
    for label, artist in zip(made.get_texts(), shown):
        show_text(label, artist.get_label())
        if interpreter is not None:
            set_property(gs, label, "Interpreter", interpreter)
    return handle_for(gs, made) if nargout else None


OLD_POSITIONS = {-1: "northeastoutside", 0: "best", 1: "northeast", 2: "northwest", 3: "southwest", 4: "southeast"}


def _old_position(value: Any) -> str:
    """The Location of legend(..., pos), the numeric position of MATLAB's older releases (and Octave's)
    that programs still pass: -1 outside right, 0 best, 1 to 4 the corners counterclockwise from the
    top right."""
    pos = numbers(value).real.ravel()
    if pos.size != 1 or pos[0] not in OLD_POSITIONS:
        raise MatlabError("MATLAB:legend:UnknownLocation", "A numeric legend position must be -1, 0, 1, 2, 3 or 4.")
    return OLD_POSITIONS[int(pos[0])]


def _legend_command(mpl_axes: Any, word: str) -> bool:
    """legend off/hide/boxon/boxoff on an existing legend; False for words that (re)make the legend."""
    made = mpl_axes.get_legend()
    if word in ("off", "hide") or (word == "toggle" and made is not None):
        if made is not None:
            made.remove()
        return True
    if word in ("boxon", "boxoff"):
        if made is not None:
            made.set_frame_on(word == "boxon")
        return made is not None
    return False


def _legend_style(opts: Any, count: int) -> tuple[dict[str, Any], str]:
    """matplotlib legend keywords from legend's name-value pairs, and the Location name."""
    location, loc, anchor = legend_location(opts.pop("Location") or CharArray.from_str("northeast"))
    horizontal = text(opts.pop("Orientation") or CharArray.from_str("vertical")).lower() == "horizontal"
    columns = opts.pop("NumColumns")
    box, colour, heading = opts.pop("Box"), opts.pop("TextColor"), opts.pop("Title")
    kw: dict[str, Any] = {
        "loc": loc, "bbox_to_anchor": anchor, "framealpha": 1.0, "edgecolor": "0.15",
        "ncols": int(scalar(columns, "NumColumns")) if columns is not None else count if horizontal else 1,
        "fontsize": scalar(opts.pop("FontSize"), "FontSize") if "fontsize" in opts.values else 8,
        "frameon": box is None or text(box, "Box").lower() != "off"}
    if colour is not None:
        kw["labelcolor"] = color(colour)
    if heading is not None:
        kw["title"] = label_text(heading)
    opts.check_empty("legend")
    return kw, location


def _legend_labels(args: tuple) -> tuple[list[str] | None, list]:
    if args and not is_text(args[0]):
        return text_list(args[0]), list(args[1:])
    labels: list[str] = []
    k = 0
    while k < len(args) and is_text(args[k]):
        if text(args[k]).lower() in LEGEND_OPTIONS and k + 1 < len(args):
            break
        if text(args[k]).lower() not in ("show", "boxon"):
            labels.append(text(args[k]))
        k += 1
    return (labels or None), list(args[k:])


@graphics("grid", axes_first=True)
def grid(ctx, *args):
    """grid on | grid off | grid minor | grid  show or hide grid lines.

    grid on shows the major grid lines, grid minor toggles the minor ones (with minor ticks), grid off
    hides both, and grid alone toggles the major ones.

        plot(1:10); grid on; grid minor
    """
    axes = current_axes(graphics_state(ctx.state)).mpl
    mode = text(args[0]).lower() if args else ("off" if _grid_visible(axes, "major") else "on")
    if mode not in ("on", "off", "minor"):
        raise MatlabError("MATLAB:grid:InvalidInput", f"Unknown command option '{mode}'.")
    if mode == "off":
        axes.grid(False, which="both")
    elif mode == "on":
        axes.grid(True, which="major")
    else:
        if _grid_visible(axes, "minor"):
            axes.grid(False, which="minor")
        else:
            axes.minorticks_on()
            axes.grid(True, which="minor", linestyle=":")   # MATLAB draws the minor grid dotted


def _grid_visible(axes: Any, which: str) -> bool:
    ticks = axes.xaxis.get_major_ticks() if which == "major" else axes.xaxis.get_minor_ticks()
    return any(t.gridline.get_visible() for t in ticks)


def _limits(ctx, args: tuple, nargout: int, axis_name: str):
    axes = current_axes(graphics_state(ctx.state)).mpl
    if axis_name == "z" and axes.name != "3d":
        return _flat_zlim(axes, args, nargout)
    if args:
        if is_text(args[0]):
            _limits_mode(axes, axis_name, text(args[0]).lower())
        else:
            lim = drawable(numbers(args[0], "limits").real.ravel())
            if lim.size != 2 or not lim[0] < lim[1]:
                raise MatlabError("MATLAB:hg:shaped:IncreasingLimits",
                                  "Limits must be a 2-element vector of increasing numeric values.")
            _set_limits(axes, axis_name, lim)
    return np.array([axis_limits(axes, axis_name)], dtype=np.float64) if nargout or not args else None


def _flat_zlim(axes: Any, args: tuple, nargout: int):
    """zlim of 2-D axes: MATLAB keeps their ZLim (default [-1 1]) though the view shows no z-axis; here it
    is kept for reading back and for view(3), which draws the axes in 3-D with it."""
    if args and is_text(args[0]):
        if text(args[0]).lower() not in ("auto", "manual"):
            raise MatlabError("MATLAB:zlim:InvalidMode", "zlim takes [zmin zmax], 'auto' or 'manual'.")
        if text(args[0]).lower() == "auto" and hasattr(axes, "matfuse_zlim"):
            del axes.matfuse_zlim
    elif args:
        lim = numbers(args[0], "limits").real.ravel()
        if lim.size != 2 or not lim[0] < lim[1] or not np.isfinite(lim).all():
            raise MatlabError("MATLAB:hg:shaped:IncreasingLimits",
                              "Limits must be a 2-element vector of increasing numeric values.")
        axes.matfuse_zlim = (float(lim[0]), float(lim[1]))
    return np.array([getattr(axes, "matfuse_zlim", (-1.0, 1.0))]) if nargout or not args else None


def _set_limits(axes: Any, axis_name: str, lim: np.ndarray) -> None:
    """Set the limits of one axis; an infinite limit keeps that side as it is (moved to keep the
    limits increasing)."""
    current = axis_limits(axes, axis_name)
    low = lim[0] if np.isfinite(lim[0]) else current[0]
    high = lim[1] if np.isfinite(lim[1]) else current[1]
    if not low < high:
        span = abs(current[1] - current[0]) or 1.0
        low, high = (high - span, high) if not np.isfinite(lim[0]) else (low, low + span)
    set_axis_limits(axes, axis_name, low, high)


def _limits_mode(axes: Any, axis_name: str, mode: str) -> None:
    if mode == "auto":
        axes.autoscale(True, axis=axis_name)
    elif mode == "tight":
        axes.autoscale(True, axis=axis_name, tight=True)
    elif mode == "manual":
        getattr(axes, f"set_autoscale{axis_name}_on")(False)
    else:
        raise MatlabError("MATLAB:lim:InvalidMode", f"Limits mode must be 'auto', 'tight' or 'manual', not "
                          f"'{mode}'.")


@graphics("xlim", axes_first=True)
def xlim(ctx, *args, nargout=0):
    """xlim([xmin xmax]) | xlim('auto') | xlim('tight') | xlim('manual') | lim = xlim  set or get the
    x-axis limits (an Inf or -Inf limit stays automatic).

        plot(1:10); xlim([0 5])
    """
    return _limits(ctx, args, nargout, "x")


@graphics("ylim", axes_first=True)
def ylim(ctx, *args, nargout=0):
    """ylim([ymin ymax]) | ylim('auto') | ylim('tight') | ylim('manual') | lim = ylim  set or get the
    y-axis limits.

        plot(1:10); ylim([0 20])
    """
    return _limits(ctx, args, nargout, "y")


@graphics("zlim", axes_first=True)
def zlim(ctx, *args, nargout=0):
    """zlim([zmin zmax]) | zlim('auto') | lim = zlim  set or get the z-axis limits of 3-D axes.

        surf(peaks); zlim([-10 10])
    """
    return _limits(ctx, args, nargout, "z")


AXIS_MODES: dict[str, Callable[[Any], None]] = {
    "equal": lambda a: a.set_aspect("equal", adjustable="box"),
    "image": lambda a: (a.set_aspect("equal", adjustable="box"), a.autoscale(tight=True)),
    "square": lambda a: a.set_box_aspect((1, 1, 1) if a.name == "3d" else 1),
    "normal": lambda a: (a.set_aspect("auto"), a.set_box_aspect(None)),
    "tight": lambda a: a.autoscale(tight=True),
    "padded": lambda a: (a.autoscale(True, tight=True), a.margins(0.05)),
    "auto": lambda a: a.autoscale(True),
    "manual": lambda a: a.set_autoscale_on(False),
    "fill": lambda a: (a.set_aspect("auto"), a.set_box_aspect(None)),
    "vis3d": lambda a: None,               # matplotlib keeps the aspect ratio when the view turns
    "off": lambda a: a.set_axis_off(),
    "on": lambda a: a.set_axis_on(),
    "ij": lambda a: a.yaxis_inverted() or a.invert_yaxis(),
    "xy": lambda a: a.yaxis_inverted() and a.invert_yaxis(),
}


@graphics("axis", axes_first=True)
def axis(ctx, *args, nargout=0):
    """axis(limits) | axis equal | axis tight | ... | lim = axis  set axis limits and scaling.

    limits is [xmin xmax ymin ymax] (or 6 values with z). Modes: equal, image, square, normal, fill,
    tight, padded (a margin around the data), auto, manual (freeze the limits), vis3d, off, on, ij (y
    down), xy (y up); several may be given. axis alone gives the limits (as ans), as xlim alone does.

        plot(cos(t), sin(t)); axis equal
    """
    axes = current_axes(graphics_state(ctx.state)).mpl
    for arg in args:
        if is_text(arg):
            mode = text(arg).lower()
            if mode not in AXIS_MODES:
                raise MatlabError("MATLAB:axis:UnknownOption", f"Unknown command option '{mode}'.")
            AXIS_MODES[mode](axes)
        else:
            _set_axis_limits(axes, drawable(numbers(arg, "limits").real.ravel()))
    if nargout or not args:
        limits = [value for name in ("xyz" if axes.name == "3d" else "xy") for value in axis_limits(axes, name)]
        return np.array([limits], dtype=np.float64)
    return None


def _set_axis_limits(axes: Any, lim: np.ndarray) -> None:
    if lim.size not in (4, 6) or np.any(lim[0::2] >= lim[1::2]):
        raise MatlabError("MATLAB:axis:InvalidLimits",
                          "Limits must be [xmin xmax ymin ymax] (or 6 values) with increasing pairs.")
    for k, axis_name in enumerate("xyz"[:lim.size // 2 if axes.name == "3d" else 2]):
        _set_limits(axes, axis_name, lim[2 * k:2 * k + 2])


# ----------------------------------------------------------------------------- saving to files

SAVE_FORMATS = {"png": "png", "jpg": "jpg", "jpeg": "jpg", "pdf": "pdf", "svg": "svg", "eps": "eps",
                "epsc": "eps", "eps2": "eps", "epsc2": "eps", "ps": "ps", "psc": "ps", "ps2": "ps", "psc2": "ps",
                "tif": "tiff", "tiff": "tiff"}     # MATLAB's EPS and PostScript levels (2, 3) and colour
                                                   # options all write matplotlib's colour EPS or PS


def _save(gs: GraphicsState, number: int, filename: str, fmt: str, dpi: int) -> None:
    if number not in gs.figures:
        raise MatlabError("MATLAB:saveas:invalidHandle", "Invalid figure handle.")
    fig = gs.figures[number]
    render(fig, gs.settings)   # lay the figure out at its display size
    if fig.paper is not None:  # PaperPosition set: the printed size
        fig.mpl.set_size_inches(fig.paper[2], fig.paper[3])
    try:
        fig.mpl.savefig(filename, format=fmt, dpi=dpi)
    except OSError as exc:
        raise MatlabError("MATLAB:print:fileOpenFailed", f"Unable to write file '{filename}': {exc.strerror}.")


def _format_of(filename: str, fmt: str | None) -> tuple[str, str]:
    """(matplotlib format, filename with an extension) from an explicit format or the file's extension."""
    root, ext = os.path.splitext(filename)
    name = (fmt or ext.lstrip(".") or "png").lower()
    if name == "fig":
        raise MatlabError("MATLAB:saveas:figUnsupported", "Saving .fig files is not supported; use png, pdf or svg.")
    if name not in SAVE_FORMATS:
        raise MatlabError("MATLAB:saveas:badFormat", f"Unsupported file format '{name}'.")
    return SAVE_FORMATS[name], filename if ext else f"{root}.{SAVE_FORMATS[name]}"


@graphics("saveas")
def saveas(ctx, h, filename, *fmt):
    """saveas(fig, filename) | saveas(fig, filename, format)  save a figure to an image file.

    The format comes from the extension or the format argument: png, jpg, pdf, svg, eps (epsc, epsc2,
    eps2), ps (psc, psc2, ps2), tif.

        f = figure; plot(1:10); saveas(f, 'line.png')
    """
    gs = graphics_state(ctx.state)
    fmt_name, path = _format_of(text(filename, "file name"), text(fmt[0]) if fmt else None)
    _save(gs, figure_number(h), path, fmt_name, 150)


@graphics("print")
def print_(ctx, *args):
    """print(filename, '-dformat', '-rdpi') | print(fig, ...) | print -dpng file  save a figure to a file.

    Options: -dpng, -djpeg, -dpdf, -dsvg, -depsc (-deps, -depsc2, -deps2), -dpsc (-dps, -dpsc2, -dps2),
    -dtiff (format), -rN (resolution in dpi, default 150), -fN (figure N, default the current figure).
    Printing to a printer is not supported.

        plot(1:10); print('line', '-dpng', '-r300')
    """
    gs = graphics_state(ctx.state)
    number, fmt, dpi, filename = gs.current, None, 150, None
    for arg in args:
        if not is_text(arg):
            number = figure_number(arg)
            continue
        word = text(arg)
        if word.startswith("-d"):
            fmt = word[2:]
        elif word.startswith("-r") and word[2:].isdigit():
            dpi = int(word[2:])
        elif word.startswith("-f") and word[2:].isdigit():
            number = int(word[2:])
        elif word.startswith("-"):
            raise MatlabError("MATLAB:print:InvalidOption", f"Invalid option '{word}'.")
        else:
            filename = word
    if filename is None:
        raise MatlabError("MATLAB:print:noPrinter", "Printing to a printer is not supported; give a file name.")
    if number is None:
        raise MatlabError("MATLAB:print:noFigure", "There is no figure to print.")
    fmt_name, path = _format_of(filename, fmt)
    _save(gs, number, path, fmt_name, dpi)
