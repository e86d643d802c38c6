"""plot3, scatter3, errorbar, stem, area, fill, patch, pie, imshow, and the primitives line and text:
what they draw (data, colors, styles), the handles they return, and their errors."""
import numpy as np
import pytest
from matplotlib.colors import to_rgb

from engine.runtime.categoricals import CategoricalArray
from engine.runtime.errors import MatlabError
from engine.runtime.figures import graphics_state
from engine.runtime.values import CellArray, CharArray
from graphics_helpers import axes_of, cell_row

BLUE, ORANGE = (0.0, 0.447, 0.741), (0.85, 0.325, 0.098)


def test_plot3_draws_3d_lines_per_column(ctx, call):
    (h,) = call("plot3", [0.0, 1.0], [0.0, 2.0], [1.0, 3.0], "r--", nargout=1)
    axes = axes_of(ctx)
    assert axes.name == "3d" and h.shape == (1, 1)
    xs, ys, zs = axes.get_lines()[0].get_data_3d()
    assert (xs.tolist(), ys.tolist(), zs.tolist()) == ([0.0, 1.0], [0.0, 2.0], [1.0, 3.0])
    assert call("get", h, "ZData", nargout=1)[0].tolist() == [[1.0, 3.0]]
    assert to_rgb(axes.get_lines()[0].get_color()) == (1.0, 0.0, 0.0)
    Z = np.arange(6.0).reshape(3, 2)
    call("plot3", Z, Z, Z)
    assert len(axes_of(ctx).get_lines()) == 2
    with pytest.raises(MatlabError) as err:
        call("plot3", [1.0, 2.0], [1.0, 2.0], [1.0, 2.0, 3.0])
    assert err.value.identifier == "MATLAB:plot3:XYZLengthMismatch"


def test_comet_and_comet3_draw_the_last_frame(ctx, call):
    """comet3(x, y, z) after an ODE solve (a course's Runge-Kutta example): the whole path, and the head at
    its end."""
    call("comet3", [0.0, 1.0, 2.0], [0.0, 1.0, 4.0], [0.0, 10.0, 20.0])
    axes = axes_of(ctx)
    path, head = axes.get_lines()
    assert axes.name == "3d" and [v.tolist() for v in path.get_data_3d()] == [[0.0, 1.0, 2.0], [0.0, 1.0, 4.0],
                                                                             [0.0, 10.0, 20.0]]
    assert [v.tolist() for v in head.get_data_3d()] == [[2.0], [4.0], [20.0]] and head.get_marker() == "o"
    assert to_rgb(path.get_color()) == ORANGE and to_rgb(head.get_color()) == BLUE
    call("comet", [3.0, 1.0, 2.0], [0.0, 1.0, 4.0], 0.5)
    path, head = axes_of(ctx).get_lines()
    assert axes_of(ctx).name == "rectilinear" and path.get_xdata().tolist() == [3.0, 1.0, 2.0]
    call("comet", [5.0, 6.0])
    path, head = axes_of(ctx).get_lines()
    assert path.get_xdata().tolist() == [1.0, 2.0] and head.get_ydata().tolist() == [6.0]
    for args, ident in [(([1.0, 2.0], [1.0, 2.0, 3.0]), "MATLAB:comet:LengthMismatch"),
                        (([1.0, 2.0], [1.0, 2.0], 1.0), "MATLAB:comet:InvalidTailLength")]:
        with pytest.raises(MatlabError) as err:
            call("comet", *args)
        assert err.value.identifier == ident
    with pytest.raises(MatlabError) as err:
        call("comet3", [1.0, 2.0], [1.0, 2.0])
    assert err.value.identifier == "MATLAB:minrhs"


def test_polar_draws_cartesian_lines_over_a_polar_grid(ctx, call):
    """polar(theta, rho), MATLAB's older polar plot: x = rho.*cos(theta), y = rho.*sin(theta) in Cartesian
    axes, with rings and spokes unless hold is on; ezpolar(@(x) 1) after hold on (a course's SVM demo)
    adds the unit circle to the axes as they are."""
    theta = np.array([[0.0, np.pi / 2, np.pi]])
    (h,) = call("polar", theta, np.array([[1.0, 2.0, 3.0]]), "--r", nargout=1)
    mpl = axes_of(ctx)
    line = mpl.get_lines()[0]                                                 # drawn before the grid
    assert h.shape == (1, 1) and np.allclose(line.get_xdata(), [1.0, 0.0, -3.0]) and np.allclose(line.get_ydata(), [0.0, 2.0, 0.0])
    assert line.get_linestyle() == "--" and to_rgb(line.get_color()) == (1.0, 0.0, 0.0)
    assert not mpl.axison and len(mpl.get_lines()) > 1                       # rings and spokes
    assert {t.get_text() for t in mpl.texts} >= {"0", "90", "330", "  3"}    # the outer ring at rho's maximum
    call("plot", np.array([[1.0, 2.0]]))
    assert axes_of(ctx).axison and len(axes_of(ctx).get_lines()) == 1
    with pytest.raises(MatlabError) as err:
        call("polar", np.array([[1.0, 2.0]]), np.array([[1.0, 2.0, 3.0]]))
    assert err.value.identifier == "MATLAB:polar:InvalidInputDimensions"


