"""Tiled layouts (tiledlayout, nexttile), sgtitle, yyaxis, linkaxes, axes handles given first
(plot(ax, ...)), and titles and labels of layouts and colorbars."""
import numpy as np
import pytest
from matplotlib.colors import to_rgb

from engine.runtime.errors import MatlabError
from engine.runtime.figures import HANDLE_FRACTION, flush_figures, graphics_state

BLUE, ORANGE = (0.0, 0.447, 0.741), (0.85, 0.325, 0.098)


def figure_of(ctx, number=1):
    return graphics_state(ctx.state).figures[number]


def cell_of(ax):
    """(first row, last row, first column, last column) of an axes in its grid."""
    spec = ax.get_subplotspec()
    return spec.rowspan.start, spec.rowspan.stop - 1, spec.colspan.start, spec.colspan.stop - 1


def test_tiles_fill_the_grid_along_rows_and_spans_cover_several(ctx, call):
    (t,) = call("tiledlayout", 2.0, 2.0, nargout=1)
    (a,) = call("nexttile", nargout=1)
    (b,) = call("nexttile", nargout=1)
    (c,) = call("nexttile", [1.0, 2.0], nargout=1)
    fig = figure_of(ctx)
    tiles = {k: cell_of(axes.mpl) for k, axes in fig.axes.items()}
    assert tiles == {("tile", 1): (0, 0, 0, 0), ("tile", 2): (0, 0, 1, 1), ("tile", 3): (1, 1, 0, 1)}
    assert call("nexttile", 1.0, nargout=1) == (a,)                       # selects, does not replace
    assert call("get", t, "GridSize", nargout=1)[0].tolist() == [[2.0, 2.0]]
    with pytest.raises(MatlabError) as err:
        call("nexttile", 5.0)
    assert err.value.identifier == "MATLAB:graphics:tiledlayout:InvalidTileIndex"
    with pytest.raises(MatlabError) as err:
        call("nexttile", 4.0, [2.0, 1.0])
    assert err.value.identifier == "MATLAB:graphics:tiledlayout:InvalidSpan"


def test_tiledlayout_clears_the_figure_and_labels_the_grid(ctx, call):
    call("plot", [1.0, 2.0])
    (t,) = call("tiledlayout", 1.0, 2.0, "TileSpacing", "compact", nargout=1)
    fig = figure_of(ctx)
    assert fig.axes == {} and fig.mpl.axes == []
    call("nexttile")
    call("title", t, "all of it")
    call("xlabel", t, "time")
    assert fig.mpl.get_suptitle() == "all of it" and fig.mpl.get_supxlabel() == "time"
    with pytest.raises(MatlabError) as err:
        call("tiledlayout", 0.0, 2.0)
    assert err.value.identifier == "MATLAB:graphics:tiledlayout:InvalidGrid"


def test_flow_layout_grows_and_reflows(ctx, call):
    for _ in range(3):
        call("nexttile")                                            # no layout yet: a flow layout
    fig = figure_of(ctx)
    assert sorted(cell_of(a.mpl) for a in fig.axes.values()) == [(0, 0, 0, 0), (0, 0, 1, 1), (1, 1, 0, 0)]
    assert fig.tiles.flow and (fig.tiles.rows, fig.tiles.cols) == (2, 2)


def test_plot_into_axes_given_first_keeps_the_current_axes(ctx, call):
    call("tiledlayout", 2.0, 1.0)
    (top,) = call("nexttile", nargout=1)
    (bottom,) = call("nexttile", nargout=1)
    assert top != int(top) and top - int(top) == HANDLE_FRACTION          # never mistaken for data
    call("plot", top, [1.0, 2.0, 3.0])
    call("title", top, "top")
    fig = figure_of(ctx)
    assert len(fig.axes[("tile", 1)].mpl.get_lines()) == 1 and fig.axes[("tile", 1)].mpl.get_title() == "top"
    assert len(fig.axes[("tile", 2)].mpl.get_lines()) == 0
    assert call("gca", nargout=1) == (bottom,)
    call("plot", 5.0, 6.0, "o")                                       # numbers that are not handles
    assert fig.axes[("tile", 2)].mpl.get_lines()[0].get_xdata().tolist() == [5.0]


def test_sgtitle_on_the_current_figure_and_returns_a_text(ctx, call):
    call("subplot", 2.0, 1.0, 1.0)
    (h,) = call("sgtitle", "overall", "FontSize", 14.0, nargout=1)
    suptitle = figure_of(ctx).mpl._suptitle
    assert (suptitle.get_text(), suptitle.get_fontsize()) == ("overall", 14.0)
    assert call("get", h, "String", nargout=1)[0].to_str() == "overall"


def test_yyaxis_gives_each_side_its_color_and_axis(ctx, call):
    call("plot", [1.0, 2.0, 3.0])
    call("yyaxis", "right")
    call("plot", [10.0, 30.0, 20.0])
    call("hold", "on")
    call("plot", [5.0, 5.0, 5.0])
    call("ylabel", "right side")
    fig = figure_of(ctx)
    left, right = fig.axes[(1, 1, (1,))], fig.axes[(1, 1, (1,), "right")]
    assert fig.current_axes is right and left.twin is right and right.twin is left
    assert to_rgb(left.mpl.get_lines()[0].get_color()) == BLUE
    assert [to_rgb(l.get_color()) for l in right.mpl.get_lines()] == [ORANGE, ORANGE]
    assert [l.get_linestyle() for l in right.mpl.get_lines()] == ["-", "--"]   # styles cycle, not colors
    assert right.mpl.get_ylabel() == "right side" and right.mpl.yaxis.get_label_position() == "right"
    assert left.mpl.get_ylim() == (1.0, 3.0) and right.mpl.get_ylim()[1] >= 30.0
    call("yyaxis", "left")
    assert fig.current_axes is left
    call("subplot", 1.0, 1.0, 1.0)                                    # selects the left side again
    call("clf")
    assert fig.axes == {} and fig.mpl.axes == []
    with pytest.raises(MatlabError) as err:
        call("yyaxis", "up")
    assert err.value.identifier == "MATLAB:graphics:yyaxis:InvalidSide"


