"""Conformance: specialized matrices (rot90, blkdiag, toeplitz, hankel, vander, pascal, hilb, invhilb,
wilkinson, rosser, compan, hadamard, gallery, peaks), logspace, flintmax and the 'like' forms of the class
limits.

Expected values were recorded with GNU Octave 7.3 (tests/conformance/record.py); where MATLAB
differs, the case follows MATLAB's documentation and a comment says so."""
import pytest

from harness import C, Cell, D, case, check, num, params

CASES = [
    case('rot90_values',
         'a = rot90([1 2; 3 4]); b = rot90([1 2 3; 4 5 6], -1); c = rot90([1 2; 3 4], 2); '
         "d = rot90({1, 'a'});", a=D([2, 1, 4, 3], (2, 2)), b=D([4, 5, 6, 1, 2, 3], (3, 2)),
         c=D([4, 2, 3, 1], (2, 2)), d=Cell([C('a'), D(1)], (2, 1))),
    case('blkdiag_values', 'a = blkdiag([1 2], 3, [4; 5]);',
         a=D([1, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 5], (4, 4))),
    case('toeplitz_values',
         'a = toeplitz([1 2 3]); b = toeplitz([1 2 3], [1 5 6 7]); c = toeplitz([1+1i 2 3]);',
         a=D([1, 2, 3, 2, 1, 2, 3, 2, 1], (3, 3)), b=D([1, 2, 3, 5, 1, 2, 6, 5, 1, 7, 6, 5], (3, 4)),
         c=D([complex(1, 1), complex(2, 0), complex(3, 0), complex(2, 0), complex(1, 1), complex(2, 0),
              complex(3, 0), complex(2, 0), complex(1, 1)], (3, 3))),
    case('hankel_values', 'a = hankel([1 2 3]); b = hankel([1 2 3], [3 4 5 6]);',
         a=D([1, 2, 3, 2, 3, 0, 3, 0, 0], (3, 3)), b=D([1, 2, 3, 2, 3, 4, 3, 4, 5, 4, 5, 6], (3, 4))),
    case('vander_values', 'a = vander([1 2 3]);', a=D([1, 4, 9, 1, 2, 3, 1, 1, 1], (3, 3))),
    case('pascal_values', 'a = pascal(4); b = pascal(3, 1); c = pascal(3, 2); d = pascal(4, 2);',
         a=D([1, 1, 1, 1, 1, 2, 3, 4, 1, 3, 6, 10, 1, 4, 10, 20], (4, 4)),
         b=D([1, 1, 1, 0, -1, -2, 0, 0, 1], (3, 3)), c=D([1, -2, 1, 1, -1, 0, 1, 0, 0], (3, 3)),
         d=D([-1, 3, -3, 1, -1, 2, -1, 0, -1, 1, 0, 0, -1, 0, 0, 0], (4, 4))),
    case('wilkinson_rosser', 'a = wilkinson(4); b = rosser;',
         a=D([1.5, 1, 0, 0, 1, 0.5, 1, 0, 0, 1, 0.5, 1, 0, 0, 1, 1.5], (4, 4)),
         b=D([611, 196, -192, 407, -8, -52, -49, 29, 196, 899, 113, -192, -71, -43, -8, -44, -192, 113, 899,
              196, 61, 49, 8, 52, 407, -192, 196, 611, 8, 44, 59, -23, -8, -71, 61, 8, 411, -599, 208, 208,
              -52, -43, 49, 44, -599, 411, 208, 208, -49, -8, 8, 59, 208, 208, 99, -911, 29, -44, 52, -23,
              208, 208, -911, 99], (8, 8))),
    case('compan_values', 'a = compan([1 2 3 4]); b = compan([2 4 6]);',
         a=D([-2, 1, 0, -3, 0, 1, -4, 0, 0], (3, 3)), b=D([-2, 1, -3, 0], (2, 2))),
    case('hadamard_values', 'a = hadamard(4); b = hadamard(12); c = hadamard(20);',
         a=D([1, 1, 1, 1, 1, -1, 1, -1, 1, 1, -1, -1, 1, -1, -1, 1], (4, 4)),
         b=D([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, 1, -1, 1, 1, 1, -1, -1, -1, 1, -1, 1, -1, -1, 1, -1,
              1, 1, 1, -1, -1, -1, 1, 1, 1, -1, -1, 1, -1, 1, 1, 1, -1, -1, -1, 1, -1, 1, -1, -1, 1, -1, 1, 1,
              1, -1, -1, 1, -1, -1, 1, -1, -1, 1, -1, 1, 1, 1, -1, 1, -1, -1, -1, 1, -1, -1, 1, -1, 1, 1, 1,
              1, 1, -1, -1, -1, 1, -1, -1, 1, -1, 1, 1, 1, 1, 1, -1, -1, -1, 1, -1, -1, 1, -1, 1, 1, 1, 1, 1,
              -1, -1, -1, 1, -1, -1, 1, -1, 1, -1, 1, 1, 1, -1, -1, -1, 1, -1, -1, 1, 1, 1, -1, 1, 1, 1, -1,
              -1, -1, 1, -1, -1], (12, 12)),
         c=D([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, 1, 1, 1, 1, -1, 1, -1, 1,
              -1, -1, -1, -1, 1, 1, -1, -1, 1, 1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, -1, -1, -1, 1, 1, -1, -1,
              1, -1, 1, 1, 1, 1, 1, -1, 1, -1, 1, -1, -1, -1, -1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1, -1, 1,
              -1, 1, -1, -1, -1, -1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, -1, -1, -1, 1, 1,
              -1, -1, 1, -1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, -1, -1, -1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1,
              1, -1, 1, -1, 1, -1, -1, -1, -1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1, 1, 1, -1, 1, -1, -1, -1,
              -1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, -1, -1, -1, 1, 1, -1, -1, 1, -1, -1,
              1, 1, 1, 1, -1, 1, 1, 1, -1, -1, -1, -1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1,
              -1, -1, -1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1, -1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, -1, 1,
              -1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, 1, -1, -1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1, -1, 1, -1,
              1, -1, -1, 1, -1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, -1, -1, 1, 1, 1, -1,
              -1, 1, -1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, -1, -1, -1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1,
              -1, 1, -1, 1, -1, -1, -1, -1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, -1, -1, -1,
              1, 1, 1, -1, 1, -1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, -1, -1, -1, 1, 1, -1, 1, 1, -1, -1, 1, 1,
              1, 1, -1, 1, -1, 1, -1, -1, -1, -1, 1, 1, -1, -1], (20, 20))),
    case('peaks_values', 'a = peaks(3); s = size(peaks);',
         a=D([6.671280296717442e-05, -0.03650620461319553, 3.2235359612692725e-05, -0.24495404057434964,
              0.9810118431238463, 0.2998710282262347, -5.864187872589529e-06, 0.03312494992430832,
              4.1029727458267584e-05], (3, 3)), s=D([49, 49])),
    case('peaks_points', '[x, y] = meshgrid([-1 0.5], [0 2]); z = peaks(x, y);',
         z=D([-1.6523454638655195, 2.096679049908904, 0.37444571855903896, 4.567549508383982], (2, 2))),
    case('logspace_values', 'a = logspace(0, 2, 3); b = logspace(0, pi, 3); s = size(logspace(1, 2));',
         a=D([1, 10, 100]), b=D([1, 1.7724538509055159, 3.1415926535897927]), s=D([1, 50])),
    case('gallery_forms',
         "a = gallery('minij', 3); b = gallery('tridiag', 4); c = gallery('moler', 3); "
         "d = gallery('lehmer', 3); e = gallery('kms', 3); f = gallery('ris', 3); g = gallery('pei', 3); "
         "h = gallery('circul', [1 2 3]);", a=D([1, 1, 1, 1, 2, 2, 1, 2, 3], (3, 3)),
         b=D([2, -1, 0, 0, -1, 2, -1, 0, 0, -1, 2, -1, 0, 0, -1, 2], (4, 4)),
         c=D([1, -1, -1, -1, 2, 0, -1, 0, 3], (3, 3)),
         d=D([1, 0.5, 0.3333333333333333, 0.5, 1, 0.6666666666666666, 0.3333333333333333, 0.6666666666666666,
              1], (3, 3)), e=D([1, 0.5, 0.25, 0.5, 1, 0.5, 0.25, 0.5, 1], (3, 3)),
         f=D([0.2, 0.3333333333333333, 1, 0.3333333333333333, 1, -1, 1, -1, -0.3333333333333333], (3, 3)),
         g=D([2, 1, 1, 1, 2, 1, 1, 1, 2], (3, 3)), h=D([1, 3, 2, 2, 1, 3, 3, 2, 1], (3, 3))),
    case('gallery_forms2',
         "a = gallery('tridiag', 3, 1, 2, 3); b = gallery('kms', 3, 0.2); c = gallery('moler', 3, 2); "
         "d = gallery('pei', 3, 2); e = gallery('fiedler', [1 3 4]); f = gallery('cauchy', [1 2 3]); "
         "g = gallery('frank', 3); h = gallery('lotkin', 3);", a=D([2, 1, 0, 3, 2, 1, 0, 3, 2], (3, 3)),
         b=D([1, 0.2, 0.04000000000000001, 0.2, 1, 0.2, 0.04000000000000001, 0.2, 1], (3, 3)),
         c=D([1, 2, 2, 2, 5, 6, 2, 6, 9], (3, 3)), d=D([3, 1, 1, 1, 3, 1, 1, 1, 3], (3, 3)),
         e=D([0, 2, 3, 2, 0, 1, 3, 1, 0], (3, 3)),
         f=D([0.5, 0.3333333333333333, 0.25, 0.3333333333333333, 0.25, 0.2, 0.25, 0.2,
              0.16666666666666666], (3, 3)), g=D([3, 2, 0, 2, 2, 1, 1, 1, 1], (3, 3)),
         h=D([1, 0.5, 0.3333333333333333, 1, 0.3333333333333333, 0.25, 1, 0.25, 0.2], (3, 3))),
    # tridiag's third form: the three diagonals as vectors (values from Octave, full() of its sparse result)
    case('gallery_tridiag_vectors', "a = gallery('tridiag', [1 2], [3 4 5], [6 7]);",
         a=D([3, 1, 0, 6, 4, 2, 0, 7, 5], (3, 3))),
    # complex diagonals stay complex (were cast to real with numpy's ComplexWarning; values from Octave)
    case('gallery_tridiag_complex', "a = gallery('tridiag', [1i 2], [1 2 3], [4 5i]);",
         a=D([1, 1j, 0, 4, 2, 2, 0, 5j, 3], (3, 3))),
    case('gallery_tridiag_lengths', "a = gallery('tridiag', [1 2], [3 4 5], 6);",
         error=('MATLAB:gallery:tridiagLength',
                "In gallery('tridiag', c, d, e), c and e must have one element less than d.")),
    case('gallery_parameter_not_scalar', "a = gallery('kms', 3, []);",
         error=('MATLAB:gallery:NonScalarParameter',
                "This gallery matrix's parameters after its order must be real scalars.")),
    case('gallery_parter', "a = gallery('parter', 3);",
         a=D([2, 0.6666666666666666, 0.4, -2, 2, 0.6666666666666666, -0.6666666666666666, -2, 2], (3, 3))),
    case('flintmax_values', "a = flintmax; b = flintmax('single');", a=D(9007199254740992.0),
         b=num('single', 16777216)),
    case('hilb_values', "a = hilb(3); b = invhilb(4);",
         a=D([1, 0.5, 0.3333333333333333, 0.5, 0.3333333333333333, 0.25, 0.3333333333333333, 0.25,
              0.2], (3, 3)),
         b=D([16, -120, 240, -140, -120, 1200, -2700, 1680, 240, -2700, 6480, -4200, -140, 1680, -4200,
              2800], (4, 4))),
    # Octave 7 has no class argument for hilb and no 'like' form for the limits; MATLAB's values.
    case('hilb_single', "a = class(hilb(2, 'single')); b = class(invhilb(3, 'single'));",
         a=C('single'), b=C('single')),
    case('limits_like',
         "a = eps('like', single(1)); b = intmax('like', int8(1)); c = intmin('like', uint16(1)); "
         "d = realmax('like', single(1)); e = flintmax('like', 1);",
         a=num('single', 1.1920928955078125e-07), b=num('int8', 127), c=num('uint16', 0),
         d=num('single', 3.4028234663852886e+38), e=D(9007199254740992.0)),
    case('intmax_like_double', "a = intmax('like', 1);",
         error=('MATLAB:intmax:invalidPrototype', 'The prototype for intmax must be of class int8, int16, '
                'int32, int64, uint8, uint16, uint32, uint64, not double.')),
    # MATLAB's blkdiag keeps the class of its blocks (Octave returns double).
    case('blkdiag_class', 'a = blkdiag(int8(1), int8(2));', a=num('int8', [1, 0, 0, 2], (2, 2))),
    case('toeplitz_conflict',
         '[~, id] = lastwarn(""); a = toeplitz([1 2 3], [9 5]); [~, id] = lastwarn();',
         a=D([1, 2, 3, 5, 1, 2], (3, 2)), id=C('MATLAB:toeplitz:DiagonalConflict')),
    case('hadamard_bad_order', 'a = hadamard(6);',
         error=('MATLAB:hadamard:Invalid', 'N, N/12 or N/20 must be a power of 2.')),
    case('gallery_unknown', "a = gallery('nosuch', 3);",
         error=('MATLAB:gallery:UnsupportedMatrix', "gallery supports the matrices cauchy, circul, fiedler, "
                "frank, kms, lehmer, lotkin, minij, moler, parter, pei, ris, tridiag; 'nosuch' is not one of "
                "them.")),
    case('rot90_ndim', 'a = size(rot90(ones(2, 3, 4)));', a=D([3, 2, 4])),
    case('logspace_single', 'a = logspace(single(0), 1, 2);', a=num('single', [1, 10])),
]


@pytest.mark.parametrize("c", params(CASES))
def test_matrices(session, c):
    check(session, c)