def test_plot3_pairs_vectors_with_a_matrix(ctx, call):
    """At least one of X, Y, Z a matrix and the others vectors (MATLAB's documented form): vectors as
    long as the matrix's columns go along each column (a sarwarbeing-ai program's plot3(x, y, U) of a
    Poisson solution was an error), else along each row (the doc's example: X, Y 2-by-n, Z = t)."""
    U = np.arange(6.0).reshape(3, 2)
    (h,) = call("plot3", [0.0, 1.0, 2.0], [[5.0], [6.0], [7.0]], U, nargout=1)
    assert h.shape == (2, 1)
    xs, ys, zs = axes_of(ctx).get_lines()[1].get_data_3d()
    assert (xs.tolist(), ys.tolist(), zs.tolist()) == ([0.0, 1.0, 2.0], [5.0, 6.0, 7.0], [1.0, 3.0, 5.0])
    t = np.array([[0.0, 1.0, 2.0]])
    (h,) = call("plot3", np.vstack([t, 2 * t]), np.vstack([t, 3 * t]), t, nargout=1)
    assert h.shape == (2, 1)
    xs, ys, zs = axes_of(ctx).get_lines()[-1].get_data_3d()
    assert (xs.tolist(), ys.tolist(), zs.tolist()) == ([0.0, 2.0, 4.0], [0.0, 3.0, 6.0], [0.0, 1.0, 2.0])
    with pytest.raises(MatlabError) as err:
        call("plot3", [1.0, 2.0], [1.0, 2.0, 3.0, 4.0], U)
    assert err.value.identifier == "MATLAB:plot3:XYZLengthMismatch"


def test_scatter3_points_sizes_and_colors(ctx, call):
    (h,) = call("scatter3", [1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], 20.0, "filled", nargout=1)
    assert axes_of(ctx).name == "3d"
    assert call("get", h, "ZData", nargout=1)[0].tolist() == [[7.0, 8.0, 9.0]]
    assert call("get", h, "SizeData", nargout=1)[0].tolist() == [[20.0]]
    with pytest.raises(MatlabError):
        call("scatter3", [1.0, 2.0], [1.0, 2.0])


def test_errorbar_symmetric_asymmetric_and_horizontal(ctx, call):
    (h,) = call("errorbar", [1.0, 2.0], [10.0, 20.0], [1.0, 2.0], nargout=1)
    container = axes_of(ctx).containers[0]
    segments = container.lines[2][0].get_segments()
    assert [s.tolist() for s in segments] == [[[1.0, 9.0], [1.0, 11.0]], [[2.0, 18.0], [2.0, 22.0]]]
    assert to_rgb(container.lines[0].get_color()) == BLUE and call("get", h, "Type", nargout=1)[0].to_str() == \
        "errorbar"
    call("errorbar", [1.0, 2.0], [10.0, 20.0], [1.0, 1.0], [3.0, 3.0])
    segments = axes_of(ctx).containers[0].lines[2][0].get_segments()
    assert segments[0].tolist() == [[1.0, 9.0], [1.0, 13.0]]
    call("errorbar", [1.0, 2.0], [10.0, 20.0], [0.5, 0.5], "horizontal", "CapSize", 0.0)
    segments = axes_of(ctx).containers[0].lines[2][0].get_segments()
    assert segments[0].tolist() == [[0.5, 10.0], [1.5, 10.0]]
    with pytest.raises(MatlabError) as err:
        call("errorbar", [1.0, 2.0], [1.0, 2.0], [1.0, 2.0, 3.0])
    assert err.value.identifier == "MATLAB:errorbar:InvalidSizes"


def test_stem_markers_stems_and_baseline(ctx, call):
    call("stem", [1.0, -2.0, 3.0])
    stems = axes_of(ctx).containers[0]
    assert stems.markerline.get_ydata().tolist() == [1.0, -2.0, 3.0]
    assert stems.markerline.get_fillstyle() == "none" and stems.markerline.get_marker() == "o"
    assert [s.tolist() for s in stems.stemlines.get_segments()][1] == [[2.0, 0.0], [2.0, -2.0]]
    call("stem", [0.0, 5.0], [1.0, 2.0], "filled", "r")
    stems = axes_of(ctx).containers[0]
    assert stems.markerline.get_fillstyle() == "full" and to_rgb(stems.markerline.get_color()) == (1, 0, 0)
    assert stems.markerline.get_xdata().tolist() == [0.0, 5.0]


def test_area_stacks_columns_from_the_base(ctx, call):
    (h,) = call("area", np.array([[1.0, 3.0], [2.0, 1.0]]), nargout=1)
    assert h.shape == (1, 2)
    first, second = axes_of(ctx).collections
    spans = [(c.get_paths()[0].get_extents().y0, c.get_paths()[0].get_extents().y1) for c in (first, second)]
    assert spans == [(0.0, 2.0), (1.0, 4.0)]             # the second sits on the first: [1 2] + [3 1]
    assert to_rgb(first.get_facecolor()[0]) == BLUE and to_rgb(second.get_facecolor()[0]) == ORANGE
    assert call("get", float(h[0, 0]), "Type", nargout=1)[0].to_str() == "area"
    call("area", [1.0, 2.0], [2.0, 3.0], "FaceColor", "g", "FaceAlpha", 0.5)
    (collection,) = axes_of(ctx).collections
    assert to_rgb(collection.get_facecolor()[0]) == (0.0, 1.0, 0.0) and collection.get_alpha() == 0.5


