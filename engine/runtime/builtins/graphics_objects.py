"""Graphics objects by handle: set, get, findobj, isgraphics, ishandle, and delete of graphics objects (delete
itself, for files and pools, is in parallel.py; graphics handles are added to it here), and the dot
syntax on handles (``h.Color = 'r'``, ``x = h.XData``, ``ax.XLim(2) = 5``), which the VM's field reads and
assignments route here when the value is a double array of valid handles.

Handles are doubles (figure numbers for figures, counter values for axes and plotted objects); the
property tables are in runtime/graphics_props.py.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import MatlabError, not_enough_inputs
from ..figures import GraphicsState, graphics_state
from ..graphics_args import is_numeric, is_text, numbers, text, text_list
from ..graphics_axes import graphics, remove_axes
from ..display import disp_to
from ..graphics_props import (CLASS_NAMES, TABLES, all_properties, figure_of, find_prop, get_property, handle_of,
                              resolve, set_property, type_of)
from ..indexing import assign
from ..values import CellArray, CharArray, StructArray, class_of
from . import parallel  # noqa: F401  (registers delete, extended below)
from .registry import BUILTINS, call_builtin, replace_impl


def _objects(gs: GraphicsState, value: Any, function: str) -> list[Any]:
    if not is_numeric(value):
        raise MatlabError(f"MATLAB:{function}:InvalidHandle",
                          f"The first argument of {function} must be graphics handles.")
    return [resolve(gs, float(h)) for h in numbers(value, "handle").real.ravel(order="F")]


@graphics("set")
def set_(ctx, h, *args, nargout=0):
    """set(h, Name, Value, ...) | set(h, s) | set(h, names, values) | s = set(h) | v = set(h, Name)  change
    properties of graphics objects, or list the values they can be set to.

    h is one handle or an array of handles (each object gets the values). s is a struct whose fields are
    property names; names and values may be cell arrays (one row of values). Common properties: Color,
    LineWidth, LineStyle, Marker, MarkerSize, MarkerFaceColor, XData, YData, DisplayName, Visible (lines);
    String, FontSize, Position (text); XLim, YLim, XTick, XTickLabel, XScale, XGrid, XDir, NextPlot
    (axes); Name, Position, Colormap (figures); FaceColor, EdgeColor, FaceAlpha (bars, patches, areas).
    set(h) of one object gives a struct of its settable properties, each holding the values it takes
    (a cell column, as {'on'; 'off'}) or {} where it takes any value of its kind; set(h, Name) gives one
    property's cell. Without an output they are displayed.

        p = plot(1:10); set(p, 'Color', 'r', 'LineWidth', 2)
        s = set(gca); s.XScale        % {'linear'; 'log'}
    """
    gs = graphics_state(ctx.state)
    objects = _objects(gs, h, "set")
    if not args or len(args) == 1 and is_text(args[0]):
        listing = _settable(gs, objects, text(args[0], "property name") if args else None)
        if nargout:
            return listing
        disp_to(ctx.write, listing, ctx.state.format, ctx.state.output_limit)
        return None
    pairs = _name_value_pairs(args)
    for obj in objects:
        for name, value in pairs:
            set_property(gs, obj, name, value)


def _settable(gs: GraphicsState, objects: list[Any], name: str | None) -> Any:
    """set(h)'s struct of settable properties and their values, or set(h, Name)'s cell of one property."""
    if len(objects) != 1:
        raise MatlabError("MATLAB:hg:set:NeedOneHandle", "set without values takes one handle.")

    def values(prop: Any) -> CellArray:
        return _cell([[CharArray.from_str(c)] for c in prop.choices]) if prop.choices else CellArray.empty()
    if name is not None:
        prop = find_prop(objects[0], name)
        if prop.set is None:
            raise MatlabError("MATLAB:class:SetProhibited", f"Unable to set the '{prop.name}' property of class "
                              f"'{CLASS_NAMES[type_of(objects[0])]}' because it is read-only.")
        return values(prop)
    return StructArray.scalar({p.name: values(p) for p in TABLES[type_of(objects[0])] if p.set is not None})


def _name_value_pairs(args: tuple) -> list[tuple[str, Any]]:
    if len(args) == 1 and type(args[0]) is StructArray and args[0].data.size == 1:
        return list(args[0].data.flat[0].items())
    if len(args) == 2 and type(args[0]) is CellArray:
        names = text_list(args[0])
        values = list(args[1].data.ravel(order="F")) if type(args[1]) is CellArray else []
        if len(values) != len(names):
            raise MatlabError("MATLAB:hg:set:ValueCellSize", "Value cell array must match the names.")
        return list(zip(names, values))
    if not args:
        raise not_enough_inputs()
    if len(args) % 2 or not all(is_text(name) for name in args[::2]):
        raise MatlabError("MATLAB:class:BadParamValuePairs", "Invalid parameter/value pair arguments.")
    return [(text(name), value) for name, value in zip(args[::2], args[1::2])]


@graphics("get")
def get(ctx, h, *names):
    """v = get(h, Name) | c = get(h, names) | s = get(h)  property values of graphics objects.

    For one handle and one name, the value; for an array of handles, a cell column of values; for a
    cell array of names, a cell array (one row per handle). Without a name, a struct of all properties.

        p = plot(1:10); w = get(p, 'LineWidth'); lim = get(gca, 'XLim')
    """
    gs = graphics_state(ctx.state)
    objects = _objects(gs, h, "get")
    if len(names) > 1:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    if not names:
        if len(objects) != 1:
            raise MatlabError("MATLAB:get:NeedOneHandle", "get without a property name takes one handle.")
        return StructArray.scalar(all_properties(gs, objects[0]))
    if type(names[0]) is CellArray:
        return _cell([[get_property(gs, o, n) for n in text_list(names[0])] for o in objects])
    name = text(names[0], "property name")
    values = [get_property(gs, o, name) for o in objects]
    return values[0] if len(values) == 1 else _cell([[v] for v in values])


@graphics("findobj")
def findobj(ctx, *args):
    """h = findobj | findobj(objs) | findobj(Name, Value, ...) | findobj(objs, Name, Value, ...)  the
    handles of graphics objects whose properties have the given values.

    The search covers objs and everything below them (figures, their axes, the objects plotted in those),
    or every figure without objs. Text values match without regard to case, others by equality. Options
    such as '-property', '-regexp', '-depth', '-and', '-or' and '-not' are not supported. Returns a column.

        p = pie([1 2 3]); t = findobj(p, 'Type', 'text')
    """
    gs = graphics_state(ctx.state)
    if args and is_numeric(args[0]):
        roots, args = [resolve(gs, float(h)) for h in numbers(args[0], "objs").real.ravel()], args[1:]
    else:
        roots = list(gs.figures.values())
    if len(args) % 2 or not all(is_text(a) for a in args[::2]):
        raise MatlabError("MATLAB:findobj:InvalidArguments", "findobj takes objects, then name-value pairs.")
    if any(text(a).startswith("-") for a in args[::2]):
        raise MatlabError("matfuse:findobj:unsupportedOption",
                          f"findobj option {next(text(a) for a in args[::2] if text(a).startswith('-'))} "
                          "is not supported.")
    wanted = [(text(name), value) for name, value in zip(args[::2], args[1::2])]
    found = [handle_of(gs, obj) for obj in _descendants(gs, roots) if _matches(gs, obj, wanted)]
    return np.array(found, dtype=np.float64).reshape(-1, 1)


def _descendants(gs: GraphicsState, roots: list[Any]) -> list[Any]:
    """The objects and, depth first, their children (each once)."""
    seen: list[Any] = []
    stack = list(reversed(roots))
    while stack:
        obj = stack.pop()
        if any(obj is s for s in seen):
            continue
        seen.append(obj)
        if type_of(obj) in ("figure", "axes"):
            children = numbers(get_property(gs, obj, "Children"), "Children").real.ravel()
            stack.extend(resolve(gs, float(h)) for h in reversed(children))
    return seen


def _matches(gs: GraphicsState, obj: Any, wanted: list[tuple[str, Any]]) -> bool:
    for name, value in wanted:
        try:
            have = get_property(gs, obj, name)
        except MatlabError:                  # an object without that property does not match
            return False
        if is_text(value) and is_text(have):
            if text(have).lower() != text(value).lower():
                return False
        elif is_text(value) or is_text(have) or not np.array_equal(np.asarray(numbers(have, name)),
                                                                   np.asarray(numbers(value, name))):
            return False
    return True


def dot_objects(state: Any, value: Any) -> list[Any] | None:
    """The graphics objects a double array of handles names, for ``h.Name`` and ``h.Name = v`` (which
    work as get and set); None when ``value`` names none (the dot is then an error, as for a number)."""
    gs = state.extras.get("graphics")
    if gs is None or class_of(value) != "double" or np.iscomplexobj(value) or np.size(value) == 0:
        return None
    try:
        return [resolve(gs, float(h)) for h in np.ravel(value, order="F")]
    except MatlabError:
        return None


def dot_get(state: Any, objects: list[Any], name: str) -> list[Any]:
    """``h.Name``: the property of each object (a comma list, as for an array of objects)."""
    gs = graphics_state(state)
    return [get_property(gs, obj, name) for obj in objects]


def dot_set(state: Any, objects: list[Any], path: list, value: Any) -> None:
    """``h.Name = v`` and ``h.Name(i) = v`` (path: the name step, then any subscripts into the property);
    ``h.Title.String = v`` sets the property of the object that ``h.Title`` names, as handles do."""
    gs = graphics_state(state)
    name = path[0][1]
    for obj in objects:
        if len(path) > 1 and path[1][0] == ".":
            inner = dot_objects(state, get_property(gs, obj, name))
            if inner is not None:
                dot_set(state, inner, path[1:], value)
                continue
        new = value if len(path) == 1 else assign(get_property(gs, obj, name), path[1:], value, False)
        set_property(gs, obj, name, new)


def _cell(rows: list[list[Any]]) -> CellArray:
    data = np.empty((len(rows), len(rows[0]) if rows else 0), dtype=object)
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            data[i, j] = value
    return CellArray(data)


def _valid(gs: GraphicsState, h: float, kind: str | None) -> bool:
    try:
        obj = resolve(gs, h)
    except MatlabError:
        return False
    return kind is None or type_of(obj) == kind


@graphics("isgraphics")
def isgraphics(ctx, h, *kind):
    """tf = isgraphics(h) | isgraphics(h, type)  true where h is the handle of a graphics object (of type).

        p = plot(1:3); isgraphics(p, 'line')
    """
    gs = graphics_state(ctx.state)
    wanted = text(kind[0], "type").lower() if kind else None
    if not is_numeric(h):
        return np.zeros((1, 1), dtype=bool)
    values = numbers(h, "handle").real
    return np.vectorize(lambda v: _valid(gs, float(v), wanted), otypes=[bool])(values).reshape(values.shape)


@graphics("ishandle")
def ishandle(ctx, h):
    """tf = ishandle(h)  true where h is the handle of a graphics object.

        f = figure; ishandle(f)
    """
    return isgraphics(ctx, h)


def _delete_with_handles(ctx, *args, nargout=0):
    """delete(h): graphics handles are deleted here, everything else by the delete it wraps."""
    gs = graphics_state(ctx.state)
    rest = []
    for arg in args:
        if is_numeric(arg) and numbers(arg).size and all(_valid(gs, float(h), None)
                                                        for h in numbers(arg).real.ravel()):
            for h in numbers(arg).real.ravel():
                _delete_object(gs, float(h))
        else:
            rest.append(arg)
    return call_builtin(_FILES_AND_POOLS, ctx, rest, nargout) if rest else None


def _delete_object(gs: GraphicsState, handle: float) -> None:
    if handle not in gs.handles and not _valid(gs, handle, None):
        return                                      # deleted already (a repeated handle)
    obj = resolve(gs, handle)
    fig = figure_of(gs, obj)
    kind = type_of(obj)
    if kind == "figure":
        del gs.figures[obj.number]
        gs.current = gs.current if gs.current in gs.figures else (max(gs.figures) if gs.figures else None)
        return
    if kind == "axes":
        remove_axes(fig, next(k for k, a in fig.axes.items() if a is obj))
    elif kind == "tiledlayout":
        raise MatlabError("MATLAB:delete:TiledLayout", "Delete the figure or its axes instead of the layout.")
    else:
        obj.remove()
        for axes in fig.axes.values() if fig else ():
            if obj in axes.series:
                axes.series.remove(obj)
    gs.handles.pop(handle, None)
    if fig is not None:
        fig.dirty = True


_FILES_AND_POOLS = BUILTINS["delete"]
replace_impl("delete", _delete_with_handles,
             "delete(h) deletes graphics objects: figures, axes, lines, text and other plotted objects.")