def test_plotyy_draws_each_pair_against_its_own_y_axis(ctx, call):
    """ax = plotyy(t, vx, t, vy); ylabel(ax(2), 'v_y') (a course's Runge-Kutta example)."""
    t = np.array([[0.0, 1.0, 2.0]])
    ax, h1, h2 = call("plotyy", t, np.array([[1.0, 2.0, 3.0]]), t, np.array([[100.0, 300.0, 200.0]]), nargout=3)
    fig = figure_of(ctx)
    left, right = fig.axes[(1, 1, (1,))], fig.axes[(1, 1, (1,), "right")]
    assert ax.shape == (1, 2) and ax.tolist() == [[left.handle, right.handle]] and fig.current_axes is left
    assert left.mpl.get_lines()[0].get_ydata().tolist() == [1.0, 2.0, 3.0]
    assert right.mpl.get_lines()[0].get_ydata().tolist() == [100.0, 300.0, 200.0]
    assert to_rgb(left.mpl.get_lines()[0].get_color()) == BLUE and to_rgb(right.mpl.get_lines()[0].get_color()) == ORANGE
    assert call("get", h2, "Parent", nargout=1)[0] == right.handle and call("get", h1, "Type", nargout=1)[0].to_str() == "line"
    call("ylabel", float(ax[0, 1]), "speed")
    assert right.mpl.get_ylabel() == "speed"
    call("plotyy", t, np.array([[1.0, 10.0, 100.0]]), t, t, "semilogy", "stem")
    fig = figure_of(ctx)
    left, right = fig.axes[(1, 1, (1,))], fig.axes[(1, 1, (1,), "right")]
    assert left.mpl.get_yscale() == "log" and len(left.mpl.get_lines()) == 1 and right.mpl.containers


def test_labels_of_colorbars_and_text_properties_of_titles(ctx, call):
    call("imagesc", np.eye(3))
    (cb,) = call("colorbar", nargout=1)
    call("ylabel", cb, "intensity")
    colorbar = figure_of(ctx).current_axes.colorbar
    assert colorbar.ax.get_ylabel() == "intensity"
    (t,) = call("title", "plain $x$", "Interpreter", "none", "Color", "r", nargout=1)
    title = figure_of(ctx).current_axes.mpl.title
    assert not title.get_parse_math() and to_rgb(title.get_color()) == (1.0, 0.0, 0.0)
    assert call("get", t, "Interpreter", nargout=1)[0].to_str() == "none"
    flush_figures(ctx.state)                                          # draws with the $ as text


def test_linkaxes_shares_limits_that_take_in_every_axes(ctx, call):
    """MATLAB's linkaxes: the first link chooses limits covering the current limits of all the linked
    axes; afterwards setting one moves the others (two corpus programs link subplots' x-axes)."""
    (top,) = call("subplot", 2.0, 1.0, 1.0, nargout=1)
    call("plot", [1.0, 10.0], [0.0, 1.0])
    (bottom,) = call("subplot", 2.0, 1.0, 2.0, nargout=1)
    call("plot", [5.0, 20.0], [0.0, 1.0])
    call("linkaxes", np.array([[top, bottom]]), "x")
    low, high = call("xlim", top, nargout=1)[0].ravel()
    assert low <= 1.0 and high >= 20.0
    assert call("xlim", bottom, nargout=1)[0].tolist() == call("xlim", top, nargout=1)[0].tolist()
    call("xlim", bottom, [2.0, 3.0])
    assert call("xlim", top, nargout=1)[0].tolist() == [[2.0, 3.0]]
    assert call("ylim", top, nargout=1)[0].tolist() != [[2.0, 3.0]]
    call("linkaxes", np.array([[top, bottom]]))            # 'xy' again: already linked in x
    for args, ident in [(("off",), "matfuse:linkaxes:off"), (("w",), "MATLAB:linkaxes:InvalidDims")]:
        with pytest.raises(MatlabError) as err:
            call("linkaxes", np.array([[top, bottom]]), *args)
        assert err.value.identifier == ident


def test_tile_spacing_and_padding_are_layout_properties(ctx, call):
    """Corpus programs set t.Padding = 'none' and t.TileSpacing = 'tight' after tiledlayout ('none' and
    'normal' are older releases' Padding words)."""
    (t,) = call("tiledlayout", 2.0, 1.0, nargout=1)
    assert call("get", t, "TileSpacing", nargout=1)[0].to_str() == "loose"
    call("set", t, "Padding", "none", "TileSpacing", "none")
    engine = figure_of(ctx).mpl.get_layout_engine().get()
    assert (engine["w_pad"], engine["wspace"]) == (0.0, 0.0)
    assert call("get", t, "Padding", nargout=1)[0].to_str() == "tight"
    call("set", t, "TileSpacing", "compact")
    assert figure_of(ctx).mpl.get_layout_engine().get()["hspace"] == 0.01
    with pytest.raises(MatlabError) as err:
        call("set", t, "Padding", "wide")
    assert err.value.identifier == "MATLAB:graphics:tiledlayout:InvalidOption"
