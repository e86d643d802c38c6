"""What the plotting builtins draw: lines, line specs, hold, subplots, legends, bars, histograms,
images, surfaces, contours, colormaps, limits, and their errors."""
import numpy as np
import pytest
from matplotlib.colors import to_rgb

from engine.runtime.errors import MatlabError
from engine.runtime.figures import graphics_state
from engine.runtime.graphics_args import LineSpec, parse_linespec
from graphics_helpers import axes_of


@pytest.mark.parametrize("spec, expected", [
    ("r--o", LineSpec("--", "o", (1.0, 0.0, 0.0))), ("-.", LineSpec("-.", None, None)),
    (":k", LineSpec(":", None, (0.0, 0.0, 0.0))), ("g*", LineSpec(None, "*", (0.0, 1.0, 0.0))),
    ("r+ ", LineSpec(None, "+", (1.0, 0.0, 0.0))),     # two corpus programs write 'r+ '
    ("black", LineSpec(None, None, (0.0, 0.0, 0.0))), ("Green", LineSpec(None, None, (0.0, 1.0, 0.0))),
    ("O", LineSpec(None, "o", None)), ("-O", LineSpec("-", "o", None)),     # eight corpus programs
    ("R*", LineSpec(None, "*", (1.0, 0.0, 0.0))), ("D", LineSpec(None, "D", None)),
    ("blackr", None), ("--black", None), ("Box", None),
    ("r +", LineSpec(None, "+", (1.0, 0.0, 0.0))), ("b -.", LineSpec("-.", None, (0.0, 0.0, 1.0))),
    ("o - r", LineSpec("-", "o", (1.0, 0.0, 0.0))),   # blanks between the parts: four corpus programs
    ("sq", None), ("LineWidth", None), ("rr", None), ("", None), (" ", None), ("r r", None), ("- -", None)])
def test_parse_linespec(spec, expected):
    assert parse_linespec(spec) == expected


def test_plot_with_linespec_and_properties(ctx, call):
    (handles,) = call("plot", [1.0, 2.0, 3.0], [4.0, 5.0, 7.0], "r--o", "LineWidth", 2.0, nargout=1)
    assert handles.shape == (1, 1)
    (line,) = axes_of(ctx).get_lines()
    assert line.get_xdata().tolist() == [1.0, 2.0, 3.0] and line.get_ydata().tolist() == [4.0, 5.0, 7.0]
    assert (to_rgb(line.get_color()), line.get_linestyle(), line.get_marker(), line.get_linewidth()) == \
        ((1.0, 0.0, 0.0), "--", "o", 2.0)


def test_upper_case_marker_then_properties(ctx, call):
    """MATLAB reads a line spec's letters in either case: plot(x, y, 'O', 'MarkerFaceColor', 'w') of eight
    corpus programs was refused as a bad name-value pair."""
    call("plot", [1.0, 2.0], [3.0, 4.0], "O", "MarkerFaceColor", "w")
    (line,) = axes_of(ctx).get_lines()
    assert (line.get_marker(), line.get_linestyle(), to_rgb(line.get_markerfacecolor())) == ("o", "None", (1, 1, 1))


def test_marker_only_spec_draws_no_line(ctx, call):
    call("plot", [1.0, 2.0], "o")
    assert axes_of(ctx).get_lines()[0].get_linestyle() == "None"


def test_matrix_y_plots_columns_in_matlab_color_order(ctx, call):
    call("plot", np.arange(6.0).reshape(3, 2))
    lines = axes_of(ctx).get_lines()
    assert len(lines) == 2 and lines[1].get_ydata().tolist() == [1.0, 3.0, 5.0]
    assert lines[0].get_xdata().tolist() == [1.0, 2.0, 3.0]
    assert [to_rgb(l.get_color()) for l in lines] == [(0.0, 0.447, 0.741), (0.85, 0.325, 0.098)]


def test_several_xy_groups_and_vector_x_for_matrix_rows(ctx, call):
    call("plot", [1.0, 2.0], [3.0, 4.0], "b", [1.0, 2.0], [5.0, 6.0], "r:")
    assert len(axes_of(ctx).get_lines()) == 2
    call("plot", [1.0, 2.0, 3.0], np.arange(6.0).reshape(2, 3))    # rows match x's length
    assert [l.get_ydata().tolist() for l in axes_of(ctx).get_lines()] == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]


def test_a_scalar_against_a_vector_plots_separate_points(ctx, call):
    """MATLAB's plot help: a scalar X and a vector Y give disconnected line objects, one per point (a
    corpus program plotted a vector against sqrt(n / d), a scalar: matfuse said the lengths differ)."""
    (h,) = call("plot", [1.0, 2.0, 3.0], 2.0, "ro", nargout=1)
    assert h.shape == (3, 1)
    assert [(l.get_xdata().tolist(), l.get_ydata().tolist()) for l in axes_of(ctx).get_lines()] == \
        [([1.0], [2.0]), ([2.0], [2.0]), ([3.0], [2.0])]
    (h,) = call("plot", 5.0, np.array([[1.0], [2.0]]), nargout=1)
    assert h.shape == (2, 1) and axes_of(ctx).get_lines()[1].get_ydata().tolist() == [2.0]


def test_complex_y_plots_real_against_imaginary(ctx, call):
    call("plot", np.array([[1 + 2j, 3 + 4j]]))
    line = axes_of(ctx).get_lines()[0]
    assert line.get_xdata().tolist() == [1.0, 3.0] and line.get_ydata().tolist() == [2.0, 4.0]


