"""Properties of graphics objects, as ``set`` and ``get`` see them: one table per object type.

A graphics handle (a double) names a figure (its number), an axes (AxesState) or a plotted object (a
matplotlib artist or container) in ``GraphicsState.handles``. Each type has a table of MATLAB properties,
each with a getter ``(gs, obj) -> MATLAB value`` and a setter ``(obj, value)`` (None: read-only) that
checks the value and changes the matplotlib object. Property names are case-insensitive, as in MATLAB.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from .errors import MatlabError
from .figures import CSS_DPI, AxesState, FigureState, GraphicsRoot, GraphicsState, TileLayout
from .graphics_axes import TILE_PADDING, TILE_SPACING, apply_tile_spacing, tile_option
from .graphics_args import (LINE_STYLES, MARKER_WORDS, MARKERS, color, colormap_from_matrix,
                            colormap_from_name, drawable, is_text, numbers, scalar, set_marker_sizes, tex_display,
                            text, text_list)
from .values import CellArray, CharArray


@dataclass(frozen=True)
class Prop:
    name: str
    get: Callable[[GraphicsState, Any], Any]
    set: Callable[[Any, Any], None] | None = None
    choices: tuple[str, ...] = ()        # the values of an enumerated property, as set(h) lists them


CLASS_NAMES = {"root": "Root", "figure": "Figure", "axes": "Axes", "line": "Line", "text": "Text", "scatter": "Scatter",
               "bar": "Bar", "histogram": "Histogram", "categoricalhistogram": "Histogram", "image": "Image", "surface": "Surface",
               "patch": "Patch", "contour": "Contour", "errorbar": "ErrorBar", "stem": "Stem",
               "area": "Area", "colorbar": "ColorBar", "legend": "Legend", "stair": "Stair",
               "quiver": "Quiver", "lineshape": "LineShape", "arrowshape": "ArrowShape",
               "doubleendarrowshape": "DoubleEndArrowShape", "textarrowshape": "TextArrowShape",
               "rectangleshape": "RectangleShape", "ellipseshape": "EllipseShape",
               "textboxshape": "TextBoxShape", "tiledlayout": "TiledChartLayout",
               "numericruler": "NumericRuler", "baseline": "Baseline"}


# ----------------------------------------------------------------------------- objects and their types

def type_of(obj: Any) -> str:
    """MATLAB's Type of a graphics object."""
    if isinstance(obj, FigureState):
        return "figure"
    if isinstance(obj, AxesState):
        return "axes"
    if isinstance(obj, GraphicsRoot):
        return "root"
    if isinstance(obj, TileLayout):
        return "tiledlayout"
    tagged = getattr(obj, "matfuse_type", None)
    if tagged is not None:
        return tagged
    from matplotlib import collections, colorbar, container, contour, image, legend, lines, patches
    from matplotlib import text as mtext
    from mpl_toolkits.mplot3d import art3d
    for cls, name in ((legend.Legend, "legend"), (colorbar.Colorbar, "colorbar"), (lines.Line2D, "line"),
                      (mtext.Text, "text"), (image.AxesImage, "image"), (art3d.Poly3DCollection, "surface"), (art3d.Line3DCollection, "surface"),
                      (contour.ContourSet, "contour"), (collections.PathCollection, "scatter"),
                      (container.BarContainer, "bar"), (container.ErrorbarContainer, "errorbar"),
                      (container.StemContainer, "stem"), (collections.PolyCollection, "area"),
                      (patches.Patch, "patch")):
        if isinstance(obj, cls):
            return name
    raise MatlabError("MATLAB:class:InvalidHandle", "Invalid or deleted object.")


def artists(obj: Any) -> list[Any]:
    """The matplotlib artists an object is drawn with (a container's parts, flattened)."""
    if obj is None:
        return []
    if isinstance(obj, AxesState):
        return [obj.mpl]
    if isinstance(obj, tuple):        # matplotlib containers are tuples of artists (or of tuples, None)
        return [a for part in obj for a in artists(part)]
    if type_of(obj) == "colorbar":
        return [obj.ax]
    return [obj]


def resolve(gs: GraphicsState, handle: float) -> Any:
    """The object of a handle: a figure number or a handle from the counter."""
    if handle in gs.handles:
        return gs.handles[handle]
    if handle == 0:
        return gs.root
    if np.isfinite(handle) and handle == int(handle) and int(handle) in gs.figures:
        return gs.figures[int(handle)]
    raise MatlabError("MATLAB:class:InvalidHandle", "Invalid or deleted object.")


def handle_of(gs: GraphicsState, obj: Any) -> float:
    if isinstance(obj, FigureState):
        return float(obj.number)
    if isinstance(obj, GraphicsRoot):
        return 0.0
    return next((h for h, o in gs.handles.items() if o is obj), np.nan)


def figure_of(gs: GraphicsState, obj: Any) -> FigureState | None:
    """The figure an object is drawn in (None once deleted)."""
    if isinstance(obj, FigureState):
        return obj
    if isinstance(obj, GraphicsRoot):
        return None
    if isinstance(obj, TileLayout):
        return next((f for f in gs.figures.values() if f.tiles is obj), None)
    parts = artists(obj)
    mpl = parts[0].get_figure(root=True) if parts else None
    return next((f for f in gs.figures.values() if f.mpl is mpl), None)


def axes_of(gs: GraphicsState, obj: Any) -> AxesState | None:
    parts = artists(obj)
    mpl_axes = getattr(parts[0], "axes", None) if parts else None
    return next((a for f in gs.figures.values() for a in f.axes.values() if a.mpl is mpl_axes), None)


# ----------------------------------------------------------------------------- MATLAB values

def axis_limits(mpl: Any, axis: str) -> tuple[float, float]:
    """An axis's limits as MATLAB gives them: increasing whatever the axis's direction (matplotlib keeps
    a reversed axis as decreasing limits)."""
    low, high = getattr(mpl, f"get_{axis}lim")()
    return (min(low, high), max(low, high))


def set_axis_limits(mpl: Any, axis: str, low: float, high: float) -> None:
    """Set an axis's increasing limits, keeping its direction ('reverse' stays reversed)."""
    reversed_axis = getattr(mpl, f"{axis}axis_inverted")()
    getattr(mpl, f"set_{axis}lim")(*((high, low) if reversed_axis else (low, high)))


def _row(values: Any) -> np.ndarray:
    return np.asarray(values, dtype=np.float64).reshape(1, -1)


def _rgb(value: Any) -> Any:
    """A matplotlib color as MATLAB returns it: an RGB row, or 'none'."""
    from matplotlib.colors import to_rgba
    if isinstance(value, str) and value == "none":
        return CharArray.from_str("none")
    rgba = np.asarray(value, dtype=np.float64)
    if rgba.ndim == 2:
        if rgba.shape[0] == 0:
            return CharArray.from_str("none")
        rgba = rgba[0]
    if rgba.size == 4 and rgba[3] == 0:
        return CharArray.from_str("none")
    return _row(to_rgba(rgba)[:3] if rgba.dtype.kind == "f" else to_rgba(value)[:3])


def cell_column(values: list[Any]) -> CellArray:
    data = np.empty((len(values), 1), dtype=object)
    for k, value in enumerate(values):
        data[k, 0] = value
    return CellArray(data)


def _cell_row(values: list[Any]) -> CellArray:
    return CellArray(cell_column(values).data.reshape(1, -1))


def _on_off(flag: bool) -> CharArray:
    return CharArray.from_str("on" if flag else "off")


ON_OFF = ("on", "off")
LINE_STYLE_VALUES = ("-", "--", ":", "-.", "none")
MARKER_VALUES = ("+", "o", "*", ".", "x", "_", "|", "square", "diamond", "^", "v", ">", "<", "pentagram",
                 "hexagram", "none")       # MATLAB's list; the letters s, d, p, h are accepted too


def _flag(value: Any, name: str) -> bool:
    word = text(value, name).lower() if is_text(value) else ("on" if scalar(value, name) else "off")
    if word not in ("on", "off"):
        raise MatlabError("MATLAB:datatypes:onoffboolean:IncorrectValue",
                          f"Invalid value for {name}: use 'on' or 'off'.")
    return word == "on"


def _choice(value: Any, name: str, choices: tuple[str, ...]) -> str:
    word = text(value, name).lower()
    if word not in choices:
        raise MatlabError("MATLAB:hg:propswch:PropertyError",
                          f"Invalid value for {name}: use one of {', '.join(choices)}.")
    return word


