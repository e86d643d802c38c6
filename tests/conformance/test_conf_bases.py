"""Conformance: number bases (dec2bin, dec2hex, dec2base, bin2dec, hex2dec, base2dec).

Expected values were recorded with GNU Octave 7.3 (tests/conformance/record.py); where MATLAB
differs, the case follows MATLAB's documentation and a comment says so. Error identifiers and messages
are MATLAB's style (written by hand)."""
import pytest

from harness import C, D, case, check, params

CASES = [
    case('dec2bin_values',
         'a = dec2bin(5); b = dec2bin([1 5 10]); c = dec2bin(5, 8); d = dec2bin(0); e = dec2bin([1 2; 3 4]);',
         a=C('101'), b=C('001010001110', (3, 4)), c=C('00000101'), d=C('0'), e=C('000101101100', (4, 3))),
    case('dec2bin_large', 'a = dec2bin(2^60); b = dec2bin(uint8(200));',
         a=C('1000000000000000000000000000000000000000000000000000000000000'), b=C('11001000')),
    case('dec2hex_values', 'a = dec2hex(255); b = dec2hex([1; 255], 4); c = dec2hex(uint16(4096));',
         a=C('FF'), b=C('00000F1F', (2, 4)), c=C('1000')),
    case('dec2base_values',
         "a = dec2base(23, 3); b = dec2base(35, 36); c = dec2base(5, 'ab'); d = dec2base([5 100], 7, 4);",
         a=C('212'), b=C('Z'), c=C('bab'), d=C('00020052', (2, 4))),
    case('bin2dec_values', "a = bin2dec('101'); b = bin2dec(['101'; '011']); c = bin2dec('1 0 1');", a=D(5),
         b=D([5, 3], (2, 1)), c=D(5)),
    case('hex2dec_values', "a = hex2dec({'ff', '10'}); b = hex2dec('FfF');", a=D([255, 16], (2, 1)),
         b=D(4095)),
    case('base2dec_values', "a = base2dec('zz', 36); b = base2dec('212', 3);", a=D(1295), b=D(23)),
    # MATLAB (R2020a on): negative values give their two's complement; fractions are truncated.
    case('dec2bin_negative', 'a = dec2bin(-1); b = dec2bin(-16); c = dec2bin(int16(-1)); d = dec2hex(-1);',
         a=C('11111111'), b=C('11110000'), c=C('1111111111111111'), d=C('FF')),
    case('dec2bin_fraction', 'a = dec2bin([12 12.5]);', a=C('11110000', (2, 4))),   # rows '1100', '1100'
    case('dec2base_negative', 'a = dec2base(-1, 3);',
         error=('MATLAB:dec2base:FirstArg',
                'D must be an array of nonnegative integers smaller than flintmax.')),
    case('dec2base_bad_base', 'a = dec2base(5, 40);',
         error=('MATLAB:dec2base:BaseOutOfRange', 'Base must be an integer between 2 and 36.')),
    # Octave gives NaN for a text with a character that is not a digit; MATLAB errors.
    case('hex2dec_illegal', "a = hex2dec('FG');",
         error=('MATLAB:hex2dec:IllegalDigit', 'Input to hex2dec should have just 0-9, a-f, or A-F.')),
    case('bin2dec_string_array', 'a = bin2dec(["11" "100"]);', a=D([3, 4], (2, 1))),
]


@pytest.mark.parametrize("c", params(CASES))
def test_bases(session, c):
    check(session, c)