def test_hold_on_keeps_lines_and_hold_off_replaces_them(ctx, call):
    call("plot", [1.0, 2.0])
    call("hold", "on")
    call("plot", [2.0, 1.0])
    assert len(axes_of(ctx).get_lines()) == 2
    call("hold", "off")
    call("plot", [3.0, 3.0])
    assert len(axes_of(ctx).get_lines()) == 1
    call("hold")                                   # toggles on
    call("plot", [1.0, 1.0])
    assert len(axes_of(ctx).get_lines()) == 2


@pytest.mark.parametrize("args, ident", [
    (([1.0, 2.0, 3.0], [1.0, 2.0]), "MATLAB:plot:XYLengthMismatch"),
    (([1.0, 2.0], "LineWidth"), "MATLAB:graphics:nameValuePairs"),
    (([1.0, 2.0], "Bogus", 1.0), "MATLAB:graphics:unknownProperty"),
    (([1.0, 2.0], "Color", "nocolor"), "MATLAB:graphics:invalidColor"),
    (([1.0, 2.0], "Color", [2.0, 0.0, 0.0]), "MATLAB:graphics:invalidColor")])
def test_plot_errors(call, args, ident):
    with pytest.raises(MatlabError) as err:
        call("plot", *args)
    assert err.value.identifier == ident


def test_log_plots_set_scales(ctx, call):
    call("semilogy", [1.0, 2.0], [10.0, 100.0])
    assert (axes_of(ctx).get_xscale(), axes_of(ctx).get_yscale()) == ("linear", "log")
    call("loglog", [1.0, 10.0], [10.0, 100.0])
    assert (axes_of(ctx).get_xscale(), axes_of(ctx).get_yscale()) == ("log", "log")
    call("plot", [1.0, 2.0])
    assert axes_of(ctx).get_yscale() == "linear"


def test_subplots_select_existing_axes_and_replace_overlapped_ones(ctx, call):
    (top,) = call("subplot", 2.0, 1.0, 1.0, nargout=1)
    (bottom,) = call("subplot", 212.0, nargout=1)
    assert top != bottom
    assert call("subplot", 2.0, 1.0, 1.0, nargout=1) == (top,)
    assert call("gca", nargout=1) == (top,)
    fig = graphics_state(ctx.state).figures[1]
    assert len(fig.mpl.axes) == 2
    call("subplot", 1.0, 2.0, 1.0)                 # overlaps both rows of the left half
    assert len(fig.mpl.axes) == 1
    with pytest.raises(MatlabError) as err:
        call("subplot", 2.0, 2.0, 5.0)
    assert err.value.identifier == "MATLAB:subplot:IndexOutOfRange"


def test_subplot_align_and_replace(ctx, call):
    """subplot(3, 2, 3:4, 'align') (a corpus program) selects the grid axes as without 'align'; 'replace'
    makes new axes in place of those at p."""
    (wide,) = call("subplot", 3.0, 2.0, [3.0, 4.0], "align", nargout=1)
    assert call("subplot", 3.0, 2.0, [3.0, 4.0], nargout=1) == (wide,)
    call("plot", [1.0, 2.0])
    (new,) = call("subplot", 3.0, 2.0, [3.0, 4.0], "replace", nargout=1)
    assert new != wide and not axes_of(ctx).get_lines()
    assert len(graphics_state(ctx.state).figures[1].mpl.axes) == 1
    with pytest.raises(MatlabError) as err:
        call("subplot", 2.0, 1.0, 1.0, "aligned")
    assert err.value.identifier == "MATLAB:subplot:UnknownOption"


def test_zlabel_of_2d_axes_is_kept_hidden(ctx, call):
    """MATLAB labels the z-axis of 2-D axes too (its 2-D view does not show it); corpus programs call
    zlabel after contour or plot. A second zlabel updates the same text object."""
    call("plot", [1.0, 2.0])
    (h,) = call("zlabel", "z", nargout=1)
    call("zlabel", "height")
    assert call("get", h, "String", nargout=1)[0].to_str() == "height"
    assert not axes_of(ctx).matfuse_zlabel.get_visible()


def test_titles_labels_and_grid(ctx, call):
    call("plot", [1.0, 2.0])
    call("title", "Signal", "FontSize", 14.0)
    call("xlabel", "t (s)")
    from engine.runtime.values import CellArray, CharArray
    lines = np.empty((1, 2), dtype=object)
    lines[0, 0], lines[0, 1] = CharArray.from_str("volts"), CharArray.from_str("(V)")
    call("ylabel", CellArray(lines))
    call("grid", "on")
    ax = axes_of(ctx)
    assert (ax.get_title(), ax.title.get_fontsize(), ax.get_xlabel(), ax.get_ylabel()) == \
        ("Signal", 14.0, "t (s)", "volts\n(V)")
    assert ax.xaxis.get_gridlines()[0].get_visible()
    call("grid", "off")
    assert not ax.xaxis.get_gridlines()[0].get_visible()