def test_fill_and_patch_polygons_and_colors(ctx, call):
    (h,) = call("fill", [0.0, 1.0, 0.5], [0.0, 0.0, 1.0], "r", nargout=1)
    (polygon,) = axes_of(ctx).collections
    assert polygon.get_paths()[0].vertices[:3].tolist() == [[0, 0], [1, 0], [0.5, 1]]
    assert to_rgb(polygon.get_facecolor()[0]) == (1.0, 0.0, 0.0)
    assert call("get", h, "XData", nargout=1)[0].tolist() == [[0.0], [1.0], [0.5]]
    call("hold", "on")
    faces, vertices = np.array([[1.0, 2.0, 3.0, 4.0]]), np.array([[1.0, 0.0], [2.0, 0.0], [2.0, 1.0], [1.0, 1.0]])
    call("patch", "Faces", faces, "Vertices", vertices, "FaceColor", "g", "EdgeColor", "none")
    square = axes_of(ctx).collections[1]
    assert square.get_paths()[0].vertices[:4].tolist() == vertices.tolist()
    assert to_rgb(square.get_facecolor()[0]) == (0.0, 1.0, 0.0) and len(square.get_edgecolor()) == 0
    call("hold", "off")
    X = np.array([[0.0, 2.0], [1.0, 3.0], [0.0, 2.0]])
    call("fill", X, np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 1.0]]), np.array([[1.0, 2.0]]))
    (both,) = axes_of(ctx).collections                  # one patch object, two faces, colormapped
    assert len(both.get_paths()) == 2 and both.get_array().tolist() == [1.0, 2.0]
    with pytest.raises(MatlabError) as err:
        call("patch", "Faces", np.array([[1.0, 9.0, 2.0]]), "Vertices", vertices)
    assert err.value.identifier == "MATLAB:patch:InvalidFaces"


def test_pie_shares_labels_colors_and_partial_pies(ctx, call):
    (h,) = call("pie", [1.0, 1.0, 2.0], nargout=1)
    axes = axes_of(ctx)
    assert h.shape == (1, 6) and [t.get_text() for t in axes.texts] == ["25%", "25%", "50%"]
    wedges = axes.patches
    assert [(w.theta1, w.theta2) for w in wedges] == pytest.approx([(90, 180), (180, 270), (270, 450)])
    assert call("get", float(h[0, 1]), "Type", nargout=1)[0].to_str() == "text"
    assert not axes.axison
    call("pie", [0.2, 0.3])                              # sum < 1: a partial pie
    assert sum(w.theta2 - w.theta1 for w in axes_of(ctx).patches) == pytest.approx(180.0)
    call("pie", [1.0, 3.0], [0.0, 1.0], cell_row("small", "big"))
    axes = axes_of(ctx)
    assert [t.get_text() for t in axes.texts] == ["small", "big"] and axes.patches[1].center != (0, 0)
    with pytest.raises(MatlabError) as err:
        call("pie", [1.0, -1.0])
    assert err.value.identifier == "MATLAB:pie:NegativeData"


def test_imshow_ranges_by_class_and_hidden_axes(ctx, call):
    call("imshow", np.array([[0.0, 0.5], [1.0, 0.25]]))
    image = axes_of(ctx).images[0]
    assert image.get_clim() == (0.0, 1.0) and image.get_cmap().name == "gray" and not axes_of(ctx).axison
    assert axes_of(ctx).get_aspect() == 1.0
    call("imshow", np.array([[0, 200]], dtype=np.uint8))
    assert axes_of(ctx).images[0].get_clim() == (0.0, 255.0)
    call("imshow", np.array([[2.0, 6.0]]), np.zeros((0, 0)))
    assert axes_of(ctx).images[0].get_clim() == (2.0, 6.0)
    rgb = np.zeros((2, 2, 3))
    rgb[0, 0] = [1.0, 0.0, 0.0]
    call("imshow", rgb)
    assert axes_of(ctx).images[0].get_array().shape == (2, 2, 3)
    call("imshow", np.array([[1.0, 2.0]]), np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]))
    image = axes_of(ctx).images[0]
    assert [to_rgb(image.cmap(image.norm(v))) for v in image.get_array().ravel()] == [(1, 0, 0), (0, 0, 1)]
    with pytest.raises(MatlabError) as err:
        call("imshow", np.zeros((2, 2, 2)))
    assert err.value.identifier == "MATLAB:imshow:InvalidRGB"


def test_image_indexes_the_colormap_directly(ctx, call):
    """image(C): C's elements are colormap indices (1-based for double, 0-based for integer classes;
    out of range: the end colors); lattice-Boltzmann programs of the corpus draw their obstacles so."""
    call("colormap", np.array([[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]]))
    call("image", np.array([[1.0, 2.0], [2.7, 9.0]]))
    image = axes_of(ctx).images[0]
    colors = [to_rgb(image.cmap(image.norm(v))) for v in image.get_array().ravel()]
    assert colors == [(0, 0, 0), (1, 1, 1), (1, 1, 1), (1, 1, 1)] and axes_of(ctx).yaxis_inverted()
    call("image", np.array([[0, 1]], dtype=np.uint8))
    image = axes_of(ctx).images[0]
    assert [to_rgb(image.cmap(image.norm(v))) for v in image.get_array().ravel()] == [(0, 0, 0), (1, 1, 1)]
    call("image", np.array([[1.0, 5.0]]), "CDataMapping", "scaled")
    assert axes_of(ctx).images[0].get_clim() == (1.0, 5.0)
    with pytest.raises(MatlabError) as err:
        call("image", np.zeros((2, 2, 2)))
    assert err.value.identifier == "MATLAB:image:InvalidRGB"


