"""MATLAB's default look in rendered figures: hollow markers, tick labels without trailing zeros, white
space between the tick labels and the figure's edge."""
import pytest
from matplotlib.colors import to_rgb

from engine.runtime.figures import flush_figures, graphics_state
from graphics_helpers import axes_of


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


@pytest.mark.parametrize("markup, shown", [
    ("x^2", "x$^{2}$"), ("x_{10}", "x$_{10}$"), (r"\alpha + \Gamma", "α + Γ"), (r"m/s^2", "m/s$^{2}$"),
    (r"e^{-t/\tau}", "e$^{-t/τ}$"), (r"a\_b \{c\}", "a_b {c}"), (r"\bf bold", " bold"),
    (r"\color{red}red", "red"), (r"5 \leq \infty", "5 ≤ ∞"), ("cost $5", r"cost \$5"),
    (r"\unknown", r"\unknown"), ("x^{a b}", r"x$^{a\ b}$")])
def test_tex_markup_as_matplotlib_draws_it(markup, shown):
    from engine.runtime.graphics_args import tex_to_mathtext
    assert tex_to_mathtext(markup) == shown


def test_labels_use_the_tex_interpreter_and_keep_their_string(ctx, call):
    call("plot", [1.0, 2.0])
    (h,) = call("ylabel", r"v (m/s^2), \mu", nargout=1)
    label = axes_of(ctx).yaxis.label
    assert label.get_text() == "v (m/s$^{2}$), μ"
    assert call("get", h, "String", nargout=1)[0].to_str() == r"v (m/s^2), \mu"
    call("set", h, "Interpreter", "none")
    assert label.get_text() == r"v (m/s^2), \mu" and not label.get_parse_math()
    call("title", "x^{%}")                                     # math that does not parse: shown as typed
    assert axes_of(ctx).get_title() == "x^{%}"
    call("legend", r"\alpha_1")
    assert axes_of(ctx).get_legend().get_texts()[0].get_text() == "α$_{1}$"
    flush_figures(ctx.state)