def test_legend_labels_location_and_extra_entries(ctx, call):
    call("plot", [1.0, 2.0], [1.0, 2.0], [1.0, 2.0], [2.0, 1.0])
    call("legend", "up", "down", "extra", "Location", "southwest")
    legend = axes_of(ctx).get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["up", "down"]
    assert legend._loc == 3                         # matplotlib's code for 'lower left'
    assert ctx.warnings == [("MATLAB:legend:IgnoringExtraEntries", "Ignoring extra legend entries.")]
    (h,) = call("legend", "up", "down", nargout=1)
    assert call("get", h, "Location", nargout=1)[0].to_str() == "northeast"
    call("set", h, "location", "North")       # a corpus program: property names in any case
    assert axes_of(ctx).get_legend()._loc == 9 and call("get", h, "Location", nargout=1)[0].to_str() == "north"
    call("set", h, "Location", "eastoutside")
    assert axes_of(ctx).get_legend().get_bbox_to_anchor() is not None
    with pytest.raises(MatlabError) as err:
        call("set", h, "Location", "nowhere")
    assert err.value.identifier == "MATLAB:legend:UnknownLocation"
    (h,) = call("legend", nargout=1)                 # lgd = legend: the same legend, where it was
    assert call("get", h, "Location", nargout=1)[0].to_str() == "eastoutside"
    call("legend", "off")
    assert axes_of(ctx).get_legend() is None


def test_legend_numeric_position_of_older_releases(ctx, call):
    """legend(labels..., pos) with MATLAB's old numeric positions, also after name-value pairs (FEM
    programs of the corpus: legend('L_2', 'en', 'interpreter', 'latex', 4))."""
    call("plot", [1.0, 2.0], [1.0, 2.0], [1.0, 2.0], [2.0, 1.0])
    for pos, name in [(4.0, "southeast"), (2.0, "northwest"), (-1.0, "northeastoutside"), (0.0, "best")]:
        (h,) = call("legend", "up", "down", "interpreter", "latex", pos, nargout=1)
        assert call("get", h, "Location", nargout=1)[0].to_str() == name
    with pytest.raises(MatlabError) as err:
        call("legend", "up", 7.0)
    assert err.value.identifier == "MATLAB:legend:UnknownLocation"


def test_legend_without_labels_uses_display_names_or_data_n(ctx, call):
    call("plot", [1.0, 2.0], "DisplayName", "first")
    call("hold", "on")
    call("plot", [2.0, 3.0])
    call("legend")
    assert [t.get_text() for t in axes_of(ctx).get_legend().get_texts()] == ["first", "data2"]


def test_limits_and_axis(ctx, call):
    call("plot", [1.0, 2.0, 3.0], [2.0, 4.0, 1.0])
    call("xlim", [0.0, 5.0])
    call("ylim", [-1.0, 10.0])
    assert call("xlim", nargout=1)[0].tolist() == [[0.0, 5.0]]
    assert call("axis", nargout=1)[0].tolist() == [[0.0, 5.0, -1.0, 10.0]]
    call("axis", [1.0, 2.0, 3.0, 4.0])
    assert call("ylim", nargout=1)[0].tolist() == [[3.0, 4.0]]
    call("axis", "equal")
    assert axes_of(ctx).get_aspect() == 1.0
    call("axis", "ij")
    assert axes_of(ctx).yaxis_inverted()
    for args, ident in (((["x"]), "MATLAB:axis:UnknownOption"),):
        with pytest.raises(MatlabError) as err:
            call("axis", *args)
        assert err.value.identifier == ident
    with pytest.raises(MatlabError) as err:
        call("xlim", [2.0, 1.0])
    assert err.value.identifier == "MATLAB:hg:shaped:IncreasingLimits"


def test_scatter_sizes_colors_and_filled(ctx, call):
    values = np.array([[0.0], [0.5], [1.0]])       # a column: one value per point (a row would be RGB)
    call("scatter", [1.0, 2.0, 3.0], [3.0, 2.0, 1.0], 20.0, values, "filled")
    coll = axes_of(ctx).collections[0]
    assert coll.get_sizes().tolist() == [20.0] and coll.get_array().tolist() == [0.0, 0.5, 1.0]
    assert coll.get_cmap().name == "parula"
    call("scatter", [1.0, 2.0, 3.0], [3.0, 2.0, 1.0], 20.0, [1.0, 0.0, 0.0], "d")
    coll = axes_of(ctx).collections[0]
    assert coll.get_array() is None and to_rgb(tuple(coll.get_edgecolors()[0])) == (1.0, 0.0, 0.0)
    call("scatter", [1.0, 2.0], [3.0, 2.0])
    coll = axes_of(ctx).collections[0]
    assert coll.get_sizes().tolist() == [36.0] and len(coll.get_facecolors()) == 0    # hollow
    call("scatter", [1.0, 2.0], [3.0, 2.0], "sr")          # a marker with its color (a corpus program: 'ob')
    coll = axes_of(ctx).collections[0]
    assert to_rgb(tuple(coll.get_edgecolors()[0])) == (1.0, 0.0, 0.0)
    call("scatter", [1.0, 2.0], [3.0, 2.0], "k", "filled")    # a color alone (a corpus program)
    coll = axes_of(ctx).collections[0]
    assert to_rgb(tuple(coll.get_facecolors()[0])) == (0.0, 0.0, 0.0) and coll.get_sizes().tolist() == [36.0]
    call("scatter", [1.0, 2.0], [3.0, 2.0], 20.0, "g")
    coll = axes_of(ctx).collections[0]
    assert to_rgb(tuple(coll.get_edgecolors()[0])) == (0.0, 1.0, 0.0) and coll.get_sizes().tolist() == [20.0]


def _marker_of(collection) -> str:
    """The marker a scatter collection draws (its path against each marker's)."""
    from matplotlib.markers import MarkerStyle
    drawn = collection.get_paths()[0].vertices
    paths = {m: MarkerStyle(m).get_path().transformed(MarkerStyle(m).get_transform()).vertices for m in "o.sd*+x^"}
    return next(m for m, v in paths.items() if v.shape == drawn.shape and np.allclose(v, drawn))


