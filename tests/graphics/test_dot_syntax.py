"""The dot syntax on graphics handles: ``h.Name`` reads a property as get does, ``h.Name = v`` and
``h.Name(i) = v`` set it as set does; the variable keeps its handles. MATLAB documents h.Prop as the
way to use graphics objects (R2014b and later); handles here are doubles, so the dot works on a double
array only while its values are valid handles (otherwise it is the usual error for a number)."""
import numpy as np
from matplotlib.colors import to_rgb

from engine import Session
from graphics_helpers import axes_of


def run(session: Session, code: str):
    result = session.execute(code)
    assert result.error is None, f"{result.error.identifier}: {result.error.message}"
    return session.workspace


class Ctx:
    def __init__(self, session: Session) -> None:
        self.state = session.state


def test_line_properties_by_dot():
    s = Session()
    ws = run(s, "h = plot(1:3, [4 5 6]); h.Color = 'r'; h.LineWidth = 2; x = h.XData; y2 = h.YData(2); "
                "w = get(h, 'LineWidth'); k = h;")
    line = axes_of(Ctx(s)).get_lines()[0]
    assert to_rgb(line.get_color()) == (1.0, 0.0, 0.0) and line.get_linewidth() == 2.0
    assert ws["x"].tolist() == [[1.0, 2.0, 3.0]] and ws["y2"] == 5.0 and ws["w"] == 2.0
    assert ws["k"] == ws["h"]                   # the variable still holds the handle


def test_axes_and_figure_by_dot():
    s = Session()
    ws = run(s, "plot(1:3); ax = gca; ax.XLim = [0 10]; ax.XLim(2) = 5; lim = get(gca, 'XLim'); "
                "f = gcf; p = f.Position; ax.XGrid = 'on'; g = ax.XGrid;")
    assert ws["lim"].tolist() == [[0.0, 5.0]] and axes_of(Ctx(s)).get_xlim() == (0.0, 5.0)
    assert np.asarray(ws["p"]).shape == (1, 4) and ws["g"].to_str() == "on"


def test_one_of_several_handles_by_dot():
    s = Session()
    ws = run(s, "hs = plot(1:3, [1 2 3; 4 5 6]); hs(2).LineWidth = 3; w2 = get(hs(2), 'LineWidth'); "
                "w1 = hs(1).LineWidth;")
    assert ws["w2"] == 3.0 and ws["w1"] == 0.5


def test_dot_on_numbers_that_are_no_handles_is_the_usual_error():
    s = Session()
    r = s.execute("x = 5; y = x.Color;")
    assert r.error.identifier == "MATLAB:structRefFromNonStruct"
    r = s.execute("plot(1:3); h = 12345; h.Color = 'r';")
    assert r.error is not None and r.error.identifier != "MATLAB:internal"


def test_unknown_property_by_dot():
    s = Session()
    r = s.execute("h = plot(1:3); v = h.NoSuchProperty;")
    assert r.error is not None and r.error.identifier != "MATLAB:internal" and "NoSuchProperty" in r.error.message


def test_nested_dot_sets_the_inner_object():
    """h.Title.String = v sets the String of the title h.Title names (handles, as in MATLAB)."""
    s = Session()
    ws = run(s, "plot(1:3); ax = gca; ax.Title.String = 'T'; ax.YLabel.FontSize = 14; t = get(ax.Title, 'String'); "
                "fs = ax.YLabel.FontSize;")
    assert ws["t"].to_str() == "T" and ws["fs"] == 14.0 and axes_of(Ctx(s)).get_title() == "T"


def test_rulers():
    """MATLAB's NumericRuler (ax.XAxis, two corpus programs write ax.XAxis.Visible = 'off'): Visible hides
    the axis line, ticks and labels; Limits, TickValues, Scale, Direction and Label are the axes'
    XLim, XTick, XScale, XDir and XLabel; Color colours ticks, labels and the axis line."""
    s = Session()
    ws = run(s, "plot(1:3); ax = gca; ax.XAxis.Visible = 'off'; r = ax.XAxis; v = r.Visible; t = r.Type; "
                "same = isequal(r.Parent, ax); ax.YAxis.Limits = [0 5]; yl = ylim; ax.XAxis.TickValues = [1 3]; "
                "xt = xticks; ax.YAxis.Color = 'r'; c = ax.YAxis.Color; ax.YAxis.Direction = 'reverse'; "
                "d = get(gca, 'YDir'); ax.YAxis.Label.String = 'y'; yls = ax.YLabel.String;")
    mpl = axes_of(Ctx(s))
    assert ws["v"].to_str() == "off" and ws["t"].to_str() == "numericruler" and ws["same"]
    assert not mpl.xaxis.get_visible() and not mpl.spines["bottom"].get_visible()
    assert ws["yl"].tolist() == [[0.0, 5.0]]
    assert ws["xt"].tolist() == [[1.0, 3.0]] and ws["c"].tolist() == [[1.0, 0.0, 0.0]]
    assert ws["d"].to_str() == "reverse" and ws["yls"].to_str() == "y"
    assert to_rgb(mpl.spines["left"].get_edgecolor()) == (1.0, 0.0, 0.0)
    r = s.execute("ax = gca; ax.XAxis.Limits = [3 1];")
    assert r.error.identifier == "MATLAB:hg:shaped:IncreasingLimits"
    r = s.execute("ax = gca; z = ax.ZAxis;")
    assert r.error.identifier == "matfuse:graphics:unsupported"


def test_axis_location_and_minor_ticks():
    """XAxisLocation 'bottom'/'top'/'origin', YAxisLocation 'left'/'right'/'origin' and XMinorTick /
    YMinorTick (a corpus program: set(gca, 'XAxisLocation', 'origin', 'YAxisLocation', 'origin',
    'XMinorTick', 'on')); the defaults are bottom, left and off."""
    s = Session()
    ws = run(s, "plot(-2:2, (-2:2).^3); a0 = get(gca, 'XAxisLocation'); b0 = get(gca, 'YAxisLocation'); "
                "m0 = get(gca, 'XMinorTick'); set(gca, 'XAxisLocation', 'origin', 'YAxisLocation', 'origin', "
                "'XMinorTick', 'on'); a = get(gca, 'XAxisLocation'); m = get(gca, 'XMinorTick'); ax = gca; "
                "ax.YAxisLocation = 'right'; b = ax.YAxisLocation;")
    assert [ws[k].to_str() for k in ("a0", "b0", "m0", "a", "m", "b")] == ["bottom", "left", "off", "origin", "on",
                                                                           "right"]
    mpl = axes_of(Ctx(s))
    assert mpl.spines["bottom"].get_position() == ("data", 0.0) and mpl.yaxis.get_ticks_position() == "right"
    r = s.execute("set(gca, 'XAxisLocation', 'left')")
    assert r.error is not None and r.error.identifier != "MATLAB:internal"
