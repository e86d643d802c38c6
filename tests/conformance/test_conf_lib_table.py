"""Conformance: table (construction, conversion, indexing, assignment, concatenation, display, functions,
readtable and writetable; each case runs in a fresh temporary folder).

GNU Octave has no table: the behaviour follows MATLAB's documentation. The displays are the examples of
its pages (array2table, table2array, varfun, rowfun), whose text after the name line is copied here;
the name line is this engine's (``T = 3×3 table`` and a blank line, as MATLAB's command window shows
the size and class line before the variables). Numbers inside tables are shown in the short G format
(rowfun's page: 9.0554, 10.44; array2table's: 30.48)."""
import pytest

from harness import C, Cell, D, L, case, check, nan, num, params

CASES = [
    # https://www.mathworks.com/help/matlab/ref/array2table.html
    case('display_array2table_names', "A = [1 12 30.48; 2 24 60.96; 3 36 91.44];\n"
         "T = array2table(A, 'VariableNames', {'Feet','Inches','Centimeters'})",
         stdout='T = 3×3 table\n\n    Feet    Inches    Centimeters\n    ____    ______    ___________\n\n'
                '     1        12         30.48   \n     2        24         60.96   \n'
                '     3        36         91.44   \n'),
    case('display_array2table_default_names', "A = [1 4 7; 2 5 8; 3 6 9];\nT = array2table(A)",
         stdout='T = 3×3 table\n\n    A1    A2    A3\n    __    __    __\n\n    1     4     7 \n'
                '    2     5     8 \n    3     6     9 \n'),
    # https://www.mathworks.com/help/matlab/ref/table2array.html: variables of several columns
    case('display_multicolumn', "T = table([1;2;3],[2 8; 4 10; 6 12],[3 12 21; 6 15 24; 9 18 27],"
         "'VariableNames',{'One' 'Two' 'Three'})",
         stdout='T = 3×3 table\n\n    One      Two          Three    \n    ___    _______    _____________\n\n'
                '     1     2     8    3    12    21\n     2     4    10    6    15    24\n'
                '     3     6    12    9    18    27\n'),
    case('display_default_var_names', "T = table([1;2;3],[2 8; 4 10; 6 12],[3 12 21; 6 15 24; 9 18 27])",
         stdout='T = 3×3 table\n\n    Var1     Var2          Var3     \n    ____    _______    _____________\n\n'
                '     1      2     8    3    12    21\n     2      4    10    6    15    24\n'
                '     3      6    12    9    18    27\n'),
    # https://www.mathworks.com/help/matlab/ref/table.varfun.html: negative numbers, right-aligned
    case('display_negative_decimals', "A = table([10.71;-2.05;-0.35;-0.82;1.57],[9.23;3.12;-1.18;0.23;16.41])",
         stdout='A = 5×2 table\n\n    Var1     Var2 \n    _____    _____\n\n    10.71     9.23\n'
                '    -2.05     3.12\n    -0.35    -1.18\n    -0.82     0.23\n     1.57    16.41\n'),
    # cellstr, logical and string variables; row names left-aligned before the variables (the layout
    # rules the documented examples above follow; this combination is not one of MATLAB's pages)
    case('display_text_logical_rows', "T = table({'Smith';'Li'}, [true; false], [\"ab\"; \"c\"], "
         "'VariableNames', {'Name', 'Ok', 'S'}, 'RowNames', {'r1', 'row2'})",
         stdout='T = 2×3 table\n\n              Name        Ok       S  \n            _________    _____    ____\n\n'
                '    r1      {\'Smith\'}    true     "ab"\n    row2    {\'Li\'   }    false    "c" \n'),
    case('display_empty', 'T = table()', stdout='T =\n\n  0×0 empty table\n'),
    case('display_inside_containers', "T = table([1;2]); s.t = T\nc = {T}",
         stdout='s = struct with fields:\n\n    t: [2×1 table]\nc = 1×1 cell array\n\n    {2×1 table}\n'),
    case('disp_table', "x = [1; 2]; disp(table(x))", stdout='    x\n    _\n\n    1\n    2\n'),
    case('construct_names_from_arguments', "Age = [38; 43]; w = [176; 163]; T = table(Age, w, 2*w); "
         "n = T.Properties.VariableNames; c = class(T); s = size(T); h = height(T); k = width(T); "
         "t = istable(T); e = isempty(T); m = numel(T);",
         n=Cell([C('Age'), C('w'), C('Var3')], (1, 3)), c=C('table'), s=D([2, 3]), h=D(2), k=D(3), t=L(1), e=L(0),
         m=D(6)),
    case('construct_options', "T = table([1;2], {'a';'b'}, 'VariableNames', {'num', 'let'}, 'RowNames', "
         "{'x', 'y'}); r = T.Properties.RowNames; v = T.num; l = T.let; z = T.Row;",
         r=Cell([C('x'), C('y')], (2, 1)), v=D([1, 2], (2, 1)), l=Cell([C('a'), C('b')], (2, 1)),
         z=Cell([C('x'), C('y')], (2, 1))),
    case('construct_size_types', "T = table('Size', [2 3], 'VariableTypes', {'double', 'logical', 'string'}); "
         "a = T.Var1; b = T.Var2; c = class(T.Var3); s = size(T);",
         a=D([0, 0], (2, 1)), b=L([0, 0], (2, 1)), c=C('string'), s=D([2, 3])),
    case('array2table_names', "A = [1 2; 3 4]; T = array2table(A); n = T.Properties.VariableNames; "
         "U = array2table(A + 1); m = U.Properties.VariableNames; v = U.Var2;",
         n=Cell([C('A1'), C('A2')], (1, 2)), m=Cell([C('Var1'), C('Var2')], (1, 2)), v=D([3, 5], (2, 1))),
    case('cell2table_columns', "C = {1, 'a', true; 2, 'bb', false}; T = cell2table(C); a = T.C1; b = T.C2; "
         "c = T.C3;",
         a=D([1, 2], (2, 1)), b=Cell([C('a'), C('bb')], (2, 1)), c=L([1, 0], (2, 1))),
    case('struct2table_forms', "s = struct('x', {1; 2}, 'y', {'a'; 'b'}); T = struct2table(s); x = T.x; "
         "y = T.y; u = struct2table(struct('p', [1; 2; 3], 'q', [4; 5; 6])); q = u.q; k = size(u);",
         x=D([1, 2], (2, 1)), y=Cell([C('a'), C('b')], (2, 1)), q=D([4, 5, 6], (3, 1)), k=D([3, 2])),
    case('table_to_array_cell_struct', "T = table([1;2], [3;4], {'a';'b'}, 'VariableNames', {'p','q','r'}); "
         "a = table2array(T(:, 1:2)); c = table2cell(T); s = table2struct(T); r2 = s(2).r; "
         "z = table2struct(T, 'ToScalar', true); zq = z.q;",
         a=D([1, 2, 3, 4], (2, 2)), c=Cell([D(1), D(2), D(3), D(4), C('a'), C('b')], (2, 3)), r2=C('b'),
         zq=D([3, 4], (2, 1))),
    case('index_paren_brace_dot', "T = table([1;2;3], [4;5;6], {'a';'b';'c'}, 'VariableNames', {'x','y','z'}); "
         "A = T(2:3, {'x', 'z'}); s = size(A); n = A.Properties.VariableNames; b = T{2:3, [1 2]}; "
         "c = T{1, 'z'}; d = T.y(2); e = T{end, 'x'}; f = T(logical([1 0 1]), 2).y; g = T{:, 'x'}';",
         s=D([2, 2]), n=Cell([C('x'), C('z')], (1, 2)), b=D([2, 3, 5, 6], (2, 2)), c=Cell([C('a')]), d=D(5),
         e=D(3), f=D([4, 6], (2, 1)), g=D([1, 2, 3])),
    # "Access Data in Tables": T.(expression) with a variable number
    case('dynamic_variable_number', "T = table([1;2], [3;4]); x = T.(2); T.(1) = [7;8]; T.(1)(2) = 9; "
         "y = T.Var1; k = 2; z = T.(k)(1);",
         x=D([3, 4], (2, 1)), y=D([7, 9], (2, 1)), z=D(3)),
    case('assign_variables', "T = table([1;2;3], 'VariableNames', {'x'}); T.x(2) = 20; T.y = [7;8;9]; "
         "T.z = 0; T{3, 'y'} = -1; T.Properties.VariableNames{1} = 'a'; a = T.a; y = T.y; z = T.z; "
         "n = T.Properties.VariableNames;",
         a=D([1, 20, 3], (3, 1)), y=D([7, 8, -1], (3, 1)), z=D([0, 0, 0], (3, 1)),
         n=Cell([C('a'), C('y'), C('z')], (1, 3))),
    case('assign_rows_delete', "T = table([1;2;3], {'a';'b';'c'}, 'VariableNames', {'n','s'}); "
         "T(end+1, :) = {4, 'd'}; h1 = height(T); T(2, :) = []; n = T.n; s = T.s; T(:, 's') = []; w = width(T); "
         "T.n = []; w2 = width(T);",
         h1=D(4), n=D([1, 3, 4], (3, 1)), s=Cell([C('a'), C('c'), C('d')], (3, 1)), w=D(1), w2=D(0)),
    case('assign_grow_and_empty', "T = table(); T.x = [1; 2]; T.y = {'p'; 'q'}; T(4, 'x') = table(9); "
         "x = T.x; y = T.y; h = height(T);",
         x=D([1, 2, 0, 9], (4, 1)), y=Cell([C('p'), C('q'), C(''), C('')], (4, 1)), h=D(4)),
    case('concatenate', "A = table([1;2], {'a';'b'}, 'VariableNames', {'n','s'}); B = table({'c'}, 3, "
         "'VariableNames', {'s','n'}); V = [A; B]; n = V.n; s = V.s; H = [A table([5;6], 'VariableNames', {'m'})]; "
         "k = H.Properties.VariableNames; W = [A; {9, 'z'}]; w = W.n;",
         n=D([1, 2, 3], (3, 1)), s=Cell([C('a'), C('b'), C('c')], (3, 1)), k=Cell([C('n'), C('s'), C('m')], (1, 3)),
         w=D([1, 2, 9], (3, 1))),
    case('isequal_tables', "A = table([1;2]); B = table([1;2]); C = table([1;3]); D = A; "
         "D.Properties.VariableNames = {'x'}; a = isequal(A, B); b = isequal(A, C); c = isequal(A, D); "
         "d = isequal(A, [1;2]);",
         a=L(1), b=L(0), c=L(0), d=L(0)),
    case('row_names_index', "T = table([10;20], 'RowNames', {'a','b'}, 'VariableNames', {'v'}); "
         "x = T{'b', 'v'}; U = T({'b', 'a'}, :); r = U.Properties.RowNames;",
         x=D(20), r=Cell([C('b'), C('a')], (2, 1))),
    case('error_linear_subscript', "T = table([1;2]); x = T(1);",
         error=('MATLAB:table:LinearSubscript', 'Subscripting into a table using one subscript (as in t(i)) is '
                'not supported. Specify a row subscript and a variable subscript, as in t(rows,vars).')),
    case('error_unknown_variable', "T = table([1;2]); x = T.nope;",
         error=('MATLAB:table:UnrecognizedVarName', "Unrecognized table variable name 'nope'.")),
    case('error_row_out_of_range', "T = table([1;2]); x = T(3, :);",
         error=('MATLAB:table:RowIndexOutOfRange', 'Row index exceeds table dimensions.')),
    case('error_var_out_of_range', "T = table([1;2]); x = T(1, 2);",
         error=('MATLAB:table:VarIndexOutOfRange', 'Variable index exceeds table dimensions.')),
    case('error_unequal_heights', "T = table([1;2], [1;2;3]);",
         error=('MATLAB:table:UnequalVarLengths', 'All table variables must have the same number of rows.')),
    case('error_duplicate_names', "T = table(1, 2, 'VariableNames', {'a', 'a'});",
         error=('MATLAB:table:DuplicateVarNames', "Duplicate table variable name: 'a'.")),
    case('error_name_count', "T = array2table([1 2], 'VariableNames', {'a'});",
         error=('MATLAB:table:IncorrectNumberOfVarNames', 'The VariableNames property must contain one name for '
                'each variable in the table.')),
    case('error_assign_height', "T = table([1;2]); T.x = [1;2;3];",
         error=('MATLAB:table:RowDimensionMismatch', 'To assign to or create a variable in a table, the number '
                'of rows must match the height of the table.')),
    # https://www.mathworks.com/help/matlab/ref/table.rowfun.html: short G numbers, right-aligned
    case('display_rowfun_hypot', "x = [9; 10; 2; 10; 7]; y = [1; 3; 6; 10; 10]; A = table(x, y); "
         "B = rowfun(@hypot, A, 'OutputVariableNames', 'z')",
         stdout='B = 5×1 table\n\n      z   \n    ______\n\n    9.0554\n     10.44\n    6.3246\n    14.142\n'
                '    12.207\n'),
    # rowfun's page: 'OutputVariableNames' "Sum", then [A B]
    case('rowfun_plus_and_hcat', "X = [9; 10; 2; 10; 7]; Y = [1; 3; 6; 10; 10]; A = table(X, Y); "
         "B = rowfun(@plus, A, 'OutputVariableNames', 'Sum'); C = [A B]; s = C.Sum; n = C.Properties.VariableNames;",
         s=D([10, 13, 8, 20, 17], (5, 1)), n=Cell([C('X'), C('Y'), C('Sum')], (1, 3))),
    # varfun's page: B = varfun(@round, A) names the variables round_Var1, round_Var2
    case('varfun_forms', "A = table([10.71;-2.05;-0.35;-0.82;1.57],[9.23;3.12;-1.18;0.23;16.41]); "
         "B = varfun(@round, A); n = B.Properties.VariableNames; r = B.round_Var1; "
         "m = varfun(@mean, A, 'OutputFormat', 'uniform'); F = varfun(@(x) x * 2, A, 'InputVariables', 'Var2'); "
         "f = F.Properties.VariableNames;",
         n=Cell([C('round_Var1'), C('round_Var2')], (1, 2)), r=D([11, -2, 0, -1, 2], (5, 1)),
         m=D([1.812, 5.562]), f=Cell([C('Fun_Var2')])),
    case('head_tail_sortrows', "T = table([3;1;2;1], {'c';'a';'b';'z'}, [10;20;30;40], 'VariableNames', {'k','s','v'}); "
         "h = head(T, 2).k; t = tail(T, 1).s; [B, i] = sortrows(T, 'k'); b = B.v; D = sortrows(T, {'k', 'v'}, "
         "'descend'); d = D.v; E = sortrows(T, 's', 'descend'); e = E.k; a = head(magic(4), 1);",
         h=D([3, 1], (2, 1)), t=Cell([C('z')]), i=D([2, 4, 3, 1], (4, 1)), b=D([20, 40, 30, 10], (4, 1)),
         d=D([10, 30, 40, 20], (4, 1)), e=D([1, 3, 2, 1], (4, 1)), a=D([16, 2, 3, 13])),
    case('add_remove_rename_move', "T = table([1;2], [3;4]); w = [5;6]; A = addvars(T, w); a = A.Properties.VariableNames; "
         "B = addvars(T, [7;8], 'Before', 'Var2', 'NewVariableNames', 'n'); b = B.Properties.VariableNames; "
         "C = removevars(B, [1 3]); c = C.Properties.VariableNames; D = renamevars(T, {'Var1', 'Var2'}, {'x', 'y'}); "
         "d = D.Properties.VariableNames; E = movevars(B, 'Var1', 'After', 'Var2'); e = E.Properties.VariableNames;",
         a=Cell([C('Var1'), C('Var2'), C('w')], (1, 3)), b=Cell([C('Var1'), C('n'), C('Var2')], (1, 3)),
         c=Cell([C('n')]), d=Cell([C('x'), C('y')], (1, 2)), e=Cell([C('n'), C('Var2'), C('Var1')], (1, 3))),
    # findgroups and splitapply pages: groups numbered in sorted order of the values
    case('findgroups_splitapply', "G = findgroups([5; 3; 5; 1]); [H, id] = findgroups({'b'; 'a'; 'b'}); "
         "[K, v1, v2] = findgroups([1; 1; 2], {'x'; 'y'; 'x'}); s = splitapply(@sum, [1; 2; 3; 4], [1; 2; 1; 2]); "
         "[mx, mn] = splitapply(@(x) deal(max(x), min(x)), [4; 1; 9; 7], [1; 1; 2; 2]); N = findgroups([2; NaN; 2]);",
         G=D([3, 2, 3, 1], (4, 1)), H=D([2, 1, 2], (3, 1)), id=Cell([C('a'), C('b')], (2, 1)), K=D([1, 2, 3], (3, 1)),
         v1=D([1, 1, 2], (3, 1)), v2=Cell([C('x'), C('y'), C('x')], (3, 1)), s=D([4, 6], (2, 1)),
         mx=D([4, 9], (2, 1)), mn=D([1, 7], (2, 1)), N=D([1, float('nan'), 1], (3, 1))),
    case('splitapply_too_many_outputs', "[a, b] = splitapply(@(x) sum(x), [1; 2], [1; 2]);",
         error=("MATLAB:TooManyOutputs", "Too many output arguments.")),
    case('groupsummary_and_grouped_varfun', "T = table([1; 1; 2], [10; 20; 30], 'VariableNames', {'g', 'x'}); "
         "G = groupsummary(T, 'g', 'mean'); n = G.Properties.VariableNames; m = G.mean_x; c = G.GroupCount; "
         "V = varfun(@sum, T, 'GroupingVariables', 'g'); v = V.sum_x; H = groupsummary(T, 'g'); h = width(H);",
         n=Cell([C('g'), C('GroupCount'), C('mean_x')], (1, 3)), m=D([15, 30], (2, 1)), c=D([2, 1], (2, 1)),
         v=D([30, 30], (2, 1)), h=D(2)),
    # groupcounts page: one row per group in sorted order, GroupCount and Percent
    case('groupcounts_table_and_vector', "T = table([1; 2; 1; 3; 1], {'a'; 'b'; 'a'; 'c'; 'b'}, 'VariableNames', {'x', 'g'}); "
         "G = groupcounts(T, 'g'); n = G.Properties.VariableNames; c = G.GroupCount; p = G.Percent; "
         "H = groupcounts(T, {'g', 'x'}); h = height(H); [B, BG, BP] = groupcounts([3; 1; 3; 3; 2]); "
         "E = groupcounts(zeros(0, 1)); F = findgroups(zeros(0, 1));",
         n=Cell([C('g'), C('GroupCount'), C('Percent')], (1, 3)), c=D([2, 2, 1], (3, 1)), p=D([40, 40, 20], (3, 1)),
         h=D(4), B=D([1, 1, 3], (3, 1)), BG=D([1, 2, 3], (3, 1)), BP=D([20, 20, 60], (3, 1)),
         E=D([], (0, 1)), F=D([], (0, 1))),
    # groupcounts and groupsummary pages: 'IncludeMissingGroups' is true by default, a missing value (NaN,
    # '', <missing>) a group of its own, after the others; false leaves those rows out
    case('groupcounts_missing_group', "[B, BG, BP] = groupcounts([3; NaN; 3; 1; NaN]); "
         "T = table([1; NaN; 1; NaN; 2], {'a'; 'a'; 'b'; 'a'; ''}, [10; 20; 30; 40; 50], 'VariableNames', {'x', 's', 'v'}); "
         "G = groupsummary(T, {'x', 's'}, 'sum', 'v'); gx = G.x; gs = G.s; gn = G.GroupCount; gv = G.sum_v; "
         "H = groupcounts(T, 's', 'IncludeMissingGroups', false); hs = H.s; hn = H.GroupCount; "
         "K = groupsummary(T, 'x', 'IncludeMissingGroups', false); kx = K.x;",
         B=D([1, 2, 2], (3, 1)), BG=D([1, 3, nan], (3, 1)), BP=D([20, 40, 40], (3, 1)),
         gx=D([1, 1, 2, nan], (4, 1)), gs=Cell([C('a'), C('b'), C(''), C('a')], (4, 1)), gn=D([1, 1, 1, 2], (4, 1)),
         gv=D([10, 30, 50, 60], (4, 1)), hs=Cell([C('a'), C('b')], (2, 1)), hn=D([3, 1], (2, 1)),
         kx=D([1, 2], (2, 1))),
    case('groupcounts_bad_option', "B = groupcounts([1; 2], 'IncludeMissingGroups', 'yes');",
         error=("MATLAB:groupcounts:InvalidIncludeMissingGroups", "'IncludeMissingGroups' must be true or false.")),
    case('unique_ismissing_rmmissing', "T = table([2;1;2;NaN;1], {'b';'a';'b';'c';''}); [C, ia, ic] = unique(T); "
         "c1 = C.Var1; M = ismissing(T); [R, rm] = rmmissing(T); r = R.Var1;",
         c1=D([1, 1, 2, float('nan')], (4, 1)), ia=D([5, 2, 1, 4], (4, 1)), ic=D([3, 2, 3, 4, 1], (5, 1)),
         M=L([0, 0, 0, 1, 0, 0, 0, 0, 0, 1], (5, 2)), r=D([2, 1, 2], (3, 1)), rm=L([0, 0, 0, 1, 1], (5, 1))),
    # join and innerjoin pages: keys are the shared variables; innerjoin sorts by the keys
    case('join_innerjoin', "A = table([1; 2; 3; 2], {'a';'b';'c';'d'}, 'VariableNames', {'id','s'}); "
         "B = table([3; 1; 2], [30; 10; 20], 'VariableNames', {'id','v'}); C = join(A, B); v = C.v; "
         "n = C.Properties.VariableNames; [D, ia, ib] = innerjoin(A, table([2; 3; 9], [200; 300; 900], "
         "'VariableNames', {'id','w'})); w = D.w; E = innerjoin(A, B, 'Keys', 'id'); h = height(E);",
         v=D([10, 20, 30, 20], (4, 1)), n=Cell([C('id'), C('s'), C('v')], (1, 3)), w=D([200, 200, 300], (3, 1)),
         ia=D([2, 4, 3], (3, 1)), ib=D([1, 1, 2], (3, 1)), h=D(4)),
    case('join_missing_key', "A = table([1; 5], 'VariableNames', {'id'}); B = table([1; 2], [3; 4], "
         "'VariableNames', {'id', 'v'}); C = join(A, B);",
         error=('MATLAB:table:join:LeftKeyValueNotFound', 'The key variables for the right table must contain all '
                'values in the key variables for the left table.')),
    case('convertvars_forms', "T = table({'1'; '22'}, [1.5; 2.5]); U = convertvars(T, 'Var1', 'string'); "
         "a = class(U.Var1); V = convertvars(T, 2, 'int8'); b = V.Var2; W = convertvars(T, [1 2], @(x) x(end:-1:1)); "
         "c = W.Var2;",
         a=C('string'), b=num('int8', [2, 3], (2, 1)), c=D([2.5, 1.5], (2, 1))),
    case('writetable_readtable', "Tab = table([1; 2], [0.5; 1e-20], {'a,b'; 'c'}, [true; false], "
         "'VariableNames', {'T', 'P', 'name', 'ok'}); writetable(Tab); t = fileread('Tab.txt'); "
         "writetable(Tab, 'x.csv', 'Delimiter', ';', 'WriteVariableNames', false); u = fileread('x.csv'); "
         "R = readtable('Tab.txt'); r = R.name; p = R.P; n = R.Properties.VariableNames;",
         t=C('T,P,name,ok\n1,0.5,"a,b",1\n2,1e-20,c,0\n'), u=C('1;0.5;a,b;1\n2;1e-20;c;0\n'),
         r=Cell([C('a,b'), C('c')], (2, 1)), p=D([0.5, 1e-20], (2, 1)), n=Cell([C('T'), C('P'), C('name'), C('ok')], (1, 4))),
    # a categorical variable is written by its names, an <undefined> element as an empty field
    case('writetable_categorical', "K = table(categorical({'lo'; ''; 'hi'}), [1; 2; 3]); writetable(K); "
         "t = fileread('K.txt');", t=C('Var1,Var2\nlo,1\n,2\nhi,3\n')),
    # readtable's 'VariableNamingRule': 'modify' makes names valid (matlab.lang.makeValidName) and keeps the headers
    case('readtable_names', "fid = fopen('h.csv', 'w'); fprintf(fid, 'approximate root,2nd,x\\n1,,a\\n2,3.5,b\\n'); "
         "fclose(fid); Q = readtable('h.csv'); n = Q.Properties.VariableNames; d = Q.Properties.VariableDescriptions; "
         "v = Q.x2nd; P = readtable('h.csv', 'VariableNamingRule', 'preserve'); p = P.Properties.VariableNames;",
         n=Cell([C('approximateRoot'), C('x2nd'), C('x')], (1, 3)), d=Cell([C('approximate root'), C('2nd'), C('x')], (1, 3)),
         v=D([float('nan'), 3.5], (2, 1)), p=Cell([C('approximate root'), C('2nd'), C('x')], (1, 3))),
    case('readtable_missing_workbook', "T = readtable('data.xlsx');",
         error=('MATLAB:readtable:FileNotFound', "Unable to find or open 'data.xlsx'. Check the path and filename "
                "or file permissions.")),
    case('error_function_on_array', "x = table2array([1 2]);",
         error=('MATLAB:UndefinedFunction', "Undefined function 'table2array' for input arguments of type 'double'.")),
    # the message MATLAB gives (seen in an issue of eminSerin/NBS-Predict: "Error using tabular/length")
    case('error_length', "T = table([1;2]); n = length(T);",
         error=('MATLAB:table:UndefinedLengthFunction', "Undefined function 'LENGTH' for input arguments of type "
                "'table'. Use the height, width, or size functions instead.")),
    case('error_long_name', "T = array2table(1, 'VariableNames', {repmat('a', 1, 64)});",
         error=('MATLAB:table:VariableNameLengthMax', "'" + 'a' * 64 + "' is longer than the maximum allowed "
                "length for a table variable name.")),
    case('error_operator', "T = table([1;2]); x = T + 1;",
         error=('MATLAB:UndefinedFunction', "Operator '+' is not supported for operands of type 'table'.")),
]


@pytest.fixture(autouse=True)
def in_temporary_folder(tmp_path, monkeypatch):
    """Each case reads and writes its files in a folder of its own."""
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