def test_scatter_color_then_marker(ctx, call):
    """scatter(x, y, sz, c, mkr), MATLAB's documented order (corpus programs: scatter(x, y, .1, 'k', '.'),
    refused as name-value pairs)."""
    call("scatter", [1.0, 2.0], [3.0, 2.0], 0.1, "k", ".")
    coll = axes_of(ctx).collections[0]
    assert to_rgb(tuple(coll.get_edgecolors()[0])) == (0.0, 0.0, 0.0) and coll.get_sizes().tolist() == [0.1]
    assert _marker_of(coll) == "."
    call("scatter", [1.0, 2.0], [3.0, 2.0], 20.0, "red", "s", "filled")
    coll = axes_of(ctx).collections[0]
    assert to_rgb(tuple(coll.get_facecolors()[0])) == (1.0, 0.0, 0.0) and _marker_of(coll) == "s"
    with pytest.raises(MatlabError):                # two markers
        call("scatter", [1.0, 2.0], [3.0, 2.0], 20.0, "o", "s")
    call("scatter3", [1.0, 2.0], [3.0, 2.0], [1.0, 1.0], "square", "CData", np.array([[1.0], [2.0]]))
    assert _marker_of(axes_of(ctx).collections[0]) == "s"         # a marker's name (a corpus program)


def test_scatter_cdata(ctx, call):
    """CData by name at creation (a corpus program: scatter3(x, y, v, 'o', 'CData', v)), read and set."""
    v = np.array([[1.0], [2.0], [3.0]])
    (h,) = call("scatter3", [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [4.0, 5.0, 6.0], "o", "CData", v, nargout=1)
    coll = axes_of(ctx).collections[0]
    assert coll.get_array().tolist() == [1.0, 2.0, 3.0] and coll.get_cmap().name == "parula"
    assert call("get", h, "CData", nargout=1)[0].tolist() == [[1.0], [2.0], [3.0]]
    call("set", h, "CData", np.array([[3.0], [2.0], [1.0]]))
    assert coll.get_array().tolist() == [3.0, 2.0, 1.0]
    (g,) = call("scatter", [1.0, 2.0], [1.0, 2.0], 10.0, "k", nargout=1)
    assert call("get", g, "CData", nargout=1)[0].tolist() == [[0.0, 0.0, 0.0]]
    call("set", g, "CData", [1.0, 0.0, 0.0])
    assert to_rgb(tuple(axes_of(ctx).collections[0].get_edgecolors()[0])) == (1.0, 0.0, 0.0)
    with pytest.raises(MatlabError) as err:          # values on one drawn in a color: the colormap is unknown
        call("set", g, "CData", np.array([[1.0], [2.0]]))
    assert err.value.identifier == "matfuse:graphics:unsupported"


def test_plot_color_long_name_as_line_spec(ctx, call):
    """plot(x, y, 'black', 'LineWidth', 2): ColorSpec's long names stand for the letters (a corpus program)."""
    call("plot", [1.0, 2.0], [3.0, 4.0], "black", "LineWidth", 2.0)
    (line,) = axes_of(ctx).get_lines()
    assert (to_rgb(line.get_color()), line.get_linestyle(), line.get_linewidth()) == ((0.0, 0.0, 0.0), "-", 2.0)


def test_grouped_and_stacked_bars(ctx, call):
    call("bar", np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
    containers = axes_of(ctx).containers
    assert len(containers) == 3 and [p.get_height() for p in containers[2]] == [3.0, 6.0]
    centers = [p.get_x() + p.get_width() / 2 for c in containers for p in c][::2]
    assert centers[0] < 1.0 < centers[2]            # groups are centred on x = 1
    call("bar", [10.0, 20.0], [1.0, 2.0], "stacked")
    bars = axes_of(ctx).containers[0]
    assert [p.get_x() + p.get_width() / 2 for p in bars] == pytest.approx([10.0, 20.0])


def test_histogram_edges_counts_and_normalization(ctx, call):
    data = [1.0, 2.0, 2.0, 3.0, 3.0, 3.0]
    call("histogram", data, [0.5, 1.5, 2.5, 3.5])
    assert [p.get_height() for p in axes_of(ctx).patches] == [1.0, 2.0, 3.0]
    call("histogram", data, 3.0, "Normalization", "probability")
    assert [p.get_height() for p in axes_of(ctx).patches] == pytest.approx([1 / 6, 2 / 6, 3 / 6])
    call("histogram", data, "BinWidth", 1.0)
    assert sum(p.get_height() for p in axes_of(ctx).patches) == 6.0
    with pytest.raises(MatlabError) as err:
        call("histogram", data, "Normalization", "odd")
    assert err.value.identifier == "MATLAB:histogram:InvalidNormalization"


def test_imagesc_extent_clims_colormap_and_colorbar(ctx, call):
    call("imagesc", np.arange(6.0).reshape(2, 3), [0.0, 10.0])
    image = axes_of(ctx).images[0]
    assert image.get_extent() == [0.5, 3.5, 2.5, 0.5] and image.get_clim() == (0.0, 10.0)
    assert image.get_cmap().name == "parula"
    call("colorbar")
    call("colormap", "gray")
    assert image.get_cmap().name == "gray"
    (cmap,) = call("colormap", nargout=1)
    assert cmap.shape == (256, 3)


def test_colormap_functions_and_matrix_maps(ctx, call):
    (g,) = call("gray", 3.0, nargout=1)
    assert g.tolist() == [[0.0, 0.0, 0.0], [0.5, 0.5, 0.5], [1.0, 1.0, 1.0]]
    call("imagesc", np.eye(3))
    call("colormap", np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]))
    assert axes_of(ctx).images[0].get_cmap().N == 2
    for bad in ("nosuchmap", np.array([[2.0, 0.0, 0.0]])):
        with pytest.raises(MatlabError):
            call("colormap", bad)


