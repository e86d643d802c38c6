"""Figures and axes as the graphics builtins manage them, and the decorator that registers those builtins.

The current figure and axes follow MATLAB: plotting into a figure or axes that does not exist creates it;
``hold off`` (the default) clears the axes before a new plot; surfaces need 3-D axes and replace 2-D ones.
matplotlib is imported on first use, never when the builtins are registered.
"""
from __future__ import annotations

import contextlib
import functools
import math
import inspect
from typing import Any, Callable, Iterator

import numpy as np

from .builtins.registry import builtin
from .errors import MatlabError, check_size, not_enough_inputs, too_many_inputs
from .figures import STYLE, AxesState, FigureState, GraphicsState, graphics_state
from .graphics_args import COLOR_ORDER, colormap_from_name, is_text, parse_linespec, scalar, text

LAYOUT_PAD = 12 / 96   # inches of white space between the figure's edge and its tick labels (12 px)
TILE_SPACING = {"loose": 0.04, "compact": 0.01, "tight": 0.0, "none": 0.0}   # figure fractions between tiles
TILE_PADDING = {"loose": LAYOUT_PAD, "compact": 4 / 96, "tight": 0.0}       # inches around the layout
TILE_ALIASES = {"normal": "loose", "none": "tight"}     # older releases' names (Padding 'none' is tight)


def tile_option(value: Any, name: str) -> str:
    """A TileSpacing or Padding word, checked ('normal' and Padding's 'none' are older spellings)."""
    table = TILE_SPACING if name == "TileSpacing" else TILE_PADDING
    word = text(value, name).lower() if value is not None else "loose"
    if word not in table:
        word = TILE_ALIASES.get(word, word)
    if word not in table:
        raise MatlabError("MATLAB:graphics:tiledlayout:InvalidOption", f"{name} must be one of {', '.join(table)}.")
    return word


def apply_tile_spacing(tiles: Any) -> None:
    """Lay the tiled layout's figure out with its TileSpacing and Padding."""
    spacing, padding = TILE_SPACING[tiles.spacing], TILE_PADDING[tiles.padding]
    tiles.figure.get_layout_engine().set(wspace=spacing, hspace=spacing, w_pad=padding, h_pad=padding)


def graphics(name: str, axes_first: bool = False, sparse: str = "") -> Callable:
    """Register a graphics builtin; it runs in MATLAB's plot style and checks its argument count. With
    ``axes_first``, a first argument that is an axes handle (``plot(ax, x, y)``) makes the call work on
    that axes; the current figure and axes stay as they were. ``sparse`` is the registry's (builtin)."""
    def register(fn: Callable) -> Callable:
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            import matplotlib
            target = axes_argument(args[0], args[1]) if axes_first and len(args) > 1 else None
            if target is not None:
                args = (args[0], *args[2:])
            try:
                signature.bind(*args, **kwargs)
            except TypeError as exc:
                raise (too_many_inputs() if "too many" in str(exc) else not_enough_inputs()) from None
            gs = graphics_state(args[0].state)
            saved, gs.explicit = gs.explicit, explicit_names(args[1:])
            try:
                with matplotlib.rc_context(STYLE), _current(args[0], target):
                    return fn(*args, **kwargs)
            finally:
                gs.explicit = saved
        builtin(name, "graphics", sparse=sparse)(call)
        return fn
    return register


def explicit_names(args: tuple) -> frozenset[str]:
    """The properties a graphics call sets itself, which the defaults of the objects it makes leave
    alone: its texts (the names of its name-value pairs among them), and what a line spec sets."""
    words = [text(a).lower() for a in args if is_text(a)]
    specs = [spec for spec in map(parse_linespec, words) if spec is not None]
    implied = {name for spec in specs for name, part in (("color", spec.color), ("linestyle", spec.linestyle),
                                                         ("marker", spec.marker)) if part is not None}
    return frozenset(words) | implied