def _linestyle(value: Any) -> str:
    style = text(value, "LineStyle")
    if style not in LINE_STYLES and style.lower() != "none":
        raise MatlabError("MATLAB:hg:propswch:PropertyError",
                          "Invalid LineStyle: use '-', '--', ':', '-.' or 'none'.")
    return "None" if style.lower() == "none" else style


def _marker(value: Any) -> str:
    word = text(value, "Marker").lower()
    marker = MARKER_WORDS.get(word, MARKERS.get(word))
    if marker is None:
        raise MatlabError("MATLAB:hg:propswch:PropertyError", f"Invalid Marker '{word}'.")
    return marker


MARKER_NAMES = {mpl: matlab for matlab, mpl in MARKERS.items()} | {"None": "none", "none": "none", "": "none"}


def _matlab_linestyle(style: str) -> CharArray:
    return CharArray.from_str("none" if style in ("None", "none", "") else style)


def _set_on_all(method: str, convert: Callable[[Any], Any]) -> Callable[[Any, Any], None]:
    """A setter calling ``artist.method(convert(value))`` on every artist of the object that has it."""
    def setter(obj: Any, value: Any) -> None:
        converted = convert(value)
        for part in artists(obj):
            if hasattr(part, method):
                getattr(part, method)(converted)
    return setter


def _label(obj: Any) -> CharArray:
    parts = artists(obj)
    label = obj.get_label() if hasattr(obj, "get_label") else parts[0].get_label() if parts else ""
    return CharArray.from_str("" if label.startswith("_") else label)


def _set_label(obj: Any, value: Any) -> None:
    label = text(value, "DisplayName")
    if hasattr(obj, "set_label"):
        obj.set_label(label)
    for part in artists(obj)[:1]:
        part.set_label(label)


COMMON = (
    Prop("Type", lambda gs, o: CharArray.from_str(type_of(o))),
    Prop("Visible", lambda gs, o: _on_off(all(a.get_visible() for a in artists(o)) if artists(o) else True),
         _set_on_all("set_visible", lambda v: _flag(v, "Visible")), ON_OFF),
    Prop("Parent", lambda gs, o: _parent(gs, o)),
)


def _parent(gs: GraphicsState, obj: Any) -> Any:
    if isinstance(obj, FigureState):
        return 0.0                                   # groot
    if isinstance(obj, AxesState):
        fig = figure_of(gs, obj)
        return float(fig.number) if fig else np.zeros((0, 0))
    axes = axes_of(gs, obj)
    return axes.handle if axes else np.zeros((0, 0))


# ----------------------------------------------------------------------------- lines and markers

def _line_data(axis: int) -> Callable[[GraphicsState, Any], np.ndarray]:
    def get(gs: GraphicsState, line: Any) -> np.ndarray:
        data = line.get_data_3d() if hasattr(line, "get_data_3d") else line.get_data()
        return _row(data[axis]) if axis < len(data) else np.zeros((0, 0))
    return get


def _set_line_data(axis: int) -> Callable[[Any, Any], None]:
    def setter(line: Any, value: Any) -> None:
        values = numbers(value, "data").real.ravel()
        data = list(line.get_data_3d() if hasattr(line, "get_data_3d") else line.get_data())
        data[axis] = values
        if hasattr(line, "set_data_3d"):
            line.set_data_3d(*data)
        else:
            line.set_data(*data)
    return setter


def _set_face(line: Any, value: Any) -> None:
    face = color(value) if not (is_text(value) and text(value).lower() == "auto") else line.get_color()
    line.set_markerfacecolor(face)
    line.set_fillstyle("none" if isinstance(face, str) and face == "none" else "full")


def _line_face(gs: GraphicsState, line: Any) -> Any:
    return _rgb("none") if line.get_fillstyle() == "none" else _rgb(line.get_markerfacecolor())


LINE = COMMON + (
    Prop("Color", lambda gs, o: _rgb(o.get_color()), lambda o, v: o.set_color(color(v))),
    Prop("LineWidth", lambda gs, o: float(o.get_linewidth()), lambda o, v: o.set_linewidth(scalar(v))),
    Prop("LineStyle", lambda gs, o: _matlab_linestyle(o.get_linestyle()),
         lambda o, v: o.set_linestyle(_linestyle(v)), LINE_STYLE_VALUES),
    Prop("Marker", lambda gs, o: CharArray.from_str(MARKER_NAMES.get(o.get_marker(), str(o.get_marker()))),
         lambda o, v: o.set_marker(_marker(v)), MARKER_VALUES),
    Prop("MarkerSize", lambda gs, o: float(o.get_markersize()), lambda o, v: o.set_markersize(scalar(v))),
    Prop("MarkerFaceColor", _line_face, _set_face),
    Prop("MarkerEdgeColor", lambda gs, o: _rgb(o.get_markeredgecolor()),
         lambda o, v: o.set_markeredgecolor(color(v))),
    Prop("XData", _line_data(0), _set_line_data(0)),
    Prop("YData", _line_data(1), _set_line_data(1)),
    Prop("ZData", _line_data(2), _set_line_data(2)),
    Prop("DisplayName", lambda gs, o: _label(o), _set_label),
)


# ----------------------------------------------------------------------------- text

def _set_position(obj: Any, value: Any) -> None:
    pos = numbers(value, "Position").real.ravel()
    if pos.size not in (2, 3):
        raise MatlabError("MATLAB:hg:propswch:PropertyError", "Position must be [x y] or [x y z].")
    obj.set_position((pos[0], pos[1]))


def show_text(label: Any, string: str) -> None:
    """Show a MATLAB string in a text artist through its Interpreter: 'tex' (the default: symbols,
    super- and subscripts), 'latex' ($...$ as math) or 'none' (as it is). get(h, 'String') gives the
    string back as it was given."""
    label.matfuse_string = string
    interpreter = getattr(label, "matfuse_interpreter", "tex")
    label.set_parse_math(interpreter != "none")
    label.set_text(tex_display(string) if interpreter == "tex" else string)


TEXT_UNITS = ("data", "normalized")
INTERPRETERS = ("tex", "latex", "none")
FONT_WEIGHTS = ("normal", "bold")
HORIZONTAL_ALIGNMENTS = ("left", "center", "right")


def _set_units(label: Any, value: Any) -> None:
    """'data' (the default) or 'normalized' (0 to 1 across the axes) for a text's Position."""
    units = _choice(value, "Units", TEXT_UNITS)
    if label.axes is not None:
        label.set_transform(label.axes.transAxes if units == "normalized" else label.axes.transData)


def _set_interpreter(label: Any, value: Any) -> None:
    label.matfuse_interpreter = _choice(value, "Interpreter", INTERPRETERS)
    show_text(label, _string(label))


def _string(label: Any) -> str:
    return getattr(label, "matfuse_string", label.get_text())


# A text's box: MATLAB's defaults; drawn as matplotlib's bbox patch while a color is not 'none'
TEXT_BOX = {"BackgroundColor": "none", "EdgeColor": "none", "LineWidth": 0.5, "LineStyle": "-", "Margin": 3.0}
TEXT_BOX_CHECKS: dict[str, Callable[[Any], Any]] = {
    "BackgroundColor": lambda v: _rgba(color(v)), "EdgeColor": lambda v: _rgba(color(v)), "LineStyle": _linestyle,
    "LineWidth": lambda v: _positive(v, "LineWidth"), "Margin": lambda v: _positive(v, "Margin")}


def _rgba(value: Any) -> Any:
    from matplotlib.colors import to_rgba
    return value if isinstance(value, str) and value == "none" else to_rgba(value)


def _positive(value: Any, name: str) -> float:
    number = scalar(value, name)
    if not number > 0:
        raise MatlabError("MATLAB:hg:propswch:PropertyError", f"{name} must be a positive number.")
    return number


def _box(label: Any) -> dict[str, Any]:
    return getattr(label, "matfuse_box", TEXT_BOX)


def _box_get(name: str) -> Callable[[GraphicsState, Any], Any]:
    def get(gs: GraphicsState, label: Any) -> Any:
        value = _box(label)[name]
        return _rgb(value) if name.endswith("Color") else \
            _matlab_linestyle(value) if name == "LineStyle" else float(value)
    return get


