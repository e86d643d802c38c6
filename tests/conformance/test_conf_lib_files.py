"""Conformance: files and I/O (fopen/fprintf/fgetl/fgets/fscanf/fread/fwrite/fseek/ftell/feof, fileread,
save/load of MAT-files and ASCII text, dlmwrite/dlmread/csvwrite/csvread/readmatrix/writematrix/importdata,
fileparts/fullfile, folders, system and the environment). Each case runs in a fresh temporary folder.
Values recorded with GNU Octave (record.py); where MATLAB differs (the 5 significant digits of dlmwrite and
csvwrite, readmatrix and writematrix which Octave lacks) the case follows MATLAB's documentation."""
import pytest

from harness import C, Cell, D, L, St, StArr, case, check, num, params

CASES = [
    case('frewind_ferror_separators', "fid = fopen('r.txt', 'w+'); fprintf(fid, 'abc'); frewind(fid); q = fread(fid, 3, 'char=>char')'; "
         "[msg, err] = ferror(fid); fclose(fid); fs = filesep; ps = pathsep; d = isdir('.'); m = ismac;",
         q=C('abc'), msg=C(''), err=D(0), fs=C('/'), ps=C(':'), d=L(1), m=L(0)),
    case('fopen_fprintf_fgetl', "fid = fopen('t.txt', 'w'); n = fprintf(fid, '%d,%d\\n', [1 2; 3 4]); fprintf(fid, 'last line'); fclose(fid); fid = fopen('t.txt'); l1 = fgetl(fid); l2 = fgets(fid); l3 = fgetl(fid); e1 = feof(fid); l4 = fgetl(fid); fclose(fid);", n=D(8), l1=C('1,3'), l2=C('2,4\n'), l3=C('last line'), e1=D(1), l4=D(-1)),
    case('fscanf_ftell_fseek', "fid = fopen('t.txt', 'w'); fprintf(fid, '%d,%d\\n', [1 2; 3 4]); fclose(fid); fid = fopen('t.txt'); A = fscanf(fid, '%d,%d', [2 Inf]); p = ftell(fid); st = fseek(fid, 0, 'bof'); s1 = fscanf(fid, '%d', 1); fclose(fid); txt = fileread('t.txt');", A=D([1, 3, 2, 4], (2, 2)), p=D(8), st=D(0), s1=D(1), txt=C('1,3\n2,4\n')),
    case('fwrite_fread', "fid = fopen('b.bin', 'w'); c = fwrite(fid, [1 -2 300], 'int16'); fwrite(fid, [1.5 2.5], 'double'); fclose(fid); fid = fopen('b.bin', 'r'); B = fread(fid, 3, 'int16'); D = fread(fid, [1 2], 'double'); fclose(fid); fid = fopen('b.bin'); B2 = fread(fid, 3, '*int16'); fseek(fid, 0, 'eof'); sz = ftell(fid); fclose(fid); fid = fopen('ab.bin', 'w'); fwrite(fid, 'AB'); fclose(fid); fid = fopen('ab.bin'); C = fread(fid, [1 2], 'uint8=>char'); fclose(fid);", c=D(3), B=D([1, -2, 300], (3, 1)), D=D([1.5, 2.5]), B2=num('int16', [1, -2, 300], (3, 1)), sz=D(22), C=C('AB')),
    case('fread_bytes', "fid = fopen('u.bin', 'w'); fwrite(fid, [1 255 256 -1]); fclose(fid); fid = fopen('u.bin'); U = fread(fid); fclose(fid);", U=D([1, 255, 255, 0], (4, 1))),
    case('fopen_missing', "[fid2, msg] = fopen('no_such_folder/x.txt');", fid2=D(-1), msg=C('No such file or directory')),
    case('save_load_roundtrip', "x = magic(3); y = 'hello'; z = {1, 'ab'; [1 2], {2}}; s = struct('a', 1, 'b', 'txt'); b = [true false]; i8 = int8([1 -2]); c = [1+2i 3]; cm = ['ab'; 'cd']; sa = struct('v', {1, 2}); save('all.mat'); clear all; load('all.mat');", y=C('hello'), z=Cell([D(1), D([1, 2]), C('ab'), Cell([D(2)])], (2, 2)), s=St(a=D(1), b=C('txt')), b=L([1, 0]), i8=num('int8', [1, -2]), c=D([complex(1, 2), complex(3, 0)]), cm=C('acbd', (2, 2)), sa=StArr(['v'], [[D(1)], [D(2)]])),
    # a beam_free_vib.m (ellio167) saves its whole workspace, handles included. Octave writes no handle to a
    # MAT-file: the values are its handles' (the same in MATLAB), computed without save and load.
    case('save_load_function_handles', "a = 3; f = @(x) a*x + 1; g = @sin; c = {@(t) t.^2, 5}; st.h = @cos; "
         "save('h.mat'); clear all; load('h.mat'); v1 = f(2); v2 = g(0); v3 = c{1}(3); v4 = st.h(0); k = class(g); "
         "S = load('h.mat'); v5 = S.f(10); b = 7; save('h.mat', 'b', '-append'); U = load('h.mat'); v6 = U.f(0) + U.b; "
         "save('n.mat', 'f', '-nocompression'); N = load('n.mat'); v7 = N.f(1);",
         v1=D(7), v2=D(0), v3=D(9), v4=D(1), k=C('function_handle'), v5=D(31), v6=D(8), v7=D(4)),
    case('load_struct_ascii', "x = magic(3); save('all.mat', 'x'); S = load('all.mat'); S1 = S.x; save tx.txt x -ascii; clear x; load tx.txt; T = load('tx.txt');", S1=D([8, 3, 4, 1, 5, 9, 6, 7, 2], (3, 3)), tx=D([8, 3, 4, 1, 5, 9, 6, 7, 2], (3, 3)), T=D([8, 3, 4, 1, 5, 9, 6, 7, 2], (3, 3))),
    # importdata (two sarwarbeing-ai corpus programs): values and fields as Octave's importdata gives them
    case('importdata_forms', "fid = fopen('n.txt', 'w'); fprintf(fid, '1 2 \\n3 4\\n'); fclose(fid); A = importdata('n.txt'); "
         "fid = fopen('h.csv', 'w'); fprintf(fid, 'x,y\\n1,2\\n3,4.5\\n'); fclose(fid); B = importdata('h.csv'); b = B.data; c = B.colheaders; "
         "fid = fopen('t.txt', 'w'); fprintf(fid, 'Title line\\nmore\\n1;2;3\\n4;5;6\\n'); fclose(fid); [T, d, h] = importdata('t.txt'); t = T.textdata; e = isfield(T, 'colheaders');",
         A=D([1, 3, 2, 4], (2, 2)), b=D([1, 3, 2, 4.5], (2, 2)), c=Cell([C('x'), C('y')]), d=C(';'), h=D(2),
         t=Cell([C('Title line'), C('more')], (2, 1)), e=L(0)),
    case('importdata_image', "A = importdata('photo.png');",
         error=('matfuse:importdata:unsupportedFormat', "importdata reads delimited text files here, not 'photo.png'.")),
    case('dlmwrite_dlmread', "dlmwrite('a.csv', [1 2; 3 4.5]); A = dlmread('a.csv'); dlmwrite('b.txt', [1.5 2], 'delimiter', '\\t', 'precision', 3); dlmwrite('b.txt', [7 8], '-append', 'delimiter', '\\t'); B = dlmread('b.txt'); csvwrite('c.csv', magic(3), 1, 1); C = csvread('c.csv', 1, 1); D = dlmread('c.csv', ',', [1 1 2 2]); fid = fopen('h.csv', 'w'); fprintf(fid, 'x,y\\n1,2\\n3,\\n'); fclose(fid); E = dlmread('h.csv', ',', 1, 0);", A=D([1, 3, 2, 4.5], (2, 2)), B=D([1.5, 7, 2, 8], (2, 2)), C=D([8, 3, 4, 1, 5, 9, 6, 7, 2], (3, 3)), D=D([8, 3, 1, 5], (2, 2)), E=D([1, 3, 2, 0], (2, 2))),
    case('fileparts_fullfile', "[fp, fn, fe] = fileparts('/home/user/data.tar.gz'); [a1, a2, a3] = fileparts('file'); [b1, b2, b3] = fileparts('/a/b/'); [c1, c2, c3] = fileparts('.bashrc'); ff = fullfile('data', 'run1/', '/out.mat'); ff3 = fullfile('a', '', 'b'); ff4 = fullfile('/', 'x');", fp=C('/home/user'), fn=C('data.tar'), fe=C('.gz'), a1=C(''), a2=C('file'), a3=C(''), b1=C('/a/b'), c2=C(''), c3=C('.bashrc'), ff=C('data/run1/out.mat'), ff3=C('a/b'), ff4=C('/x')),
    # MATLAB: dlmwrite and csvwrite write 5 significant digits (Octave writes all of them).
    case('dlmwrite_precision', "dlmwrite('p.csv', [pi exp(1)]); a = fileread('p.csv'); "
         "dlmwrite('q.csv', pi, 'precision', '%.2f'); b = fileread('q.csv'); csvwrite('r.csv', 1/3); c = fileread('r.csv');",
         a=C('3.1416,2.7183\n'), b=C('3.14\n'), c=C('0.33333\n')),
    # MATLAB-only: readmatrix skips header lines and reads empty fields as NaN; writematrix writes longG.
    case('readmatrix_writematrix', "writematrix([pi 2; 3 4], 'w.csv'); t = fileread('w.csv'); "
         "fid = fopen('h.csv', 'w'); fprintf(fid, 'a,b\\n1,2\\n3,\\n'); fclose(fid); M = readmatrix('h.csv'); "
         "writematrix([\"x\", \"y,z\"], 's.txt'); u = fileread('s.txt');",
         t=C('3.14159265358979,2\n3,4\n'), M=D([1, 3, 2, float('nan')], (2, 2)), u=C('x,"y,z"\n')),
    case('folders_and_listing', "[ok, msg] = mkdir('sub/deeper'); [ok2, msg2] = mkdir('sub'); "
         "fid = fopen('sub/f.txt', 'w'); fclose(fid); d = dir('sub'); names = {d.name}; isd = [d.isdir]; "
         "i1 = isfile('sub/f.txt'); i2 = isfolder('sub'); copyfile('sub/f.txt', 'sub/g.txt'); "
         "movefile('sub/g.txt', 'sub/h.txt'); d2 = dir('sub/*.txt'); n2 = {d2.name}; delete('sub/*.txt'); "
         "n3 = numel(dir('sub/*.txt')); [ok3, m3] = rmdir('sub'); ok4 = rmdir('sub', 's'); e = exist('sub');",
         ok=L(1), msg=C(''), ok2=L(1), msg2=C('Directory already exists.'),
         names=Cell([C('.'), C('..'), C('deeper'), C('f.txt')]), isd=L([1, 1, 1, 0]), i1=L(1), i2=L(1),
         n2=Cell([C('f.txt'), C('h.txt')]), n3=D(0), ok3=L(0), m3=C('sub could not be removed: Directory not empty.'),
         ok4=L(1), e=D(0)),
    case('system_and_environment', "[st, out] = system('echo hello; exit 3'); setenv('MF_TEST_VAR', 'abc'); "
         "g = getenv('MF_TEST_VAR'); [s2, o2] = system('echo $MF_TEST_VAR'); u = isunix; p = ispc; "
         "t = tempdir; t = t(end) == '/';", st=D(3), out=C('hello\n'), g=C('abc'), s2=D(0), o2=C('abc\n'),
         u=L(1), p=L(0), t=L(1)),
    case('fclose_bad_fid', "fclose(99);",
         error=('MATLAB:FileIO:InvalidFid', 'Invalid file identifier. Use fopen to generate a valid file identifier.')),
    case('save_nested_too_deep', "s = struct('a', 1); for k = 1:1100, s.next.v = s; end; save('deep.mat', 's');",
         error=('MATLAB:save:nestingTooDeep', "Variable 's' cannot be saved: cells and structs nested more than "
                "2000 levels deep are not supported.")),
    case('save_string_rejected', 's = "text"; save(\'x.mat\', \'s\');',
         error=('MATLAB:save:unsupportedClass', "Variable 's' of class string cannot be saved to a MAT-file here "
                "(only numeric, logical, char, cell, struct and function handle values).")),
    case('load_missing_file', "load('no_such_file.mat');",
         error=('MATLAB:load:couldNotReadFile', "Unable to find file or directory 'no_such_file.mat'.")),
]


@pytest.fixture(autouse=True)
def in_temporary_folder(tmp_path, monkeypatch):
    """Each case reads and writes its files in a folder of its own."""
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
