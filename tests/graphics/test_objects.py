"""set, get and findobj on graphics handles: lines, text, axes and figures, several handles at once, errors."""
import numpy as np
import pytest
from matplotlib.colors import to_rgb

from engine.runtime.errors import MatlabError
from engine.runtime.figures import graphics_state
from engine.runtime.values import CellArray, CharArray, StructArray
from graphics_helpers import axes_of


def test_set_and_get_line_properties(ctx, call):
    (h,) = call("plot", [1.0, 2.0, 3.0], [2.0, 4.0, 1.0], "o-", nargout=1)
    call("set", h, "Color", "r", "LineWidth", 2.0, "LineStyle", "--", "MarkerSize", 9.0)
    line = axes_of(ctx).get_lines()[0]
    assert (to_rgb(line.get_color()), line.get_linewidth(), line.get_linestyle(), line.get_markersize()) == \
        ((1.0, 0.0, 0.0), 2.0, "--", 9.0)
    assert call("get", h, "Color", nargout=1)[0].tolist() == [[1.0, 0.0, 0.0]]
    assert call("get", h, "linewidth", nargout=1) == (2.0,)             # names are case-insensitive
    assert call("get", h, "Marker", nargout=1)[0].to_str() == "o"
    assert call("get", h, "MarkerFaceColor", nargout=1)[0].to_str() == "none"
    call("set", h, "MarkerFaceColor", [0.0, 1.0, 0.0], "YData", [3.0, 3.0, 3.0], "DisplayName", "flat")
    assert line.get_fillstyle() == "full" and line.get_ydata().tolist() == [3.0, 3.0, 3.0]
    assert call("get", h, "YData", nargout=1)[0].tolist() == [[3.0, 3.0, 3.0]]
    assert call("get", h, "DisplayName", nargout=1)[0].to_str() == "flat"
    call("set", h, "Visible", "off")
    assert not line.get_visible() and call("get", h, "Visible", nargout=1)[0].to_str() == "off"


def test_set_marks_the_figure_for_drawing_again(ctx, call):
    from engine.runtime.figures import flush_figures
    (h,) = call("plot", [1.0, 2.0], nargout=1)
    flush_figures(ctx.state)
    call("set", h, "Color", "k")
    assert [f.number for f in flush_figures(ctx.state)] == [1]


def test_several_handles_give_a_cell_column_and_each_gets_the_values(ctx, call):
    (h,) = call("plot", np.arange(6.0).reshape(3, 2), nargout=1)
    call("set", h, "LineWidth", 3.0)
    (widths,) = call("get", h, "LineWidth", nargout=1)
    assert type(widths) is CellArray and widths.shape == (2, 1) and list(widths.data.ravel()) == [3.0, 3.0]
    names = np.empty((1, 2), dtype=object)
    names[0, 0], names[0, 1] = CharArray.from_str("Type"), CharArray.from_str("LineStyle")
    (table,) = call("get", h, CellArray(names), nargout=1)
    assert table.shape == (2, 2) and table.data[1, 0].to_str() == "line" and table.data[1, 1].to_str() == "-"


def test_axes_and_title_handles(ctx, call):
    call("plot", [1.0, 2.0, 3.0])
    (ax,) = call("gca", nargout=1)
    call("set", ax, "XLim", [0.0, 4.0], "YDir", "reverse", "XGrid", "on", "XTick", [0.0, 2.0, 4.0])
    mpl = axes_of(ctx)
    assert mpl.get_xlim() == (0.0, 4.0) and mpl.yaxis_inverted() and mpl.get_xticks().tolist() == [0, 2, 4]
    assert call("get", ax, "XGrid", nargout=1)[0].to_str() == "on"
    (title,) = call("get", ax, "Title", nargout=1)
    call("set", title, "String", "hello", "FontSize", 14.0)
    assert (mpl.get_title(), mpl.title.get_fontsize()) == ("hello", 14.0)
    assert call("get", ax, "Title", nargout=1) == (title,)              # the same text object again
    assert call("get", title, "Type", nargout=1)[0].to_str() == "text"
    (children,) = call("get", ax, "Children", nargout=1)
    assert children.shape == (1, 1) and call("get", children, "Type", nargout=1)[0].to_str() == "line"
    assert call("get", children, "Parent", nargout=1) == (ax,)
    call("set", ax, "NextPlot", "add")
    call("plot", [3.0, 2.0])
    assert len(mpl.get_lines()) == 2                                    # like hold on


