"""MATLAB's default look in rendered figures: hollow markers, tick labels without trailing zeros, white
space between the tick labels and the figure's edge."""
import pytest
from matplotlib.colors import to_rgb

from engine.runtime.figures import flush_figures, graphics_state


def axes_of(ctx):
    gs = graphics_state(ctx.state)
    return gs.figures[gs.current].current_axes.mpl


def test_markers_are_hollow_unless_a_face_color_is_given(ctx, call):
    call("plot", [1.0, 2.0], "o", [1.0, 2.0], "s-", [1.0, 2.0], ".")
    assert [line.get_fillstyle() for line in axes_of(ctx).get_lines()] == ["none", "none", "full"]
    call("plot", [1.0, 2.0], "-o", "MarkerFaceColor", "g")
    line = axes_of(ctx).get_lines()[0]
    assert line.get_fillstyle() == "full" and to_rgb(line.get_markerfacecolor()) == (0.0, 1.0, 0.0)


@pytest.mark.parametrize("data, xticks, yticks", [
    ([0.0, 0.25, 0.5, 0.75, 1.0], ["1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5"],
     ["0", "0.2", "0.4", "0.6", "0.8", "1"]),
    ([-1.0, 0.0, 1.0], ["1", "1.25", "1.5", "1.75", "2", "2.25", "2.5", "2.75", "3"],
     ["-1", "-0.75", "-0.5", "-0.25", "0", "0.25", "0.5", "0.75", "1"])])
def test_tick_labels_read_as_matlab_writes_them(ctx, call, data, xticks, yticks):
    call("plot", data)
    flush_figures(ctx.state)
    axes = axes_of(ctx)
    assert [t.get_text() for t in axes.get_xticklabels()] == xticks
    assert [t.get_text() for t in axes.get_yticklabels()] == yticks


def test_ticks_point_inwards_on_all_four_sides(ctx, call):
    call("plot", [1.0, 2.0])
    flush_figures(ctx.state)
    axes = axes_of(ctx)
    assert axes.xaxis.get_ticks_position() == "default"      # matplotlib's word for bottom and top
    assert axes.yaxis.get_ticks_position() == "default"


def test_tick_labels_keep_away_from_the_figure_edge(ctx, call):
    call("plot", [1.0, 2.0, 3.0], [0.0, 0.5, 1.0])
    call("xlabel", "x")
    call("ylabel", "y")
    flush_figures(ctx.state)
    fig = graphics_state(ctx.state).figures[1].mpl
    box = fig.get_tightbbox()                                  # inches, everything drawn
    width, height = fig.get_size_inches()
    margins = [box.x0, box.y0, width - box.x1, height - box.y1]
    assert min(margins) * 96 >= 8                              # at least 8 CSS pixels on every side
