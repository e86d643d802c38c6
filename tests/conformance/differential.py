"""Builtins called with drawn arguments, in matfuse and GNU Octave side by side (a development tool, like
record.py: tests never run it, and it needs ``octave-cli``).

    python3 tests/conformance/differential.py [--calls 3000] [--seed 0] [--only NAME] [--show 40] [--device gpu]

Each call is one builtin of ``CALLS`` with arguments drawn from ``ARGUMENTS`` (scalars, rows, columns,
matrices, 3-D arrays, empties, NaN and Inf, integer, logical, single, complex and char values) in one
of the builtin's documented forms. Every call runs as its own block in one Octave process (record.py's
runner) and in one matfuse Session (device "cpu" unless ``--device`` says otherwise); a call is
reported where one side raises and the other does not, or where the results differ in class, size or
value (doubles to 1e-12 relative, singles to 1e-6). The report groups the differences by builtin, with
the call and both results, for reading: a difference may be Octave's (its functions are not MATLAB's
everywhere), so each must be judged against MATLAB's documentation before it becomes a conformance
case (record.py) or a fix.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import harness  # noqa: E402
from record import literal, run_octave  # noqa: E402

from engine import Session  # noqa: E402

# Argument pools, by kind: MATLAB expressions.
ARGUMENTS = {
    "formatted": ["pi", "-0.5", "1e10", "123456789", "1e-5", "NaN", "-Inf", "[1.5 2.25 -3]", "int8([-5 7])",
                  "uint16(300)", "true", "single(2.5)", "[1 2; 3 4]", "0", "65", "[0.1 0.25]", "2.5", "-3.5"],
    "natural": ["0", "1", "2", "7", "12", "30", "97", "100", "360", "1024"],
    "scalar": ["3", "-2.5", "0", "NaN", "Inf", "-Inf", "int8(-7)", "uint8(200)", "true", "single(1.5)",
               "2+3i", "int32(12)", "0.1"],
    "vector": ["[3 1 2]", "[1; 4; 2]", "[2 NaN 1]", "[4 -1 4 0 -1]", "int16([5 -3 9])", "logical([1 0 1])",
               "single([0.5 2 -1])", "[1+2i 3-1i 2]", "[0 0 0]", "[-Inf 2 Inf]", "uint8([250 3 7])",
               "[1 2 2 3 3 3]", "[5; NaN; 5; 1]"],
    "matrix": ["magic(4)", "[1 2; 3 4]", "reshape(1:6, 2, 3)", "[1 NaN; -Inf 2]", "int32(magic(3))",
               "[1 2 2; 3 1 1]", "single([1.5 -2; 0 4])", "logical([1 0; 0 0])", "[0 0; 0 0]",
               "[1+1i 2; -1i 3]", "reshape(1:12, 3, 4) - 6", "uint16([1 2 3; 4 5 6])"],
    "array3": ["cat(3, [1 2; 3 4], [5 6; 7 8])", "reshape(1:24, 2, 3, 4)", "cat(3, [1 NaN], [NaN 2])"],
    "empty": ["[]", "zeros(1, 0)", "zeros(0, 3)", "zeros(3, 0)", "int8([])", "''"],
    "char": ["'abc'", "'Hello World'", "['ab'; 'cd']", "'  pad  '", "'3.5'"],
    "text": ["'Hello World'", "'a1b22c333'", "'one, two,three'", "''", "'  x  '", "'ABC def'", "'12.5'",
             "'x=1;y=22'", "'tab\there'", "'Hello'"],
}
NUMERIC = ("scalar", "vector", "matrix", "array3", "empty")
DIMS = ["1", "2", "3"]

# name -> forms; in a form, {A} and {B} are numeric arguments, {S} a char one, {T} a text, {X} a number
# to format, {N} a natural number, {d} a dimension, {n} a small count, {k} an integer shift ({{ and }}: braces).
CALLS = {
    **{f: ["{f}({A})", "{f}({A}, {d})"] for f in ("sum", "prod", "mean", "median", "mode", "any", "all",
                                                  "cumsum", "cumprod", "cummax", "cummin")},
    "max": ["max({A})", "max({A}, [], {d})", "max({A}, {B})", "[r1, r2] = max({A})", "max({A}, [], 'all')"],
    "min": ["min({A})", "min({A}, [], {d})", "min({A}, {B})", "[r1, r2] = min({A}, [], {d})"],
    "std": ["std({A})", "std({A}, 1)", "std({A}, 0, {d})"],
    "var": ["var({A})", "var({A}, 1)", "var({A}, 0, {d})"],
    "range": ["range({A})", "range({A}, {d})"],
    "nnz": ["nnz({A})"],
    "diff": ["diff({A})", "diff({A}, {n})", "diff({A}, 1, {d})"],
    "sort": ["sort({A})", "sort({A}, 'descend')", "sort({A}, {d})", "[r1, r2] = sort({A})",
             "[r1, r2] = sort({A}, {d}, 'descend')"],
    "unique": ["unique({A})", "[r1, r2, r3] = unique({A})", "unique({A}, 'stable')"],
    "find": ["find({A})", "find({A}, {n})", "[r1, r2] = find({A})", "[r1, r2, r3] = find({A})"],
    "cumsum_rev": ["cumsum({A}, 'reverse')"],
    "fliplr": ["fliplr({A})"], "flipud": ["flipud({A})"], "flip": ["flip({A})", "flip({A}, {d})"],
    "rot90": ["rot90({A})", "rot90({A}, {k})"],
    "circshift": ["circshift({A}, {k})", "circshift({A}, {k}, {d})"],
    "repmat": ["repmat({A}, {n}, {n})", "repmat({A}, [1 {n}])"],
    "kron": ["kron({A}, {B})"],
    "tril": ["tril({A})", "tril({A}, {k})"], "triu": ["triu({A})", "triu({A}, {k})"],
    "diag": ["diag({A})", "diag({A}, {k})"],
    "squeeze": ["squeeze({A})"], "transpose": ["{A}.'", "{A}'"],
    "size": ["size({A})", "size({A}, {d})", "[r1, r2] = size({A})", "numel({A})", "length({A})",
             "ndims({A})"],
    "is": ["isempty({A})", "isrow({A})", "iscolumn({A})", "isvector({A})", "isscalar({A})",
           "ismatrix({A})", "isreal({A})", "isfloat({A})", "isinteger({A})", "isnumeric({A})"],
    "abs": ["abs({A})"], "sign": ["sign({A})"], "round": ["round({A})", "round({A}, {n})"],
    "floor": ["floor({A})"], "ceil": ["ceil({A})"], "fix": ["fix({A})"],
    "mod": ["mod({A}, {B})"], "rem": ["rem({A}, {B})"], "idivide": ["idivide({A}, {B})"],
    "sqrt": ["sqrt({A})"], "exp": ["exp({A})"], "log": ["log({A})"], "log2": ["log2({A})"],
    "log10": ["log10({A})"], "power": ["{A} .^ {B}", "power({A}, 2)"], "hypot": ["hypot({A}, {B})"],
    "atan2": ["atan2({A}, {B})"], "nthroot": ["nthroot({A}, 3)"],
    "real": ["real({A})", "imag({A})", "conj({A})", "angle({A})"],
    "isnan": ["isnan({A})", "isinf({A})", "isfinite({A})"],
    "arith": ["{A} + {B}", "{A} - {B}", "{A} .* {B}", "{A} ./ {B}", "{A} .\\ {B}", "-{A}", "{A} * {B}",
              "{A} / {B}", "{A} \\ {B}"],
    "compare": ["{A} == {B}", "{A} < {B}", "{A} >= {B}", "{A} ~= {B}", "~{A}", "{A} & {B}", "{A} | {B}",
                "xor({A}, {B})"],
    "setops": ["union({A}, {B})", "intersect({A}, {B})", "setdiff({A}, {B})", "setxor({A}, {B})",
               "ismember({A}, {B})", "[r1, r2] = ismember({A}, {B})"],
    "cast": ["double({A})", "single({A})", "int8({A})", "uint8({A})", "int32({A})", "logical({A})",
             "cast({A}, 'int16')"],
    "text": ["num2str({A})", "mat2str({A})", "int2str({A})", "sprintf('%g,', {A})", "sprintf('%d|', {A})",
             "num2str({A}, 4)"],
    "chars": ["upper({S})", "lower({S})", "strtrim({S})", "fliplr({S})", "double({S})", "strrep({S}, 'l', 'LL')",
              "regexprep({S}, '[aeiou]', '_')", "strsplit({S}, ' ')", "num2str({S})", "{S} + 1",
              "str2num({S})", "str2double({S})", "blanks({n})", "deblank({S})", "strcat({S}, 'x')",
              "[{S}, 'x']", "sort({S})", "unique({S})", "isspace({S})", "length({S})"],
    "linalg": ["dot({A}, {B})", "cross([1 2 3], {A})", "trace({A})", "det({A})", "inv({A})", "rank({A})",
               "norm({A})", "norm({A}, 1)", "norm({A}, Inf)", "norm({A}, 'fro')", "pinv({A})", "null({A})"],
    "numbers": ["factorial({n})", "nchoosek({n} + 3, 2)", "primes({n} * 7)", "isprime({A})", "gcd({A}, {B})",
                "lcm({A}, {B})", "floor({A} / {B})"],
    "poly": ["polyval([1 -2 3], {A})", "conv({A}, [1 2])", "filter(1, [1 -0.5], {A})", "trapz({A})",
             "cumtrapz({A})", "polyfit(1:3, [2 4 7], {n})", "interp1([1 2 3], [4 5 6], {A})",
             "interp1([1 2 3], [4 5 6], {A}, 'linear', 'extrap')", "histc({A}, [0 2 4])",
             "accumarray([1; 2; 1], {A})"],
    "format": ["sprintf('%5.2f|', {X})", "sprintf('%e', {X})", "sprintf('%g', {X})", "sprintf('%8.3g|', {X})",
               "sprintf('%x', {X})", "sprintf('%o', {X})", "sprintf('%c', {X})", "sprintf('%+.1f', {X})",
               "sprintf('%-6d|', {X})", "sprintf('%s', {X})", "num2str({X})", "num2str({X}, 8)",
               "num2str({X}, '%10.4f')", "mat2str({X})", "mat2str({X}, 4)", "int2str({X})", "dec2bin(abs({X}))",
               "dec2hex(abs({X}))", "rats({X})"],
    "round": ["round({X}, {k})", "round({X}, 2, 'significant')", "fix({X})", "floor({X} / 3)", "mod({X}, -3)",
              "rem({X}, -3)", "mod(-{X}, 3)", "abs({X})", "sign({X})", "{X} .^ 0.5", "nthroot(-8, 3)",
              "(-8) ^ (1/3)", "sqrt(-{X})", "log(-{X})", "{X} .^ -1", "realmax * {X}", "{X} / 0", "-{X} / 0",
              "0 / 0 * {X}", "idivide(int32({X}), int32(4))", "idivide(int32({X}), int32(4), 'floor')",
              "idivide(int32({X}), int32(4), 'round')", "bitshift(uint8(abs({X})), 2)", "bitxor(uint8(5), 3)"],
    "grid": ["meshgrid(1:{n}, 1:2)", "[r1, r2] = meshgrid(1:3, 1:{n})", "[r1, r2] = ndgrid(1:2, 1:{n})",
             "sortrows({A})", "sortrows({A}, -2)", "[r1, r2] = sortrows({A}, 2)", "histcounts({A})",
             "histcounts({A}, 3)", "cumsum({A}, 'omitnan')", "sum({A}, 'omitnan')", "max({A}, [], 'omitnan')",
             "min({A}, [], 2, 'includenan')", "mean({A}, 'omitnan')", "any({A}, 'all')", "sum({A}, [1 2])",
             "find({A}, 1, 'last')", "nnz({A} > 1)", "numel(find({A}))", "cummax({A}, 'reverse')",
             "movmean({A}, 2)", "rescale({A})", "normalize([1 2 3 4])", "bounds({A})", "[r1, r2] = bounds({A})"],
    "cells": ["num2cell({A})", "cell2mat({{{A}}})", "cellfun(@numel, {{{A}, {B}}})",
              "cellfun(@(x) x * 2, {{{A}}}, 'UniformOutput', false)", "arrayfun(@(x) x + 1, {A})",
              "arrayfun(@(x) {{x}}, {A}, 'UniformOutput', false)", "iscellstr({{{S}}})",
              "cellfun('isempty', {{{A}, {B}}})",
              "struct('a', {{{A}}})", "fieldnames(struct('b', 1, 'a', {A}))", "isfield(struct('a', 1), 'a')",
              "class({A})", "isa({A}, 'numeric')", "isa({A}, 'float')", "isa({A}, 'integer')"],
    "linalg2": ["svd({A})", "eig([2 1; 1 2])", "chol([4 2; 2 3])", "[r1, r2] = lu([1 2; 3 4])", "expm(zeros(2))",
                "kron(eye(2), {A})", "trace(magic(4))", "norm([3 4])", "norm({A}, 2)", "cond([1 2; 3 4])",
                "[1 2; 3 4] \\ [5; 6]", "[1 2; 3 4] / [5 6; 7 8]", "{A} ^ 2", "2 ^ {A}", "{A} ^ 0.5",
                "mpower({A}, -1)"],
    "numbers2": ["factor({N})", "perms(1:{n})", "nchoosek(1:4, {n})", "primes({N})", "isprime({N})", "gcd({N}, 12)",
                 "lcm({N}, 4)", "factorial({N})", "nextpow2({N})", "floor(log2({N}))", "bin2dec('1011')",
                 "dec2base({N}, 5)", "fliplr(dec2bin({N}, 8))", "cumprod(1:{n})", "mod({N}, 7)", "hypot({N}, 4)"],
    "text2": ["regexp({T}, '\\d+', 'match')", "regexp({T}, '(\\w)(\\w)', 'tokens')", "regexp({T}, 'o')",
              "[r1, r2] = regexp({T}, '[a-z]+', 'start', 'end')", "regexprep({T}, '(\\w+)', '<$1>')",
              "regexpi({T}, 'L+', 'match')", "strfind({T}, 'o')", "strrep({T}, ' ', '')",
              "strjust(['a  '; 'bb '], 'right')",
              "upper({T})", "strtok({T})", "[r1, r2] = strtok({T}, ',')", "fliplr({T})", "strsplit({T}, {{',', ' '}})",
              "strjoin(strsplit({T}), '-')", "contains({T}, 'lo')", "startsWith({T}, 'He')", "endsWith({T}, '3')",
              "erase({T}, 'l')", "pad({T}, 12)", "strncmp({T}, 'Hello', 3)", "strcmpi({T}, 'HELLO WORLD')",
              "num2str(str2num('[1 2 3]'))", "sscanf({T}, '%d')", "sscanf('3 4 5', '%d')", "sscanf('1.5,2.5', '%f,')",
              "str2double({T})", "textscan('1,2,3', '%f', 'Delimiter', ',')", "lower({T})", "isletter({T})",
              "isstrprop({T}, 'digit')", "double({T}(1:min(3, end)))", "char({T}, 'xy')", "cellstr(char({T}, 'b'))",
              "strvcat({T}, 'x')", "repmat({T}, 2, 1)", "[{T}; {T}]", "{T}(end:-1:1)", "length({T})",
              "numel(strsplit({T}, ','))", "blanks(3)", "deblank([{T} '   '])", "strtrim(sprintf('  %s\\t', {T}))",
              "mat2str([1.5 -2; 0 4])", "mat2str(logical([1 0]))", "mat2str(int8([1 2]))", "mat2str('ab')",
              "sprintf('%s=%d;', 'a', 1, 'b', 2)", "sprintf('%d %s', 5, 'x')", "sprintf('[%4.1f]', [1 2; 3 4])",
              "sprintf('%5s|', 'ab')", "sprintf('%-5s|', 'ab')", "sprintf('%.2s', 'abc')", "sprintf('%d', [])",
              "sprintf('%d, ', int8([1 2 3]))", "sprintf('%u', -3)", "sprintf('%i', 42)", "sprintf('%5.1e', 12345)",
              "sprintf('%G', 1e-10)", "sprintf('%%')", "sprintf('a\\nb')", "sprintf('%d', true)", "num2str(1e6)",
              "num2str(123456789)", "num2str(1.23456789)", "num2str(-0.000123)", "num2str(1e-10)",
              "num2str([1 10 100])",
              "num2str([0.5; 10.25])", "num2str(3+4i)", "num2str(NaN)", "num2str([1 NaN Inf])"],
    "assign": ["r1 = {A}; r1(end+1) = 7;", "r1 = {A}; r1(2) = [];", "r1 = {A}; r1(:, 1) = [];",
               "r1 = {A}; r1(r1 > 1) = 0;", "r1 = {A}; r1(3, 3) = 1;", "r1 = {A}; r1(:) = 5;",
               "r1 = {A}; r1(1, :) = {B};", "r1 = {A}; r1([1 1]) = [8 9];",
               "r1 = {A}; r1(logical([1 0 1])) = [];",
               "r1 = {A}; r1(end, end) = -1;", "r1 = {A}; r1(:, end+1) = 1;", "r1 = []; r1(3) = {X};",
               "r1 = {A}; r1(2, :) = {X};", "r1 = 'abc'; r1(5) = 'x';", "r1 = {A}; r1(:, :, 2) = 0;",
               "r1 = {A}; r1 = r1(:, [true false]);", "r1 = {A}; r1(2:3) = r1(1:2);",
               "r1 = int8({A}); r1(2) = 300;",
               "r1 = {A}; r1(1) = 1+2i;", "r1 = true(2); r1(1) = 5;", "r1 = 'abc'; r1(2) = 66;",
               "r1 = {A}; r1(2) = int8(3);", "r1 = {A}; r1(2) = single(3);", "r1 = 1:3; r1(2) = true;",
               "r1 = int8([1 2]); r1(2) = {X};", "r1 = {A}; r1(end+1, :) = {B};", "r1 = {A}; r1({B}) = 1;",
               "r1 = {A}; r1(:, end) = [];", "r1 = {A}; r1(end) = [];", "r1 = {A}; r1([]) = [];",
               "r1 = {A}; r1(1, 1, 1) = 9;", "r1 = {A}; r1(0) = 1;", "r1 = {A}; r1(1.5) = 1;",
               "r1 = zeros(2); r1(:) = 1:4;", "r1 = zeros(2); r1(:, :) = [1 2];", "r1 = {A}; r1(1, :) = [];",
               "r1 = {{{A}, {B}}}; r1(2) = [];", "r1 = {{{A}}}; r1{{3}} = {B};", "r1 = {A}; r1(end+1) = 'a';",
               "r1 = 'ab'; r1(end+1) = 99;", "r1 = {A}; r2 = r1; r2(1) = 100;", "r1 = {A}; r1(:, 2) = {B}(:);"],
    "concat": ["[{A}, {B}]", "[{A}; {B}]", "[{A}, {S}]", "[{S}; {A}]", "[int8(100), int16(1000)]",
               "[int16(1000), int8(100)]", "[single(1.5), int8(3)]", "[true, 'a']", "[true, 2]", "[{A}, []]",
               "[[]; {A}]", "[zeros(1, 0); {A}]", "[{A}, zeros(0, 3)]", "cat(3, {A}, {B})", "cat(1, [], {A})",
               "[{{A}}, {{B}}]", "[{{A}}; {{B}}]", "[{{A}}, {B}]", "['ab'; 'cd'; 'ef']", "[65, 'bc']",
               "[uint8(250), 300]", "[1+2i, int8(3)]", "[single(1), 1e40]", "horzcat()", "vertcat({A})",
               "[{A}; {A}]", "[{A}, {A}]", "[{A}, -{A}]", "[{A} -{A}]", "[{A} - {A}]", "[1 -2]", "[1 - 2]",
               "[1 , 2 ; 3 , 4]", "[{A}', {B}']", "repmat({A}, 0, 2)", "[ones(2, 0), ones(2, 1)]",
               "[ones(0, 2); ones(1, 2)]", "[ones(0, 3); ones(1, 2)]", "[[1 2]; []; [3 4]]", "[{A}(:); {B}(:)]"],
    "integers": ["int8({X}) * 2.6", "int8({X}) / 3", "uint8({X}) - 300", "int16({X}) .* int16(-400)",
                 "int32({X}) / int32(0)", "-int32({X}) / int32(0)", "int32(0) / int32(0)", "int64(2^53) + 1",
                 "int64(9007199254740993)", "uint64(18446744073709551615)", "intmax('int64') - 1",
                 "int64(5) * 2.5", "idivide(int64(7), int64(2))", "int8(-128) / -1", "abs(int8(-128))",
                 "-int8(-128)", "bitand(uint8(12), uint8(10))", "bitor(12, 10)", "bitshift(1, 3)",
                 "bitshift(uint8(255), 1)", "bitshift(int8(-8), -1)", "int8(1):int8(3)", "class(int8(1):3)",
                 "int8(5):-2:int8(-3)", "mod(int8(-7), int8(3))", "rem(int8(-7), int8(3))", "int16(7) ^ 2",
                 "uint8(3) ^ 0.5", "sum(int8([100 100]))", "mean(int8([100 101]))", "prod(int16([300 300]))",
                 "double(int8({X})) / 2", "int32([1 2 3]) * int32(2)", "int32([1 2 3]) * [1; 1; 1]",
                 "cast({X}, 'uint16')", "typecast(single(1), 'uint32')", "typecast(uint8([1 0 0 0]), 'uint32')",
                 "swapbytes(uint16(1))", "intmin('int8') - 1", "uint8(2.5)", "uint8(3.5)", "int8(-2.5)",
                 "int32('a')", "int8(true) + int8(1)", "{X} > int8(2)", "int8(100) + int8(100) - int8(100)"],
    "numeric2": ["interp1([1 2 3], [4 5 6], {X})", "interp1([1 2 3], [4 5 6], 2.5, 'nearest')",
                 "interp1([1 2 3], [4 5 6], [0 1.5 4])", "interp1([1 2 3]', [4 5 6; 7 8 9]', 1.5)",
                 "interp1([1 2 3], [4 5 6], 1.5, 'previous')", "interp1([1 2 3], [4 8 6], 2.5, 'spline')",
                 "interp1([1 2 3 4], [4 8 6 1], 2.5, 'pchip')", "polyval([3 2 1], {X})", "polyfit([1 2 3], [2 4 6], 1)",
                 "roots([1 -3 2])", "poly([1 2])", "conv([1 2 3], [1 -1])", "deconv([1 1 -2], [1 -1])",
                 "trapz([1 2 3], [1 4 9])", "cumtrapz([1 4 9])", "cumsum([1 NaN 2], 'omitnan')", "fix({X})",
                 "linspace(0, 1, 5)", "linspace(1, 0, 3)", "linspace(0, 1, 1)", "linspace(0, 1, 0)", "0:0.1:0.3",
                 "1:0", "10:-3:1", "colon(1, 0.5, 2)", "logspace(0, 2, 3)", "floor(-0.5)", "round(-0.5)",
                 "round(2.5)", "round(-2.5)", "histc([1 2 2 3 5], 1:5)", "histcounts([1 2 2 3 5], 1:5)",
                 "accumarray([1; 2; 1], [10; 20; 30])", "accumarray([1 1; 2 2; 1 1], [1; 2; 3])",
                 "accumarray([1; 3], [5; 6], [4 1])", "accumarray([1; 2; 1], [1; 2; 3], [], @max)",
                 "cummin([5 3 4 1 2])", "mean([1 2; 3 4], 'all')", "var([1 2 3 4], [1 1 1 1])",
                 "std([1 2 3 4], 1)", "mode([1 2 2 3 3])", "median([1 NaN 3])", "median([1 NaN 3], 'omitnan')",
                 "max([1 NaN 3])", "max([NaN NaN])", "min([], [], 2)", "sort([3 NaN 1])", "sort([3 NaN 1], 'descend')",
                 "sort([1+1i, -1, 1i])", "unique([3 NaN 1 NaN])", "cross([1 0 0], [0 1 0])", "dot([1 2 3], [4 5 6])",
                 "norm([1 2; 3 4], 1)", "det(magic(3))", "rank(magic(4))", "trace([1 2; 3 4])", "fliplr(eye(2))"],
    "control": ["r1 = 0; for k = {A}, r1 = r1 + 1; end", "r1 = []; for k = {A}, r1(end+1) = sum(k); end",
                "r1 = 0; if {A}, r1 = 1; end", "r1 = 0; while {A}, r1 = r1 + 1; break; end",
                "r1 = 0; for k = 1:{n}, if k == 2, continue; end, r1 = r1 + k; end",
                "r1 = 0; for k = zeros(0, {n}), r1 = r1 + 1; end", "r1 = 0; for k = zeros({n}, 0), r1 = r1 + 1; end",
                "r1 = {{}}; for c = {{1, 'a', [2 3]}}, r1{{end+1}} = class(c); end",
                "switch {X}, case 2.5, r1 = 1; case {{1, 2}}, r1 = 2; otherwise, r1 = 3; end",
                "switch {T}, case 'Hello', r1 = 1; case {{'abc', ''}}, r1 = 2; otherwise, r1 = 3; end",
                "r1 = 0; try, error('my:id', 'msg %d', 3); catch e, r1 = e.identifier; end",
                "r1 = 0; try, x = [1 2](3); catch e, r1 = e.identifier; end",
                "r1 = 0; try, undefined_thing_q(1); catch e, r1 = e.identifier; end",
                "r1 = 0; try, [1 2] + [1 2 3]; catch e, r1 = e.identifier; end",
                "r1 = 0; try, ones(2) * ones(3); catch e, r1 = e.identifier; end",
                "r1 = 0; try, cell2mat(3); catch e, r1 = e.identifier; end",
                "r1 = 0; try, x = struct('a', 1); x.b; catch e, r1 = e.identifier; end",
                "r1 = 0; try, str2func(3); catch e, r1 = e.identifier; end",
                "r1 = 0; try, zeros(2)(5); catch e, r1 = e.identifier; end",
                "f = @(x, y) x + y; r1 = f({A}, 1);", "f = @() 7; r1 = f();", "f = @sin; r1 = func2str(f);",
                "f = @(x) x.^2; r1 = arrayfun(f, [1 2 3]);", "a = 2; f = @(x) a * x; a = 5; r1 = f(3);",
                "r1 = {A}; r1(r1 < 2) = [];", "r1 = any({A}(:)) && all({B}(:));", "r1 = isempty({A}) || {X} > 0;",
                "r1 = ~isempty({A}) & {X};", "r1 = xor(true, {X} > 1);", "r1 = 1:{n}; r1(end:-1:1) = r1;",
                "r1 = 0; k = 0; while k < 5, k = k + 1; if mod(k, 2), continue, end, r1 = r1 + k; end",
                "r1 = 0; for i = 1:3, for j = 1:3, if j > i, break, end, r1 = r1 + 1; end, end",
                "r1 = 5; r1 += 1;", "x.a.b = 3; r1 = x.a.b;", "x(2).a = 3; r1 = size(x);",
                "x = struct('a', {{1, 2}}); r1 = [x.a];", "c = {{1, 2, 3}}; r1 = [c{{:}}];",
                "c = {{1, 'a'}}; [p, q] = c{{:}}; r1 = q;", "r1 = nargin('size');", "s = 'abc'; r1 = s([1 end]);",
                "r1 = exist('sin');", "r1 = exist('nonexistent_xyz');", "r1 = isvarname('a1');",
                "r1 = eval('1 + 2');", "eval('r1 = 4;');", "r1 = evalc('disp(5)');", "r1 = feval('max', [1 5 2]);",
                "r1 = deal(7);", "[r1, r2] = deal(1, 2);", "r1 = num2str(pi, 4);"],
    "signal": ["fft({A})", "ifft({A})", "fft({A}, 4)", "fft({A}, [], 2)", "ifft(fft({A}))", "abs(fft([1 2 3 4]))",
               "fftshift({A})", "ifftshift({A})", "fftshift({A}, 2)", "real(ifft([1 0 0 0]))", "fft2([1 2; 3 4])",
               "ifft([1 2 3], 'symmetric')", "conv({A}, [1 1], 'same')", "conv([1 2 3 4], [1 1 1], 'valid')",
               "conv2([1 2; 3 4], [1 1])", "conv2([1 2; 3 4], ones(2), 'same')", "filter([1 1] / 2, 1, {A})",
               "filter(1, [1 -0.9], [1 0 0 0], 0.5)", "filter2([1 1], [1 2 3; 4 5 6])", "cov({A})",
               "cov([1 2 3], [1 2 4])", "corrcoef([1 2 3 4], [2 4 5 9])", "polyder([1 2 3])", "polyint([3 2 1])",
               "polyval([1 2], [1 2; 3 4])", "cumsum({A}, 2)", "circshift({A}, 1, 2)", "detrend([1 2 4 7])",
               "nextpow2(1000)", "hypot(3, {A})", "unwrap([0 3 6 9])", "mean(abs(fft({A})))",
               "max(abs(ifft(fft([1 2 3 4 5]))) - [1 2 3 4 5])"],
    "structs": ["s = struct('a', {{1, 2, 3}}); r1 = [s.a];", "s = struct('a', {{}}); r1 = size(s);",
                "s.b = 1; s.a = 2; r1 = fieldnames(s);", "s.b = 1; s.a = 2; r1 = fieldnames(orderfields(s));",
                "s = struct('a', 1, 'b', 2); r1 = struct2cell(s);",
                "r1 = cell2struct({{1; 'x'}}, {{'p'; 'q'}}, 1);",
                "s = struct('a', 1, 'b', 2); r1 = rmfield(s, 'a');",
                "s = struct('a', 1); r1 = isfield(s, {{'a', 'b'}});",
                "s = struct('a', 1); r1 = getfield(s, 'a');", "s = struct(); r1 = setfield(s, 'z', 3);",
                "s(3).a = 1; r1 = size(s);", "s(2).a = 5; r1 = isempty(s(1).a);",
                "s = struct('a', {{1, 'x'}}); r1 = {{s.a}};",
                "s = struct('m', magic(3)); r1 = s.m(2, :);", "s.c = {{1, 2}}; r1 = s.c{{2}};",
                "s = struct('a', {{3, 1, 2}}); [~, k] = sort([s.a]); r1 = [s(k).a];",
                "r1 = arrayfun(@(t) t.a * 2, struct('a', {{1, 2}}));", "c = {{'b', 'a', 'c'}}; r1 = sort(c);",
                "c = {{'b', 'a', 'b'}}; [r1, r2] = unique(c);", "r1 = ismember({{'a', 'z'}}, {{'a', 'b'}});",
                "r1 = strcmp({{'a', 'b'}}, 'a');", "c = {{1, [], 'x'}}; r1 = cellfun(@isempty, c);",
                "c = {{1, [1 2], 'xyz'}}; r1 = cellfun(@numel, c);", "c = {{1, [1 2]}}; r1 = cellfun('length', c);",
                "c = {{[1 2], [3 4 5]}}; r1 = cellfun(@(v) v(end), c);",
                "[r1, r2] = cellfun(@max, {{[1 5 2], [7 3]}});", "c = cell(2, 3); r1 = size(c);",
                "c = num2cell([1 2; 3 4]); r1 = c{{2, 1}};", "c = num2cell([1 2; 3 4], 1); r1 = size(c);",
                "c = {{1, 2; 3, 4}}; r1 = c(:, 2);", "c = {{1, 2}}; c(4) = {{7}}; r1 = size(c);",
                "c = {{1, 2, 3}}; c(2) = []; r1 = c;", "c = {{}}; c{{end+1}} = 'a'; c{{end+1}} = 'b'; r1 = c;",
                "r1 = iscellstr({{'a', 1}});", "r1 = cellfun(@(x) x * 2, {{1, 2}}, 'UniformOutput', false);",
                "m = containers.Map(); m('a') = 1; m('b') = 2; r1 = m.keys();",
                "m = containers.Map({{'x', 'y'}}, {{1, 2}}); r1 = m('y');",
                "m = containers.Map('KeyType', 'double', 'ValueType', 'any'); m(3) = 'c'; r1 = m.isKey(3);",
                "m = containers.Map({{'x', 'y'}}, {{1, 2}}); r1 = m.Count;",
                "m = containers.Map({{'b', 'a'}}, {{1, 2}}); r1 = values(m);"],
    "build": ["linspace(0, 1, {n})", "colon(1, {n})", "1:{B}", "zeros({n}, class({A}))", "ones(size({A}))",
              "eye({n})", "cat(1, {A}, {B})", "cat(2, {A}, {B})", "[{A}, {B}]", "[{A}; {B}]",
              "horzcat({A}, {S})", "reshape({A}, 1, [])", "{A}(:)", "{A}(end)", "{A}(end:-1:1)",
              "{A}([1 1])", "{A}(logical([1 0 1]))", "numel({A}(:, 1))"],
}


def draw_argument(rng: random.Random, kinds: tuple[str, ...] = NUMERIC) -> str:
    return rng.choice(ARGUMENTS[rng.choice(kinds)])


def draw_call(rng: random.Random, group: str) -> str:
    """One call of one of ``group``'s forms, its {A}, {B}, ... fields drawn from ARGUMENTS."""
    form = rng.choice(CALLS[group])
    return form.format(f=group, A=draw_argument(rng), B=draw_argument(rng), S=rng.choice(ARGUMENTS["char"]),
                       X=rng.choice(ARGUMENTS["formatted"]), N=rng.choice(ARGUMENTS["natural"]),
                       T=rng.choice(ARGUMENTS["text"]),
                       d=rng.choice(DIMS), n=str(rng.randint(0, 3)), k=str(rng.randint(-2, 2)))


