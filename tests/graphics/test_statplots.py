"""boxplot and histfit. boxplot: the statistics of each box (quartiles by MATLAB's prctile method,
whiskers, outliers), groups, labels, orientation, the 7-by-n handles and MATLAB's colors. The quartiles
were checked with GNU Octave 7, whose prctile uses the same method: prctile([1 2 3 4 5 6 7 30]', [25 50
75]) is 2.5 4.5 6.5 and prctile([1 3 5 30]', [25 50 75]) is 2 4 17.5. histfit: hist's counts as touching
bars, and the normal density of the sample's mean and standard deviation scaled by N times the bin
width over mu -+ 3 sigma, in red; hold is left as it was. qqplot: the sorted sample against the normal
quantiles and the line through the quartiles (Octave 7: -sqrt(2)*erfcinv(2*((1:9)-0.5)/9) and
prctile(x, [25 75]) = 3.125 5.075)."""
import numpy as np
import pytest
from matplotlib.colors import to_rgb

from engine.runtime.categoricals import CategoricalArray
from engine.runtime.errors import MatlabError
from engine.runtime.figures import graphics_state
from graphics_helpers import axes_of, cell_row


def _line_y(ctx, call, h, row, box):
    """The y data of the line whose handle is h(row, box) (1-based)."""
    return call("get", h[row - 1, box - 1:box], "YData", nargout=1)[0].ravel().tolist()


def test_boxes_whiskers_and_outliers_per_column(ctx, call):
    x = np.array([[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 30.0], [2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]]).T
    (h,) = call("boxplot", x, nargout=1)
    assert h.shape == (7, 2)
    assert _line_y(ctx, call, h, 6, 1) == [4.5, 4.5]                    # median
    assert sorted(set(_line_y(ctx, call, h, 5, 1))) == [2.5, 6.5]       # box from q1 to q3
    assert _line_y(ctx, call, h, 1, 1) == [6.5, 7.0]                    # upper whisker: q3 to the largest inside
    assert _line_y(ctx, call, h, 2, 1) == [2.5, 1.0]                    # lower whisker
    assert _line_y(ctx, call, h, 3, 1) == [7.0, 7.0]                    # upper adjacent value
    assert _line_y(ctx, call, h, 7, 1) == [30.0]                        # 30 > 6.5 + 1.5*4: an outlier
    assert _line_y(ctx, call, h, 7, 2) == []
    axes = axes_of(ctx)
    assert [t.get_text() for t in axes.get_xticklabels()] == ["1", "2"]
    assert to_rgb(call("get", h[5:6, 0:1], "Color", nargout=1)[0].ravel()) == (1.0, 0.0, 0.0)
    assert to_rgb(call("get", h[4:5, 0:1], "Color", nargout=1)[0].ravel()) == (0.0, 0.0, 1.0)


def test_groups_labels_whisker_and_orientation(ctx, call):
    (h,) = call("boxplot", [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 30.0], cell_row("a", "b", "a", "b", "a", "b", "a"),
                "Whisker", 0.5, "Orientation", "horizontal", nargout=1)
    assert h.shape == (7, 2)
    axes = axes_of(ctx)
    assert [t.get_text() for t in axes.get_yticklabels()] == ["a", "b"]           # order of first appearance
    xdata = call("get", h[6:7, 0:1], "XData", nargout=1)[0].ravel().tolist()
    assert xdata == [30.0]                       # group a: 1 3 5 30, q3 17.5 + 0.5*15.5 < 30
    call("boxplot", [4.0, 1.0, 2.0, 3.0], [2.0, 1.0, 2.0, 1.0], "Labels", cell_row("low", "high"))
    assert [t.get_text() for t in axes_of(ctx).get_xticklabels()] == ["low", "high"]


def test_categorical_groups_in_category_order(ctx, call):
    g = CategoricalArray(np.array([[2.0, 1.0, 2.0, 1.0]]), ("hi", "lo", "none"))
    (h,) = call("boxplot", [4.0, 1.0, 2.0, 3.0], g, nargout=1)
    assert h.shape == (7, 3)                     # grp2idx: every category, the empty one too
    assert [t.get_text() for t in axes_of(ctx).get_xticklabels()] == ["hi", "lo", "none"]
    assert _line_y(ctx, call, h, 6, 1) == [2.0, 2.0] and _line_y(ctx, call, h, 6, 2) == [3.0, 3.0]   # medians