def _box_set(name: str) -> Callable[[Any, Any], None]:
    """BackgroundColor, EdgeColor, LineWidth, LineStyle, Margin: the text's box, Margin points around its
    extent (matplotlib's pad is a fraction of the font size)."""
    def setter(label: Any, value: Any) -> None:
        box = label.matfuse_box = {**_box(label), name: TEXT_BOX_CHECKS[name](value)}
        if box["BackgroundColor"] == box["EdgeColor"] == "none":
            label.set_bbox(None)
            return
        label.set_bbox({"boxstyle": f"square,pad={box['Margin'] / label.get_fontsize()}",
                        "facecolor": box["BackgroundColor"], "edgecolor": box["EdgeColor"],
                        "linewidth": box["LineWidth"], "linestyle": box["LineStyle"]})
    return setter


# MATLAB's usual font names as the generic families matplotlib always has (no missing-font warnings)
FONT_FAMILIES = {"helvetica": "sans-serif", "arial": "sans-serif", "times": "serif", "times new roman": "serif",
                 "courier": "monospace", "courier new": "monospace", "fixedwidth": "monospace"}


def _set_font_name(label: Any, value: Any) -> None:
    """FontName: drawn in its generic family where it is one of MATLAB's usual fonts, else in that font
    when installed (sans-serif when not); get gives the name as set."""
    name = text(value, "FontName")
    label.matfuse_fontname = name
    label.set_fontfamily(FONT_FAMILIES.get(name.lower(), [name, "sans-serif"]))


# MATLAB's vertical alignments and matplotlib's nearest ones
VALIGN = {"middle": "center", "top": "top", "bottom": "bottom", "baseline": "baseline", "cap": "top"}
VALIGN_NAMES = {"center": "middle", "center_baseline": "middle", "top": "top", "bottom": "bottom",
                "baseline": "baseline"}


TEXT = COMMON + tuple(Prop(name, _box_get(name), _box_set(name), LINE_STYLE_VALUES if name == "LineStyle" else ())
                      for name in TEXT_BOX) + (
    Prop("String", lambda gs, o: CharArray.from_str(_string(o)),
         lambda o, v: show_text(o, "\n".join(text_list(v)))),
    Prop("FontSize", lambda gs, o: float(o.get_fontsize()), lambda o, v: o.set_fontsize(scalar(v))),
    Prop("FontName", lambda gs, o: CharArray.from_str(getattr(o, "matfuse_fontname", "Helvetica")), _set_font_name),
    Prop("FontWeight", lambda gs, o: CharArray.from_str("bold" if o.get_fontweight() in ("bold", 700)
                                                        else "normal"),
         lambda o, v: o.set_fontweight(_choice(v, "FontWeight", FONT_WEIGHTS)), FONT_WEIGHTS),
    Prop("Color", lambda gs, o: _rgb(o.get_color()), lambda o, v: o.set_color(color(v))),
    Prop("Position", lambda gs, o: _row([*o.get_position(), 0.0]), _set_position),
    Prop("Rotation", lambda gs, o: float(o.get_rotation()), lambda o, v: o.set_rotation(scalar(v))),
    Prop("HorizontalAlignment", lambda gs, o: CharArray.from_str(o.get_horizontalalignment()),
         lambda o, v: o.set_horizontalalignment(_choice(v, "HorizontalAlignment", HORIZONTAL_ALIGNMENTS)),
         HORIZONTAL_ALIGNMENTS),
    Prop("Interpreter", lambda gs, o: CharArray.from_str(getattr(o, "matfuse_interpreter", "tex")),
         _set_interpreter, INTERPRETERS),
    Prop("Units", lambda gs, o: CharArray.from_str("normalized" if o.get_transform() == o.axes.transAxes
                                                   else "data") if o.axes else CharArray.from_str("normalized"),
         _set_units, TEXT_UNITS),
    Prop("VerticalAlignment", lambda gs, o: CharArray.from_str(VALIGN_NAMES[o.get_verticalalignment()]),
         lambda o, v: o.set_verticalalignment(VALIGN[_choice(v, "VerticalAlignment", tuple(VALIGN))]),
         tuple(VALIGN)),
)


# ----------------------------------------------------------------------------- filled objects

def _face(obj: Any) -> Any:
    part = artists(obj)[0]
    return _rgb(part.get_facecolor())


def _edge(obj: Any) -> Any:
    part = artists(obj)[0]
    return _rgb(part.get_edgecolor())


def _alpha(gs: GraphicsState, obj: Any) -> float:
    alpha = artists(obj)[0].get_alpha()
    return 1.0 if alpha is None else float(alpha)


def _set_alpha(obj: Any, value: Any) -> None:
    alpha = scalar(value, "FaceAlpha")
    if not 0 <= alpha <= 1:
        raise MatlabError("MATLAB:hg:propswch:PropertyError", "FaceAlpha must be between 0 and 1.")
    for part in artists(obj):
        part.set_alpha(alpha)


def _set_filled_linestyle(obj: Any, value: Any) -> None:
    """The edge line style of every part of a filled object (area, bar, fill, patch), remembered as MATLAB
    names it (matplotlib keeps collections' styles as dash patterns)."""
    style = _linestyle(value)
    for part in artists(obj):
        if hasattr(part, "set_linestyle"):
            part.set_linestyle(style)
            part.matfuse_linestyle = style


FILLED = COMMON + (
    Prop("FaceColor", lambda gs, o: _face(o), _set_on_all("set_facecolor", color)),
    Prop("EdgeColor", lambda gs, o: _edge(o), _set_on_all("set_edgecolor", color)),
    Prop("FaceAlpha", _alpha, _set_alpha),
    Prop("LineWidth", lambda gs, o: float(np.ravel(artists(o)[0].get_linewidth())[0]),
         _set_on_all("set_linewidth", lambda v: scalar(v, "LineWidth"))),
    Prop("LineStyle", lambda gs, o: _matlab_linestyle(getattr(artists(o)[0], "matfuse_linestyle", "-")),
         _set_filled_linestyle, LINE_STYLE_VALUES),
    Prop("DisplayName", lambda gs, o: _label(o), _set_label),
)


def _bar_data(axis: str) -> Callable[[GraphicsState, Any], np.ndarray]:
    def get(gs: GraphicsState, bars: Any) -> np.ndarray:
        if axis == "x":
            return _row(getattr(bars, "matfuse_x", [p.get_x() + p.get_width() / 2 for p in bars]))
        horizontal = getattr(bars, "orientation", "vertical") == "horizontal"
        return _row([p.get_width() if horizontal else p.get_height() for p in bars])
    return get


def _set_bar_heights(bars: Any, value: Any) -> None:
    heights = numbers(value, "YData").real.ravel()
    if heights.size != len(bars):
        raise MatlabError("MATLAB:hg:propswch:PropertyError", f"YData must have {len(bars)} elements.")
    horizontal = getattr(bars, "orientation", "vertical") == "horizontal"
    for patch, h in zip(bars, heights):
        patch.set_width(h) if horizontal else patch.set_height(h)


BAR = FILLED + (Prop("XData", _bar_data("x")), Prop("YData", _bar_data("y"), _set_bar_heights),
               Prop("BaseLine", lambda gs, o: handle_for(gs, o.matfuse_baseline)))
BASELINE = COMMON + tuple(p for p in LINE if p.name in ("Color", "LineWidth", "LineStyle")) + (
    Prop("BaseValue", lambda gs, o: 0.0),)
HISTOGRAM = FILLED + (
    Prop("BinEdges", lambda gs, o: _row(o.matfuse_edges)),
    Prop("Values", lambda gs, o: _row([p.get_height() for p in o])),
    Prop("NumBins", lambda gs, o: float(len(o))),
)
CATEGORICAL_HISTOGRAM = FILLED + (
    Prop("Categories", lambda gs, o: _cell_row([CharArray.from_str(n) for n in o.matfuse_categories])),
    Prop("Values", lambda gs, o: _row([p.get_height() for p in o])),
    Prop("NumDisplayBins", lambda gs, o: float(len(o))),
)


def _patch_data(axis: int) -> Callable[[GraphicsState, Any], np.ndarray]:
    """XData, YData or ZData of a patch: one column of vertex coordinates per face (a 3-D patch keeps its
    polygons in ``matfuse_polygons``; a 2-D one has no ZData: [])."""
    def get(gs: GraphicsState, patch: Any) -> np.ndarray:
        polygons = getattr(patch, "matfuse_polygons", None)
        if polygons is not None:
            faces = [p[:, axis] for p in polygons]
        elif axis == 2:
            return np.zeros((0, 0))
        else:
            paths = patch.get_paths() if hasattr(patch, "get_paths") else [patch.get_path()]
            faces = [np.asarray(p.vertices, dtype=np.float64)[:, axis] for p in paths]
            faces = [f[:-1] if f.size > 1 and f[0] == f[-1] else f for f in faces]   # drop the closing vertex
        n = max((f.size for f in faces), default=0)
        return np.column_stack([np.pad(f, (0, n - f.size), constant_values=np.nan) for f in faces]) \
            if faces else np.zeros((0, 0))
    return get