def test_text_places_strings_and_takes_properties(ctx, call):
    call("plot", [1.0, 2.0, 3.0])
    (h,) = call("text", 2.0, 2.5, "peak", "Color", "r", "FontSize", 12.0, nargout=1)
    (label,) = axes_of(ctx).texts
    assert (label.get_text(), label.get_position(), label.get_fontsize()) == ("peak", (2.0, 2.5), 12.0)
    assert (label.get_horizontalalignment(), label.get_verticalalignment()) == ("left", "center")
    assert to_rgb(label.get_color()) == (1.0, 0.0, 0.0) and len(axes_of(ctx).get_lines()) == 1
    (hs,) = call("text", [1.0, 2.0], [1.0, 2.0], cell_row("a", "b"), nargout=1)
    assert hs.shape == (2, 1) and [t.get_text() for t in axes_of(ctx).texts] == ["peak", "a", "b"]
    with pytest.raises(MatlabError) as err:
        call("text", [1.0, 2.0], [1.0, 2.0], cell_row("a", "b", "c"))
    assert err.value.identifier == "MATLAB:text:StringCount"


def test_text_of_two_coordinates_in_3d_axes_is_at_z_zero(ctx, call):
    """text(1, 11, 'Run') after bar3 (a corpus program) was a Python TypeError: Axes3D.text takes x, y, z."""
    call("plot3", [1.0, 2.0], [1.0, 2.0], [1.0, 2.0])
    call("text", 1.0, 2.0, "flat")
    call("text", 1.0, 2.0, 3.0, "up")
    labels = axes_of(ctx).texts
    assert [(t.get_text(), t.get_position_3d()) for t in labels] == [("flat", (1.0, 2.0, 0.0)), ("up", (1.0, 2.0, 3.0))]


def test_line_adds_to_the_axes_whatever_hold_says(ctx, call):
    call("plot", [1.0, 2.0, 3.0])
    call("line", [1.0, 3.0], [2.0, 2.0], "Color", "k", "LineStyle", "--")
    lines = axes_of(ctx).get_lines()
    assert len(lines) == 2 and lines[1].get_linestyle() == "--" and to_rgb(lines[1].get_color()) == (0, 0, 0)
    call("line", "XData", [0.0, 1.0], "YData", [5.0, 6.0])
    assert axes_of(ctx).get_lines()[2].get_ydata().tolist() == [5.0, 6.0]
    with pytest.raises(MatlabError) as err:
        call("line", [1.0, 2.0], [1.0, 2.0], "Bogus", 1.0)
    assert err.value.identifier == "MATLAB:class:InvalidProperty"


def test_bar_baseline(ctx, call):
    """A corpus program: a1 = get(a, 'BaseLine'); set(a1, 'LineStyle', 'none') on barh (BaseLine was an
    unrecognized property of Bar). The axes' bars share one black baseline at 0."""
    (a,) = call("barh", [1.0, 2.0, 3.0], [-3.0, -1.0, -2.0], 0.5, nargout=1)
    (line,) = axes_of(ctx).get_lines()
    assert list(line.get_xdata()) == [0.0, 0.0] and to_rgb(line.get_color()) == (0.0, 0.0, 0.0)
    (base,) = call("get", a, "BaseLine", nargout=1)
    call("set", base, "LineStyle", "none")
    assert line.get_linestyle() == "None" and call("get", base, "Type", nargout=1)[0].to_str() == "baseline"
    assert call("get", base, "BaseValue", nargout=1) == (0.0,)
    call("hold", "on")
    (b,) = call("barh", [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], 0.5, nargout=1)
    assert call("get", b, "BaseLine", nargout=1) == (base,) and len(axes_of(ctx).get_lines()) == 1
    call("hold", "off")
    call("bar", [1.0, 2.0])                                          # new axes contents: a new baseline
    (line,) = axes_of(ctx).get_lines()
    assert list(line.get_ydata()) == [0.0, 0.0] and line.get_linestyle() == "-"


def test_barh_and_stacked_negative_bars(ctx, call):
    (h,) = call("barh", [3.0, 1.0, 2.0], "red", nargout=1)
    bars = axes_of(ctx).containers[0]
    assert [p.get_width() for p in bars] == [3.0, 1.0, 2.0] and [p.get_y() + p.get_height() / 2 for p in bars] \
        == pytest.approx([1.0, 2.0, 3.0])
    assert to_rgb(bars[0].get_facecolor()) == (1.0, 0.0, 0.0)
    assert call("get", h, "YData", nargout=1)[0].tolist() == [[3.0, 1.0, 2.0]]
    call("bar", np.array([[1.0, -2.0, 3.0], [2.0, 2.0, -1.0]]), "stacked")
    spans = [(p.get_y(), p.get_y() + p.get_height()) for c in axes_of(ctx).containers for p in c]
    assert spans == [(0, 1), (0, 2), (0, -2), (2, 4), (1, 4), (0, -1)]   # negatives stack down from 0