def test_figure_properties(ctx, call):
    (f,) = call("figure", nargout=1)
    call("set", f, "Name", "results", "Position", [0.0, 0.0, 400.0, 300.0])
    fig = graphics_state(ctx.state).figures[1]
    assert (fig.name, fig.size) == ("results", (400, 300))
    assert call("get", f, "Position", nargout=1)[0].tolist() == [[1.0, 1.0, 400.0, 300.0]]
    assert call("get", f, "Number", nargout=1) == (1.0,)
    (props,) = call("get", f, nargout=1)
    assert type(props) is StructArray and props.data[0, 0]["Name"].to_str() == "results"


def test_set_with_a_struct_and_with_cells(ctx, call):
    (h,) = call("plot", [1.0, 2.0], nargout=1)
    call("set", h, StructArray.scalar({"LineWidth": 4.0, "Marker": CharArray.from_str("square")}))
    line = axes_of(ctx).get_lines()[0]
    assert (line.get_linewidth(), line.get_marker()) == (4.0, "s")
    names, values = np.empty((1, 1), dtype=object), np.empty((1, 1), dtype=object)
    names[0, 0], values[0, 0] = CharArray.from_str("LineWidth"), 1.5
    call("set", h, CellArray(names), CellArray(values))
    assert line.get_linewidth() == 1.5


def test_isgraphics_and_ishandle(ctx, call):
    (h,) = call("plot", [1.0, 2.0], nargout=1)
    (ax,) = call("gca", nargout=1)
    handles = np.array([[float(h[0, 0]), ax, 1.0, 777.0]])
    assert call("isgraphics", handles, nargout=1)[0].tolist() == [[True, True, True, False]]
    assert call("isgraphics", handles, "line", nargout=1)[0].tolist() == [[True, False, False, False]]
    assert call("ishandle", 1.0, nargout=1)[0].tolist() == [[True]]


@pytest.mark.parametrize("args, ident", [
    ((777.0, "Color", "r"), "MATLAB:class:InvalidHandle"),
    (("HANDLE", "Bogus", 1.0), "MATLAB:class:InvalidProperty"),
    (("HANDLE", "Type", "text"), "MATLAB:class:SetProhibited"),
    (("HANDLE", "LineStyle", "~"), "MATLAB:hg:propswch:PropertyError"),
    (("HANDLE", "Color", "r", "LineWidth"), "MATLAB:class:BadParamValuePairs"),   # set(h, 'Color') lists values
    (("HANDLE", "Visible", "maybe"), "MATLAB:datatypes:onoffboolean:IncorrectValue"),
    (("x", "Color", "r"), "MATLAB:set:InvalidHandle")])
def test_set_errors(ctx, call, args, ident):
    (h,) = call("plot", [1.0, 2.0], nargout=1)
    args = tuple(h if a == "HANDLE" else a for a in args)
    with pytest.raises(MatlabError) as err:
        call("set", *args)
    assert err.value.identifier == ident


def test_get_of_an_unknown_property_names_the_class(ctx, call):
    (ax,) = call("gca", nargout=1)
    with pytest.raises(MatlabError) as err:
        call("get", ax, "Bogus")
    assert (err.value.identifier, err.value.message) == \
        ("MATLAB:class:InvalidProperty", "Unrecognized property Bogus for class Axes.")


def test_histogram_and_bar_properties(ctx, call):
    (h,) = call("histogram", [1.0, 2.0, 2.0, 3.0], [0.5, 1.5, 2.5, 3.5], nargout=1)
    assert call("get", h, "Type", nargout=1)[0].to_str() == "histogram"
    assert call("get", h, "BinEdges", nargout=1)[0].tolist() == [[0.5, 1.5, 2.5, 3.5]]
    assert call("get", h, "Values", nargout=1)[0].tolist() == [[1.0, 2.0, 1.0]]
    call("set", h, "FaceColor", "g", "FaceAlpha", 0.25)
    patch = axes_of(ctx).patches[0]
    assert to_rgb(patch.get_facecolor()) == (0.0, 1.0, 0.0) and patch.get_alpha() == 0.25
    (b,) = call("bar", [10.0, 20.0], [3.0, 4.0], nargout=1)
    assert call("get", b, "XData", nargout=1)[0].tolist() == [[10.0, 20.0]]
    call("set", b, "YData", [5.0, 6.0])
    assert [p.get_height() for p in axes_of(ctx).patches] == [5.0, 6.0]


