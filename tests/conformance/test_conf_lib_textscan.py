"""Conformance: textscan, readlines and writelines.

textscan values recorded with GNU Octave (tests/conformance/record.py); readlines and writelines (which
Octave lacks) follow MATLAB's documentation, written by hand."""
import pytest

from harness import C, Cell, D, S, case, check, nan, num, params

WRITE_CSV = ("f = [tempname '.csv']; fid = fopen(f, 'w'); fprintf(fid, 'name,age,score\\nbob,31,4.5\\nann,27,\\n'); "
             "fclose(fid); ")

CASES = [
    case('textscan_text', "C = textscan(sprintf('1,2\\n3,4'), '%f %f', 'Delimiter', ','); a1 = C{1}; a2 = C{2}; F = textscan('a 1 b 2 c 3', '%s %f', 2); f1 = F{1}; f2 = F{2}; G = textscan('1;2;;4', '%f', 'Delimiter', ';'); g = G{1}; K = textscan('10 skip 20 skip', '%f %*s'); k = K{1};", a1=D([1, 3], (2, 1)), a2=D([2, 4], (2, 1)), f1=Cell([C('a'), C('b')], (2, 1)), f2=D([1, 2], (2, 1)), g=D([1, 2, nan, 4], (4, 1)), k=D([10, 20], (2, 1))),
    case('textscan_quoted', 'H = textscan(\'"x y",3\', \'%q %f\', \'Delimiter\', \',\'); h = H{1};', h=Cell([C('x y')])),
    case('textscan_file', WRITE_CSV + "fid = fopen(f); D = textscan(fid, '%s %d %f', 'Delimiter', ',', 'HeaderLines', 1); fclose(fid); names = D{1}; ages = D{2}; sc = D{3}; "
         "fid = fopen(f, 'w'); fprintf(fid, 'x y\\n1 2\\n3 4\\n5 6\\n'); fclose(fid); fid = fopen(f); E = textscan(fid, '%f %f', 'HeaderLines', 1, 'CollectOutput', true); fclose(fid); m = E{1}; delete(f);",
         names=Cell([C('bob'), C('ann')], (2, 1)), ages=num('int32', [31, 27], (2, 1)), sc=D([4.5, nan], (2, 1)), m=D([1, 3, 5, 2, 4, 6], (3, 2))),
    case('textscan_no_conversion', "C = textscan('1 2', 'abc');",
         error=('MATLAB:textscan:BadFormatString', 'The format must contain a conversion (%f, %s ...).')),
    case('readlines_writelines', "f = [tempname '.txt']; writelines([\"a\" \"  b \"], f); writelines({'', 'c'}, f, 'WriteMode', 'append'); "
         "L = readlines(f); T = readlines(f, 'EmptyLineRule', 'skip', 'WhitespaceRule', 'trim'); W = fileread(f); delete(f);",
         L=S(['a', '  b ', '', 'c'], (4, 1)), T=S(['a', 'b', 'c'], (3, 1)), W=C('a\n  b \n\nc\n')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