def axes_argument(ctx: Any, value: Any) -> AxesState | None:
    """The axes whose handle ``value`` is, or None."""
    if type(value) is not float and not (type(value) is np.ndarray and value.size == 1):
        return None
    gs = ctx.state.extras.get("graphics")
    target = gs.handles.get(float(value) if type(value) is float else float(value.ravel()[0])) if gs else None
    return target if isinstance(target, AxesState) else None


@contextlib.contextmanager
def _current(ctx: Any, axes: AxesState | None) -> Iterator[None]:
    """Make ``axes`` (and its figure) current for a call, then restore what was current."""
    if axes is None:
        yield
        return
    gs = ctx.state.extras["graphics"]
    fig = next(f for f in gs.figures.values() if axes in f.axes.values())
    saved_figure, saved_axes = gs.current, fig.current_axes
    gs.current, fig.current_axes = fig.number, axes
    try:
        yield
    finally:
        gs.current = saved_figure if saved_figure in gs.figures else gs.current
        if saved_axes is not None and saved_axes in fig.axes.values():
            fig.current_axes = saved_axes


def new_figure(gs: GraphicsState, number: int) -> FigureState:
    from cycler import cycler
    from matplotlib.figure import Figure as MplFigure
    mpl = MplFigure(figsize=(gs.settings.width / 96, gs.settings.height / 96), layout="constrained")
    mpl.get_layout_engine().set(w_pad=LAYOUT_PAD, h_pad=LAYOUT_PAD)
    mpl.set_facecolor("white")
    fig = gs.figures[number] = FigureState(number, mpl)
    mpl.matfuse_cycler = cycler(color=COLOR_ORDER)
    gs.current = number
    if gs.root.defaults:
        from .graphics_props import apply_defaults
        apply_defaults(gs, fig)
    return fig


def current_figure(gs: GraphicsState) -> FigureState:
    if gs.current is None or gs.current not in gs.figures:
        return new_figure(gs, free_number(gs))
    return gs.figures[gs.current]


def free_number(gs: GraphicsState) -> int:
    number = 1
    while number in gs.figures:
        number += 1
    return number


def add_axes(gs: GraphicsState, fig: FigureState, key: tuple, spec: Any, kind: str = "rectilinear") -> AxesState:
    """New current axes at a grid position (a SubplotSpec) or at [left bottom width height] in figure
    fractions (a tuple: MATLAB's axes('Position', ...), outside the layout); ``kind`` is matplotlib's
    projection: 'rectilinear', '3d' or 'polar' (MATLAB's polar axes)."""
    mpl_axes = fig.mpl.add_axes(spec, projection=kind) if isinstance(spec, tuple) else \
        fig.mpl.add_subplot(spec, projection=kind)
    mpl_axes.set_prop_cycle(fig.mpl.matfuse_cycler)
    if kind == "3d":
        mpl_axes.view_init(elev=30, azim=-127.5)   # MATLAB's default view: az -37.5, el 30
    axes = AxesState(mpl_axes, 0.0)
    axes.handle = gs.new_handle(axes)
    fig.axes[key] = axes
    fig.current_axes = axes
    fig.dirty = True
    return axes


def subplot_grid(fig: FigureState, m: int, n: int) -> Any:
    """The figure's m-by-n grid of subplot positions (one per shape, so layouts line up)."""
    if (m, n) not in fig.grids:
        check_size((m, n))                    # the renderer keeps an m-by-n array of cells
        fig.grids[(m, n)] = fig.mpl.add_gridspec(m, n)
    return fig.grids[(m, n)]


def current_axes(gs: GraphicsState) -> AxesState:
    fig = current_figure(gs)
    if fig.current_axes is None and fig.tiles is not None:
        return next_tile(gs, fig, None, (1, 1))
    if fig.current_axes is None:
        return add_axes(gs, fig, (1, 1, (1,)), subplot_grid(fig, 1, 1)[0, 0])
    fig.dirty = True
    return fig.current_axes