def test_delete_removes_graphics_objects_and_still_deletes_files(ctx, call, tmp_path):
    (p,) = call("plot", [1.0, 2.0], nargout=1)
    call("hold", "on")
    (q,) = call("plot", [2.0, 1.0], nargout=1)
    call("delete", p)
    assert len(axes_of(ctx).get_lines()) == 1 and call("isgraphics", p, nargout=1)[0].tolist() == [[False]]
    (children,) = call("get", call("gca", nargout=1)[0], "Children", nargout=1)
    assert children.tolist() == q.tolist()
    (f,) = call("figure", nargout=1)
    call("delete", f)
    assert list(graphics_state(ctx.state).figures) == [1]
    path = tmp_path / "gone.txt"
    path.write_text("x")
    call("delete", str(path))                                   # files: the delete it wraps
    assert not path.exists()


def test_axes_makes_current_or_places_new_axes(ctx, call):
    (first,) = call("gca", nargout=1)
    (inset,) = call("axes", "Position", [0.6, 0.6, 0.3, 0.3], "XLim", [0.0, 5.0], nargout=1)
    fig = graphics_state(ctx.state).figures[1]
    assert fig.current_axes.mpl.get_position().bounds == pytest.approx((0.6, 0.6, 0.3, 0.3))
    assert fig.current_axes.mpl.get_xlim() == (0.0, 5.0)
    call("axes", first)
    assert call("gca", nargout=1) == (first,)
    call("plot", inset, [1.0, 2.0])
    call("surf", inset, np.eye(2))                              # made 3-D where it was
    assert fig.axes[next(k for k in fig.axes if k[0] == "axes")].mpl.name == "3d"
    with pytest.raises(MatlabError) as err:
        call("axes", 1.0)
    assert err.value.identifier == "MATLAB:axes:InvalidHandle"


def test_annotations_in_figure_units(ctx, call):
    call("plot", [1.0, 2.0])
    (a,) = call("annotation", "arrow", [0.2, 0.4], [0.5, 0.6], "Color", "r", nargout=1)
    fig = graphics_state(ctx.state).figures[1].mpl
    arrow = fig.artists[0]
    assert arrow.get_transform() is fig.transFigure or arrow.get_transform() == fig.transFigure
    assert to_rgb(arrow.get_edgecolor()) == (1.0, 0.0, 0.0)
    assert call("get", a, "Type", nargout=1)[0].to_str() == "arrowshape"
    call("annotation", "textbox", [0.1, 0.1, 0.3, 0.1], "String", "note", "FontSize", 12.0)
    (label,) = [t for t in fig.texts if t.get_text() == "note"]
    assert label.get_position() == (0.1, pytest.approx(0.2)) and label.get_fontsize() == 12.0
    call("annotation", "ellipse", [0.5, 0.5, 0.2, 0.1], "FaceColor", "g")
    ellipse = fig.artists[-1]
    assert ellipse.center == pytest.approx((0.6, 0.55)) and to_rgb(ellipse.get_facecolor()) == (0, 1, 0)
    for args, ident in ((("star", [0.0, 1.0], [0.0, 1.0]), "MATLAB:annotation:InvalidType"),
                        (("line", [0.0, 1.0]), "MATLAB:annotation:InvalidPosition")):
        with pytest.raises(MatlabError) as err:
            call("annotation", *args)
        assert err.value.identifier == ident


def test_text_box_properties(ctx, call):
    """A corpus program: text(x, y, s, 'FontWeight', 'Bold', 'BackgroundColor', [.8 .88 .97]) (and
    'LineWidth' of a text) were unrecognized properties; the box is drawn while a color is not 'none'."""
    call("plot", [1.0, 2.0, 3.0])
    (h,) = call("text", 1.0, 2.0, "hi", "BackgroundColor", [0.8, 0.88, 0.97], "LineWidth", 2.0, nargout=1)
    (label,) = axes_of(ctx).texts
    box = label.get_bbox_patch()
    assert to_rgb(box.get_facecolor()) == (0.8, 0.88, 0.97) and box.get_edgecolor()[3] == 0.0
    assert box.get_linewidth() == 2.0
    assert call("get", h, "BackgroundColor", nargout=1)[0].tolist() == [[0.8, 0.88, 0.97]]
    assert call("get", h, "EdgeColor", nargout=1)[0].to_str() == "none"
    assert call("get", h, "Margin", nargout=1) == (3.0,) and call("get", h, "LineWidth", nargout=1) == (2.0,)
    call("set", h, "EdgeColor", "k", "Margin", 6.0, "LineStyle", "--")
    box = label.get_bbox_patch()
    assert to_rgb(box.get_edgecolor()) == (0.0, 0.0, 0.0) and box.get_linestyle() == "--"
    assert call("get", h, "LineStyle", nargout=1)[0].to_str() == "--"
    call("set", h, "BackgroundColor", "none", "EdgeColor", "none")
    assert label.get_bbox_patch() is None
    with pytest.raises(MatlabError) as err:
        call("set", h, "Margin", -1.0)
    assert err.value.identifier == "MATLAB:hg:propswch:PropertyError"


