"""Conformance: number theory (gcd, lcm, nchoosek, factorial, perms, primes, isprime, factor, rat), the bit
functions and idivide.

Expected values were recorded with GNU Octave 7.3 (tests/conformance/record.py); where MATLAB
differs, the case follows MATLAB's documentation and a comment says so. Error identifiers and messages
are MATLAB's."""
import pytest

from harness import C, D, L, case, check, inf, num, params

CASES = [
    case('gcd_values',
         'a = gcd([12 -18 0], [18 24 0]); [g, u, v] = gcd([12 7], [18 -3]); c = gcd(int8(12), int8(18)); '
         'd = class(c);', a=D([6, 6, 0]), g=D([6, 1]), u=D([-1, 1]), v=D([1, 2]), c=num('int8', 6),
         d=C('int8')),
    case('gcd_expand', 'a = gcd([4; 6], [6 9]);', a=D([2, 6, 1, 3], (2, 2))),
    case('lcm_values', 'a = lcm([4 6], [6 4]); b = lcm(uint8(20), uint8(30));', a=D([12, 12]),
         b=num('uint8', 60)),
    case('nchoosek_scalar', 'a = nchoosek(5, 2); b = nchoosek(30, 15); c = nchoosek(int8(5), 2);', a=D(10),
         b=D(155117520), c=num('int8', 10)),
    case('nchoosek_vector',
         'a = nchoosek([1 2 3 4], 3); b = nchoosek(uint8([1 2 3]), 2); s = size(nchoosek([1 2 3], 0));',
         a=D([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4], (4, 3)), b=num('uint8', [1, 1, 2, 2, 3, 3], (3, 2)),
         s=D([1, 0])),
    case('nchoosek_char', "a = nchoosek('abc', 2);", a=C('aabbcc', (3, 2))),
    case('factorial_values',
         'a = factorial([0 5 170 171]); b = factorial(single(35)); c = factorial(single(10));',
         a=D([1, 120, 7.257415615307999e+306, inf]), b=num('single', inf), c=num('single', 3628800)),
    case('perms_values', "a = perms([1 2 3]); b = perms('ab');",
         a=D([3, 3, 2, 2, 1, 1, 2, 1, 3, 1, 3, 2, 1, 2, 1, 3, 2, 3], (6, 3)), b=C('baab', (2, 2))),
    case('primes_values', 'a = primes(20); b = primes(uint8(20)); s = size(primes(1));',
         a=D([2, 3, 5, 7, 11, 13, 17, 19]), b=num('uint8', [2, 3, 5, 7, 11, 13, 17, 19]), s=D([1, 0])),
    case('isprime_values', 'a = isprime([0 1 2 9 97; 4 5 6 7 8]); b = isprime(uint32(2147483647));',
         a=L([0, 0, 0, 1, 1, 0, 0, 1, 1, 0], (2, 5)), b=L(1)),
    case('factor_values',
         'a = factor(60); b = factor(uint16(360)); c = factor(1); d = factor(0); '
         'e = factor(9007199254740881);', a=D([2, 2, 3, 5]), b=num('uint16', [2, 2, 2, 3, 3, 5]), c=D(1),
         d=D(0), e=D(9007199254740881.0)),
    case('rat_text', 'a = rat(pi); b = rat(1.5); c = rat(0.75); d = rat([0.5; pi]);', a=C('3 + 1/(7 + 1/16)'),
         b=C('2 + 1/(-2)'), c=C('1 + 1/(-4)'), d=C('13  ++  11//((-72 )+   1 / 1 6 )', (2, 16))),
    case('rat_numbers', '[n, d] = rat([pi 0.75 -0.3 0 Inf]); [n2, d2] = rat(pi, 1e-10);',
         n=D([355, 3, -3, 0, 1]), d=D([113, 4, 10, 1, 0]), n2=D(312689), d2=D(99532)),
    case('bitwise_values',
         'a = bitand(12, [10 6]); b = bitor(uint8(12), uint8(3)); c = bitxor(int8(-1), int8(5)); '
         'd = bitand(uint8(200), 100);', a=D([8, 4]), b=num('uint8', 15), c=num('int8', -6),
         d=num('uint8', 64)),
    case('bitshift_values',
         'a = bitshift(1, [3 0 -1]); b = bitshift(uint8(255), 1); c = bitshift(int8(-8), -1);',
         a=D([8, 1, 0]), b=num('uint8', 254), c=num('int8', -4)),
    case('bitset_values', 'a = bitset(0, [1 3]); b = bitset(uint8(255), 8, 0); c = bitcmp(uint8(5));',
         a=D([1, 4]), b=num('uint8', 127), c=num('uint8', 250)),
    case('idivide_positive',
         "a = idivide(int32(7), int32(2)); b = idivide(int32([7 8]), int32(2), 'round'); "
         "c = idivide(int32(7), int32(2), 'floor'); d = idivide(int32(7), int32(2), 'ceil'); "
         'e = idivide(int32(7), int32(0));', a=num('int32', 3), b=num('int32', [4, 4]), c=num('int32', 3),
         d=num('int32', 4), e=num('int32', 2147483647)),
    # MATLAB's bitget returns A's class (Octave: logical).
    case('bitget_class', 'a = bitget(uint8(5), 1:3); b = bitget(6, [1 2]);', a=num('uint8', [1, 0, 1]),
         b=D([0, 1])),
    # MATLAB shifts doubles as uint64: 2^53 (Octave keeps 53 bits and gives 0).
    case('bitshift_double_uint64',
         'a = bitshift(2^52, 1); b = bitcmp(5, "uint8"); c = bitand(-1, 5, "int8");',
         a=D(9007199254740992.0), b=D(250), c=D(5)),
    # MATLAB documentation examples (Octave 7.3's idivide rounds negative quotients wrongly).
    case('idivide_doc_integers',
         'C = idivide(int16([-7 -4 7 11]), int16(10)); E = idivide(int64([-2 3]), int64([3 5]));',
         C=num('int16', [0, 0, 0, 1]), E=num('int64', [0, 0])),
    case('idivide_doc_double_scalar',
         "A = 2.0; B = int32([-3 3 4]); a = idivide(A, B); b = idivide(A, B, 'floor'); "
         "c = idivide(A, B, 'ceil'); d = idivide(A, B, 'round');",
         a=num('int32', [0, 0, 0]), b=num('int32', [-1, 0, 0]), c=num('int32', [0, 1, 1]),
         d=num('int32', [-1, 1, 1])),
    case('idivide_rounding_negative',
         "x = int8([-3 3]); y = int8(4); a = idivide(x, y, 'fix'); b = idivide(x, y, 'round'); "
         "c = idivide(x, y, 'ceil'); d = idivide(x, y, 'floor'); "
         "e = idivide(int8([-6 6 -5]), int8(4), 'round');",
         a=num('int8', [0, 0]), b=num('int8', [-1, 1]), c=num('int8', [0, 1]), d=num('int8', [-1, 0]),
         e=num('int8', [-2, 2, -1])),
    case('idivide_doubles', 'a = idivide(7, 2);',
         error=('MATLAB:idivide:IntegerInputRequired',
                'At least one of the inputs must belong to an integer class.')),
    case('idivide_int64_double', 'a = idivide(int64(7), 2);',
         error=('MATLAB:idivide:mixedClasses', 'When one input is not an integer, it must be a double scalar '
                'and the other input must not be int64 or uint64.')),
    case('gcd_noninteger', 'a = gcd(1.5, 3);',
         error=('MATLAB:gcd:NonIntInputs', 'Inputs must be real integers.')),
    case('lcm_negative', 'a = lcm(-4, 6);',
         error=('MATLAB:lcm:InputNotPosInt', 'Input arguments must contain positive integers.')),
    case('factorial_negative', 'a = factorial(-1);',
         error=('MATLAB:factorial:NNegativeInt', 'N must be an array of real non-negative integers.')),
    case('factorial_int_saturates', 'a = factorial(int8([5 6]));', a=num('int8', [120, 127])),
    # MATLAB rejects negative input to isprime (Octave tests abs(X)).
    case('isprime_negative', 'a = isprime(-3);',
         error=('MATLAB:isprime:InputNotPosInt', 'All entries of X must be nonnegative integers.')),
    case('isprime_large', 'a = isprime([9007199254740881 9007199254740883]);', a=L([1, 0])),
    case('nchoosek_k_too_large', 'a = nchoosek(3, 5);',
         error=('MATLAB:nchoosek:KOutOfRange', 'K must be an integer between 0 and N.')),
    case('nchoosek_large_warns', '[~, id] = lastwarn(""); a = nchoosek(60, 30); [~, id] = lastwarn();',
         a=D(118264581564861424.0), id=C('MATLAB:nchoosek:LargeCoefficient')),
    case('bitand_negative_double', 'a = bitand(-1, 5);',
         error=('MATLAB:bitand:outOfRange',
                'Double inputs must have integer values in the range of ASSUMEDTYPE.')),
    case('bitand_mixed_integers', 'a = bitand(int8(1), uint8(1));',
         error=('MATLAB:mixedClasses',
                'Integers can only be combined with integers of the same class, or scalar doubles.')),
    # int64/uint64 mod and rem are exact past flintmax (MATLAB computes integer classes natively).
    case('mod_rem_int64_exact',
         "x = int64(2)^53 + 1; a = mod(x, int64(2)); b = rem(x, int64(10)); "
         "c = mod(intmax('uint64'), uint64(10)); d = mod(int64([-7 7]), 3);",
         a=num('int64', 1), b=num('int64', 3), c=num('uint64', 5), d=num('int64', [2, 1])),
    # rats: MATLAB's documented examples (Octave's rats has other widths: 9 per element). b's rows are
    # '       1            1/2     ' and '      1/2           1/3     ' (C takes column-major text).
    case('rats_doc_examples', 'a = rats(pi); b = rats(hilb(2)); c = rats(pi, 25);',
         a=C('    355/113   '), b=C('             11/ 2                      11//23          ', (2, 28)),
         c=C('      1146408/364913      ')),
    case('factor_matrix', 'a = factor([4 6]);',
         error=('MATLAB:factor:NonScalarInput', 'N must be a scalar.')),
    case('typecast_swapbytes',
         "h = typecast(single(1), 'uint32'); m = typecast(uint8([1 0 0 0]), 'uint32'); "
         "n = swapbytes(uint16(1)); q = typecast(int8(-1), 'uint8');", h=num('uint32', 1065353216),
         m=num('uint32', 1), n=num('uint16', 256), q=num('uint8', 255)),
    case('typecast_column', "a = typecast(uint8([1; 0; 2; 0]), 'uint16');", a=num('uint16', [1, 2], (2, 1))),
    case('typecast_uneven', "a = typecast(uint8([1 2 3]), 'uint16');",
         error=('MATLAB:typecast:notEnoughInputElements', 'Too few input values to make output type.')),
    case('perms_empty', 'a = size(perms([]));', a=D([1, 0])),
    case('nchoosek_fractional_k', 'a = nchoosek(5, 2.5);',
         error=('MATLAB:nchoosek:InvalidArg2', 'K must be an integer between 0 and N.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_integers(session, c):
    check(session, c)