# MATLAB's formulas for these maps (gray.m, hot.m, jet.m, ...); values recorded from GNU Octave 7.3, whose
# maps are the same formulas (matplotlib's jet, hot, bone, copper, pink and hsv are other maps).
THIRD, SQRT_THIRD = 1 / 3, 0.5773502691896257
COLORMAP_VALUES = [
    ("autumn", 4, [[1, 0, 0], [1, THIRD, 0], [1, 2 * THIRD, 0], [1, 1, 0]]),
    ("bone", 4, [[0, 0, 0.125], [0.29166666666666663, 0.41666666666666663, 0.41666666666666663],
                 [0.6458333333333333, 0.7083333333333333, 0.7083333333333333], [1, 1, 1]]),
    ("cool", 3, [[0, 1, 1], [0.5, 0.5, 1], [1, 0, 1]]),
    ("copper", 4, [[0, 0, 0], [0.41666666666666663, 0.26039999999999996, 0.16583333333333333],
                   [0.8333333333333333, 0.5207999999999999, 0.33166666666666667], [1, 0.7812, 0.4975]]),
    ("hsv", 5, [[1, 0, 0], [0.8, 1, 0], [0, 1, 0.4], [0, 0.4, 1], [0.8, 0, 1]]),
    ("pink", 4, [[SQRT_THIRD, 0, 0], [0.7453559924999299, 0.7453559924999299, 0.4714045207910317],
                 [0.8819171036881968, 0.8819171036881968, 0.7817359599705717], [1, 1, 1]]),
    ("pink", 1, [[SQRT_THIRD] * 3]),
    ("spring", 3, [[1, 0, 1], [1, 0.5, 0.5], [1, 1, 0]]),
    ("summer", 3, [[0, 0.5, 0.4], [0.5, 0.75, 0.4], [1, 1, 0.4]]),
    ("winter", 3, [[0, 0, 1], [0, 0.5, 0.75], [0, 1, 0.5]]),
    ("gray", 1, [[0, 0, 0]]),
    ("hot", 2, [[1, 1, 0.5], [1, 1, 1]]),
    ("hot", 4, [[1, 0, 0], [1, 1, 0], [1, 1, 0.5], [1, 1, 1]]),
    ("hot", 5, [[1, 0, 0], [1, 1, 0], [1, 1, THIRD], [1, 1, 2 * THIRD], [1, 1, 1]]),
    ("jet", 1, [[0, 1, 1]]),
    ("jet", 3, [[0, 0, 1], [0, 1, 1], [1, 1, 0]]),
    ("jet", 5, [[0, 0.5, 1], [0, 1, 1], [0.5, 1, 0.5], [1, 1, 0], [1, 0.5, 0]]),
    ("jet", 6, [[0, 0, 1], [0, 0.5, 1], [0, 1, 1], [0.5, 1, 0.5], [1, 1, 0], [1, 0.5, 0]]),
    ("jet", 9, [[0, 0, 1], [0, THIRD, 1], [0, 2 * THIRD, 1], [0, 1, 1], [THIRD, 1, 2 * THIRD],
                [2 * THIRD, 1, THIRD], [1, 1, 0], [1, 2 * THIRD, 0], [1, THIRD, 0]]),
    ("turbo", 4, [[0.18995, 0.07176, 0.23217], [0.10342, 0.896, 0.715], [0.98, 0.73, 0.22161],
                  [0.4796, 0.01583, 0.01055]]),
]


@pytest.mark.parametrize("name, m, expected", COLORMAP_VALUES)
def test_colormap_values_are_matlabs(ctx, call, name, m, expected):
    (rgb,) = call(name, float(m), nargout=1)
    np.testing.assert_allclose(rgb, np.array(expected, dtype=np.float64), rtol=0, atol=1e-15)
    assert call(name, nargout=1)[0].shape == (256, 3) and call(name, 0.0, nargout=1)[0].shape == (0, 3)


def test_surf_and_mesh_use_3d_axes_and_contour_levels(ctx, call):
    x = np.array([[0.0, 1.0, 2.0]])
    z = np.arange(6.0).reshape(2, 3)
    call("surf", x, np.array([[0.0, 1.0]]), z)
    assert axes_of(ctx).name == "3d"
    call("mesh", z)
    assert axes_of(ctx).name == "3d" and len(axes_of(ctx).collections) == 1
    heights = sorted(axes_of(ctx).collections[0].get_array().tolist())   # one per face: its mean height
    assert heights == [2.0, 3.0]
    call("contour", z, [1.0, 2.0, 3.0])
    assert axes_of(ctx).name == "rectilinear"
    assert axes_of(ctx).collections[0].levels.tolist() == [1.0, 2.0, 3.0]
    with pytest.raises(MatlabError) as err:
        call("surf", x, np.array([[0.0, 1.0, 2.0]]), z)
    assert err.value.identifier == "MATLAB:surf:InvalidSizes"