def test_hist_counts_and_centers(ctx, call):
    # octave: [n, c] = hist([1 2 2 3 3 3 10])
    n, c = call("hist", [1.0, 2.0, 2.0, 3.0, 3.0, 3.0, 10.0], nargout=2)
    assert n.tolist() == [[1.0, 2.0, 3.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]]
    assert c == pytest.approx(np.array([[1.45, 2.35, 3.25, 4.15, 5.05, 5.95, 6.85, 7.75, 8.65, 9.55]]))
    # octave: [n2, c2] = hist([1 2 2 3 3 3 10], 3); [n3, c3] = hist(..., [0 5 10])
    n2, c2 = call("hist", [1.0, 2.0, 2.0, 3.0, 3.0, 3.0, 10.0], 3.0, nargout=2)
    assert (n2.tolist(), c2.tolist()) == ([[6.0, 0.0, 1.0]], [[2.5, 5.5, 8.5]])
    n3, c3 = call("hist", [1.0, 2.0, 2.0, 3.0, 3.0, 3.0, 10.0], [0.0, 5.0, 10.0], nargout=2)
    assert (n3.tolist(), c3.tolist()) == ([[3.0, 3.0, 1.0]], [[0.0, 5.0, 10.0]])
    # octave: [n4, c4] = hist([1 2; 3 4; 5 9]): one column of counts per column, centers as a column
    n4, c4 = call("hist", np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]), nargout=2)
    assert n4.shape == (10, 2) and n4[:, 0].tolist() == [1, 0, 1, 0, 1, 0, 0, 0, 0, 0]
    assert n4[:, 1].tolist() == [0, 1, 0, 1, 0, 0, 0, 0, 0, 1] and c4.shape == (10, 1)
    # octave: n = hist([2.5 7.5 0 10], [0 5 10]) (values on a boundary count in the lower bin);
    # [m2, cc] = hist([5 5 5], 3)
    assert call("hist", [2.5, 7.5, 0.0, 10.0], [0.0, 5.0, 10.0], nargout=1)[0].tolist() == [[2.0, 1.0, 1.0]]
    m2, cc = call("hist", [5.0, 5.0, 5.0], 3.0, nargout=2)
    assert (m2.tolist(), cc.tolist()) == ([[0.0, 3.0, 0.0]], [[4.0, 5.0, 6.0]])
    assert call("hist", [1.0, 2.0, 2.0]) == () and len(axes_of(ctx).patches) == 10    # drawn, no output


def test_stairs_steps_after_each_point(ctx, call):
    (h,) = call("stairs", [0.0, 1.0, 2.0], [1.0, 3.0, 2.0], "r", nargout=1)
    line = axes_of(ctx).get_lines()[0]
    assert line.get_drawstyle() == "steps-post" and to_rgb(line.get_color()) == (1.0, 0.0, 0.0)
    assert call("get", h, "Type", nargout=1)[0].to_str() == "stair"


def test_quiver_scales_arrows_to_the_grid(ctx, call):
    X, Y = np.meshgrid([0.0, 1.0], [0.0, 1.0])
    (h,) = call("quiver", X, Y, np.ones((2, 2)), np.zeros((2, 2)), nargout=1)
    arrows = axes_of(ctx).collections[0]
    spacing = np.hypot(1 / np.sqrt(4), 1 / np.sqrt(4))
    assert arrows.U.tolist() == pytest.approx([0.9 * spacing] * 4) and arrows.V.tolist() == [0.0] * 4
    assert axes_of(ctx).get_xlim()[1] >= 1.0 + 0.9 * spacing                # the arrow tips are inside
    call("quiver", X, Y, 2 * np.ones((2, 2)), np.zeros((2, 2)), 0.0)        # scale 0: true lengths
    assert axes_of(ctx).collections[0].U.tolist() == [2.0] * 4
    assert call("get", h, "Type", nargout=1)[0].to_str() == "quiver"
    with pytest.raises(MatlabError) as err:
        call("quiver", X, Y, np.ones((3, 3)), np.ones((3, 3)))
    assert err.value.identifier == "MATLAB:quiver:InvalidSizes"


def test_quiver_line_width(ctx, call):
    """A corpus program: quiver(x, y, u, v, 1.125, 'color', [0 0.7 0], 'LineWidth', 1.6)."""
    (h,) = call("quiver", [0.0, 1.0], [0.0, 1.0], [1.0, 1.0], [1.0, 0.0], 1.125, "color", [0.0, 0.7, 0.0],
                "LineWidth", 1.6, nargout=1)
    assert call("get", h, "LineWidth", nargout=1)[0] == 1.6
    assert axes_of(ctx).collections[0].get_linewidths()[0] == 1.6


def test_contour_matrix_and_labels(ctx, call):
    # octave: C = contourc([1 2; 3 4], [2.5 2.5])
    C, h = call("contour", np.array([[1.0, 2.0], [3.0, 4.0]]), [2.5, 2.5], nargout=2)
    assert C.tolist() == [[2.5, 1.0, 2.0], [2.0, 1.75, 1.25]]
    call("clabel", C, h, "FontSize", 11.0)
    (label,) = axes_of(ctx).texts
    assert label.get_text() == "2.5" and label.get_fontsize() == 11.0
    with pytest.raises(MatlabError) as err:
        call("clabel", C)
    assert err.value.identifier == "MATLAB:clabel:NeedHandle"