PATCH = FILLED + (Prop("XData", _patch_data(0)), Prop("YData", _patch_data(1)), Prop("ZData", _patch_data(2)))


def _offsets(axis: int) -> Callable[[GraphicsState, Any], np.ndarray]:
    """XData, YData (and ZData of scatter3, which keeps its 3-D points in ``_offsets3d``)."""
    def get(gs: GraphicsState, points: Any) -> np.ndarray:
        if hasattr(points, "_offsets3d"):
            return _row(points._offsets3d[axis])
        offsets = np.asarray(points.get_offsets(), dtype=np.float64)
        return _row(offsets[:, axis]) if axis < 2 else np.zeros((0, 0))
    return get


def _scatter_cdata(gs: GraphicsState, points: Any) -> np.ndarray:
    """CData of a scatter object: its values through the colormap (a column, one per point), or its RGB
    colors (a row for one color, one row per point otherwise)."""
    values = points.get_array()
    if values is not None:
        return np.asarray(values, dtype=np.float64).reshape(-1, 1)
    rgba = np.asarray(points.get_facecolors() if getattr(points, "matfuse_filled", False)
                      else points.get_edgecolors(), dtype=np.float64).reshape(-1, 4)
    return rgba[:, :3] if len(rgba) > 1 and not np.all(rgba == rgba[0]) else rgba[:1, :3]


def _set_scatter_cdata(points: Any, value: Any) -> None:
    """CData = one color, an RGB row per point, or one value per point through the colormap (of a scatter
    drawn with values: the colormap of one drawn in colors is not known here)."""
    n = len(points.get_offsets())
    c = np.zeros((0, 0)) if is_text(value) else numbers(value, "CData").real
    filled = getattr(points, "matfuse_filled", False)
    if is_text(value) or c.shape in ((1, 3), (n, 3)):
        colors = [color(value)] if is_text(value) or c.shape == (1, 3) else c
        points.set_array(None)
        (points.set_facecolors if filled else points.set_edgecolors)(colors)
    elif c.size == n and points.get_array() is not None:
        points.set_array(c.ravel())
    elif c.size == n:
        raise MatlabError("matfuse:graphics:unsupported", "CData of values is supported on a scatter drawn "
                          "with values (scatter(x, y, sz, c)); this one was drawn in a color: draw it again.")
    else:
        raise MatlabError("MATLAB:scatter:InvalidColor", "CData must be a color, n-by-3 RGB values, or n "
                          "values.")


SCATTER = COMMON + (
    Prop("XData", _offsets(0)), Prop("YData", _offsets(1)), Prop("ZData", _offsets(2)),
    Prop("CData", _scatter_cdata, _set_scatter_cdata),
    Prop("SizeData", lambda gs, o: _row(np.broadcast_to(getattr(o, "matfuse_sizes", o.get_sizes()),
                                                                 o.get_sizes().shape)),
         lambda o, v: set_marker_sizes(o, numbers(v, "SizeData").real.ravel())),
    Prop("MarkerFaceColor", lambda gs, o: _face(o), _set_on_all("set_facecolor", color)),
    Prop("MarkerEdgeColor", lambda gs, o: _edge(o), _set_on_all("set_edgecolor", color)),
    Prop("LineWidth", lambda gs, o: float(np.ravel(o.get_linewidth())[0]),
         lambda o, v: o.set_linewidth(scalar(v, "LineWidth"))),
    Prop("DisplayName", lambda gs, o: _label(o), _set_label),
)
MAPPED = ("flat", "interp")       # colors of a surface's faces or edges that take the colormap


@functools.cache
def mesh_collection() -> type:
    """The class of mesh's surfaces: matplotlib colors a collection's faces through the colormap whenever
    they have a color, where a mesh keeps white faces (or 'none', or one color) and maps its edges.
    ``matfuse_colors`` holds the FaceColor and EdgeColor as given ('flat', 'interp', an RGBA or 'none')."""
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    class MeshSurface(Poly3DCollection):
        matfuse_colors = {"edge": "flat", "face": (1.0, 1.0, 1.0, 1.0)}

        def _set_mappable_flags(self) -> bool:
            super()._set_mappable_flags()
            self._face_is_mapped = self._A is not None and self.matfuse_colors["face"] in MAPPED
            self._edge_is_mapped = self._A is not None and self.matfuse_colors["edge"] in MAPPED
            return True
    return MeshSurface


def _color_or_word(value: Any) -> Any:
    word = text(value).lower() if is_text(value) else ""
    return word if word in MAPPED else _rgba(color(value))


def set_mesh_color(mesh: Any, part: str, value: Any) -> None:
    """A mesh's FaceColor or EdgeColor ('face', 'edge'): 'flat' or 'interp' (the colormap, per face
    here), a color or 'none'."""
    given = _color_or_word(value)
    mesh.matfuse_colors = {**mesh.matfuse_colors, part: given}
    if given not in MAPPED:
        getattr(mesh, f"set_{part}color")(given)
    mesh.stale = True


