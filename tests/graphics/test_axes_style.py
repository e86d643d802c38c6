"""Ticks and tick labels, limits forms, axis modes, legend locations and commands, colorbar locations and
options, color limits, 3-D view, shading, box, cla, and the lines colormap."""
import numpy as np
import pytest
from matplotlib.colors import to_rgb

from engine.runtime.errors import MatlabError
from engine.runtime.figures import flush_figures, graphics_state
from graphics_helpers import axes_of, cell_row


def texts(cell):
    return [c.to_str() for c in cell.data.ravel()]


def test_xticks_set_get_and_auto(ctx, call):
    call("plot", np.arange(11.0).reshape(1, -1))
    call("xticks", [1.0, 6.0, 11.0])
    assert axes_of(ctx).get_xticks().tolist() == [1.0, 6.0, 11.0]
    assert call("xticks", nargout=1)[0].tolist() == [[1.0, 6.0, 11.0]]
    assert texts(call("xticklabels", nargout=1)[0]) == ["1", "6", "11"]
    call("xticks", "auto")
    assert call("xticks", nargout=1)[0].tolist() == [[0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0]]
    with pytest.raises(MatlabError) as err:
        call("xticks", [2.0, 1.0])
    assert err.value.identifier == "MATLAB:hg:shaped:IncreasingTicks"
    with pytest.raises(MatlabError) as err:
        call("zticks", [1.0, 2.0])
    assert err.value.identifier == "MATLAB:graphics:Not3D"


def test_ticklabels_name_the_ticks_and_repeat_when_short(ctx, call):
    call("bar", [3.0, 5.0, 2.0])
    call("xticklabels", cell_row("a", "b", "c"))
    flush_figures(ctx.state)
    assert [t.get_text() for t in axes_of(ctx).get_xticklabels()] == ["a", "b", "c"]
    call("yticks", [0.0, 2.0, 4.0])
    call("yticklabels", cell_row("lo", "hi"))
    assert texts(call("yticklabels", nargout=1)[0]) == ["lo", "hi", "lo"]
    call("xtickangle", 45.0)
    assert call("xtickangle", nargout=1) == (45.0,)
    call("ytickangle", 30.0)
    assert call("ytickangle", nargout=1) == (30.0,)
    call("plot3", [1.0, 2.0], [1.0, 2.0], [1.0, 2.0])
    call("zticks", [1.0, 1.5, 2.0])
    call("zticklabels", cell_row("low", "high"))
    assert texts(call("zticklabels", nargout=1)[0]) == ["low", "high", "low"]
    call("ztickangle", 60.0)
    assert call("ztickangle", nargout=1) == (60.0,)


def test_limits_with_infinite_ends_and_modes(ctx, call):
    call("plot", [1.0, 2.0, 3.0], [2.0, 4.0, 3.0])
    call("ylim", np.array([[0.0, np.inf]]))
    assert axes_of(ctx).get_ylim() == (0.0, 4.0)
    assert call("xlim", nargout=1)[0].tolist() == [[1.0, 3.0]]
    call("xlim", "manual")
    call("hold", "on")
    call("plot", [10.0], [3.0], "o")
    assert axes_of(ctx).get_xlim() == (1.0, 3.0)                   # frozen
    assert call("zlim", nargout=1)[0].tolist() == [[-1.0, 1.0]]     # 2-D axes keep MATLAB's ZLim too
    call("zlim", [0.0, 2.0])
    assert call("zlim", nargout=1)[0].tolist() == [[0.0, 2.0]] and axes_of(ctx).name == "rectilinear"
    with pytest.raises(MatlabError) as err:
        call("zlim", [2.0, 1.0])
    assert err.value.identifier == "MATLAB:hg:shaped:IncreasingLimits"
    call("view", 3.0)
    assert axes_of(ctx).get_zlim() == (0.0, 2.0)                  # view(3) draws it
    call("view", 2.0)
    call("hold", "off")
    call("surf", np.arange(4.0).reshape(2, 2))
    call("zlim", [-5.0, 5.0])
    assert call("zlim", nargout=1)[0].tolist() == [[-5.0, 5.0]]