def test_fplot_samples_the_function_over_the_limits():
    from engine import Session
    session = Session(device="cpu")
    result = session.execute("h = fplot(@(x) x.^2, [0 2], 'r'); y = get(h, 'YData'); x = get(h, 'XData');"
                             "lim = xlim; fplot(@(x) x * x, [0 1]); fplot(@cos, @sin, [0 pi]);")
    assert result.error is None
    x, y = session.get("x"), session.get("y")
    assert x.shape == (1, 500) and (x[0, 0], x[0, -1]) == (0.0, 2.0) and np.allclose(y, x ** 2)
    assert session.get("lim").tolist() == [[0.0, 2.0]]
    session.execute("[~, id] = lastwarn;")
    assert session.get("id") == "MATLAB:fplot:NotVectorized"           # x * x: evaluated one by one
    line = graphics_state(session.state).figures[1].current_axes.mpl.get_lines()[0]
    assert line.get_xdata()[-1] == pytest.approx(-1.0) and line.get_ydata()[-1] == pytest.approx(0.0)
    error = session.execute("fplot(3)").error
    assert error.identifier == "MATLAB:fplot:InvalidFunction"


def test_patch_on_3d_axes_is_drawn_in_3d(ctx, call):
    """A corpus program drew a patch after plot3: a 2-D polygon on 3-D axes made the figure fail to draw
    (and the Python error escaped Session.execute)."""
    call("plot3", [0.0, 1.0], [0.0, 1.0], [0.0, 1.0])
    call("hold", "on")
    vertices = np.array([[0.0, 0.0, 0.0], [1.0, 0.0, 0.5], [1.0, 1.0, 1.0]])
    (h,) = call("patch", "Faces", np.array([[1.0, 2.0, 3.0]]), "Vertices", vertices, "FaceColor", "r", nargout=1)
    assert call("get", h, "ZData", nargout=1)[0].tolist() == [[0.0], [0.5], [1.0]]
    (flat,) = call("patch", [0.0, 1.0, 1.0], [0.0, 0.0, 1.0], "g", nargout=1)       # no z: at z = 0
    assert call("get", flat, "ZData", nargout=1)[0].tolist() == [[0.0], [0.0], [0.0]]
    axes_of(ctx).figure.canvas.draw()
    assert call("get", h, "XData", nargout=1)[0].tolist() == [[0.0], [1.0], [1.0]]


def test_fill3_draws_polygons_in_3d(ctx, call):
    """fill3(X, Y, Z, C): a corpus program's fill3(TT, XX, HH, 1) was an unknown function."""
    X = np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 0.0]])
    (h,) = call("fill3", X, X.T.copy().T, np.array([[0.0, 1.0], [0.0, 1.0], [1.0, 1.0]]), [1.0, 2.0], nargout=1)
    assert axes_of(ctx).name == "3d" and h.shape == (1, 1)
    assert call("get", h, "Type", nargout=1)[0].to_str() == "patch"
    assert call("get", h, "ZData", nargout=1)[0].tolist() == [[0.0, 1.0], [0.0, 1.0], [1.0, 1.0]]
    assert axes_of(ctx).collections[0].get_array().tolist() == [1.0, 2.0]
    call("fill3", [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 1.0], "g", "EdgeColor", "none")
    assert to_rgb(axes_of(ctx).collections[0].get_facecolor()[0]) == (0.0, 1.0, 0.0)
    with pytest.raises(MatlabError) as err:
        call("fill3", [0.0, 1.0], [0.0, 1.0], [0.0, 1.0, 2.0], "r")
    assert err.value.identifier == "MATLAB:fill3:XYZLengthMismatch"
    with pytest.raises(MatlabError):
        call("fill3", [0.0, 1.0], [0.0, 1.0], "r")


def test_patch_face_color_flat_takes_face_vertex_cdata(ctx, call):
    """A corpus program: patch('Faces', F, 'Vertices', V, 'FaceColor', 'flat', 'FaceVertexCData', c)."""
    faces, vertices = np.array([[1.0, 2.0, 3.0], [1.0, 3.0, 4.0]]), np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    call("patch", "Faces", faces, "Vertices", vertices, "FaceColor", "flat", "EdgeColor", "none",
         "FaceVertexCData", np.array([[1.0], [2.0]]))
    assert axes_of(ctx).collections[0].get_array().tolist() == [1.0, 2.0]
    call("patch", "Faces", faces, "Vertices", vertices, "FaceColor", "g", "FaceVertexCData", np.array([[1.0], [2.0]]))
    assert to_rgb(axes_of(ctx).collections[1].get_facecolor()[0]) == (0.0, 1.0, 0.0)
    call("patch", "Faces", faces, "Vertices", vertices, "FaceColor", "flat",
         "FaceVertexCData", np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]))      # truecolor, a row per face
    assert [to_rgb(c) for c in axes_of(ctx).collections[2].get_facecolor()] == [(1.0, 0.0, 0.0), (0.0, 0.0, 1.0)]


def test_ezpolar_draws_rho_of_theta_and_joins_held_axes():
    """ezpolar(@(x)1) after plot and hold on (a course's SVM demo): a constant is a circle, added to the
    axes as they are; alone, over polar's grid, titled with the expression."""
    from engine import Session
    session = Session(device="cpu")
    result = session.execute("plot([3 -3], [0 1], '.'); hold on; h = ezpolar(@(x) 2); x = get(h, 'XData'); "
                             "y = get(h, 'YData'); n = numel(get(gca, 'Children')); hold off; figure; "
                             "ezpolar('1 + cos(t)', [0 pi]); s = get(get(gca, 'Title'), 'String');")
    assert result.error is None and session.get("n") == 2
    assert np.allclose(np.hypot(session.get("x"), session.get("y")), 2.0)
    assert session.get("s") == "r = 1 + cos(t)"
    assert session.execute("ezpolar(3)").error.identifier == "MATLAB:ezpolar:InvalidFunction"
    assert session.execute("ezpolar(@sin, [1 0])").error.identifier == "MATLAB:ezpolar:InvalidRange"