def test_polarplot_draws_into_polar_axes(ctx, call):
    theta = np.linspace(0.0, np.pi, 5).reshape(1, -1)
    (handles,) = call("polarplot", theta, np.array([[1.0, -2.0, 3.0, 4.0, 5.0]]), "r--", nargout=1)
    mpl = axes_of(ctx)
    assert mpl.name == "polar" and handles.shape == (1, 1)
    (line,) = mpl.get_lines()
    # MATLAB reflects a negative radius through the origin: (pi/4, -2) is drawn at (pi/4 + pi, 2)
    assert np.allclose(line.get_xdata(), [0.0, np.pi / 4 + np.pi, np.pi / 2, 3 * np.pi / 4, np.pi])
    assert line.get_ydata().tolist() == [1.0, 2.0, 3.0, 4.0, 5.0] and line.get_linestyle() == "--"


def test_polarplot_of_radii_and_of_complex_values(ctx, call):
    call("polarplot", np.array([[1.0, 2.0, 3.0]]))
    (line,) = axes_of(ctx).get_lines()
    assert np.allclose(line.get_xdata(), [0.0, np.pi, 2 * np.pi])      # evenly spaced from 0 to 2*pi
    call("polarplot", np.array([[1j, -2.0]]))
    (line,) = axes_of(ctx).get_lines()
    assert np.allclose(line.get_xdata(), [np.pi / 2, np.pi]) and np.allclose(line.get_ydata(), [1.0, 2.0])


def test_plot_after_polarplot_gets_cartesian_axes(ctx, call):
    call("polarplot", np.array([[1.0, 2.0]]))
    call("plot", np.array([[1.0, 2.0]]))
    assert axes_of(ctx).name == "rectilinear" and len(axes_of(ctx).get_lines()) == 1


def test_polarplot_errors(ctx, call):
    with pytest.raises(MatlabError) as err:
        call("polarplot", np.array([[1.0, 2.0]]), np.array([[1.0, 2.0, 3.0]]))
    assert err.value.identifier == "MATLAB:plot:XYLengthMismatch"
    with pytest.raises(MatlabError) as err:
        call("polarplot")
    assert err.value.identifier == "MATLAB:minrhs"


def test_plot_against_datetimes_and_durations(ctx, call):
    from engine.runtime.times import DatetimeArray, DurationArray, from_parts
    days = from_parts(2024, 1, np.arange(1.0, 4.0)).reshape(1, -1)
    call("plot", DatetimeArray(days), np.array([[1.0, 2.0, 3.0]]))
    mpl = axes_of(ctx)
    (line,) = mpl.get_lines()
    assert np.allclose(line.get_xdata(), days / 86400.0)            # matplotlib's dates: days since 1970
    assert type(mpl.xaxis.get_major_formatter()).__name__ == "ConciseDateFormatter"
    call("plot", np.array([[1.0, 2.0]]), DurationArray(np.array([[1800.0, 5400.0]]), "h"))
    mpl = axes_of(ctx)
    assert mpl.get_lines()[0].get_ydata().tolist() == [0.5, 1.5]      # in the format's unit, hours
    assert mpl.yaxis.get_major_formatter()(1.5, 0) == "1.5 hr"


def test_surface_adds_to_the_axes_seen_from_above(ctx, call):
    """surface(x, y, div) (a course's divergence example): surf's object, without clearing the axes
    (hold is ignored) and, into 2-D axes, drawn in view(2)."""
    z = np.arange(6.0).reshape(2, 3)
    call("plot", np.array([[1.0, 2.0]]))
    (h,) = call("surface", np.array([[0.0, 1.0, 2.0]]), np.array([[0.0, 1.0]]), z, nargout=1)
    mpl = axes_of(ctx)
    assert mpl.name == "3d" and len(mpl.get_lines()) == 1 and len(mpl.collections) == 1   # the line stays
    assert call("view", nargout=1)[0].tolist() == [[0.0, 90.0]]
    assert call("get", h, "Type", nargout=1)[0].to_str() == "surface"
    call("view", 3.0)
    call("surface", z + 1, "EdgeColor", "none")
    assert len(axes_of(ctx).collections) == 2 and call("view", nargout=1)[0].tolist() == [[-37.5, 30.0]]
    with pytest.raises(MatlabError) as err:
        call("surface", z, np.ones((3, 3)))
    assert err.value.identifier == "MATLAB:surface:InvalidSizes"


def test_surf_face_color(ctx, call):
    """A corpus program: surf(X, Y, Z, 'EdgeColor', 'none', 'FaceColor', [0.8 0 0], 'FaceAlpha', 0.5)."""
    z = np.arange(6.0).reshape(2, 3)
    call("surf", z, "EdgeColor", "none", "FaceColor", [0.8, 0.0, 0.0], "FaceAlpha", 0.5)
    surface = axes_of(ctx).collections[0]
    assert surface.get_array() is None and to_rgb(surface.get_facecolor()[0]) == (0.8, 0.0, 0.0)
    call("surf", z, "FaceColor", "interp")
    assert axes_of(ctx).collections[0].get_array() is not None        # still through the colormap
    with pytest.raises(MatlabError) as err:
        call("surf", z, "FaceColor", "bogus")
    assert err.value.identifier == "MATLAB:graphics:invalidColor"