@pytest.mark.parametrize("mode, check", [
    ("padded", lambda a: a.get_xlim()[0] < 1.0 and a.get_ylim()[1] > 3.0),
    ("fill", lambda a: a.get_aspect() == "auto"),
    ("square", lambda a: a.get_box_aspect() == 1.0),
    ("off", lambda a: not a.axison)])
def test_axis_modes(ctx, call, mode, check):
    call("plot", [1.0, 2.0, 3.0], [1.0, 3.0, 2.0])
    call("axis", mode)
    flush_figures(ctx.state)
    assert check(axes_of(ctx))


def test_axis_square_on_3d_axes(ctx, call):
    """A corpus program: plot3 then axis square raised matplotlib's ValueError (a 3-D box aspect has
    three sides)."""
    call("plot3", [0.0, 1.0], [0.0, 2.0], [0.0, 3.0])
    call("axis", "square")
    flush_figures(ctx.state)
    x, y, z = axes_of(ctx).get_box_aspect().tolist()          # matplotlib scales it by its zoom
    assert x == pytest.approx(y) == pytest.approx(z)


def test_legend_outside_locations_box_and_options(ctx, call):
    call("plot", [1.0, 2.0], [1.0, 2.0], [1.0, 2.0], [2.0, 1.0])
    (h,) = call("legend", "up", "down", "Location", "eastoutside", "FontSize", 10.0, "NumColumns", 2.0, nargout=1)
    legend = axes_of(ctx).get_legend()
    assert legend._loc == 6 and legend.get_bbox_to_anchor()._bbox.x0 > 1.0      # 'center left', outside
    assert legend.get_texts()[0].get_fontsize() == 10.0 and legend._ncols == 2
    flush_figures(ctx.state)
    box = legend.get_window_extent()
    assert box.x0 > axes_of(ctx).get_window_extent().x1                     # right of the plot box
    call("legend", "boxoff")
    assert not legend.get_frame_on()
    assert texts(call("get", h, "String", nargout=1)[0]) == ["up", "down"]
    with pytest.raises(MatlabError) as err:
        call("legend", "a", "Location", "middle")
    assert err.value.identifier == "MATLAB:legend:UnknownLocation"


def test_legend_of_a_yyaxis_pair_lists_both_sides(ctx, call):
    call("plot", [1.0, 2.0])
    call("yyaxis", "right")
    call("plot", [3.0, 1.0])
    call("legend", "left one", "right one")
    fig = graphics_state(ctx.state).figures[1]
    right = fig.current_axes.mpl
    assert [t.get_text() for t in right.get_legend().get_texts()] == ["left one", "right one"]


def test_colorbar_locations_and_options(ctx, call):
    call("imagesc", np.arange(6.0).reshape(2, 3))
    call("colorbar", "southoutside", "Ticks", [0.0, 5.0], "Label", "value")
    bar = graphics_state(ctx.state).figures[1].current_axes.colorbar
    assert bar.orientation == "horizontal" and bar.get_ticks().tolist() == [0.0, 5.0]
    assert bar.ax.get_xlabel() == "value"
    call("colorbar", "Location", "westoutside")
    assert graphics_state(ctx.state).figures[1].current_axes.colorbar.ax.yaxis.get_ticks_position() == "left"
    with pytest.raises(MatlabError) as err:
        call("colorbar", "middle")
    assert err.value.identifier == "MATLAB:colorbar:InvalidLocation"


