"""How an axes shows its data: tick positions and labels (xticks, xticklabels, xtickangle and their y and z
twins), color limits (clim, caxis), the 3-D view (view), surface shading (shading), the box (box), and
clearing it (cla).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import MatlabError
from ..figures import graphics_state, matlab_tick_labels
from ..graphics_args import is_text, numbers, scalar, text
from ..graphics_axes import as_3d, current_axes, graphics, plot_axes
from ..graphics_props import cell_column, set_tick_labels, visible_ticks
from ..values import CharArray


def _axis(ctx, name: str) -> tuple[Any, Any]:
    """(matplotlib Axes, its Axis object for x, y or z) of the current axes."""
    mpl = current_axes(graphics_state(ctx.state)).mpl
    if name == "z" and mpl.name != "3d":
        raise MatlabError("MATLAB:graphics:Not3D", "z-axis ticks need 3-D axes (surf, mesh, plot3).")
    return mpl, getattr(mpl, f"{name}axis")


def _ticks(ctx, args: tuple, nargout: int, name: str):
    from matplotlib.ticker import AutoLocator
    mpl, axis = _axis(ctx, name)
    if args:
        if is_text(args[0]):
            mode = text(args[0]).lower()
            if mode not in ("auto", "manual"):
                raise MatlabError("MATLAB:ticks:InvalidMode", f"Tick mode must be 'auto' or 'manual', not '{mode}'.")
            if mode == "auto":
                axis.set_major_locator(AutoLocator())
            else:
                axis.set_ticks(visible_ticks(mpl, name))
        else:
            ticks = numbers(args[0], "ticks").real.ravel()
            if ticks.size > 1 and np.any(np.diff(ticks) <= 0):
                raise MatlabError("MATLAB:hg:shaped:IncreasingTicks", "Tick values must be increasing.")
            axis.set_ticks(ticks)
    if nargout or not args:
        return visible_ticks(mpl, name).reshape(1, -1)
    return None


def _ticklabels(ctx, args: tuple, nargout: int, name: str):
    from matplotlib.ticker import ScalarFormatter
    mpl, axis = _axis(ctx, name)
    ticks = visible_ticks(mpl, name)
    if args:
        if is_text(args[0]) and text(args[0]).lower() in ("auto", "manual"):
            if text(args[0]).lower() == "auto":
                axis.set_major_formatter(ScalarFormatter())
        else:
            set_tick_labels(mpl, name, args[0])
    if nargout or not args:
        matlab_tick_labels(mpl.get_figure(root=True))
        labels = axis.get_major_formatter().format_ticks(ticks)
        return cell_column([CharArray.from_str(s) for s in labels])
    return None


def _tick_angle(ctx, args: tuple, nargout: int, name: str):
    mpl, axis = _axis(ctx, name)
    if args:
        axis.set_tick_params(labelrotation=scalar(args[0], "angle"))
    if nargout or not args:
        labels = axis.get_ticklabels()
        return float(labels[0].get_rotation()) if labels else 0.0
    return None


def _register_tick_functions(name: str) -> None:
    """xticks, xticklabels, xtickangle (and the y and z ones)."""
    def ticks(ctx, *args, nargout=0):
        return _ticks(ctx, args, nargout, name)

    def ticklabels(ctx, *args, nargout=0):
        return _ticklabels(ctx, args, nargout, name)

    def tickangle(ctx, *args, nargout=0):
        return _tick_angle(ctx, args, nargout, name)

    ticks.__doc__ = (f"{name}ticks(ticks) | {name}ticks('auto') | {name}ticks('manual') | t = {name}ticks  "
                     f"set or get the {name}-axis tick values.\n\nticks is an increasing vector; 'auto' lets "
                     f"the ticks follow the limits again, 'manual' freezes them.\n\n    plot(0:10); "
                     f"{name}ticks([0 5 10])")
    ticklabels.__doc__ = (f"{name}ticklabels(labels) | {name}ticklabels('auto') | c = {name}ticklabels  set "
                          f"or get the {name}-axis tick labels.\n\nlabels is a cell array or string array, "
                          f"one per tick (repeated when shorter); they stay with the current tick values. "
                          f"'auto' shows the values again.\n\n    bar([3 5 2]); {name}ticklabels({{'a', 'b', "
                          f"'c'}})")
    tickangle.__doc__ = (f"{name}tickangle(angle) | a = {name}tickangle  rotate the {name}-axis tick labels by "
                         f"angle degrees (counterclockwise).\n\n    plot(1:10); {name}tickangle(45)")
    for fn, suffix in ((ticks, "ticks"), (ticklabels, "ticklabels"), (tickangle, "tickangle")):
        fn.__name__ = f"{name}{suffix}"
        graphics(f"{name}{suffix}", axes_first=True)(fn)


for _name in "xyz":
    _register_tick_functions(_name)


def _mappables(axes: Any) -> list[Any]:
    return [a for a in axes.mpl.images + axes.mpl.collections if getattr(a, "get_array", lambda: None)()
            is not None]


def _color_limits(ctx, args: tuple, nargout: int):
    axes = current_axes(graphics_state(ctx.state))
    mapped = _mappables(axes)
    if args:
        if is_text(args[0]):
            if text(args[0]).lower() != "auto":
                raise MatlabError("MATLAB:clim:InvalidMode", "Color limits mode must be 'auto'.")
            for artist in mapped:
                artist.autoscale()
        else:
            lim = numbers(args[0], "limits").real.ravel()
            if lim.size != 2 or not lim[0] < lim[1]:
                raise MatlabError("MATLAB:hg:shaped:IncreasingLimits",
                                  "Color limits must be [cmin cmax] with cmin < cmax.")
            for artist in mapped:
                artist.set_clim(lim[0], lim[1])
    if nargout or not args:
        limits = mapped[-1].get_clim() if mapped else (0.0, 1.0)
        return np.array([limits], dtype=np.float64)
    return None


@graphics("clim", axes_first=True)
def clim(ctx, *args, nargout=0):
    """clim([cmin cmax]) | clim('auto') | lim = clim  set or get the color limits of the current axes:
    the data values mapped to the first and last colors of the colormap (images, surfaces, scatter).

        imagesc(magic(5)); clim([0 10]); colorbar
    """
    return _color_limits(ctx, args, nargout)


@graphics("caxis", axes_first=True)
def caxis(ctx, *args, nargout=0):
    """caxis([cmin cmax]) | caxis('auto') | lim = caxis  set or get the color limits (the older name of
    clim).

        surf(peaks); caxis([-2 2])
    """
    return _color_limits(ctx, args, nargout)


@graphics("view", axes_first=True)
def view(ctx, *args, nargout=0):
    """view(az, el) | view([az el]) | view(2) | view(3) | [az, el] = view  the viewpoint of 3-D axes.

    az is the azimuth (degrees around the z-axis, from the negative y-axis), el the elevation above the
    x-y plane. view(2) looks from straight above (az 0, el 90); view(3) is the default (az -37.5, el 30).

        surf(peaks); view(45, 60)
    """
    gs = graphics_state(ctx.state)
    mpl = current_axes(gs).mpl
    if args:
        az, el = _view_args(args)
        if mpl.name != "3d" and (az, el) != (0.0, 90.0):
            mpl = as_3d(gs, current_axes(gs)).mpl
        if mpl.name == "3d":
            mpl.view_init(elev=el, azim=az - 90.0)
    if nargout or not args:
        az, el = (mpl.azim + 90.0, mpl.elev) if mpl.name == "3d" else (0.0, 90.0)
        return (float(az), float(el)) if nargout > 1 else np.array([[az, el]], dtype=np.float64)
    return None


def _view_args(args: tuple) -> tuple[float, float]:
    values = np.concatenate([numbers(a, "view").real.ravel() for a in args])
    if values.size == 1 and values[0] in (2.0, 3.0):
        return (0.0, 90.0) if values[0] == 2.0 else (-37.5, 30.0)
    if values.size != 2:
        raise MatlabError("MATLAB:view:InvalidArguments", "view takes (az, el), ([az el]), 2 or 3.")
    return float(values[0]), float(values[1])


@graphics("shading", axes_first=True)
def shading(ctx, mode):
    """shading flat | shading faceted | shading interp  how surfaces of the current axes are drawn.

    faceted (the default) draws the mesh lines in black; flat and interp draw none (interp colors each
    face by its height like flat: matplotlib does not blend colors across a face).

        surf(peaks); shading interp
    """
    word = text(mode, "shading").lower()
    if word not in ("flat", "faceted", "interp"):
        raise MatlabError("MATLAB:shading:InvalidMode", f"Unknown shading '{word}'.")
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    axes = current_axes(graphics_state(ctx.state))
    for artist in axes.mpl.collections:
        if isinstance(artist, Poly3DCollection) or type(artist).__name__ == "QuadMesh":
            artist.set_edgecolor((0.0, 0.0, 0.0) if word == "faceted" else "none")


@graphics("box", axes_first=True)
def box(ctx, *args):
    """box on | box off | box  show or hide the top and right edges of the current axes (toggle).

        plot(1:10); box off
    """
    mpl = current_axes(graphics_state(ctx.state)).mpl
    word = text(args[0], "box state").lower() if args else ("off" if mpl.spines["top"].get_visible() else "on")
    if word not in ("on", "off"):
        raise MatlabError("MATLAB:box:InvalidInput", f"Unknown command option '{word}'.")
    for side in ("top", "right"):
        mpl.spines[side].set_visible(word == "on")
    mpl.tick_params(top=word == "on", right=word == "on")


@graphics("cla", axes_first=True)
def cla(ctx, *args):
    """cla | cla reset  delete the plotted objects of the current axes; its title and labels stay, unless
    reset, which also deletes them.

        plot(1:10); cla
    """
    reset = bool(args) and text(args[0], "option").lower() == "reset"
    if args and not reset:
        raise MatlabError("MATLAB:cla:InvalidInput", f"Unknown command option '{text(args[0])}'.")
    gs = graphics_state(ctx.state)
    axes = current_axes(gs)
    labels = [axes.mpl.get_title(), axes.mpl.get_xlabel(), axes.mpl.get_ylabel()]
    hold, axes.hold = axes.hold, False
    plot_axes(gs)
    axes.hold = hold
    if not reset:
        for setter, label in zip((axes.mpl.set_title, axes.mpl.set_xlabel, axes.mpl.set_ylabel), labels):
            setter(label)
