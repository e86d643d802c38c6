"""xline, yline, pcolor, sphere, cylinder and ishold."""
import numpy as np
import pytest
from matplotlib.colors import to_rgb

from engine.runtime.errors import MatlabError
from graphics_helpers import axes_of


def test_xline_and_yline_add_lines_without_clearing(ctx, call):
    call("plot", [1.0, 2.0, 3.0])
    (h,) = call("xline", 2.0, "--r", "threshold", nargout=1)
    (hs,) = call("yline", [1.0, 2.5], "LineWidth", 2.0, nargout=1)
    mpl = axes_of(ctx)
    assert len(mpl.get_lines()) == 4                    # the plot is still there
    vertical = mpl.get_lines()[1]
    assert vertical.get_xdata() == [2.0, 2.0] and to_rgb(vertical.get_color()) == (1.0, 0.0, 0.0)
    assert vertical.get_linestyle() == "--" and [t.get_text() for t in mpl.texts] == ["threshold"]
    assert hs.shape == (1, 2) and call("get", float(hs[0, 1]), "LineWidth", nargout=1) == (2.0,)
    assert type(h) is float


def test_xline_needs_numbers(ctx, call):
    with pytest.raises(MatlabError) as err:
        call("xline", "a")
    assert err.value.identifier == "MATLAB:xline:InvalidValue"


def test_sphere_coordinates_are_matlabs():
    # MATLAB's sphere.m: longitude from -pi, latitude from -pi/2; the poles and the seam exactly 0
    from engine import Session
    s = Session()
    s.execute("[X, Y, Z] = sphere(4);")
    X, Y, Z = (s.workspace[n] for n in "XYZ")
    assert X.shape == (5, 5) and np.allclose(X[2], [-1, 0, 1, 0, -1]) and np.allclose(Z[:, 0], [-1, -0.7071067811865476, 0, 0.7071067811865476, 1])
    assert np.all(Y[:, 0] == 0) and np.all(X[0] == 0) and np.allclose(X ** 2 + Y ** 2 + Z ** 2, 1)


def test_cylinder_coordinates(ctx, call):
    X, Y, Z = call("cylinder", [1.0, 0.5], 4.0, nargout=3)
    assert X.shape == (2, 5) and np.allclose(X[:, 0], [1, 0.5]) and Y[0, -1] == 0.0
    assert Z.tolist() == [[0.0] * 5, [1.0] * 5]


def test_sphere_and_cylinder_without_outputs_draw_surfaces(ctx, call):
    call("sphere")
    assert axes_of(ctx).name == "3d" and len(axes_of(ctx).collections) == 1


def test_pcolor_draws_cells_with_edges(ctx, call):
    (h,) = call("pcolor", np.arange(12.0).reshape(3, 4), nargout=1)
    mesh = axes_of(ctx).collections[0]
    assert np.asarray(mesh.get_array()).size == 6          # (3-1) x (4-1) cells
    assert call("get", h, "EdgeColor", nargout=1)[0].tolist() == [[0.0, 0.0, 0.0]]


def test_ishold_follows_hold(ctx, call):
    assert call("ishold", nargout=1) == (False,)
    call("plot", [1.0, 2.0])
    call("hold", "on")
    assert call("ishold", nargout=1) == (True,)
    call("hold", "off")
    assert call("ishold", nargout=1) == (False,)