def block(call: str) -> tuple[str, list[str]]:
    """The call as a script (its results r1, r2, ...) and the names it leaves: an expression is assigned
    to r1; a form that names r1 itself is statements, run as written."""
    if re.search(r"\br1\b", call):
        names = sorted(set(re.findall(r"\br\d\b", call)))
        return call if call.endswith(("end", ";")) else call + ";", names
    return f"r1 = {call};", ["r1"]


def octave_results(blocks: list[tuple[str, list[str]]]) -> list[dict]:
    """Per block: {"error": True} or {name: canonical value}."""
    out = []
    for lines in run_octave([(str(k), names, code) for k, (code, names) in enumerate(blocks)]):
        got: dict = {}
        for line in lines:
            parts = line.split("\t")
            if parts[0] == "@@ERR":
                got = {"error": parts[2]}
                break
            if parts[0] == "@@VAR":
                got[parts[1]] = eval(literal(json.loads(parts[2])), vars(harness))
        out.append(got)
    return out


def matfuse_results(blocks: list[tuple[str, list[str]]], device: str) -> list[dict]:
    session = Session(device=device)
    out = []
    for code, names in blocks:
        session.execute("clear all")
        r = session.execute(code)
        if r.error is not None:
            out.append({"error": f"{r.error.identifier}: {r.error.message}"})
            continue
        out.append({n: harness.canon(session.workspace[n]) for n in names if n in session.workspace})
    return out