def test_errors(ctx, call):
    with pytest.raises(MatlabError) as err:
        call("boxplot", [1.0, 2.0, 3.0], "Notch", "on")
    assert err.value.identifier == "matfuse:boxplot:unsupported"
    with pytest.raises(MatlabError) as err:
        call("boxplot", [1.0, 2.0, 3.0], [1.0, 2.0])
    assert err.value.identifier == "stats:boxplot:BadGroupingVar"
    with pytest.raises(MatlabError) as err:
        call("boxplot", [1.0, 2.0, 3.0], "Labels", cell_row("a", "b"))
    assert err.value.identifier == "stats:boxplot:BadLabels"


def test_histfit_bars_and_normal_curve(ctx, call):
    data = [2.1, 2.9, 3.2, 3.8, 4.1, 4.4, 5.0, 5.3, 6.2]
    (h,) = call("histfit", data, nargout=1)
    assert h.shape == (2, 1)
    counts, centers = call("hist", data, 3.0, nargout=2)          # ceil(sqrt(9)) bins
    axes = axes_of(ctx)
    assert [p.get_height() for p in axes.patches] == counts.ravel().tolist()
    x = call("get", h[1:2, :], "XData", nargout=1)[0].ravel()
    y = call("get", h[1:2, :], "YData", nargout=1)[0].ravel()
    mu, sigma = np.mean(data), np.std(data, ddof=1)
    assert np.isclose(x[0], mu - 3 * sigma) and np.isclose(x[-1], mu + 3 * sigma) and x.size == 100
    width = centers.ravel()[1] - centers.ravel()[0]
    peak = 9 * width / (sigma * np.sqrt(2 * np.pi)) * np.exp(-0.5 * ((x - mu) / sigma) ** 2)
    assert np.allclose(y, peak)
    assert to_rgb(axes.get_lines()[-1].get_color()) == (1.0, 0.0, 0.0)       # after the bars' baseline
    assert not graphics_state(ctx.state).figures[graphics_state(ctx.state).current].current_axes.hold


def test_histfit_errors(ctx, call):
    with pytest.raises(MatlabError) as err:
        call("histfit", [1.0, 2.0, 3.0], 3.0, "gamma")
    assert err.value.identifier == "matfuse:histfit:unsupported"
    with pytest.raises(MatlabError) as err:
        call("histfit", [5.0])
    assert err.value.identifier == "stats:histfit:NotEnoughData"


def test_qqplot_points_reference_line_and_labels(ctx, call):
    data = [5.3, 2.1, 4.1, 2.9, 3.8, 6.2, 3.2, 5.0, 4.4]
    (h,) = call("qqplot", data, nargout=1)
    assert h.shape == (4, 1)
    x = call("get", h[0:1, :], "XData", nargout=1)[0].ravel()
    y = call("get", h[0:1, :], "YData", nargout=1)[0].ravel()
    assert y.tolist() == sorted(data)
    assert np.allclose(x, [-1.5932188180230507, -0.9674215661017014, -0.5894557978497784, -0.28221614706250814, 0.0,
                           0.28221614706250825, 0.5894557978497784, 0.9674215661017014, 1.5932188180230507])
    mx = call("get", h[1:2, :], "XData", nargout=1)[0].ravel()
    my = call("get", h[1:2, :], "YData", nargout=1)[0].ravel()
    assert np.allclose(mx, [-0.6744897501960817, 0.6744897501960817]) and np.allclose(my, [3.125, 5.075])
    axes = axes_of(ctx)
    assert axes.get_xlabel() == "Standard Normal Quantiles" and axes.get_ylabel() == "Quantiles of Input Sample"
    with pytest.raises(MatlabError) as err:
        call("qqplot", data, data)
    assert err.value.identifier == "matfuse:qqplot:unsupported"
