"""Conformance: griddata and scatteredInterpolant (scattered data), and delaunay. Values of 'linear', the grid form and
'v4' recorded with GNU Octave 7 (Octave's griddata treats vector queries as a grid and gives NaN at some
points inside the hull: the cases use matrix queries); outside the convex hull every method but 'v4'
gives NaN, as MATLAB's griddata page says ('nearest' too, where Octave extrapolates). Octave has no
scatteredInterpolant: its cases check what MATLAB documents exactly (linear data is reproduced by the
linear interpolant, by its linear extrapolation from the boundary triangles, and by the cubic one)."""
import pytest

from harness import D, L, C, case, check, nan, params

SAMPLES = "x = [0 1 0 1 0.5 0.2 0.8]; y = [0 0 1 1 0.5 0.7 0.3]; v = x.^2 + 3*y; "

CASES = [
    case('griddata_linear', SAMPLES + "c = griddata(x, y, v, [0.25 0.6 0.9; 0.1 0.2 0.3], [0.3 0.55 0.8; 0.9 0.8 0.7]);",
         c=D([1.019, 2.7466666666666666, 2.0440000000000005, 2.4933333333333336, 3.2380000000000004, 2.242], (2, 3))),
    case('griddata_grid_outputs', SAMPLES + "[X, Y, V] = griddata(x, y, v, [0.2 0.4], [0.1; 0.3; 0.5]);",
         X=D([0.2, 0.2, 0.2, 0.4, 0.4, 0.4], (3, 2)), Y=D([0.1, 0.3, 0.5, 0.1, 0.3, 0.5], (3, 2)),
         V=D([0.44800000000000006, 0.9879999999999997, 1.5639999999999998, 0.646666666666667, 1.148,
              1.6879999999999997], (3, 2))),
    case('griddata_nearest', SAMPLES + "b = griddata(x, y, v, [0.25 0.6 1.5], [0.3 0.55 0.8], 'nearest');",
         b=D([1.75, 1.75, nan])),
    case('griddata_outside', SAMPLES + "d = griddata(x, y, v, [2 0.5], [2 0.5]);", d=D([nan, 1.75])),
    case('griddata_v4', SAMPLES + "c = griddata(x, y, v, [0.25 0.6 0.9], [0.3 0.55 0.8], 'v4'); "
         "d = griddata([0 1 0 1 0.3], [0 0 1 1 0.4], [0 0 1 1 0], [0.1 0.5 1.1], [0.1 0.5 1.1], 'v4');",
         c=D([0.7212940800250622, 2.0984623765147115, 3.410984276786891]),
         d=D([-0.07036758456511291, 0.13835435219587716, 1.0916025170179102])),
    case('griddata_cubic_linear_data', SAMPLES + "w = 2*x - 3*y; q = griddata(x, y, w, [0.25 0.6 0.9], [0.3 0.55 0.8], 'cubic'); "
         "a = max(abs(q - (2*[0.25 0.6 0.9] - 3*[0.3 0.55 0.8]))) < 1e-10;", a=L(1)),
    case('griddata_3d', "P = [0 0 0; 1 0 0; 0 1 0; 0 0 1; 1 1 1; 0.3 0.6 0.2; 0.7 0.2 0.4]; w = P * [1; 2; 3]; "
         "q = griddata(P(:,1), P(:,2), P(:,3), w, [0.2 0.4], [0.2 0.3], [0.3 0.3]); a = max(abs(q - [1.5 1.9])) < 1e-12;",
         a=L(1)),
    case('griddata_duplicates', "q = griddata([0 1 0 1 1], [0 0 1 1 1], [0 1 1 2 4], 1, 1);", q=D(3),
         stdout="Warning: Duplicate data points have been detected and removed - corresponding values have been "
                "averaged.\n"),
    case('griddata_natural', SAMPLES + "q = griddata(x, y, v, 0.5, 0.5, 'natural');",
         error=('MATLAB:griddata:unsupportedMethod', "griddata's 'natural' method is not supported: use 'linear', "
                "'nearest', 'cubic' or 'v4'.")),
    case('scattered_linear', SAMPLES + "F = scatteredInterpolant(x', y', v'); f = F([0.25 0.6; 0.1 0.2], [0.3 0.55; 0.9 0.8]);",
         f=D([1.019, 2.7466666666666666, 2.0440000000000005, 2.4933333333333336], (2, 2))),
    case('scattered_extrapolation', SAMPLES + "w = 2*x - 3*y; F = scatteredInterpolant([x' y'], w'); "
         "e = F([2 -1; -0.5 0.5; 1.5 3]); a = max(abs(e - [7; -2.5; -6])) < 1e-12; "
         "F.ExtrapolationMethod = 'nearest'; n = F(2, -1); F.ExtrapolationMethod = 'none'; z = F(2, -1); m = F.Method;",
         a=L(1), n=D(2), z=D(nan), m=C('linear')),
    case('scattered_nearest', SAMPLES + "F = scatteredInterpolant(x', y', v', 'nearest'); k = F(0.6, 0.55); e = F.ExtrapolationMethod; "
         "g = F({[0.1 0.9], [0.1 0.9]}); F.Values = 2 * v'; k2 = F(0.6, 0.55);",
         k=D(1.75), e=C('nearest'), g=D([0, 1, 3, 4], (2, 2)), k2=D(3.5)),
    case('scattered_3d', "P = [0 0 0; 1 0 0; 0 1 0; 0 0 1; 1 1 1; 0.3 0.6 0.2; 0.7 0.2 0.4]; w = P * [1; 2; 3]; "
         "F = scatteredInterpolant(P, w); q = F([0.2 0.2 0.3; 2 2 2]); a = max(abs(q - [1.5; 12])) < 1e-12; s = size(F.Points);",
         a=L(1), s=D([7, 3])),
    case('scattered_natural', "F = scatteredInterpolant([0 1 0]', [0 0 1]', [1 2 3]', 'natural');",
         error=('MATLAB:scatteredInterpolant:unsupportedMethod', "scatteredInterpolant's 'natural' method is not "
                "supported: use 'linear' or 'nearest'.")),
    case('scattered_collinear', "F = scatteredInterpolant([0 1 2]', [0 1 2]', [1 2 3]');",
         error=('MATLAB:scatteredInterpolant:NonDegenerate', 'The sample points must span the plane (the space in '
                '3-D): a triangulation of collinear or coplanar points is empty.')),
    # delaunay: Octave's triangles (as a set: their order differs between Qhull builds, as in MATLAB), each
    # counterclockwise; points in general position (no four on a circle, where the triangulation is not unique)
    case('delaunay_triangles', "x = [0 1 0.3 0.9 0.5 0.2 0.7 0.05]; y = [0 0.1 1 0.8 0.45 0.6 0.35 0.4]; "
         "d = delaunay(x, y); t = sortrows(sort(d, 2)); a = all((x(d(:,2)) - x(d(:,1))).*(y(d(:,3)) - y(d(:,1))) - "
         "(y(d(:,2)) - y(d(:,1))).*(x(d(:,3)) - x(d(:,1))) > 0);",
         t=D([1, 1, 1, 2, 3, 3, 3, 4, 5, 2, 5, 5, 4, 4, 5, 6, 5, 6, 7, 7, 8, 7, 5, 6, 8, 7, 8], (9, 3)), a=L(1)),
    case('delaunay_3d_and_matrix', "T = delaunay([0 1 0 0], [0 0 1 0], [0 0 0 1]); t = sort(T); "
         "P = delaunay([0 0; 2 0; 0 2]); p = sort(P);", t=D([1, 2, 3, 4], (1, 4)), p=D([1, 2, 3], (1, 3))),
    case('delaunay_collinear', "d = delaunay([0 1 2], [0 1 2]); s = size(d);", s=D([0, 3])),
    # delaunayn (sphere_elasticity_example of ellio167, through distmeshnd): Octave's simplices, as sets, of
    # points in general position in 3-D, 2-D and 4-D; the cube's corners, cospherical, with MATLAB's documented
    # options for them (Octave's Qhull fails there)
    case('delaunayn_simplices', "X = [0 0 0; 1 0 0; 0 1 0; 0 0 1; 1 1 1; 0.3 0.4 0.2; 0.9 0.1 0.7; 0.2 0.8 0.6]; "
         "T = sortrows(sort(delaunayn(X), 2)); P = [0 0; 1 0; 0 1; 1 1.1; 0.5 0.45]; T2 = sortrows(sort(delaunayn(P), 2)); "
         "Y = [0 0 0 0; 1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1; 0.3 0.2 0.25 0.1]; T4 = sortrows(sort(delaunayn(Y, {}), 2));",
         T=D([1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 4, 4, 5, 2, 2, 2, 3, 3, 4, 4, 3, 5, 5, 5, 6, 6, 3, 4, 6, 4, 6, 6, 6, 5, 6,
              6, 7, 7, 7, 6, 7, 7, 8, 8, 7, 8, 6, 7, 8, 8, 8, 8], (13, 4)),
         T2=D([1, 1, 2, 3, 2, 3, 4, 4, 5, 5, 5, 5], (4, 3)),
         T4=D([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6], (5, 5))),
    case('delaunayn_cube_with_qz', "[x, y, z] = meshgrid(0:1, 0:1, 0:1); X = [x(:) y(:) z(:)]; "
         "T = delaunayn(X, {'Qt', 'Qbb', 'Qc', 'Qz'}); V = 0; for k = 1:size(T, 1), "
         "V = V + abs(det([X(T(k, :), :) ones(4, 1)])) / 6; end",
         V=D(1)),
    case('delaunay_bad_sizes', "d = delaunay([0 1 2], [0 1]);",
         error=('MATLAB:delaunay:InvalidInput', 'The coordinate vectors must be the same length.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)


def test_delaunayn_of_cospherical_points_is_qhulls_error(session):
    """A cube's corners are cospherical: Qhull's error with the default options, as in MATLAB and Octave."""
    r = session.execute("[x, y, z] = meshgrid(0:1, 0:1, 0:1); T = delaunayn([x(:) y(:) z(:)]);")
    assert r.error is not None and r.error.identifier == "MATLAB:delaunayn:qhullError"
    assert "cospherical" in r.error.message