def plot_axes(gs: GraphicsState, three_d: bool = False, polar: bool = False) -> AxesState:
    """The axes a plotting call draws into: cleared unless ``hold on``, 3-D for surfaces, polar for
    polarplot (axes of another kind are replaced by new ones)."""
    axes = current_axes(gs)
    kind = "3d" if three_d else "polar" if polar else "rectilinear"
    if axes.mpl.name != kind:
        return replace_axes(gs, axes, kind)
    if not axes.hold:
        axes.mpl.cla()
        axes.mpl.set_prop_cycle(axes.cycler or gs.figures[gs.current].mpl.matfuse_cycler)
        axes.series.clear()
        for spine in axes.mpl.spines.values():   # MATLAB's 'replace' resets the box too (box off)
            spine.set_visible(True)
        if axes.side:
            style_side(axes)
        elif axes.mpl.name == "rectilinear":
            axes.mpl.tick_params(top=True, right=True)
    return axes


def style_side(axes: AxesState) -> None:
    """One side of a yyaxis pair: its ticks, tick labels and spine on its side only, in its color."""
    colour = axes.cycler.by_key()["color"][0]
    right = axes.side == "right"
    axes.mpl.tick_params(axis="y", left=not right, right=right, labelleft=not right, labelright=right,
                         colors=colour)
    axes.mpl.yaxis.set_label_position(axes.side)
    axes.mpl.yaxis.label.set_color(colour)
    axes.mpl.spines[axes.side].set_color(colour)
    if right:
        axes.mpl.patch.set_visible(False)     # the left side's plots show through