def grid_faces(X: np.ndarray, Y: np.ndarray, Z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The quadrilaterals of a surface's grid (k-by-4-by-3 corners) that have no NaN corner, and the mask of
    the grid's (m-1)*(n-1) cells they are (row-major)."""
    points = np.stack([X, Y, Z], axis=-1)
    quads = np.stack([points[:-1, :-1], points[1:, :-1], points[1:, 1:], points[:-1, 1:]], axis=2).reshape(-1, 4, 3)
    shown = np.isfinite(quads).all(axis=(1, 2))
    return quads[shown], shown


def face_values(surface: Any) -> np.ndarray:
    """The colormap values of a grid surface's faces from its CData: the first corner of each face
    ('flat', MATLAB's rule) or the mean of its four ('interp', which MATLAB interpolates across the face)."""
    C = surface.matfuse_cdata
    if getattr(surface, "matfuse_colors", {}).get("face") == "interp":
        values = (C[:-1, :-1] + C[1:, :-1] + C[1:, 1:] + C[:-1, 1:]) / 4
    else:
        values = C[:-1, :-1]
    return values.reshape(-1)[surface.matfuse_shown]


def autoscale_colors(axes: Any) -> None:
    """The automatic color limits of the grid surfaces of a matplotlib axes (bar3's): one range over all of
    their CData, as MATLAB's axes CLim spans every object's."""
    grids = [c for c in axes.collections if getattr(c, "matfuse_shown", None) is not None
             and c.get_array() is not None]
    finite = np.concatenate([np.ravel(c.matfuse_cdata)[np.isfinite(np.ravel(c.matfuse_cdata))] for c in grids]) \
        if grids else np.zeros(0)
    if finite.size:
        low, high = float(finite.min()), float(finite.max())
        for c in grids:
            c.set_clim(low, high if high > low else low + 1)


def _surface_data(axis: int) -> Callable[[GraphicsState, Any], np.ndarray]:
    def get(gs: GraphicsState, surface: Any) -> np.ndarray:
        grid = getattr(surface, "matfuse_grid", None)
        if grid is None:
            raise MatlabError("matfuse:graphics:unsupported", "The data of this surface is not kept here.")
        return np.array(grid[axis], dtype=np.float64)
    return get


def _surface_cdata(gs: GraphicsState, surface: Any) -> np.ndarray:
    cdata = getattr(surface, "matfuse_cdata", None)
    return _surface_data(2)(gs, surface) if cdata is None else np.array(cdata, dtype=np.float64)


def _set_surface_cdata(surface: Any, value: Any) -> None:
    """CData of a grid surface (bar3's): a matrix of its grid's size, colored through the colormap."""
    if getattr(surface, "matfuse_shown", None) is None:
        raise MatlabError("matfuse:graphics:unsupported", "CData of this surface cannot be changed here: draw it "
                          "again with surf(X, Y, Z, C).")
    C = numbers(value, "CData").real
    if C.shape != surface.matfuse_cdata.shape:
        raise MatlabError("MATLAB:hg:propswch:PropertyError", f"CData must be a {surface.matfuse_cdata.shape[0]}-by-"
                          f"{surface.matfuse_cdata.shape[1]} matrix, the size of ZData.")
    surface.matfuse_cdata = C
    if surface.get_array() is not None:
        surface.set_array(face_values(surface))
    autoscale_colors(surface.axes)


def set_surface_face(surface: Any, value: Any) -> None:
    """FaceColor of surf's (and trisurf's) faces: 'flat' or 'interp' keep the colormap (shaded per face
    here), a color or 'none' paints every face. A grid surface (bar3's) takes the colormap again from
    its CData."""
    given = _color_or_word(value)
    if given in MAPPED and getattr(surface, "matfuse_shown", None) is not None:
        surface.matfuse_colors = {**getattr(surface, "matfuse_colors", {}), "face": given}
        surface.set_array(face_values(surface))
        autoscale_colors(surface.axes)
        return
    if given not in MAPPED:
        surface.set_array(None)
        surface.set_facecolor(given)
    elif surface.get_array() is None:
        raise MatlabError("matfuse:graphics:unsupported", "A surface painted in one color cannot take the "
                          "colormap again here: draw it again.")
    surface.matfuse_colors = {**getattr(surface, "matfuse_colors", {}), "face": given}


def _surface_color(part: str) -> Prop:
    """FaceColor or EdgeColor of a surface, as given ('flat' or 'interp' while the colormap colors it, else
    its color or 'none'); a surf's faces are 'flat' and its edges black unless set."""
    def get(gs: GraphicsState, surface: Any) -> Any:
        given = getattr(surface, "matfuse_colors", {}).get(part)
        if given is None:
            return CharArray.from_str("flat") if part == "face" and surface.get_array() is not None else \
                _face(surface) if part == "face" else _edge(surface)
        return CharArray.from_str(given) if given in MAPPED else _rgb(given)

    def set_(surface: Any, value: Any) -> None:
        if type(surface) is mesh_collection():
            set_mesh_color(surface, part, value)
        elif part == "face":
            set_surface_face(surface, value)
        else:
            given = _rgba(color(value))
            surface.set_edgecolor(given)
            surface.matfuse_colors = {**getattr(surface, "matfuse_colors", {}), "edge": given}
    return Prop(f"{part.capitalize()}Color", get, set_)


SURFACE = COMMON + (_surface_color("edge"), _surface_color("face"), Prop("FaceAlpha", _alpha, _set_alpha),
                     Prop("XData", _surface_data(0)), Prop("YData", _surface_data(1)), Prop("ZData", _surface_data(2)),
                     Prop("CData", _surface_cdata, _set_surface_cdata)) + \
    tuple(p for p in FILLED if p.name in ("LineStyle", "LineWidth"))
IMAGE = COMMON + (
    Prop("CData", lambda gs, o: np.asarray(o.get_array(), dtype=np.float64)),
    Prop("AlphaData", lambda gs, o: 1.0 if o.get_alpha() is None else float(np.mean(o.get_alpha()))),
)


def _first_line(obj: Any) -> Any:
    return next(a for a in artists(obj) if hasattr(a, "get_linestyle") and hasattr(a, "get_marker"))


def _delegate(prop: Prop) -> Prop:
    """A line property of a container (errorbar, stem): read from its data line; set on its lines, and
    Color and LineWidth also on its line collections (error bars, stems)."""
    def setter(obj: Any, value: Any) -> None:
        for part in artists(obj):
            if hasattr(part, "get_marker"):
                prop.set(part, value)
            elif prop.name in _COLLECTION_SETTERS:
                _COLLECTION_SETTERS[prop.name](part, value)
    return Prop(prop.name, lambda gs, o: prop.get(gs, _first_line(o)), setter if prop.set else None, prop.choices)


_COLLECTION_SETTERS = {"Color": lambda c, v: c.set_color(color(v)),
                       "LineWidth": lambda c, v: c.set_linewidth(scalar(v, "LineWidth"))}
LINE_LIKE = COMMON + tuple(_delegate(p) for p in LINE if p.name in (
    "Color", "LineWidth", "LineStyle", "Marker", "MarkerSize", "MarkerFaceColor", "XData", "YData"))
LINE_LIKE += (Prop("DisplayName", lambda gs, o: _label(o), _set_label),)


# ----------------------------------------------------------------------------- axes and figures

DIRECTIONS = ("normal", "reverse")
SCALES = ("linear", "log")


def _axis_props(axis: str) -> tuple[Prop, ...]:
    A = axis.upper()

    def lim_set(axes: AxesState, value: Any) -> None:
        lim = drawable(numbers(value, f"{A}Lim").real.ravel())
        if lim.size != 2 or not lim[0] < lim[1]:
            raise MatlabError("MATLAB:hg:shaped:IncreasingLimits",
                              "Limits must be a 2-element vector of increasing numeric values.")
        set_axis_limits(axes.mpl, axis, lim[0], lim[1])

    def labels_get(gs: GraphicsState, axes: AxesState) -> CellArray:
        labels = [t.get_text() for t in getattr(axes.mpl, f"get_{axis}ticklabels")()]
        return cell_column([CharArray.from_str(s) for s in labels])

    def grid_get(gs: GraphicsState, axes: AxesState) -> CharArray:
        return _on_off(any(g.get_visible() for g in getattr(axes.mpl, f"get_{axis}gridlines")()))

    def inverted(axes: AxesState) -> bool:
        return getattr(axes.mpl, f"{axis}axis_inverted")()

    def dir_set(axes: AxesState, value: Any) -> None:
        if (_choice(value, f"{A}Dir", DIRECTIONS) == "reverse") != inverted(axes):
            getattr(axes.mpl, f"invert_{axis}axis")()

    def minor_get(gs: GraphicsState, axes: AxesState) -> CharArray:
        from matplotlib.ticker import NullLocator
        return _on_off(not isinstance(getattr(axes.mpl, f"{axis}axis").get_minor_locator(), NullLocator))

    def minor_set(axes: AxesState, value: Any) -> None:
        from matplotlib.ticker import AutoMinorLocator, NullLocator
        getattr(axes.mpl, f"{axis}axis").set_minor_locator(
            AutoMinorLocator() if _flag(value, f"{A}MinorTick") else NullLocator())

    return (
        Prop(f"{A}Lim", lambda gs, a: _row(axis_limits(a.mpl, axis)), lim_set),
        Prop(f"{A}AxisLocation", lambda gs, a: CharArray.from_str(_axis_location(a, axis)),
             lambda a, v: _set_axis_location(a, axis, v), AXIS_LOCATIONS.get(axis, ())),
        Prop(f"{A}MinorTick", minor_get, minor_set, ON_OFF),
        Prop(f"{A}Tick", lambda gs, a: _row(getattr(a.mpl, f"get_{axis}ticks")()),
             lambda a, v: getattr(a.mpl, f"set_{axis}ticks")(numbers(v, f"{A}Tick").real.ravel())),
        Prop(f"{A}TickLabel", labels_get, lambda a, v: set_tick_labels(a.mpl, axis, v)),
        Prop(f"{A}TickLabelRotation", lambda gs, a: _rotation(getattr(a.mpl, f"{axis}axis")),
             lambda a, v: getattr(a.mpl, f"{axis}axis").set_tick_params(labelrotation=scalar(v))),
        Prop(f"{A}MinorGrid", lambda gs, a: _on_off(any(t.gridline.get_visible() for t in
                                                        getattr(a.mpl, f"{axis}axis").get_minor_ticks())),
             lambda a, v: _minor_grid(a.mpl, axis, _flag(v, f"{A}MinorGrid")), ON_OFF),
        Prop(f"{A}Scale", lambda gs, a: CharArray.from_str(getattr(a.mpl, f"get_{axis}scale")()),
             lambda a, v: getattr(a.mpl, f"set_{axis}scale")(_choice(v, f"{A}Scale", SCALES)), SCALES),
        Prop(f"{A}Grid", grid_get,
             lambda a, v: a.mpl.grid(_flag(v, f"{A}Grid"), which="major", axis=axis), ON_OFF),
        Prop(f"{A}Dir", lambda gs, a: CharArray.from_str("reverse" if inverted(a) else "normal"), dir_set,
             DIRECTIONS),
        Prop(f"{A}Label", lambda gs, a: handle_for(gs, getattr(a.mpl, f"{axis}axis").label)),
    )


AXIS_LOCATIONS = {"x": ("bottom", "top", "origin"), "y": ("left", "right", "origin")}


def _axis_location(axes: AxesState, axis: str) -> str:
    """Where the x (y) axis line of 2-D axes is: 'bottom' or 'top' ('left' or 'right'), or 'origin'
    (through the other axis' 0, as MATLAB draws it)."""
    near, far, _ = AXIS_LOCATIONS[axis]
    if getattr(axes.mpl, "matfuse_origin_" + axis, False):
        return "origin"
    position = getattr(axes.mpl, f"{axis}axis").get_ticks_position()
    return far if position == far else near


def _set_axis_location(axes: AxesState, axis: str, value: Any) -> None:
    if axes.mpl.name == "3d":
        raise MatlabError("matfuse:graphics:unsupported", f"{axis.upper()}AxisLocation applies to 2-D axes.")
    near, far, _ = AXIS_LOCATIONS[axis]
    where = _choice(value, f"{axis.upper()}AxisLocation", AXIS_LOCATIONS[axis])
    ruler, spines = getattr(axes.mpl, f"{axis}axis"), axes.mpl.spines
    setattr(axes.mpl, "matfuse_origin_" + axis, where == "origin")
    side = far if where == far else near
    ruler.set_ticks_position(side)
    ruler.set_label_position(side)
    spines[near].set_position(("data", 0.0) if where == "origin" else ("outward", 0.0))
    spines[far].set_position(("outward", 0.0))


def _rotation(axis: Any) -> float:
    labels = axis.get_ticklabels()
    return float(labels[0].get_rotation()) if labels else 0.0


def _minor_grid(mpl: Any, axis: str, show: bool) -> None:
    if show:
        mpl.minorticks_on()
        mpl.grid(True, which="minor", axis=axis, linestyle=":")
    else:
        mpl.grid(False, which="minor", axis=axis)


def visible_ticks(mpl: Any, name: str) -> np.ndarray:
    """The tick values of axis ``name`` ('x', 'y', 'z') within its limits."""
    lo, hi = sorted(getattr(mpl, f"get_{name}lim")())
    ticks = np.asarray(getattr(mpl, f"{name}axis").get_ticklocs(), dtype=np.float64)
    return ticks[(ticks >= lo - 1e-9 * (hi - lo)) & (ticks <= hi + 1e-9 * (hi - lo))]


def set_tick_labels(mpl: Any, name: str, value: Any) -> None:
    """Tick labels for the current ticks (which stay where they are); fewer labels than ticks repeat, as
    in MATLAB; the labels read MATLAB's TeX markup."""
    labels = text_list(value)
    labels = labels[0].split("\n") if type(value) is CharArray else labels      # char matrix rows
    ticks = visible_ticks(mpl, name)
    if labels and ticks.size:
        labels = [labels[k % len(labels)] for k in range(ticks.size)]
    getattr(mpl, f"{name}axis").set_ticks(ticks, [tex_display(label) for label in labels[:ticks.size]])


def handle_for(gs: GraphicsState, artist: Any) -> float:
    """The handle of an object that already exists (a title or label), made on first request."""
    handle = handle_of(gs, artist)
    return handle if not np.isnan(handle) else gs.new_handle(artist, defaults=False)


def _children(gs: GraphicsState, objects: list[Any]) -> np.ndarray:
    """Handles of child objects, newest first (MATLAB's order)."""
    handles = [handle_of(gs, o) for o in reversed(objects)]
    return np.array([h for h in handles if not np.isnan(h)], dtype=np.float64).reshape(-1, 1)


def _set_axes_line_width(axes: AxesState, value: Any) -> None:
    width = scalar(value, "LineWidth")
    for spine in axes.mpl.spines.values():
        spine.set_linewidth(width)
    axes.mpl.tick_params(which="both", width=width)


def _tick_direction(mpl: Any) -> str:
    return mpl.xaxis.get_tick_params(which="major").get("direction", "in")   # 'in': MATLAB's default


NEXT_PLOT = ("add", "replace", "replacechildren")
TICK_DIRECTIONS = ("in", "out", "both")


def _set_next_plot(axes: AxesState, value: Any) -> None:
    axes.hold = _choice(value, "NextPlot", NEXT_PLOT) == "add"


# ----------------------------------------------------------------------------- rulers (ax.XAxis, ...)

@dataclass(frozen=True)
class _RulerAxes:
    """The axes of a ruler as the axes properties read them (their matplotlib axes)."""
    mpl: Any


def _ruler_of(axis: str) -> Callable[[GraphicsState, AxesState], float]:
    """The XAxis/YAxis/ZAxis property: the handle of the axes' ruler (matplotlib's Axis object)."""
    def get(gs: GraphicsState, axes: AxesState) -> float:
        ruler = getattr(axes.mpl, f"{axis}axis", None)
        if ruler is None:
            raise MatlabError("matfuse:graphics:unsupported", "2-D axes have no ZAxis ruler here.")
        ruler.matfuse_type = "numericruler"
        return handle_for(gs, ruler)
    return get


def _through_axes(name: str, suffix: str) -> Prop:
    """A ruler property that is its axes' X/Y/Z<suffix> property (Limits is XLim, ...)."""
    def axes_prop(ruler: Any) -> Prop:
        found = next((p for p in AXES if p.name == ruler.axis_name.upper() + suffix), None)
        if found is None:
            raise MatlabError("matfuse:graphics:unsupported",
                              f"The {name} of a {ruler.axis_name.upper()} ruler is not supported.")
        return found

    def set_(ruler: Any, value: Any) -> None:
        prop = axes_prop(ruler)
        if prop.set is None:
            raise MatlabError("MATLAB:class:SetProhibited",
                              f"Unable to set the '{name}' property of class 'NumericRuler'.")
        prop.set(_RulerAxes(ruler.axes), value)
    return Prop(name, lambda gs, r: axes_prop(r).get(gs, _RulerAxes(r.axes)), set_)


RULER_SPINES = {"x": "bottom", "y": "left"}     # the axis line of a 2-D ruler


def _set_ruler_visible(ruler: Any, value: Any) -> None:
    shown = _flag(value, "Visible")
    ruler.set_visible(shown)
    spine = RULER_SPINES.get(ruler.axis_name)
    if spine in getattr(ruler.axes, "spines", {}) and ruler.axes.name != "3d":
        ruler.axes.spines[spine].set_visible(shown)


def _ruler_color(gs: GraphicsState, ruler: Any) -> Any:
    labels = ruler.get_ticklabels()
    return _rgb(labels[0].get_color() if labels else ruler.label.get_color())


def _set_ruler_color(ruler: Any, value: Any) -> None:
    rgb = color(value)
    ruler.set_tick_params(which="both", colors=rgb)
    ruler.label.set_color(rgb)
    spine = RULER_SPINES.get(ruler.axis_name)
    if spine in getattr(ruler.axes, "spines", {}) and ruler.axes.name != "3d":
        ruler.axes.spines[spine].set_color(rgb)


RULER = (
    Prop("Type", lambda gs, r: CharArray.from_str("numericruler")),
    Prop("Visible", lambda gs, r: _on_off(r.get_visible()), _set_ruler_visible, ON_OFF),
    Prop("Parent", lambda gs, r: _parent(gs, r)),
    Prop("Color", _ruler_color, _set_ruler_color),
    _through_axes("Limits", "Lim"), _through_axes("TickValues", "Tick"),
    _through_axes("TickLabels", "TickLabel"), _through_axes("TickLabelRotation", "TickLabelRotation"),
    _through_axes("Scale", "Scale"), _through_axes("Direction", "Dir"), _through_axes("Label", "Label"),
    Prop("FontSize", lambda gs, r: float(r.get_ticklabels()[0].get_fontsize()) if r.get_ticklabels() else 9.0,
         lambda r, v: r.set_tick_params(labelsize=scalar(v, "FontSize"))),
)


AXES = COMMON + _axis_props("x") + _axis_props("y") + (
    Prop("XAxis", _ruler_of("x")), Prop("YAxis", _ruler_of("y")), Prop("ZAxis", _ruler_of("z")),
    Prop("ZLim", lambda gs, a: _row(a.mpl.get_zlim()) if a.mpl.name == "3d" else _row([-1.0, 1.0])),
    Prop("Title", lambda gs, a: handle_for(gs, a.mpl.title)),
    Prop("FontSize", lambda gs, a: float(a.mpl.xaxis.get_ticklabels()[0].get_fontsize()
                                         if a.mpl.xaxis.get_ticklabels() else 9.0),
         lambda a, v: a.mpl.tick_params(labelsize=scalar(v, "FontSize"))),
    Prop("LineWidth", lambda gs, a: float(a.mpl.spines["bottom"].get_linewidth()), _set_axes_line_width),
    Prop("TickDir", lambda gs, a: CharArray.from_str(_tick_direction(a.mpl)),
         lambda a, v: a.mpl.tick_params(which="both", direction=_choice(v, "TickDir", TICK_DIRECTIONS)),
         TICK_DIRECTIONS),
    Prop("Box", lambda gs, a: _on_off(a.mpl.spines["top"].get_visible()),
         lambda a, v: [a.mpl.spines[s].set_visible(_flag(v, "Box")) for s in ("top", "right")], ON_OFF),
    Prop("Color", lambda gs, a: _rgb(a.mpl.get_facecolor()), lambda a, v: a.mpl.set_facecolor(color(v))),
    Prop("Children", lambda gs, a: _children(gs, a.series)),
    Prop("NextPlot", lambda gs, a: CharArray.from_str("add" if a.hold else "replace"), _set_next_plot, NEXT_PLOT),
)


# MATLAB legend location -> matplotlib loc and, outside the axes, the anchor point in axes fractions
LEGEND_LOCATIONS: dict[str, tuple[str, tuple[float, float] | None]] = {
    "north": ("upper center", None), "south": ("lower center", None), "east": ("center right", None),
    "west": ("center left", None), "northeast": ("upper right", None), "northwest": ("upper left", None),
    "southeast": ("lower right", None), "southwest": ("lower left", None), "best": ("best", None),
    "northoutside": ("lower center", (0.5, 1.02)), "southoutside": ("upper center", (0.5, -0.12)),
    "eastoutside": ("center left", (1.02, 0.5)), "westoutside": ("center right", (-0.12, 0.5)),
    "northeastoutside": ("upper left", (1.02, 1.0)), "northwestoutside": ("upper right", (-0.12, 1.0)),
    "southeastoutside": ("lower left", (1.02, 0.0)), "southwestoutside": ("lower right", (-0.12, 0.0)),
    "bestoutside": ("upper left", (1.02, 1.0)),
}


def legend_location(value: Any) -> tuple[str, str, tuple[float, float] | None]:
    """The MATLAB name (lower case), matplotlib's loc and the anchor of a legend Location value."""
    name = text(value, "Location").lower() if is_text(value) else ""
    if name not in LEGEND_LOCATIONS:
        raise MatlabError("MATLAB:legend:UnknownLocation", f"'{name}' is not a valid legend location.")
    return (name, *LEGEND_LOCATIONS[name])


def _set_legend_location(made: Any, value: Any) -> None:
    made.matfuse_location, loc, anchor = legend_location(value)
    made.set_loc(loc)
    made.set_bbox_to_anchor(anchor, transform=made.axes.transAxes if anchor is not None else None)


def _set_legend_strings(made: Any, value: Any) -> None:
    strings = text_list(value)
    for label, string in zip(made.get_texts(), strings):
        label.set_text(string)


LEGEND = COMMON + (
    Prop("String", lambda gs, o: _cell_row([CharArray.from_str(t.get_text()) for t in o.get_texts()]),
         _set_legend_strings),
    Prop("FontSize", lambda gs, o: float(o.get_texts()[0].get_fontsize()) if o.get_texts() else 8.0,
         lambda o, v: [t.set_fontsize(scalar(v, "FontSize")) for t in o.get_texts()]),
    Prop("Box", lambda gs, o: _on_off(o.get_frame_on()), lambda o, v: o.set_frame_on(_flag(v, "Box")), ON_OFF),
    Prop("Location", lambda gs, o: CharArray.from_str(getattr(o, "matfuse_location", "northeast")),
         _set_legend_location, tuple(LEGEND_LOCATIONS)),
)


def _figure_position(gs: GraphicsState, fig: FigureState) -> np.ndarray:
    width, height = fig.size or (gs.settings.width, gs.settings.height)
    return _row([1.0, 1.0, width, height])


def _set_figure_position(fig: FigureState, value: Any) -> None:
    pos = numbers(value, "Position").real.ravel()
    if pos.size != 4 or pos[2] < 16 or pos[3] < 16:
        raise MatlabError("MATLAB:figure:invalidPosition",
                          "Position must be [left bottom width height] with a size of at least 16.")
    fig.size = (int(pos[2]), int(pos[3]))


def _set_colormap(fig: FigureState, value: Any) -> None:
    fig.colormap = colormap_from_name(text(value).lower()) if is_text(value) else colormap_from_matrix(value)
    for axes in fig.axes.values():
        for artist in axes.mpl.get_children():
            if hasattr(artist, "set_cmap") and getattr(artist, "get_array", lambda: None)() is not None:
                artist.set_cmap(fig.colormap)


def _colormap(gs: GraphicsState, fig: FigureState) -> np.ndarray:
    from .graphics_args import colormap_matrix
    return colormap_matrix(fig.colormap or colormap_from_name("parula"))


# Properties of a figure's window, which a notebook figure has not: MATLAB's values (the first is the
# default) are kept and read back, and change nothing drawn (Units: pixels only, as Position is read);
# but a figure made invisible is not shown with the cell's output (figures.flush_figures).
WINDOW = {"MenuBar": ("figure", "none"), "ToolBar": ("auto", "figure", "none"), "NumberTitle": ("on", "off"),
          "Renderer": ("opengl", "painters"), "DoubleBuffer": ("on", "off"), "WindowStyle": ("normal", "modal", "docked"),
          "Resize": ("on", "off"), "InvertHardcopy": ("on", "off"),
          "Units": ("pixels",), "Visible": ("on", "off")}


def _window_prop(name: str) -> "Prop":
    choices = WINDOW[name]

    def setter(fig: Any, value: Any) -> None:
        fig.window[name] = _choice(value, name, choices)
    return Prop(name, lambda gs, f: CharArray.from_str(f.window.get(name, choices[0])), setter, choices)


# The printed page (print and saveas): PaperPosition [left bottom width height] on a PaperSize page, in
# PaperUnits. With PaperPositionMode 'auto' (the default) the figure prints at its size on screen, centred
# on the page; setting PaperPosition makes the mode 'manual' and print's size the position's width and height.
PAPER_UNITS = {"inches": 1.0, "centimeters": 2.54, "points": 72.0, "normalized": 0.0}


def _paper_scale(fig: FigureState) -> np.ndarray:
    """Units per inch of [left bottom width height] in the figure's PaperUnits."""
    per_inch = PAPER_UNITS[fig.paper_units]
    if per_inch:
        return np.full(4, per_inch)
    width, height = fig.paper_size
    return np.array([1 / width, 1 / height, 1 / width, 1 / height])


def paper_position(gs: GraphicsState, fig: FigureState) -> tuple[float, float, float, float]:
    """PaperPosition in inches: the one set, or the figure's size on screen centred on the page."""
    if fig.paper is not None:
        return fig.paper
    width, height = (size / CSS_DPI for size in (fig.size or (gs.settings.width, gs.settings.height)))
    return ((fig.paper_size[0] - width) / 2, (fig.paper_size[1] - height) / 2, width, height)


def _set_paper_position(fig: FigureState, value: Any) -> None:
    pos = numbers(value, "PaperPosition").real.ravel()
    if pos.size != 4 or not np.all(np.isfinite(pos)) or pos[2] <= 0 or pos[3] <= 0:
        raise MatlabError("MATLAB:hg:propswch:PropertyError",
                          "PaperPosition must be [left bottom width height] with a positive width and height.")
    fig.paper, fig.paper_manual = tuple(float(v) for v in pos / _paper_scale(fig)), True


def _set_paper_size(fig: FigureState, value: Any) -> None:
    size = numbers(value, "PaperSize").real.ravel()
    if size.size != 2 or not np.all(np.isfinite(size)) or np.any(size <= 0) or fig.paper_units == "normalized":
        raise MatlabError("MATLAB:hg:propswch:PropertyError",
                          "PaperSize must be [width height], positive, in PaperUnits other than 'normalized'.")
    fig.paper_size = tuple(float(v) for v in size / _paper_scale(fig)[2:])


def _set_paper_mode(fig: FigureState, value: Any) -> None:
    fig.paper_manual = _choice(value, "PaperPositionMode", ("auto", "manual")) == "manual"
    if not fig.paper_manual:
        fig.paper = None


PAPER = (
    Prop("PaperUnits", lambda gs, f: CharArray.from_str(f.paper_units),
         lambda f, v: setattr(f, "paper_units", _choice(v, "PaperUnits", tuple(PAPER_UNITS))), tuple(PAPER_UNITS)),
    Prop("PaperSize", lambda gs, f: _row(np.array(f.paper_size) * _paper_scale(f)[2:]), _set_paper_size),
    Prop("PaperPosition", lambda gs, f: _row(np.array(paper_position(gs, f)) * _paper_scale(f)),
         _set_paper_position),
    Prop("PaperPositionMode", lambda gs, f: CharArray.from_str("manual" if f.paper_manual else "auto"),
         _set_paper_mode, ("auto", "manual")),
)


FIGURE = tuple(_window_prop(name) for name in WINDOW) + PAPER + (
    Prop("Type", lambda gs, f: CharArray.from_str("figure")),
    Prop("Number", lambda gs, f: float(f.number)),
    Prop("Name", lambda gs, f: CharArray.from_str(f.name), lambda f, v: setattr(f, "name", text(v, "Name"))),
    Prop("Position", _figure_position, _set_figure_position),
    Prop("Color", lambda gs, f: _rgb(f.mpl.get_facecolor()), lambda f, v: f.mpl.set_facecolor(color(v))),
    Prop("Children", lambda gs, f: _children(gs, list(f.axes.values()))),
    Prop("CurrentAxes", lambda gs, f: f.current_axes.handle if f.current_axes else np.zeros((0, 0))),
    Prop("Colormap", _colormap, _set_colormap),
    Prop("Parent", lambda gs, f: 0.0),
)

def _set_shape_color(shape: Any, value: Any) -> None:
    """Color of an annotation: the whole arrow, or a shape's outline."""
    colour = color(value)
    shape.set_color(colour) if hasattr(shape, "get_arrowstyle") else shape.set_edgecolor(colour)


ANNOTATION = FILLED + (
    Prop("Color", lambda gs, o: _edge(o), _set_shape_color),
    Prop("LineStyle", lambda gs, o: _matlab_linestyle(o.get_linestyle()),
         lambda o, v: o.set_linestyle(_linestyle(v)), LINE_STYLE_VALUES),
)
ANNOTATION_TYPES = {"lineshape": LINE, "arrowshape": ANNOTATION, "doubleendarrowshape": ANNOTATION,
                    "textarrowshape": ANNOTATION, "rectangleshape": ANNOTATION, "ellipseshape": ANNOTATION,
                    "textboxshape": TEXT}

def _tile_setter(name: str) -> Callable[[Any, Any], None]:
    def set_(tiles: Any, value: Any) -> None:
        setattr(tiles, "spacing" if name == "TileSpacing" else "padding", tile_option(value, name))
        apply_tile_spacing(tiles)
    return set_


TABLES: dict[str, tuple[Prop, ...]] = {
    "figure": FIGURE, "axes": AXES, "line": LINE, "text": TEXT, "scatter": SCATTER, "bar": BAR,
    "histogram": HISTOGRAM, "categoricalhistogram": CATEGORICAL_HISTOGRAM, "image": IMAGE, "surface": SURFACE, "patch": PATCH, "area": FILLED,
    "contour": COMMON, "errorbar": LINE_LIKE, "stem": LINE_LIKE, "colorbar": COMMON,
    "legend": LEGEND, "stair": LINE, "numericruler": RULER, "baseline": BASELINE, **ANNOTATION_TYPES,
    "quiver": COMMON + (Prop("Color", lambda gs, o: _rgb(o.get_facecolor()), lambda o, v: o.set_color(color(v))),
                        Prop("LineWidth", lambda gs, o: float(o.get_linewidths()[0]) if len(o.get_linewidths())
                             else 0.5, lambda o, v: o.set_linewidth(scalar(v, "LineWidth"))),
                        Prop("DisplayName", lambda gs, o: _label(o), _set_label)),
    "tiledlayout": (Prop("Type", lambda gs, t: CharArray.from_str("tiledlayout")),
                    Prop("GridSize", lambda gs, t: _row([t.rows, t.cols])),
                    Prop("TileSpacing", lambda gs, t: CharArray.from_str(t.spacing), _tile_setter("TileSpacing"),
                         tuple(TILE_SPACING)),
                    Prop("Padding", lambda gs, t: CharArray.from_str(t.padding), _tile_setter("Padding"),
                         tuple(TILE_PADDING))),
}


ROOT = (
    Prop("Type", lambda gs, r: CharArray.from_str("root")),
    Prop("CurrentFigure", lambda gs, r: float(gs.current) if gs.current in gs.figures else np.zeros((0, 0))),
    Prop("Children", lambda gs, r: np.array(sorted(gs.figures, reverse=True), dtype=np.float64).reshape(-1, 1)),
    Prop("ScreenSize", lambda gs, r: np.array([[1.0, 1.0, 1920.0, 1080.0]])),   # no screen: a 1920x1080 one
    Prop("Units", lambda gs, r: CharArray.from_str("pixels")),
)
TABLES["root"] = ROOT
LABEL_FONT = ("FontSize", "FontName", "FontWeight")   # a title's or label's font is its axes' in MATLAB


def _default_prop(owner: Any, name: str) -> Prop:
    """The property 'Default<Type><Property>' of the root or a figure: the value objects of that type
    created later start with (get reads it, set stores it; the value 'remove' or 'factory' drops it)."""
    rest = name[len("default"):].lower()
    target = next(((kind, prop) for kind in sorted(TABLES, key=len, reverse=True) if rest.startswith(kind)
                   for prop in TABLES[kind] if prop.set is not None and prop.name.lower() == rest[len(kind):]),
                  None)
    if target is None:
        raise MatlabError("MATLAB:class:InvalidProperty",
                          f"Unrecognized property {name} for class {CLASS_NAMES[type_of(owner)]}.")
    key = (target[0], target[1].name)
    title = f"Default{CLASS_NAMES[key[0]]}{key[1]}"

    def get(gs: GraphicsState, obj: Any) -> Any:
        if key not in obj.defaults:
            raise MatlabError("matfuse:graphics:noDefault", f"{title} has no value set (factory values "
                              "are not kept here).")
        return obj.defaults[key]

    def set_(obj: Any, value: Any) -> None:
        if is_text(value) and text(value).lower() in ("remove", "factory"):
            obj.defaults.pop(key, None)
        else:
            obj.defaults[key] = value
    return Prop(title, get, set_)


def apply_defaults(gs: GraphicsState, obj: Any, label: bool = False) -> None:
    """Give a new object the default values of its type set on its figure or the root (the figure's
    first), except for the properties named in the graphics call that creates it. A title or label
    (``label``) keeps its axes' font."""
    try:
        kind = type_of(obj)
    except MatlabError:              # an object MATLAB has no type for here (a part of a chart) takes none
        return
    fig = None if isinstance(obj, FigureState) else figure_of(gs, obj)
    chosen = {**gs.root.defaults, **(fig.defaults if fig is not None else {})}
    for (of, name), value in chosen.items():
        if of == kind and name.lower() not in gs.explicit and not (label and name in LABEL_FONT):
            set_property(gs, obj, name, value)


def find_prop(obj: Any, name: str) -> Prop:
    kind = type_of(obj)
    if kind in ("root", "figure") and name.lower().startswith("default"):
        return _default_prop(obj, name)
    prop = next((p for p in TABLES[kind] if p.name.lower() == name.lower()), None)
    if prop is None:
        raise MatlabError("MATLAB:class:InvalidProperty",
                          f"Unrecognized property {name} for class {CLASS_NAMES[kind]}.")
    return prop


def get_property(gs: GraphicsState, obj: Any, name: str) -> Any:
    return find_prop(obj, name).get(gs, obj)


def set_property(gs: GraphicsState, obj: Any, name: str, value: Any) -> None:
    """Set one property and mark the object's figure for drawing again."""
    prop = find_prop(obj, name)
    if prop.set is None:
        raise MatlabError("MATLAB:class:SetProhibited", f"Unable to set the '{prop.name}' property of class "
                          f"'{CLASS_NAMES[type_of(obj)]}' because it is read-only.")
    prop.set(obj, value)
    fig = figure_of(gs, obj)
    if fig is not None:
        fig.dirty = True


def all_properties(gs: GraphicsState, obj: Any) -> dict[str, Any]:
    return {p.name: p.get(gs, obj) for p in TABLES[type_of(obj)]}