def test_more_axes_and_text_properties(ctx, call):
    call("plot", [1.0, 2.0, 3.0])
    (ax,) = call("gca", nargout=1)
    call("set", ax, "LineWidth", 1.5, "TickDir", "out", "XTickLabelRotation", 30.0, "YMinorGrid", "on")
    mpl = axes_of(ctx)
    assert mpl.spines["left"].get_linewidth() == 1.5
    assert call("get", ax, "TickDir", nargout=1)[0].to_str() == "out"
    assert call("get", ax, "XTickLabelRotation", nargout=1) == (30.0,)
    assert call("get", ax, "YMinorGrid", nargout=1)[0].to_str() == "on"
    call("set", ax, "XTickLabel", CellArray(np.array([[CharArray.from_str("a"), CharArray.from_str("b")]],
                                                     dtype=object)))
    assert [t.get_text() for t in mpl.get_xticklabels()][:3] == ["a", "b", "a"]     # repeated, as MATLAB
    (t,) = call("text", 0.1, 0.9, "corner", "Units", "normalized", nargout=1)
    assert mpl.texts[0].get_transform() == mpl.transAxes
    assert call("get", t, "Units", nargout=1)[0].to_str() == "normalized"
    call("legend", "a_1", "Interpreter", "none")
    assert mpl.get_legend().get_texts()[0].get_text() == "a_1"


def test_findobj_searches_objects_and_their_children(ctx, call):
    """A corpus program takes the labels of a pie: findobj(p, 'Type', 'text'). Text values match in any
    case; without objects every figure is searched; options such as '-property' are not supported."""
    (p,) = call("pie", [1.0, 2.0, 3.0], nargout=1)
    (labels,) = call("findobj", p, "Type", "text", nargout=1)
    assert labels.shape == (3, 1) and set(labels.ravel()) == set(p.ravel()[1::2])
    call("figure")
    (red,) = call("plot", [1.0, 2.0], "r", nargout=1)
    call("hold", "on")
    call("plot", [2.0, 1.0], "b")
    assert call("findobj", "type", "LINE", nargout=1)[0].shape == (2, 1)
    assert call("findobj", call("gcf", nargout=1)[0], "Color", [1.0, 0.0, 0.0], nargout=1)[0].tolist() == \
        [[float(red[0, 0])]]
    assert call("findobj", "Type", "surface", nargout=1)[0].shape == (0, 1)
    with pytest.raises(MatlabError) as err:
        call("findobj", red, "-property", "Color")
    assert err.value.identifier == "matfuse:findobj:unsupportedOption"