def test_surface_line_style_and_width(ctx, call):
    """Corpus programs: surf(X, Y, Z, 'LineStyle', 'none') and s = surf(...); set(s, 'LineStyle', 'none')
    (no edges; the property was unknown for surfaces)."""
    z = np.arange(6.0).reshape(2, 3)
    (h,) = call("surf", z, "LineStyle", "none", nargout=1)
    surface = axes_of(ctx).collections[0]
    assert call("get", h, "LineStyle", nargout=1)[0].to_str() == "none" and surface.get_linestyle() == [(0, None)]
    assert surface.matfuse_linestyle == "None"
    call("set", h, "LineStyle", ":", "LineWidth", 2.0)
    assert call("get", h, "LineStyle", nargout=1)[0].to_str() == ":" and call("get", h, "LineWidth", nargout=1)[0] == 2.0
    (m,) = call("mesh", z, "LineWidth", 1.5, nargout=1)
    assert call("get", m, "LineWidth", nargout=1)[0] == 1.5
    with pytest.raises(MatlabError):
        call("surf", z, "LineStyle", "~~")


def test_surf_and_mesh_colored_by_c(ctx, call):
    """A corpus program: surf(run_rate, cx), the faces colored by C, not by height (the form was refused;
    surf(X, Y, Z, C) took C and colored by Z)."""
    z = np.array([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]])
    c = np.array([[2.0, 0.0, 9.0], [1.0, 1.0, 1.0]])
    call("surf", z, c)
    cmap = graphics_state(ctx.state).figures[1].colormap
    expected = sorted(map(tuple, cmap(np.array([2.0, 0.0]) / 9.0)))   # each face: its first corner's C
    colors = axes_of(ctx).collections[0].get_facecolor()                # (C spans 0 to 9; in depth order)
    assert np.allclose(sorted(map(tuple, colors)), expected)
    call("surf", np.array([[0.0, 1.0, 2.0]]), np.array([[0.0, 1.0]]), z, c)
    assert np.allclose(sorted(map(tuple, axes_of(ctx).collections[0].get_facecolor())), expected)
    call("mesh", z, c)
    heights = sorted(axes_of(ctx).collections[0].get_array().tolist())   # each face's mean C
    assert heights == [1.0, 2.75]
    with pytest.raises(MatlabError) as err:
        call("surf", z, c[:, :2])
    assert err.value.identifier == "MATLAB:surf:InvalidSizes"


def test_mesh_faces_and_hidden(ctx, call):
    """Corpus programs: mesh(Z, 'FaceColor', 'interp', 'EdgeColor', 'interp') (FaceColor was unrecognized
    for mesh) and hidden off (a missing function). A mesh's faces are white and hide the lines behind
    them, its edges take the colormap; hidden off/on makes the faces 'none' and white again."""
    z = np.arange(9.0).reshape(3, 3)
    (h,) = call("mesh", z, nargout=1)
    mesh = axes_of(ctx).collections[0]
    mesh.get_figure(root=True).canvas.draw()
    assert np.allclose(mesh.get_facecolor()[:, :3], 1.0) and not np.allclose(mesh.get_edgecolor()[:, :3], 1.0)
    assert call("get", h, "FaceColor", nargout=1)[0].tolist() == [[1.0, 1.0, 1.0]]
    assert call("get", h, "EdgeColor", nargout=1)[0].to_str() == "flat"
    call("hidden", "off")
    assert call("get", h, "FaceColor", nargout=1)[0].to_str() == "none"
    call("hidden")                                                     # toggles back on
    assert call("get", h, "FaceColor", nargout=1)[0].tolist() == [[1.0, 1.0, 1.0]]
    (s,) = call("surf", z, nargout=1)                                  # other faces are left alone
    call("hidden", "off")
    assert call("get", s, "FaceColor", nargout=1)[0].to_str() == "flat"
    (h,) = call("mesh", z, "FaceColor", "interp", "EdgeColor", "k", nargout=1)
    mesh = axes_of(ctx).collections[0]
    mesh.get_figure(root=True).canvas.draw()
    assert len({tuple(c) for c in mesh.get_facecolor()}) == 4 and np.allclose(mesh.get_edgecolor()[:, :3], 0.0)
    assert call("get", h, "FaceColor", nargout=1)[0].to_str() == "interp"
    with pytest.raises(MatlabError) as err:
        call("hidden", "maybe")
    assert err.value.identifier == "MATLAB:hidden:InvalidOption"