def test_ezplot_plots_on_two_pi_and_titles_the_expression():
    """Three corpus programs call ezplot(f), grid on: MATLAB's older fplot, on -2*pi..2*pi by default,
    titled with the expression (text expressions are vectorized)."""
    from engine import Session
    session = Session(device="cpu")
    result = session.execute("h = ezplot('t^2 - 1', [0 3]); y = get(h, 'YData'); lim = xlim;"
                             "s = get(get(gca, 'Title'), 'String'); figure; ezplot(@(x) sin(x)); lim2 = xlim;")
    assert result.error is None
    assert session.get("lim").tolist() == [[0.0, 3.0]] and session.get("s") == "t^2 - 1"
    assert session.get("y")[0, -1] == pytest.approx(8.0)
    assert session.get("lim2") == pytest.approx(np.array([[-2 * np.pi, 2 * np.pi]]))
    assert session.execute("ezplot(3)").error.identifier == "MATLAB:ezplot:InvalidFunction"
    assert session.execute("ezplot(@(x, y) x + y)").error.identifier == "matfuse:ezplot:unsupported"


def test_spy_draws_the_nonzeros_of_sparse_and_full_matrices():
    from engine import Session
    s = Session(device="cpu")
    r = s.execute("spy(sparse([1 0 2; 0 0 3])); h = gca; c = get(h, 'Children'); x = get(c, 'XData'); "
                  "y = get(c, 'YData'); xl = get(h, 'XLim'); yl = get(h, 'YLim'); d = get(h, 'YDir'); "
                  "t = get(get(h, 'XLabel'), 'String'); m = get(c, 'Marker'); ms = get(c, 'MarkerSize');")
    assert r.error is None and len(r.figures) == 1
    assert s.get("x").tolist() == [[1.0, 3.0, 3.0]] and s.get("y").tolist() == [[1.0, 1.0, 2.0]]
    assert s.get("xl").tolist() == [[0.0, 4.0]] and s.get("yl").tolist() == [[0.0, 3.0]]
    assert (s.get("d"), s.get("t"), s.get("m"), s.get("ms")) == ("reverse", "nz = 3", ".", 14.0)
    r = s.execute("figure; spy(eye(3), 'r*', 8); c = get(gca, 'Children'); col = get(c, 'Color'); "
                  "m = get(c, 'Marker'); ms = get(c, 'MarkerSize'); figure; spy(speye(2000)); "
                  "small = get(get(gca, 'Children'), 'MarkerSize');")
    assert r.error is None
    assert (s.get("col").tolist(), s.get("m"), s.get("ms"), s.get("small")) == ([[1.0, 0.0, 0.0]], "*", 8.0, 4.0)
    for code, identifier in [("spy(ones(2, 2, 2))", "MATLAB:spy:InvalidMatrix"),
                             ("spy(eye(2), 'qq')", "MATLAB:spy:InvalidLineSpec"),
                             ("spy(eye(2), 3, 4)", "MATLAB:spy:InvalidArguments"),
                             ("spy()", "MATLAB:minrhs")]:
        assert s.execute(code).error.identifier == identifier, code


def test_limits_keep_a_reversed_axis_reversed():
    """ylim, axis and set(gca, 'YLim') after axis ij: MATLAB's limits increase and YDir stays 'reverse'
    (matplotlib's decreasing limits of a reversed axis were read as they are and set back to normal)."""
    from engine import Session
    s = Session(device="cpu")
    r = s.execute("plot(1:3); axis ij; ylim([0 4]); a = ylim; d1 = get(gca, 'YDir'); set(gca, 'YLim', [1 2]); "
                  "b = get(gca, 'YLim'); axis([0 5 0 6]); c = axis; d2 = get(gca, 'YDir');")
    assert r.error is None
    assert (s.get("a").tolist(), s.get("b").tolist(), s.get("c").tolist()) == \
        ([[0.0, 4.0]], [[1.0, 2.0]], [[0.0, 5.0, 0.0, 6.0]])
    assert (s.get("d1"), s.get("d2")) == ("reverse", "reverse")


def test_axis_alone_gives_its_limits_as_ans():
    """`axis` with no argument and no output prints the limits as ans, as xlim alone does (MATLAB and
    Octave; a corpus program's `legend(...), axis` followed by a line of its own printed nothing here)."""
    from engine import Session
    s = Session(device="cpu")
    r = s.execute("plot(1:3, [2 5 4]); axis([0 4 1 6]); axis")
    assert r.error is None and "ans" in r.stdout
    assert s.get("ans").tolist() == [[0.0, 4.0, 1.0, 6.0]]
    assert s.execute("axis equal").stdout == ""