def test_root_and_figure_defaults(ctx, call):
    """set(0, 'defaultTextInterpreter', 'latex') and figure('DefaultAxesFontSize', 16) (a corpus program
    stopped at the first, the root handle 0 being unknown): new objects start with the default values, a
    property named in the creating call wins, a figure's defaults come before the root's."""
    assert call("groot", nargout=1) == (0.0,)
    call("set", 0.0, "defaultTextInterpreter", "latex")
    call("set", 0.0, "DefaultLineLineWidth", 2.0, "DefaultAxesFontSize", 12.0)
    (h,) = call("plot", [1.0, 2.0], nargout=1)
    assert axes_of(ctx).get_lines()[0].get_linewidth() == 2.0
    assert call("get", call("gca", nargout=1)[0], "FontSize", nargout=1) == (12.0,)
    (h2,) = call("plot", [1.0, 2.0], "LineWidth", 3.0, nargout=1)                 # named: it wins
    assert call("get", h2, "LineWidth", nargout=1) == (3.0,)
    (t,) = call("title", "$x^2$", nargout=1)
    assert call("get", t, "Interpreter", nargout=1)[0].to_str() == "latex"
    (x,) = call("xlabel", "a_b", "Interpreter", "none", nargout=1)
    assert call("get", x, "Interpreter", nargout=1)[0].to_str() == "none"
    assert call("get", 0.0, "DefaultLineLineWidth", nargout=1) == (2.0,)
    (f,) = call("figure", "DefaultAxesFontSize", 16.0, nargout=1)
    call("plot", [1.0, 2.0])
    assert call("get", call("gca", nargout=1)[0], "FontSize", nargout=1) == (16.0,)     # the figure's first
    call("set", 0.0, "DefaultLineLineWidth", "remove")
    (h3,) = call("plot", [1.0, 2.0], nargout=1)
    assert call("get", h3, "LineWidth", nargout=1) == (0.5,)
    assert call("get", 0.0, "CurrentFigure", nargout=1) == (f,)
    assert call("get", 0.0, "Children", nargout=1)[0].tolist() == [[2.0], [1.0]]
    with pytest.raises(MatlabError) as err:
        call("get", 0.0, "DefaultLineLineWidth")
    assert err.value.identifier == "matfuse:graphics:noDefault"
    with pytest.raises(MatlabError) as err:
        call("set", 0.0, "DefaultLineBogus", 1.0)
    assert err.value.identifier == "MATLAB:class:InvalidProperty"


def test_root_default_keeps_a_labels_font(ctx, call):
    """DefaultTextFontSize sets text objects' size, not a title's or label's (those follow the axes' font,
    as MATLAB's do); the text interpreter reaches them."""
    call("set", 0.0, "DefaultTextFontSize", 20.0, "DefaultTextInterpreter", "none")
    (t,) = call("text", 0.5, 0.5, "a", nargout=1)
    assert call("get", t, "FontSize", nargout=1) == (20.0,)
    (lab,) = call("ylabel", "b", nargout=1)
    assert call("get", lab, "FontSize", nargout=1)[0] != 20.0
    assert call("get", lab, "Interpreter", nargout=1)[0].to_str() == "none"


def test_text_font_name(ctx, call):
    """title(order, 'FontName', 'Courier') (two corpus programs): MATLAB's usual fonts are drawn in their
    generic families; get gives the name as set (Helvetica by default)."""
    (t,) = call("title", "symamd", "FontName", "Courier", nargout=1)
    assert call("get", t, "FontName", nargout=1)[0].to_str() == "Courier"
    assert axes_of(ctx).title.get_fontfamily() == ["monospace"]
    (x,) = call("text", 0.5, 0.5, "a", nargout=1)
    assert call("get", x, "FontName", nargout=1)[0].to_str() == "Helvetica"
    call("set", x, "FontName", "Times")
    assert axes_of(ctx).texts[0].get_fontfamily() == ["serif"]


def test_set_without_values_lists_the_settable_properties(ctx, call):
    """s = set(h) (two DDNolte programs: dum = set(f1)) and v = set(h, Name): MATLAB's struct of settable
    properties, each a cell column of the values an enumerated one takes, {} otherwise."""
    (h,) = call("plot", [1.0, 2.0], nargout=1)
    (s,) = call("set", h, nargout=1)
    assert type(s) is StructArray and "LineStyle" in s.fields and "Type" not in s.fields    # read-only left out
    record = s.data.flat[0]
    assert [c.to_str() for c in record["LineStyle"].data.ravel()] == ["-", "--", ":", "-.", "none"]
    assert record["LineStyle"].data.shape == (5, 1) and record["Color"].data.shape == (0, 0)
    assert [c.to_str() for c in record["Visible"].data.ravel()] == ["on", "off"]
    (scale,) = call("set", call("gca", nargout=1)[0], "XScale", nargout=1)
    assert [c.to_str() for c in scale.data.ravel()] == ["linear", "log"]
    (fig,) = call("set", 1.0, nargout=1)
    assert [c.to_str() for c in fig.data.flat[0]["NumberTitle"].data.ravel()] == ["on", "off"]
    call("set", h, "Marker")                                 # without an output: displayed
    assert "pentagram" in "".join(ctx.output)
    with pytest.raises(MatlabError, match="read-only"):
        call("set", h, "Type", nargout=1)
    (two,) = call("plot", np.arange(4.0).reshape(2, 2), nargout=1)
    with pytest.raises(MatlabError, match="one handle"):
        call("set", two, nargout=1)
