"""Figures and axes as the graphics builtins manage them, and the decorator that registers those builtins.

The current figure and axes follow MATLAB: plotting into a figure or axes that does not exist creates it;
``hold off`` (the default) clears the axes before a new plot; surfaces need 3-D axes and replace 2-D ones.
matplotlib is imported on first use, never when the builtins are registered.
"""
from __future__ import annotations

import functools
import inspect
from typing import Any, Callable

from .builtins.registry import builtin
from .errors import MatlabError, not_enough_inputs, too_many_inputs
from .figures import STYLE, AxesState, FigureState, GraphicsState
from .graphics_args import COLOR_ORDER, colormap_from_name, scalar

LAYOUT_PAD = 12 / 96   # inches of white space between the figure's edge and its tick labels (12 px)


def graphics(name: str) -> Callable:
    """Register a graphics builtin; it runs in MATLAB's plot style and checks its argument count."""
    def register(fn: Callable) -> Callable:
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            import matplotlib
            try:
                signature.bind(*args, **kwargs)
            except TypeError as exc:
                raise (too_many_inputs() if "too many" in str(exc) else not_enough_inputs()) from None
            with matplotlib.rc_context(STYLE):
                return fn(*args, **kwargs)
        builtin(name, "graphics")(call)
        return fn
    return register


def new_figure(gs: GraphicsState, number: int) -> FigureState:
    from cycler import cycler
    from matplotlib.figure import Figure as MplFigure
    mpl = MplFigure(figsize=(gs.settings.width / 96, gs.settings.height / 96), layout="constrained")
    mpl.get_layout_engine().set(w_pad=LAYOUT_PAD, h_pad=LAYOUT_PAD)
    mpl.set_facecolor("white")
    fig = gs.figures[number] = FigureState(number, mpl)
    mpl.matfuse_cycler = cycler(color=COLOR_ORDER)
    gs.current = number
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


def add_axes(gs: GraphicsState, fig: FigureState, key: tuple, spec: Any, three_d: bool = False) -> AxesState:
    mpl_axes = fig.mpl.add_subplot(spec, projection="3d" if three_d else None)
    mpl_axes.set_prop_cycle(fig.mpl.matfuse_cycler)
    if three_d:
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
        fig.grids[(m, n)] = fig.mpl.add_gridspec(m, n)
    return fig.grids[(m, n)]


def current_axes(gs: GraphicsState) -> AxesState:
    fig = current_figure(gs)
    if fig.current_axes is None:
        return add_axes(gs, fig, (1, 1, (1,)), subplot_grid(fig, 1, 1)[0, 0])
    fig.dirty = True
    return fig.current_axes


def plot_axes(gs: GraphicsState, three_d: bool = False) -> AxesState:
    """The axes a plotting call draws into: cleared unless ``hold on``, 3-D for surfaces."""
    axes = current_axes(gs)
    if (axes.mpl.name == "3d") != three_d:
        return replace_axes(gs, axes, three_d)
    if not axes.hold:
        axes.mpl.cla()
        axes.mpl.set_prop_cycle(gs.figures[gs.current].mpl.matfuse_cycler)
        axes.series.clear()
    return axes


def replace_axes(gs: GraphicsState, axes: AxesState, three_d: bool) -> AxesState:
    fig = gs.figures[gs.current]
    key = next(k for k, a in fig.axes.items() if a is axes)
    spec = axes.mpl.get_subplotspec()
    remove_axes(fig, key)
    new = add_axes(gs, fig, key, spec, three_d)
    new.hold = axes.hold
    return new


def remove_axes(fig: FigureState, key: tuple) -> None:
    axes = fig.axes.pop(key)
    if axes.colorbar is not None:
        axes.colorbar.remove()
    axes.mpl.remove()
    if fig.current_axes is axes:
        fig.current_axes = None


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