def test_bar_of_categorical_x_puts_bars_at_the_categories(ctx, call):
    c = CategoricalArray(np.array([[3.0, 1.0, np.nan]]), ("small", "medium", "large"))
    call("bar", c, [30.0, 10.0, 5.0])
    ax = axes_of(ctx)
    bars = ax.containers[0]
    centres = [p.get_x() + p.get_width() / 2 for p in bars]
    assert centres[:2] == pytest.approx([3.0, 1.0]) and [p.get_height() for p in bars][:2] == [30.0, 10.0]
    assert ax.get_xticks().tolist() == [1.0, 2.0, 3.0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["small", "medium", "large"]


def test_histogram_of_categorical_counts_each_category(ctx, call):
    c = CategoricalArray(np.array([[1.0, 3.0, 1.0, np.nan]]), ("a", "b", "c"))
    (h,) = call("histogram", c, nargout=1)
    ax = axes_of(ctx)
    assert [p.get_height() for p in ax.containers[0]] == [2.0, 0.0, 1.0]     # empty categories too
    assert [t.get_text() for t in ax.get_xticklabels()] == ["a", "b", "c"]
    assert call("get", h, "Type", nargout=1)[0].to_str() == "categoricalhistogram"
    assert call("get", h, "Values", nargout=1)[0].tolist() == [[2.0, 0.0, 1.0]]
    call("histogram", c, "Categories", CellArray(np.array([[CharArray.from_str("c"), CharArray.from_str("a")]],
                                                          dtype=object)), "Normalization", "probability")
    ax = axes_of(ctx)
    assert [p.get_height() for p in ax.containers[0]] == [0.25, 0.5]          # over all 4 elements
    assert [t.get_text() for t in ax.get_xticklabels()] == ["c", "a"]
    call("histogram", c, "DisplayOrder", "descend")
    ax = axes_of(ctx)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["a", "c", "b"]      # by count, ties in order
    assert [p.get_height() for p in ax.containers[0]] == [2.0, 1.0, 0.0]


def test_pie_of_categorical_slices_by_category(ctx, call):
    c = CategoricalArray(np.array([[1.0, 2.0, 1.0, 1.0, np.nan]]), ("a", "b", "c"))
    call("pie", c)
    axes = axes_of(ctx)
    assert [t.get_text() for t in axes.texts] == ["a", "b"]        # c has no element: no slice
    assert [w.theta2 - w.theta1 for w in axes.patches] == pytest.approx([270.0, 90.0])


def test_bar3_boxes_their_data_and_colors(ctx, call):
    """bar3 (two EEE-212 programs): one surface per column of Z, each bar six rows of XData, YData and ZData
    (the last NaN); colored by column number through the colormap, and by CData with FaceColor 'interp'
    (bar2: CData = ZData)."""
    (h,) = call("bar3", np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), nargout=1)
    assert h.shape == (1, 2)
    nan = np.nan
    Z = call("get", float(h[0, 0]), "ZData", nargout=1)[0]
    assert Z.shape == (18, 4)
    np.testing.assert_array_equal(Z[6:12], [[nan, 0, 0, nan], [0, 3, 3, 0], [0, 3, 3, 0], [nan, 0, 0, nan],
                                            [nan, 0, 0, nan], [nan, nan, nan, nan]])
    X = call("get", float(h[0, 1]), "XData", nargout=1)[0]
    Y = call("get", float(h[0, 1]), "YData", nargout=1)[0]
    np.testing.assert_allclose(X[:5], [[1.6, 1.6, 2.4, 2.4]] * 5)
    np.testing.assert_allclose(Y[:5, 0], [0.6, 0.6, 1.4, 1.4, 0.6])
    surfaces = axes_of(ctx).collections
    assert len(surfaces) == 2 and all(len(s.get_array()) == 3 * 6 for s in surfaces)     # 6 faces a box
    assert [s.get_clim() for s in surfaces] == [(1.0, 2.0), (1.0, 2.0)]          # the first and last colors
    assert surfaces[0].get_array()[0] == 1.0 and surfaces[1].get_array()[0] == 2.0
    assert axes_of(ctx).yaxis_inverted() and axes_of(ctx).get_xticks().tolist() == [1.0, 2.0]
    for k in range(2):
        call("set", float(h[0, k]), "CData", call("get", float(h[0, k]), "ZData", nargout=1)[0], "FaceColor", "interp")
    assert [s.get_clim() for s in surfaces] == [(0.0, 6.0), (0.0, 6.0)]          # one range over both
    tops = surfaces[1].get_array().reshape(3, 6)[:, 2]     # a box's faces: front, left, top, right, back, bottom
    assert tops.tolist() == [2.0, 4.0, 6.0] and surfaces[1].get_array()[0] == 1.0   # the front: mean of 0, 2
    assert call("get", float(h[0, 0]), "FaceColor", nargout=1)[0].to_str() == "interp"
    call("set", h, "FaceColor", "b")
    assert to_rgb(surfaces[0].get_facecolor()[0][:3]) == (0.0, 0.0, 1.0)
    (v,) = call("bar3", [4.0, 1.0], nargout=1)                  # a vector is one column
    (one,) = axes_of(ctx).collections
    assert v.shape == (1, 1) and one.get_clim() == (1.0, 2.0)
    with pytest.raises(MatlabError) as err:
        call("bar3", [1.0, 2.0], "stacked")
    assert err.value.identifier == "matfuse:bar3:unsupported"
    with pytest.raises(MatlabError) as err:
        call("set", v, "CData", np.zeros((2, 2)))
    assert err.value.identifier == "MATLAB:hg:propswch:PropertyError"
