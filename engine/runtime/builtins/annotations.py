"""annotation: lines, arrows, text arrows, text boxes, rectangles and ellipses placed on the figure in
normalized figure units (0 to 1 from the bottom left corner), not in the data of an axes."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import MatlabError, not_enough_inputs
from ..figures import graphics_state
from ..graphics_args import is_numeric, is_text, name_values, numbers, text
from ..graphics_axes import current_figure, graphics
from ..graphics_props import set_property, show_text

LINE_TYPES = {"line": "-", "arrow": "-|>", "doublearrow": "<|-|>", "textarrow": "-|>"}
BOX_TYPES = ("rectangle", "ellipse", "textbox")
TYPE_NAMES = {"line": "lineshape", "arrow": "arrowshape", "doublearrow": "doubleendarrowshape",
              "textarrow": "textarrowshape", "rectangle": "rectangleshape", "ellipse": "ellipseshape",
              "textbox": "textboxshape"}   # MATLAB's Type of each


@graphics("annotation")
def annotation(ctx, *args, nargout=0):
    """annotation(lineType, x, y) | annotation(shapeType, dim) | annotation(..., Name, Value)  a line or
    shape on the figure, in normalized figure units.

    lineType is 'line', 'arrow', 'doublearrow' or 'textarrow' from (x(1), y(1)) to (x(2), y(2));
    shapeType is 'rectangle', 'ellipse' or 'textbox' in dim = [left bottom width height]. Name-value
    pairs: String (textarrow, textbox), and the properties of the object (Color, LineWidth, LineStyle,
    FontSize, FaceColor, EdgeColor...).

        plot(1:10); annotation('textarrow', [0.3 0.5], [0.6 0.5], 'String', 'slope 1')
    """
    if not args or not is_text(args[0]):
        raise not_enough_inputs() if not args else MatlabError(
            "MATLAB:annotation:InvalidType", "The first argument must be the annotation type.")
    kind = text(args[0]).lower()
    if kind not in (*LINE_TYPES, *BOX_TYPES):
        raise MatlabError("MATLAB:annotation:InvalidType", f"Unknown annotation type '{kind}'.")
    count = 2 if kind in LINE_TYPES else 1
    place = [numbers(a, "position").real.ravel() for a in args[1:1 + count] if is_numeric(a)]
    if len(place) != count or any(p.size != (2 if count == 2 else 4) for p in place):
        raise MatlabError("MATLAB:annotation:InvalidPosition",
                          f"annotation('{kind}') takes " + ("x and y as 2-element vectors." if count == 2
                                                            else "[left bottom width height]."))
    opts = name_values(list(args[1 + count:]), "annotation")
    string = opts.pop("String")
    gs = graphics_state(ctx.state)
    fig = current_figure(gs)
    objects = _draw(fig.mpl, kind, place, "\n".join(_lines(string)))
    objects[0].matfuse_type = TYPE_NAMES[kind]
    for name in opts.order:
        if name.lower() in opts.values:
            set_property(gs, objects[0], name, opts.values[name.lower()])
    fig.dirty = True
    return gs.new_handle(objects[0]) if nargout else None


def _lines(string: Any) -> list[str]:
    from ..graphics_args import text_list
    return [] if string is None else text_list(string)


def _draw(mpl: Any, kind: str, place: list[np.ndarray], string: str) -> list[Any]:
    from matplotlib.patches import Ellipse, FancyArrowPatch, Rectangle
    transform = mpl.transFigure
    if kind in LINE_TYPES:
        (x0, x1), (y0, y1) = place
        if kind == "line":
            from matplotlib.lines import Line2D
            shape: Any = Line2D([x0, x1], [y0, y1], transform=transform, color="k", linewidth=0.5)
        else:
            shape = FancyArrowPatch((x0, y0), (x1, y1), transform=transform, arrowstyle=LINE_TYPES[kind],
                                    mutation_scale=10, color="k", linewidth=0.5)
        mpl.add_artist(shape)
        if kind == "textarrow" and string:
            label = mpl.text(x0, y0, string, transform=transform, ha="right" if x1 >= x0 else "left",
                             va="center", fontsize=9.0)
            show_text(label, string)
        return [shape]
    left, bottom, width, height = place[0]
    if kind == "textbox":
        label = mpl.text(left, bottom + height, string, transform=transform, va="top", ha="left",
                         fontsize=9.0, bbox={"boxstyle": "square,pad=0.3", "facecolor": "none",
                                             "edgecolor": "k", "linewidth": 0.5})
        show_text(label, string)
        return [label]
    shape = (Rectangle((left, bottom), width, height) if kind == "rectangle" else
             Ellipse((left + width / 2, bottom + height / 2), width, height))
    shape.set(transform=transform, facecolor="none", edgecolor="k", linewidth=0.5)
    mpl.add_artist(shape)
    return [shape]
