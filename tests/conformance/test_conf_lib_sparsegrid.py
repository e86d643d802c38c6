"""Conformance: numgrid and delsq (the model problem of the finite difference Laplacian). GNU Octave has
neither function, so the expected values are MATLAB's: the numbering of numgrid('L', 10) and the count
of interior points of numgrid('L', 32) are printed in MATLAB's "Finite Difference Laplacian" example;
the other grids follow MATLAB's definitions of the regions (interior points of [-1, 1]^2 on the grid
[-1, (-(n-3):2:(n-3))/(n-1), 1], numbered column by column) and nested dissection numbering (halves of
the longer side first, then the separator)."""
import pytest

from harness import D, L, Sp, case, check, params

L10 = [0] * 10 + [0, 1, 2, 3, 4, 0, 0, 0, 0, 0] + [0, 5, 6, 7, 8, 0, 0, 0, 0, 0] + \
      [0, 9, 10, 11, 12, 0, 0, 0, 0, 0] + [0, 13, 14, 15, 16, 0, 0, 0, 0, 0] + \
      [0, 17, 18, 19, 20, 21, 22, 23, 24, 0] + [0, 25, 26, 27, 28, 29, 30, 31, 32, 0] + \
      [0, 33, 34, 35, 36, 37, 38, 39, 40, 0] + [0, 41, 42, 43, 44, 45, 46, 47, 48, 0] + [0] * 10

CASES = [
    case('numgrid_L_doc', "g = numgrid('L', 10); N = sum(sum(numgrid('L', 32) > 0));", g=D(L10, (10, 10)), N=D(675)),
    case('numgrid_S', "G = numgrid('S', 4);", G=D([0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 0], (4, 4))),
    case('numgrid_C', "G = numgrid('C', 5);", G=D([0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 3, 4, 5, 0, 0, 6, 7, 8, 0,
                                                    0, 0, 0, 0, 0], (5, 5))),
    case('numgrid_D', "G = numgrid('D', 5); n = nnz(numgrid('D', 8));",
         G=D([0, 0, 0, 0, 0, 0, 1, 2, 3, 0, 0, 4, 5, 6, 0, 0, 7, 8, 9, 0, 0, 0, 0, 0, 0], (5, 5)), n=D(32)),
    case('numgrid_A', "n = nnz(numgrid('A', 8)); c = numgrid('A', 8); c = c(4, 4);", n=D(20), c=D(0)),
    case('numgrid_N', "G = numgrid('N', 5); H = numgrid('N', 7); h = H(:, 4)';",
         G=D([0, 0, 0, 0, 0, 0, 1, 2, 3, 0, 0, 7, 8, 9, 0, 0, 4, 5, 6, 0, 0, 0, 0, 0, 0], (5, 5)),
         h=D([0, 21, 22, 23, 24, 25, 0])),
    case('delsq_square', "D = delsq(numgrid('S', 4));",
         D=Sp([4, -1, -1, 0, -1, 4, 0, -1, -1, 0, 4, -1, 0, -1, -1, 4], (4, 4))),
    case('delsq_L', "D = delsq(numgrid('L', 5)); n = nnz(D); s = full(sum(D)); t = issparse(D);",
         n=D(13), s=D([3, 2, 2, 2, 3]), t=L(1)),
    case('delsq_poisson', "G = numgrid('S', 5); u = delsq(G) \\ ones(9, 1); c = u(5);", c=D(1.125)),
    case('numgrid_bad_region', "G = numgrid('Q', 5);", error=('MATLAB:numgrid:InvalidRegionType', 'Invalid region type.')),
    case('numgrid_bad_n', "G = numgrid('S', 2.5);", error=('MATLAB:numgrid:InvalidN', 'N must be a positive integer.')),
    case('delsq_border', "D = delsq([1 2; 3 4]);", error=('MATLAB:delsq:nonzeroBorder', 'The border of G must be '
                                                     'zero: a numbered point has a neighbour outside the grid.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