def next_tile(gs: GraphicsState, fig: FigureState, number: int | None, span: tuple[int, int]) -> AxesState:
    """Tile ``number`` (1-based, along rows; the next one if None) of the figure's tiled layout, made
    current (created, spanning ``span`` rows and columns, if it does not exist)."""
    tiles = fig.tiles
    number = tiles.last + 1 if number is None else number
    if tiles.flow:
        rows, cols = _flow_grid(max(number, tiles.last))
        subplot_grid(fig, rows, cols)         # checks its size before the layout takes it
        tiles.rows, tiles.cols = rows, cols
    elif not 1 <= number <= tiles.rows * tiles.cols:
        raise MatlabError("MATLAB:graphics:tiledlayout:InvalidTileIndex",
                          f"Tile number must be between 1 and {tiles.rows * tiles.cols}.")
    tiles.last = max(tiles.last, number)
    grid = subplot_grid(fig, tiles.rows, tiles.cols)
    if tiles.flow:                            # a flow layout reflows every tile into the grown grid
        for (_, k), axes in [(key, a) for key, a in fig.axes.items() if key[0] == "tile"]:
            axes.mpl.set_subplotspec(grid[(k - 1) // tiles.cols, (k - 1) % tiles.cols])
    existing = fig.axes.get(("tile", number))
    if existing is not None:
        fig.current_axes = existing
        return existing
    row, col = (number - 1) // tiles.cols, (number - 1) % tiles.cols
    if row + span[0] > tiles.rows or col + span[1] > tiles.cols:
        raise MatlabError("MATLAB:graphics:tiledlayout:InvalidSpan", "The tile span does not fit the grid.")
    return add_axes(gs, fig, ("tile", number), grid[row:row + span[0], col:col + span[1]])


def _flow_grid(n: int) -> tuple[int, int]:
    cols = math.isqrt(n - 1) + 1 if n > 1 else 1          # ceil(sqrt(n)), exact for any int
    return -(-n // cols), cols


def replace_axes(gs: GraphicsState, axes: AxesState, kind: str) -> AxesState:
    fig = gs.figures[gs.current]
    key = next(k for k, a in fig.axes.items() if a is axes)
    spec = axes.mpl.get_subplotspec() or tuple(axes.mpl.get_position().bounds)
    remove_axes(fig, key)
    new = add_axes(gs, fig, key, spec, kind)
    new.hold = axes.hold
    return new


def as_3d(gs: GraphicsState, axes: AxesState) -> AxesState:
    """2-D axes made 3-D (view(3), view(az, el) of a 2-D plot, as MATLAB turns the same axes): 3-D axes in
    their place holding their lines and polygons (patch, fill) at z = 0, or at a patch's own Z, with the
    same handles, labels, title, x and y limits and hold. Axes holding anything else (images, bars,
    scatter, contours, text) are an error: those are not carried into 3-D here."""
    from matplotlib.collections import PolyCollection
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    old = axes.mpl
    lines, polygons = old.get_lines(), [c for c in old.collections if type(c) is PolyCollection]
    if len(old.collections) != len(polygons) or old.images or old.texts or old.patches or old.containers:
        raise MatlabError("MATLAB:view:Not3D", "view(3) of 2-D axes holding images, bars, scatter, contours or "
                          "text is not supported here (plot3, surf, mesh, patch and line make 3-D axes).")
    labels = (old.get_title(), old.get_xlabel(), old.get_ylabel())
    zlim = getattr(old, "matfuse_zlim", None)           # zlim given while the axes were 2-D
    limits = (old.get_xlim(), old.get_ylim(), old.get_autoscalex_on(), old.get_autoscaley_on())
    new = replace_axes(gs, axes, "3d")
    moved: dict[int, Any] = {}
    for line in lines:
        x, y = np.asarray(line.get_xdata(), dtype=float), np.asarray(line.get_ydata(), dtype=float)
        (made,) = new.mpl.plot(x, y, np.zeros_like(x), color=line.get_color(), linestyle=line.get_linestyle(),
                               linewidth=line.get_linewidth(), marker=line.get_marker(),
                               markersize=line.get_markersize(), label=line.get_label())
        moved[id(line)] = made
    for collection in polygons:
        faces = getattr(collection, "matfuse_polygons", None) or [
            np.column_stack([p.vertices[:-1], np.zeros(len(p.vertices) - 1)]) for p in collection.get_paths()]
        made = Poly3DCollection(faces, facecolors=collection.get_facecolor(), edgecolors=collection.get_edgecolor(),
                                linewidths=collection.get_linewidth(), alpha=collection.get_alpha())
        made.matfuse_polygons, made.matfuse_type = faces, getattr(collection, "matfuse_type", "patch")
        new.mpl.add_collection3d(made, autolim=True)
        moved[id(collection)] = made
    new.series = [moved[id(a)] for a in axes.series if id(a) in moved]
    for handle, obj in list(gs.handles.items()):
        if id(obj) in moved:
            gs.handles[handle] = moved[id(obj)]
        elif obj is axes:
            gs.handles[handle] = new
    new.handle = axes.handle
    new.mpl.set_title(labels[0])
    new.mpl.set_xlabel(labels[1])
    new.mpl.set_ylabel(labels[2])
    if not limits[2]:
        new.mpl.set_xlim(limits[0])
    if not limits[3]:
        new.mpl.set_ylim(limits[1])
    if zlim is not None:
        new.mpl.set_zlim(zlim)
    return new


def remove_axes(fig: FigureState, key: tuple) -> None:
    """Delete an axes (and the other side of a yyaxis pair)."""
    axes = fig.axes.pop(key)
    if axes.colorbar is not None:
        axes.colorbar.remove()
    axes.mpl.remove()
    if fig.current_axes is axes:
        fig.current_axes = None
    twin_key = next((k for k, a in fig.axes.items() if a is axes.twin), None)
    if twin_key is not None:
        remove_axes(fig, twin_key)


def figure_number(value: Any) -> int:
    number = scalar(value, "figure number")
    if number < 1 or number != int(number):
        raise MatlabError("MATLAB:figure:invalidNumber", "Figure number must be a positive integer.")
    return int(number)



def figure_cmap(gs: GraphicsState) -> Any:
    fig = current_figure(gs)
    if fig.colormap is None:
        fig.colormap = colormap_from_name("parula")
    return fig.colormap