def test_contourf_fills_through_the_colormap_and_edges_with_lines(ctx, call):
    """A corpus program's contourf(X, Y, Z) printed matplotlib's 'linewidths is ignored by contourf'
    warning (an internal error where warnings are errors); LineColor colored the fills."""
    import warnings
    z = np.arange(16.0).reshape(4, 4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        call("contourf", z, 3.0, "LineColor", "r", "LineWidth", 2.0)
    fills, edges = axes_of(ctx).collections
    assert fills.get_array() is not None                              # colormapped fills
    assert to_rgb(edges.get_edgecolor()[0]) == (1.0, 0.0, 0.0) and edges.get_linewidth()[0] == 2.0
    call("contourf", z, "LineColor", "none")
    assert len(axes_of(ctx).collections) == 1
    call("contourf", z, "edgecolor", "none")          # five corpus programs: EdgeColor was unrecognized
    assert len(axes_of(ctx).collections) == 1
    call("contour", z, "EdgeColor", "r")
    assert to_rgb(axes_of(ctx).collections[0].get_edgecolor()[0]) == (1.0, 0.0, 0.0)


def test_contour_line_spec_gives_the_lines_style_and_color(ctx, call):
    """contour(X, Y, Z, [1 1], "k", "linewidth", 2) of four corpus programs was refused as a bad name-value
    pair: MATLAB's contour(..., LineSpec) styles and colors the lines (contourf's edges)."""
    z = np.arange(16.0).reshape(4, 4)
    x, y = np.meshgrid(np.arange(4.0), np.arange(4.0))
    call("contour", x, y, z, np.array([[7.0, 7.0]]), "k", "LineWidth", 2.0)
    (lines,) = axes_of(ctx).collections
    assert to_rgb(lines.get_edgecolor()[0]) == (0.0, 0.0, 0.0) and lines.get_linewidth()[0] == 2.0
    assert lines.get_linestyle()[0][1] is None                        # solid
    call("contour", z, "r--")
    (lines,) = axes_of(ctx).collections
    assert to_rgb(lines.get_edgecolor()[0]) == (1.0, 0.0, 0.0) and lines.get_linestyle()[0][1] is not None
    call("contourf", z, ":b")
    fills, edges = axes_of(ctx).collections
    assert to_rgb(edges.get_edgecolor()[0]) == (0.0, 0.0, 1.0) and edges.get_linestyle()[0][1] is not None
    call("contour", z, "b", "LineColor", "r")                         # LineColor over the spec's color
    assert to_rgb(axes_of(ctx).collections[0].get_edgecolor()[0]) == (1.0, 0.0, 0.0)


def test_triangle_plots_draw_the_triangles_they_are_given(ctx, call):
    """trisurf, trimesh and triplot of delaunay's triangles (corpus programs: a FEM mesh, trimesh(d, x, y, z))."""
    x, y, z = (np.array([[0.0, 1.0, 0.0, 1.0]]), np.array([[0.0, 0.0, 1.0, 1.0]]), np.array([[0.0, 1.0, 1.0, 2.0]]))
    tri = np.array([[1.0, 2.0, 4.0], [1.0, 4.0, 3.0]])
    call("trisurf", tri, x, y, z)
    faces = axes_of(ctx).collections[0]
    assert axes_of(ctx).name == "3d" and sorted(faces.get_array().tolist()) == [1.0, 1.0]   # mean heights
    call("trimesh", tri, x, y, z)
    (edges,) = axes_of(ctx).collections            # each triangle's three edges, colored by mean height
    assert sorted(edges.get_array().tolist()) == [0.5, 0.5, 1.0, 1.0, 1.5, 1.5]
    call("trimesh", tri, x, y, z, "EdgeColor", "r")
    (edges,) = axes_of(ctx).collections
    assert edges.get_array() is None and to_rgb(edges.get_color()[0]) == (1.0, 0.0, 0.0)
    call("trisurf", tri, x, y, z, np.array([[3.0, 0.0, 3.0, 0.0]]), "EdgeColor", "k")   # C per point
    assert sorted(axes_of(ctx).collections[0].get_array().tolist()) == [1.0, 2.0]
    call("trisurf", tri, x, y, z, np.array([[5.0, 6.0]]))                                  # C per triangle
    assert axes_of(ctx).collections[0].get_array().tolist() == [5.0, 6.0]
    call("triplot", tri, x, y, "g--")
    (line,) = axes_of(ctx).get_lines()
    assert axes_of(ctx).name == "rectilinear" and to_rgb(line.get_color()) == (0.0, 1.0, 0.0)
    assert np.isnan(line.get_xdata()).sum() == 2 and line.get_xdata()[:4].tolist() == [0.0, 1.0, 1.0, 0.0]
    for args, ident in [((np.array([[1.0, 2.0, 5.0]]), x, y), "MATLAB:trimesh:InvalidTriangles"),
                        ((tri, x, y), "MATLAB:trisurf:InvalidArguments")]:
        with pytest.raises(MatlabError) as err:
            call(ident.split(":")[1], *args)
        assert err.value.identifier == ident


def test_surfl_shades_each_face(ctx, call):
    X, Y = np.meshgrid(np.linspace(-2, 2, 9), np.linspace(-2, 2, 9))
    call("surfl", X, Y, X * np.exp(-X ** 2 - Y ** 2))
    (surface,) = axes_of(ctx).collections
    colors = surface.get_facecolor()
    assert axes_of(ctx).name == "3d" and len(colors) == 64 and len({tuple(c) for c in colors}) > 32
    with pytest.raises(MatlabError) as err:
        call("surfl", X, Y, X, "light")
    assert err.value.identifier == "MATLAB:surfl:InvalidArguments"


def test_edge_line_styles_of_filled_objects(ctx, call):
    """set(ha, 'LineStyle', 'none') on area (a corpus program's shaded band); bar takes it at creation."""
    (handles,) = call("area", np.array([[1.0, 2.0, 3.0]]), np.array([[1.0, 2.0], [2.0, 3.0], [3.0, 4.0]]), nargout=1)
    call("set", handles, "LineStyle", "none")
    assert call("get", handles[0:1, 0:1], "LineStyle", nargout=1)[0].to_str() == "none"
    (bars,) = call("bar", [1.0, 2.0], "LineStyle", "--", "LineWidth", 2.0, nargout=1)
    assert call("get", bars, "LineStyle", nargout=1)[0].to_str() == "--"
    assert axes_of(ctx).patches[0].get_linewidth() == 2.0
    with pytest.raises(MatlabError) as err:
        call("set", bars, "LineStyle", "bad")
    assert err.value.identifier == "MATLAB:hg:propswch:PropertyError"