def test_color_limits_view_shading_and_box(ctx, call):
    call("imagesc", np.arange(4.0).reshape(2, 2))
    call("clim", [0.0, 10.0])
    assert axes_of(ctx).images[0].get_clim() == (0.0, 10.0)
    assert call("caxis", nargout=1)[0].tolist() == [[0.0, 10.0]]
    call("surf", np.arange(4.0).reshape(2, 2))
    assert call("view", nargout=1)[0].tolist() == [[-37.5, 30.0]]          # MATLAB's default 3-D view
    call("view", 45.0, 60.0)
    assert (axes_of(ctx).azim, axes_of(ctx).elev) == (-45.0, 60.0)
    call("view", 2.0)
    assert call("view", nargout=2) == (0.0, 90.0)
    call("shading", "interp")
    assert len(axes_of(ctx).collections[0].get_edgecolor()) == 0
    call("plot", [1.0, 2.0])
    call("box", "off")
    assert not axes_of(ctx).spines["top"].get_visible()
    call("plot", [2.0, 1.0])                                               # a new plot resets the box
    assert axes_of(ctx).spines["top"].get_visible()


def test_view_3_turns_a_2d_plot_of_lines_and_patches_3d(ctx, call):
    """MATLAB turns the same axes 3-D; a corpus FEM/LBM program draws patch(X, Y, Z, C) on new axes, then
    view(3). The objects keep their handles; a patch keeps its Z."""
    (patch,) = call("patch", np.array([[0.0], [1.0], [1.0]]), np.array([[0.0], [0.0], [1.0]]),
                    np.array([[0.0], [1.0], [2.0]]), "g", nargout=1)
    call("hold", "on")
    (line,) = call("plot", [0.0, 1.0], [1.0, 0.0], "r--", nargout=1)
    call("title", "mesh")
    call("view", 3.0)
    assert axes_of(ctx).name == "3d" and axes_of(ctx).get_title() == "mesh"
    assert call("view", nargout=1)[0].tolist() == [[-37.5, 30.0]]
    assert call("get", patch, "ZData", nargout=1)[0].ravel().tolist() == [0.0, 1.0, 2.0]
    assert to_rgb(call("get", line, "Color", nargout=1)[0].ravel()) == (1.0, 0.0, 0.0)
    assert len(axes_of(ctx).get_lines()) == 1 and len(axes_of(ctx).collections) == 1
    call("figure")
    call("imagesc", np.arange(4.0).reshape(2, 2))
    with pytest.raises(MatlabError) as err:
        call("view", 3.0)
    assert err.value.identifier == "MATLAB:view:Not3D"


def test_cla_keeps_titles_unless_reset(ctx, call):
    call("plot", [1.0, 2.0])
    call("title", "kept")
    call("cla")
    assert axes_of(ctx).get_lines() == [] and axes_of(ctx).get_title() == "kept"
    call("cla", "reset")
    assert axes_of(ctx).get_title() == ""


def test_lines_colormap_is_the_color_order(ctx, call):
    (c,) = call("lines", 8.0, nargout=1)
    assert c.shape == (8, 3) and c[0].tolist() == [0.0, 0.447, 0.741] and c[7].tolist() == c[0].tolist()
    call("plot", [1.0, 2.0], "Color", c[1:2])
    assert to_rgb(axes_of(ctx).get_lines()[0].get_color()) == (0.85, 0.325, 0.098)


def test_colormap_default_restores_parula(ctx, call):
    call("imagesc", np.eye(2))
    call("colormap", "jet")
    call("colormap", "default")
    assert axes_of(ctx).images[0].get_cmap().name == "parula"


def test_grid_minor_shows_minor_grid_lines(ctx, call):
    call("plot", [1.0, 2.0, 3.0])
    call("grid", "minor")
    flush_figures(ctx.state)
    axes = axes_of(ctx)
    assert len(axes.xaxis.get_minorticklocs()) > 3
    assert any(line.get_visible() for line in axes.xaxis.get_minorticklines())
    assert all(t.gridline.get_visible() for t in axes.xaxis.get_minor_ticks())
    assert not any(t.gridline.get_visible() for t in axes.xaxis.get_major_ticks())   # minor only
    call("grid", "on")
    call("grid", "minor")                                          # toggles the minor grid off
    assert not any(t.gridline.get_visible() for t in axes.xaxis.get_minor_ticks())
    assert all(t.gridline.get_visible() for t in axes.xaxis.get_major_ticks())
    call("grid", "off")
    assert not any(t.gridline.get_visible() for t in axes.xaxis.get_major_ticks())
