"""Conformance: categorical arrays (construction, categories, display, indexing and assignment,
concatenation, comparisons, the category functions, conversions, sort/unique/ismember, isequal, and
categorical table variables in groupsummary / findgroups / groupcounts).

GNU Octave has no categorical: the expected values follow MATLAB's documentation (the categorical,
categories, countcats, iscategory, summary, addcats, mergecats, reordercats pages and 'Compare
Categorical Array Elements'); displays are in the layout of those pages ('1×5 categorical' then the
names, each with a space either side, four spaces apart), with the session's 'array' noun and blank
line as for string arrays."""
import pytest

from harness import C, Cell, D, L, S, case, check, params


def cellstr(*texts: str) -> tuple:
    return Cell([C(t) for t in texts], (len(texts), 1))


CASES = [
    # categorical page: categories are the sorted unique values, text trimmed
    case('categorical_construct', "A = categorical({'plane' 'car' 'train' 'car' 'plane'}); c = categories(A); "
         "k = class(A); t = iscategorical(A); f = iscategorical({'a'}); n = double(A); "
         "B = categorical([\"MA\" \"ME\" \" CT\" \"VT\" \" ME \"]); b = categories(B);",
         c=cellstr('car', 'plane', 'train'), k=C('categorical'), t=L(1), f=L(0), n=D([2, 1, 3, 1, 2]),
         b=cellstr('CT', 'MA', 'ME', 'VT')),
    # categories page (R2024a): OutputType
    case('categorical_categories_output_type', "A = categorical([\"plane\" \"car\" \"train\" \"car\"]); "
         "s = categories(A, 'OutputType', 'string'); C = categories(A, 'OutputType', 'categorical'); "
         "k = class(C); n = double(C); c = categories(A, 'OutputType', 'char');",
         s=S(['car', 'plane', 'train'], (3, 1)), k=C('categorical'), n=D([1, 2, 3], (3, 1)),
         c=cellstr('car', 'plane', 'train')),
    case('categorical_numeric', "A = categorical([3 1 2 1 NaN]); c = categories(A); u = isundefined(A); "
         "n = double(A); L = categorical([true false true]); l = categories(L); "
         "P = categorical([0.5 2 0.5]); p = categories(P);",
         c=cellstr('1', '2', '3'), u=L([0, 0, 0, 0, 1]), n=D([3, 1, 2, 1, float('nan')]),
         l=cellstr('false', 'true'), p=cellstr('0.5', '2')),
    # categorical page: datetime and duration inputs; a missing value in valueset is named by catnames
    case('categorical_times_and_missing_values', "C = categorical(datetime(2024,1,[3 1 3])); c = categories(C); "
         "n = double(C); D = categorical(hours([2 1])); d = categories(D); "
         "M = categorical([1 NaN 2], [1 2 NaN], {'one' 'two' 'none'}); m = string(M); "
         "B = categorical({'a' ''}, {'a' ''}, {'A' 'blank'}); b = string(B);",
         c=cellstr('01-Jan-2024', '03-Jan-2024'), n=D([2, 1, 2]), d=cellstr('1 hr', '2 hr'),
         m=S(['one', 'none', 'two']), b=S(['A', 'blank'])),
    case('categorical_unnamed_missing', "C = categorical([1 NaN], [1 NaN]);",
         error=('MATLAB:categorical:MissingCategoryName',
                'A missing value in the value set needs a category name: give catnames.')),
    case('categorical_undefined_text', "A = categorical({'a', '', 'b'}); u = isundefined(A); "
         "s = \"x\"; s(3) = \"y\"; B = categorical(s(1:2)); v = isundefined(B); c = categories(B); "
         "D = categorical({'a' '<undefined>'}); w = isundefined(D); D(1) = '<undefined>'; x = isundefined(D); "
         "k = numel(categories(D));",
         u=L([0, 1, 0]), v=L([0, 1]), c=cellstr('x'), w=L([0, 1]), x=L([1, 1]), k=D(1)),
    # categorical page: valueset orders the categories; values not in it are undefined; catnames name them
    case('categorical_valueset', "A = categorical([\"plane\" \"car\" \"train\" \"car\" \"plane\"], "
         "[\"boat\" \"car\" \"plane\" \"train\"]); c = categories(A); b = iscategory(A, \"boat\"); "
         "B = categorical([1 3; 2 1; 3 1], 1:3, [\"red\" \"green\" \"blue\"]); s = string(B); "
         "D = categorical({'a' 'z'}, {'a' 'b'}); u = isundefined(D);",
         c=cellstr('boat', 'car', 'plane', 'train'), b=L(1),
         s=S(['red', 'green', 'blue', 'blue', 'red', 'red'], (3, 2)), u=L([0, 1])),
    case('categorical_ordinal', "A = categorical({'medium' 'large'; 'small' 'xlarge'; 'large' 'medium'}, "
         "{'small' 'medium' 'large' 'xlarge'}, 'Ordinal', true); c = categories(A); o = isordinal(A); "
         "p = isprotected(A); g = A(:,1) > A(:,2); h = A >= 'large'; e = A == A(1);",
         c=cellstr('small', 'medium', 'large', 'xlarge'), o=L(1), p=L(1), g=L([0, 0, 1], (3, 1)),
         h=L([0, 0, 1, 1, 1, 0], (3, 2)), e=L([1, 0, 0, 0, 0, 1], (3, 2))),
    # 'Compare Categorical Array Elements'
    case('categorical_compare', "colors = categorical({'blue' 'red' 'green' 'blue'; 'blue' 'green' 'green' "
         "'blue'}); a = colors(1,:) == colors(2,:); b = colors == 'blue'; c = colors ~= \"blue\"; "
         "u = categorical({'a' ''}); d = u == u; f = u ~= u;",
         a=L([1, 0, 1, 1]), b=L([1, 1, 0, 0, 0, 0, 1, 1], (2, 4)), c=L([0, 0, 1, 1, 1, 1, 0, 0], (2, 4)),
         d=L([1, 0]), f=L([0, 1])),
    # assignment adds new categories to a non-protected array (undefined where it grows)
    case('categorical_assign', "A = categorical({'a' 'b'}); A(2) = 'z'; A(4) = \"b\"; c = categories(A); "
         "s = string(A); A(1) = []; n = numel(A); A(2:3) = categorical({'q'}); t = cellstr(A);",
         c=cellstr('a', 'b', 'z'), s=S(['a', 'z', None, 'b']), n=D(3),
         t=Cell([C('z'), C('q'), C('q')], (1, 3))),
    # a loop that adds a category at each step (the VM's in-place assignment), and a copy left alone
    case('categorical_assign_loop', "C = categorical({'a'}); n = {'x' 'y' 'z'}; for k = 1:3\n C(k) = n{k};\n end\n"
         "c = categories(C); s = string(C); D = C; D(1) = 'q'; d = string(C);",
         c=cellstr('a', 'x', 'y', 'z'), s=S(['x', 'y', 'z']), d=S(['x', 'y', 'z'])),
    case('categorical_concat', "A = categorical({'b' 'a'}); B = [A, categorical({'c'}), \"a\", {'d'}]; "
         "c = categories(B); s = string(B); V = [categorical({'x'}); categorical({'y'})]; z = size(V); "
         "E = [A []]; e = isequal(E, A); U = [categorical({'x'}), categorical({'y'}, {'y' 'w'})]; u = categories(U);",
         c=cellstr('a', 'b', 'c', 'd'), s=S(['b', 'a', 'c', 'a', 'd']), z=D([2, 1]), e=L(1),
         u=cellstr('x', 'y', 'w')),
    case('categorical_conversions', "A = categorical({'r' '' 'gg'}); s = string(A); c = cellstr(A); "
         "h = char(A); hs = size(h); h2 = h(2,:); h3 = strtrim(h(3,:)); n = double(A); t = string(A');",
         s=S(['r', None, 'gg']), c=Cell([C('r'), C('<undefined>'), C('gg')], (1, 3)),
         hs=D([3, 11]), h2=C('<undefined>'), h3=C('gg'), n=D([2, float('nan'), 1]), t=S(['r', None, 'gg'], (3, 1))),
    # countcats page: counts in category order, per column of a matrix
    case('categorical_countcats', "A = categorical([\"red\" \"blue\" \"green\" \"blue\" \"red\"], "
         "[\"red\" \"green\" \"blue\"]); a = countcats(A); B = categorical([1 3; 2 1; 3 1], 1:3, "
         "[\"red\" \"green\" \"blue\"]); b = countcats(B); r = countcats(B, 2);",
         a=D([2, 1, 2]), b=D([1, 1, 1, 2, 0, 1], (3, 2)), r=D([1, 1, 1, 0, 1, 0, 1, 0, 1], (3, 3))),
    case('categorical_category_functions', "A = categorical({'a' 'b' 'c' 'a'}); "
         "c1 = categories(addcats(A, {'x' 'y'})); c2 = categories(addcats(A, 'x', 'Before', 'b')); "
         "c3 = categories(removecats(addcats(A, 'x'))); R = removecats(A, 'a'); u = isundefined(R); "
         "c4 = categories(R); N = renamecats(A, {'A' 'B' 'C'}); s1 = string(N); "
         "s2 = string(renamecats(A, 'b', 'bee')); M = mergecats(A, {'a' 'c'}, 'ac'); s3 = string(M); "
         "c5 = categories(M); c6 = categories(reordercats(A, {'c' 'a' 'b'})); "
         "c7 = categories(reordercats(A, [3 1 2])); c8 = categories(reordercats(categorical({'b' 'a'}, {'b' 'a'})));",
         c1=cellstr('a', 'b', 'c', 'x', 'y'), c2=cellstr('a', 'x', 'b', 'c'), c3=cellstr('a', 'b', 'c'),
         u=L([1, 0, 0, 1]), c4=cellstr('b', 'c'), s1=S(['A', 'B', 'C', 'A']), s2=S(['a', 'bee', 'c', 'a']),
         s3=S(['ac', 'b', 'ac', 'ac']), c5=cellstr('ac', 'b'), c6=cellstr('c', 'a', 'b'), c7=cellstr('c', 'a', 'b'),
         c8=cellstr('a', 'b')),
    case('categorical_sort_unique_ismember', "A = categorical({'b' '' 'a' 'b'}, {'b' 'a'}); [s, i] = sort(A); "
         "t = string(s); d = string(sort(A, 'descend')); u = string(unique(categorical({'b' 'a' 'b'}))); "
         "[tf, loc] = ismember(A, {'a' 'q'}); g = ismember(categorical({'x' 'y'}), categorical({'y'}));",
         i=D([1, 4, 3, 2]), t=S(['b', 'b', 'a', None]), d=S([None, 'a', 'b', 'b']), u=S(['a', 'b']),
         tf=L([0, 0, 1, 0]), loc=D([0, 0, 1, 0]), g=L([0, 1])),
    # set functions of categoricals: by name, in the union of the categories; mode and histcounts by category
    case('categorical_sets_mode_histcounts', "A = categorical({'b' 'a' 'c' 'b' 'b'}); B = categorical({'c' 'd'}); "
         "u = string(union(A, B)); c = categories(union(A, B)); i = string(intersect(A, B)); "
         "[d, ia] = setdiff(A, B); d = string(d); x = string(setxor(A, {'a' 'z'})); m = string(mode(A)); "
         "t = string(mode(categorical({'x' 'y' 'y' 'x'}))); [N, names] = histcounts(A); n2 = histcounts(A, {'c' 'b'});",
         u=S(['a', 'b', 'c', 'd']), c=cellstr('a', 'b', 'c', 'd'), i=S('c'), d=S(['a', 'b']), ia=D([2, 1], (2, 1)),
         x=S(['b', 'c', 'z']), m=S('b'), t=S('x'), N=D([1, 3, 1]), names=Cell([C('a'), C('b'), C('c')], (1, 3)),
         n2=D([1, 3])),
    # crosstab: categorical groups in category order (grp2idx)
    case('categorical_crosstab', "C = categorical({'lo' 'hi' 'lo' 'hi' 'lo'}, {'lo' 'hi'}); "
         "D = categorical({'x' 'x' 'y' 'y' 'y'}); [t, ~, ~, labels] = crosstab(C, D);",
         t=D([1, 1, 2, 1], (2, 2)), labels=Cell([C('lo'), C('hi'), C('x'), C('y')], (2, 2))),
    case('categorical_isequal_sizes', "A = categorical({'a' 'b'}); a = isequal(A, categorical({'a' 'b'}, {'b' 'a'})); "
         "b = isequal(A, {'a' 'b'}); u = categorical({'a' ''}); c = isequal(u, u); d = isequaln(u, u); "
         "n = numel(A); z = size(A); l = length(A); e = isempty(categorical({})); o = isobject(A); "
         "i = isa(A, 'categorical');",
         a=L(1), b=L(1), c=L(0), d=L(1), n=D(2), z=D([1, 2]), l=D(2), e=L(1), o=L(1), i=L(1)),
    case('categorical_min_max_ordinal', "A = categorical({'m' 's' 'l' ''}, {'s' 'm' 'l'}, 'Ordinal', true); "
         "[m, i] = max(A); a = string(m); b = string(min(A)); c = string(max(A, 'm'));",
         i=D(3), a=S('l'), b=S('s'), c=S(['m', 'm', 'l', 'm'])),
    case('categorical_setcats_ismissing', "A = categorical({'a' 'b' ''}); B = setcats(A, {'b' 'c'}); "
         "s = string(B); c = categories(B); m = ismissing(A); n = ismissing(A, 'b');",
         s=S([None, 'b', None]), c=cellstr('b', 'c'), m=L([0, 0, 1]), n=L([0, 1, 0])),
    # discretize page: 'categorical' makes each bin a category, named "[A,B)" ("[A,B]" for the last) or categoryNames
    case('categorical_discretize', "Y = discretize([1 1 2 3 6 5 8 10 4 4], [0 2.5 5 10], 'categorical'); "
         "c = categories(Y); n = double(Y); o = isordinal(Y); "
         "Z = discretize([1 7 3 -1], [0 5 10], 'categorical', {'low' 'high'}); z = string(Z);",
         c=cellstr('[0, 2.5)', '[2.5, 5)', '[5, 10]'), n=D([1, 1, 1, 2, 3, 3, 3, 3, 2, 2]), o=L(1),
         z=S(['low', 'high', 'low', None])),
    # switch compares an object by its ==
    case('categorical_switch', "C = categorical({'a' 'b'}); x = 0; switch C(2)\n case 'a'\n x = 1;\n "
         "case {'q' 'b'}\n x = 2;\n end", x=D(2)),
    # tables: a categorical grouping variable groups in category order, its values shown by name
    # (groups of categories no row has are left out: MATLAB's default 'IncludeEmptyGroups', false)
    case('categorical_groups', "T = table(categorical({'r';'g';'r'}, {'r' 'g' 'b'}), [1;2;3]); "
         "G = groupsummary(T, 'Var1', 'sum'); s = G.sum_Var2; g = string(G.Var1); "
         "C = groupcounts(T, 'Var1'); n = C.GroupCount; "
         "[F, id] = findgroups(categorical({'r';'g';'r';''}, {'r' 'g' 'b'})); i = string(id); "
         "Y = splitapply(@sum, [1;2;3;4], F);",
         s=D([4, 2], (2, 1)), g=S(['r', 'g'], (2, 1)), F=D([1, 2, 1, float('nan')], (4, 1)),
         i=S(['r', 'g'], (2, 1)), n=D([2, 1], (2, 1)), Y=D([4, 2], (2, 1))),
    case('categorical_convertvars', "T = table({'r'; 'g'; 'r'}, [1; 2; 3]); T = convertvars(T, 'Var1', 'categorical'); "
         "k = class(T.Var1); c = categories(T.Var1);", k=C('categorical'), c=cellstr('g', 'r')),
    # groupcounts / groupsummary pages: 'IncludeEmptyGroups', true adds the categories no row has (count 0)
    case('categorical_include_empty_groups', "T = table(categorical({'r';'g';'r'}, {'r' 'g' 'b'}), [1;2;3]); "
         "G = groupcounts(T, 'Var1', 'IncludeEmptyGroups', true); g = string(G.Var1); n = G.GroupCount; "
         "S = groupsummary(T, 'Var1', 'sum', 'IncludeEmptyGroups', true); s = S.sum_Var2; "
         "U = table(categorical({'a';'b';'a'}, {'a' 'b'}), [1;1;2], [5;6;7]); "
         "V = groupsummary(U, {'Var1' 'Var2'}, 'sum', 'IncludeEmptyGroups', true); v1 = string(V.Var1); "
         "v2 = V.Var2; c = V.GroupCount; w = height(groupsummary(U, {'Var1' 'Var2'}, 'sum'));",
         g=S(['r', 'g', 'b'], (3, 1)), n=D([2, 1, 0], (3, 1)), s=D([4, 2, 0], (3, 1)),
         v1=S(['a', 'a', 'b', 'b'], (4, 1)), v2=D([1, 2, 1, 2], (4, 1)), c=D([1, 1, 1, 0], (4, 1)), w=D(3)),
    # displays (the categorical page's layout)
    case('categorical_display', "A = categorical({'plane' 'car' 'train' 'car' 'plane'})\n"
         "B = categorical({'medium' 'large'; 'small' 'xlarge'})\nc = categorical({'a'})\n"
         "u = categorical({'a' ''})\ne = categorical({})",
         stdout="A = 1×5 categorical array\n\n     plane      car      train      car      plane \n"
                "B = 2×2 categorical array\n\n     medium      large  \n     small       xlarge \n"
                "c = categorical\n     a \nu = 1×2 categorical array\n\n     a      <undefined> \n"
                "e =\n\n  0×0 empty categorical array\n"),
    case('categorical_table_display', "T = table(categorical({'M';'F'}), [38; 43])",
         stdout="T = 2×2 table\n\n    Var1    Var2\n    ____    ____\n\n     M       38 \n     F       43 \n"),
    # summary page (countcats): the size line, then every category and <undefined> with its count
    case('categorical_summary', "A = categorical([\"red\" \"blue\" \"green\" \"blue\" \"red\"], "
         "[\"red\" \"green\" \"blue\"]);\nsummary(A)",
         stdout="A: 1×5 categorical\n\n     red      green      blue      <undefined> \n"
                "     2        1          2         0           \n"),
    case('categorical_summary_column', "B = categorical({'x'; 'yy'; ''});\nsummary(B)\nsummary(B([]))",
         stdout="B: 3×1 categorical\n\n     x                1 \n     yy               1 \n     <undefined>      1 \n"
                "0×0 categorical\n\n     x                0 \n     yy               0 \n     <undefined>      0 \n"),
    case('categorical_operator_functions', "A = categorical({'a' 'b'}); e = eq(A, 'b'); t = string(transpose(A));",
         e=L([0, 1]), t=S(['a', 'b'], (2, 1))),
    case('categorical_protected', "P = categorical({'a'}, {'a' 'b'}, 'Protected', true); P(2) = 'b'; "
         "p = isprotected(P); o = isordinal(P); s = string(P);", p=L(1), o=L(0), s=S(['a', 'b'])),
    case('categorical_protected_new', "P = categorical({'a'}, {'a' 'b'}, 'Protected', true); P(2) = 'c';",
         error=('MATLAB:categorical:ProtectedForAssign', "Unable to use 'c': it is not a category of a protected "
                "categorical array. Use ADDCATS to add it first.")),
    case('categorical_not_ordinal', "A = categorical({'a' 'b'}); x = A(1) < A(2);",
         error=('MATLAB:categorical:NotOrdinal',
                'Relational comparisons are not allowed for non-ordinal categorical arrays.')),
    case('categorical_protected_assign', "A = categorical({'s' 'm'}, {'s' 'm'}, 'Ordinal', true); A(1) = 'l';",
         error=('MATLAB:categorical:ProtectedForAssign', "Unable to use 'l': it is not a category of an ordinal "
                "categorical array. Use ADDCATS to add it first.")),
    case('categorical_ordinal_unknown', "A = categorical({'s' 'm'}, {'s' 'm'}, 'Ordinal', true); x = A < 'x';",
         error=('MATLAB:categorical:InvalidOrdinalComparison', "Unable to compare with 'x': it is not a category "
                "of the ordinal categorical array.")),
    case('categorical_plus', "A = categorical({'a'}); x = A + 1;",
         error=('MATLAB:UndefinedFunction', "Operator '+' is not supported for operands of type 'categorical'.")),
    case('categorical_compare_number', "A = categorical({'a'}); x = A == 1;",
         error=('MATLAB:categorical:InvalidComparisonTypes', "A categorical array can be compared only with "
                "another categorical array or with text, not with a value of type 'double'.")),
    case('categorical_assign_number', "A = categorical({'a'}); A(2) = 3;",
         error=('MATLAB:categorical:InvalidType', "Unable to combine a value of type 'double' with a categorical "
                "array: use text or a categorical array.")),
    case('categorical_bad_input', "A = categorical(struct('a', 1));",
         error=('MATLAB:categorical:UnsupportedInput', "Input must be a numeric, logical, datetime, duration, "
                "string, or categorical array, or a cell array of character vectors, not a value of type 'struct'.")),
    case('categorical_repeated_valueset', "A = categorical({'a'}, {'a' 'a'});",
         error=('MATLAB:categorical:DuplicatedValues', 'The value set contains repeated values.')),
    case('categorical_max_not_ordinal', "A = categorical({'a' 'b'}); x = max(A);",
         error=('MATLAB:categorical:NotOrdinal',
                'Relational comparisons are not allowed for non-ordinal categorical arrays.')),
    case('categorical_no_method', "A = categorical({'a'}); x = sum(A);",
         error=('MATLAB:UndefinedFunction', "Check for incorrect argument data type or missing argument in call to "
                "function 'sum'.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)


def test_get_gives_the_names(session):
    """Session.get: the category names as an object array (None where <undefined>), a str for a scalar."""
    r = session.execute("C = categorical({'a' ''; 'b' 'a'}); c = C(1);")
    assert r.error is None
    names = session.get("C")
    assert names.dtype == object and names.shape == (2, 2)
    assert names.tolist() == [["a", None], ["b", "a"]] and session.get("c") == "a"