def agree(a: tuple, b: tuple) -> bool:
    """Class, size and values; singles to 1e-6 relative (harness.same's 1e-12 for the rest)."""
    if a[0] == "single" == b[0] and a[1] == b[1] and len(a[2]) == len(b[2]):
        return all(_near(x, y) for x, y in zip(a[2], b[2]))
    return harness.same(a, b)


def _near(x: complex, y: complex) -> bool:
    x, y = complex(x), complex(y)
    return all((math.isnan(p) and math.isnan(q)) or math.isclose(p, q, rel_tol=1e-6, abs_tol=1e-30)
               for p, q in ((x.real, y.real), (x.imag, y.imag)))


def difference(mine: dict, theirs: dict) -> str:
    """What differs ("" for nothing); an internal error of matfuse's always differs."""
    if "error" in mine or "error" in theirs:
        if "error" in mine and "error" in theirs and not mine["error"].startswith("MATLAB:internal"):
            return ""
        return f"matfuse {mine.get('error', 'ran')} | octave {theirs.get('error', 'ran')}"
    wrong = [n for n in theirs if n not in mine or not agree(mine[n], theirs[n])]
    return "; ".join(f"{n}: matfuse {mine.get(n)!r} | octave {theirs[n]!r}" for n in wrong)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", action="append", help="a group of CALLS (repeatable)")
    parser.add_argument("--show", type=int, default=40, help="differences shown per group")
    parser.add_argument("--device", default="cpu", help="the Session's device (cpu, gpu, auto)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    groups = args.only or sorted(CALLS)
    calls = sorted({draw_call(rng, rng.choice(groups)) for _ in range(args.calls)})
    blocks = [block(c) for c in calls]
    theirs, mine = octave_results(blocks), matfuse_results(blocks, args.device)
    found: dict[str, list[str]] = defaultdict(list)
    for call, m, t in zip(calls, mine, theirs):
        diff = difference(m, t)
        if diff:
            found[re.sub(r"^\[.*\] = ", "", call).split("(")[0]].append(f"  {call}\n      {diff}")
    for name in sorted(found):
        print(f"{name}: {len(found[name])}")
        print("\n".join(found[name][:args.show]))
    print(f"{len(calls)} calls, {sum(map(len, found.values()))} differences")
    return 0


if __name__ == "__main__":
    sys.exit(main())
