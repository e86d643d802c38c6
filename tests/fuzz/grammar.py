"""Random MATLAB programs from a small grammar, for the fuzz tests (test_fuzz.py) and the long run (run.py).

A program is a list of cells (each a string of statements). Everything is drawn from one
``random.Random``, so a seed gives the same program on every machine, and hypothesis can drive the
choices (``st.randoms``) and shrink them: the first option of every choice is the simplest.

Programs must terminate quickly and stay small, on every device:
- loops run at most 3 times (``for`` over short literals, ``while`` behind a hidden counter), nest at most
  twice, and never grow a variable inside the loop (``_assign`` refuses a growing reassignment there);
- every value carries an upper bound on its rows and columns; an expression whose bound passes ``CAP``
  elements is replaced by a literal, so arrays stay about 10x10;
- sizes, counts, precisions and written indices come only from literal menus (``COUNTS``, ``WRITE_INDEX``)
  of small or absurd values (0, -1, 1.5, NaN, Inf, 1e19 ...), never from computed values, and never from
  the range 1e3..1e15 that would allocate gigabytes instead of failing.
Builtins that block (input, keyboard), touch files or folders, draw figures, or are random or timed are
left out, so the three devices must agree on everything a program prints and leaves in the workspace.

``sizes="large"`` draws another kind of program, for the paths small arrays never take (host kernels,
reductions in several workgroups a line, the vector form's tails, grids of many workgroups, the early
submit of large windows): a first cell making arrays of hundreds to hundreds of thousands of elements
(``LARGE_LENGTHS``: odd lengths around multiples of 4, 256 and 65536, rows and columns both long, at most
``LARGE_CAP`` elements), then quiet cells of array expressions over them (elementwise operators and
functions, reductions along either dimension), which cost little per element.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

CAP = 150          # largest number of elements a generated expression may have (about 10x10)
MAX_DEPTH = 3      # expression nesting
MAX_NEST = 2       # nesting of if/for/while/switch/try

ODD = 0.15         # how often a menu gives one of its odd values


@dataclass(frozen=True)
class Menu:
    """Choices for one slot: ordinary values, and odd ones (edge cases, wrong types) drawn ODD of the time."""
    normal: tuple[str, ...]
    odd: tuple[str, ...] = ()

    def __add__(self, other: "Menu") -> "Menu":
        return Menu(self.normal + other.normal, self.odd + other.odd)


NUMBERS = Menu(("1", "0", "2", "3", "-1", "0.5", "2.5", "-2.5", "10", "7"),
               ("-0", "pi", "eps", "NaN", "Inf", "-Inf", "1e-320", "1e308", "realmax", "1e19",
                "9007199254740993", "1i", "2+3i", "intmax('int64')", "-realmax"))
CLASSES = Menu(("double", "single", "int8", "uint8", "int16", "int32", "uint32", "int64", "uint64",
                "logical", "char"))
STRINGS = Menu(("'abc'", "'a'", "\"xyz\"", "'Hello World'", "' 12 '", "'3.5'", "'a,b,,c'"),
               ("''", "\"\"", "'%d'", "'\\n'", "'😀'", "\"two words\"", "'\\'"))
FORMATS = Menu(("'%d'", "'%g\\n'", "'%5.2f'", "'%s'", "'%d %d\\n'", "'%i,'"),
               ("'%x'", "'%c'", "'%e'", "'%%'", "'%'", "'%-6s|'", "'%+.3g'", "'%q'", "'%5'"))
PATTERNS = Menu(("'a'", "'\\d+'", "'[a-z]+'", "'(\\w)(\\w)'"), ("'^'", "''", "'('", "'.'", "'\\'"))
# sizes, counts, dims and precisions: small or absurd, never large enough to allocate much
COUNTS = Menu(("2", "3", "1", "0", "[2 3]"),
              ("-1", "1.5", "NaN", "Inf", "1e19", "[]", "int8(2)", "true", "'a'", "{2}", "[2 2 2]", "-Inf"))
DIMS = Menu(("1", "2"), ("3", "0", "-1", "1.5", "NaN", "'all'", "[]", "'a'", "{1}", "[1 2]", "Inf"))
# indices for writes (they may grow an array: literal and at most 12, or absurd and failing)
WRITE_INDEX = Menu(("1", "2", "3", "end", "end+1", ":", "[1 2]", "end-1"),
                   ("0", "-1", "1.5", "NaN", "Inf", "1e19", "realmax", "true", "false", "[true false]", "12",
                    "uint64(18446744073709551615)", "int8(-1)", "single(2)", "2+1i", "[]", "1:0", "{1}",
                    "int64(3)", "uint8(2)", "-Inf"))
# indices for reads: the above plus values a write may not use (a read never allocates)
READ_INDEX = WRITE_INDEX + Menu((), ("'a'", "1e9", "2^53", "[3 1 2]", "[1;1]", "logical([1 0 1 1])",
                                     "'ab'", "uint8(255)", "int32(-5)", "@sin", "1e-320"))
CASE_LABELS = Menu(("1", "3", "{1, 2}", "'abc'", "{'a', 3}"), ("[1 2]", "NaN", "[]", "\"abc\"", "{}"))
FIELDS = Menu(("a", "b", "data", "x1"))
DYNAMIC_FIELDS = Menu(("'a'", "'b'"), ("'two words'", "'1x'", "''", "'a.b'", "\"a\"", "5", "'end'"))
VARS = Menu(("a", "b", "c", "x", "y", "z", "m", "v", "s", "t"))
BUILTIN_NAMES = Menu(("'sin'", "'sum'", "'disp'", "'max'"), ("'nosuchfunction'", "'+'", "''", "'1a'"))

# (name, argument kinds, result rule); kinds: x any expression, n count, d dim, s string,
# f format, p pattern, h function handle, k class name, c cell, q builtin name;
# rules: same (bound of the first argument), bcast, scalar, small (<= 10 elements), grid (count-built),
# rep (repmat by counts up to 3), prod (product of the argument sizes), diag (a square of the longest side)
BUILTINS = [
    *[(name, "x", "same") for name in
       ["abs", "sqrt", "exp", "log", "sin", "cos", "tan", "floor", "ceil", "round", "fix", "sign", "real",
        "imag", "conj", "isnan", "isinf", "isfinite", "not", "uminus", "log2", "log10", "atan", "acos",
        "tanh", "cumsum", "cumprod", "sort", "fliplr", "flipud", "flip", "unique", "find", "transpose",
        "double", "single", "int8", "uint8", "int32", "uint64", "logical", "char", "upper", "lower",
        "strtrim", "deblank", "isspace", "num2cell", "tril", "triu", "squeeze", "inv", "cummax", "nnz",
        "diff", "isletter", "length", "numel", "ndims", "isempty", "class", "iscell", "isstruct",
        "ischar", "isnumeric", "isreal", "islogical", "isrow", "isscalar", "num2str", "int2str",
        "mat2str", "string", "str2double", "strlength", "func2str", "fieldnames", "struct2cell",
        "cell2mat", "iscellstr", "cellstr", "det", "trace", "rank", "norm", "isvector", "isfloat",
        "isinteger", "isstring", "disp", "any", "all", "sum", "prod", "mean", "median", "mode", "std",
        "var", "max", "min", "size", "nnz", "eig", "svd", "pinv"]],
    *[(name, "xx", "bcast") for name in
       ["mod", "rem", "atan2", "hypot", "max", "min", "power", "plus", "minus", "times", "rdivide", "xor",
        "and", "or", "eq", "lt", "ge", "isequal", "isequaln", "ismember", "strcmp", "strcmpi", "mtimes",
        "mldivide", "mrdivide", "cross", "dot", "horzcat", "vertcat", "intersect", "union", "setdiff",
        "setxor", "polyval", "strcat", "contains", "startsWith", "strfind", "strsplit", "split",
        "cumtrapz", "trapz", "isa", "interp1", "cat"]],
    *[(name, "xd", "same") for name in
       ["sum", "prod", "mean", "max", "min", "any", "all", "cumsum", "median", "sort", "size", "flip",
        "diff", "circshift", "std", "norm", "cummin"]],
    *[(name, "n", "grid") for name in ["zeros", "ones", "eye", "magic", "cell", "true", "false", "nan",
                                        "inf", "blanks", "NaN", "Inf"]],
    *[(name, "nn", "grid") for name in ["zeros", "ones", "eye", "cell", "true", "false", "nan"]],
    ("repmat", "xnn", "rep"), ("reshape", "xnn", "same"), ("num2str", "xn", "small"),
    ("mat2str", "xn", "small"), ("linspace", "xxn", "grid"), ("round", "xn", "same"),
    ("sprintf", "fx", "small"), ("fprintf", "fx", "small"), ("regexprep", "xps", "small"),
    ("regexp", "xp", "small"), ("strrep", "xss", "small"), ("strjoin", "cs", "small"),
    ("cellfun", "hc", "same"), ("arrayfun", "hx", "same"), ("feval", "qx", "same"),
    ("str2func", "q", "scalar"), ("str2num", "s", "small"), ("cast", "xk", "same"),
    ("isa", "xk", "scalar"), ("intmax", "k", "scalar"), ("intmin", "k", "scalar"),
    ("kron", "xx", "prod"), ("meshgrid", "xx", "prod"), ("diag", "x", "diag"),
    ("sub2ind", "nxx", "same"), ("ind2sub", "nx", "same"), ("permute", "xn", "same"),
    ("polyfit", "xxn", "small"), ("colon", "nn", "grid"), ("isfield", "xs", "small"),
    ("rmfield", "xs", "same"), ("getfield", "xs", "same"), ("setfield", "xsx", "same"),
    ("error", "sx", "scalar"), ("warning", "sx", "scalar"), ("assert", "xs", "scalar"),
    ("struct", "sx", "same"), ("deal", "x", "same"),
    ]


# starting values: (text, rows, cols)
SEEDS = [("3", 1, 1), ("[1 2 3]", 1, 3), ("[1; 2; 3]", 3, 1), ("[1 2; 3 4]", 2, 2), ("magic(4)", 4, 4),
         ("reshape(1:6, 2, 3)", 2, 3), ("int8([1 -2 3])", 1, 3), ("uint8(200)", 1, 1),
         ("single([1.5 2.5])", 1, 2), ("int32(magic(3))", 3, 3), ("[true false true]", 1, 3),
         ("'hello'", 1, 5), ("['ab'; 'cd']", 2, 2), ("\"str\"", 1, 1), ("[\"a\" \"bc\"]", 1, 2),
         ("{1, 'two', [3 4]}", 1, 3), ("struct('a', 1, 'b', 'x')", 1, 1), ("@(x) x + 1", 1, 1),
         ("[]", 0, 0), ("zeros(0, 3)", 0, 3), ("1:0.5:3", 1, 5), ("[1+2i 3]", 1, 2), ("NaN(2)", 2, 2),
         ("-0.5", 1, 1), ("uint64(5)", 1, 1), ("int64([-9 9])", 1, 2), ("logical(eye(3))", 3, 3),
         ("single(magic(3)) / 7", 3, 3), ("rand(3) > 2", 3, 3), ("(1:10)'", 10, 1), ("ones(10)", 10, 10),
         ("cell(2)", 2, 2), ("struct('a', {1, 2})", 1, 2), ("sprintf('%d,', 1:3)", 1, 6)]
# quiet cells' array expressions (what fusion windows take: elementwise operators and functions, reductions);
# no `double`: a single result widened is compared exactly, where numpy's and the f32 library's single
# transcendentals may differ by an ulp
ARRAY_SEEDS = [("[1 2 3]", 1, 3), ("[1; 2; 3]", 3, 1), ("magic(4)", 4, 4), ("reshape(1:6, 2, 3)", 2, 3),
               ("single([1.5 2.5])", 1, 2), ("int8([1 -2 3])", 1, 3), ("(1:10)'", 10, 1), ("ones(10)", 10, 10),
               ("-0.5", 1, 1), ("[true false true]", 1, 3), ("single(magic(3)) / 7", 3, 3),
               ("uint8(200)", 1, 1), ("[NaN 1 -Inf]", 1, 3), ("linspace(-1, 1, 7)", 1, 7),
               ("reshape(sin(1:120), 12, 10)", 12, 10), ("single(magic(5) / 25 - 0.5)", 5, 5)]
ARRAY_OPS = Menu(("+", "-", ".*", "./", ".^", "==", "<", ">", "&", "|", "~="), ("*", "\\", "/"))
ARRAY_FUNCTIONS = Menu(("abs", "sqrt", "exp", "log", "sin", "cos", "tanh", "floor", "round", "sign",
                        "log1p", "-", "~", "isnan", "single"), ("atan", "expm1", "fix", "int8"))
ARRAY_REDUCTIONS = Menu(("sum({}, 1)", "sum({}, 2)", "max({}, [], 1)", "min({}, [], 2)", "mean({}, 2)",
                         "sum({}, 'all')", "std({}, 0, 1)", "prod({}, 2)", "any({}, 1)"),
                        ("var({}, 1, 2)", "max({}, [], 'all')", "mean({}, 'all')", "cumsum({}, 1)",
                         "max({}, 3)", "sum({}, 3)"))
# large programs: lengths of a dimension (odd ones next to multiples of 4, 256, 65536), at most LARGE_CAP
# elements an array; their data (``{n}`` elements, as ``{r}`` by ``{c}``): exact sums (integers, quarters),
# sums of positive terms, scattered fractions, NaN holes, huge values, single, integer and logical classes.
# Only correctly rounded operations make the data (no sin: a GPU's sine may be an ulp from numpy's, and
# 1e300 * sin(k) made that ulp a different cosine), so every device starts from the same bits.
LARGE_CAP = 300_000
LARGE_LENGTHS = (1, 2, 3, 4, 5, 7, 63, 255, 256, 257, 1001, 1023, 1024, 1025, 4097, 65535, 65536, 65537,
                 200003, 262145)
SCATTER = "mod((1:{n}) * 0.7548776662466927, 1)"       # fractions spread over [0, 1)
LARGE_DATA = Menu(("reshape(mod(1:{n}, 17) - 8, {r}, {c})", "reshape((mod(1:{n}, 29) - 14) / 4, {r}, {c})",
                   f"reshape(2 + {SCATTER}, {{r}}, {{c}})", f"reshape({SCATTER} - 0.5, {{r}}, {{c}})",
                   f"single(reshape(2 + {SCATTER} / 3, {{r}}, {{c}}))",
                   "single(reshape(mod(1:{n}, 13) - 6, {r}, {c}))",
                   "reshape(linspace(-1, 3, {n}), {r}, {c})"),
                  (f"reshape({SCATTER} + 0 ./ (mod(1:{{n}}, 97) ~= 5), {{r}}, {{c}})",
                   "int16(reshape(mod(1:{n}, 200) - 100, {r}, {c}))", "reshape(mod(1:{n}, 3) == 0, {r}, {c})",
                   "uint8(reshape(mod(1:{n}, 256), {r}, {c}))",
                   "reshape(1e300 ./ (mod(1:{n}, 101) - 50.5), {r}, {c})"))
LARGE_REDUCTIONS = Menu(("sum({}, 1)", "sum({}, 2)", "max({}, [], 1)", "min({}, [], 2)", "mean({}, 1)",
                         "mean({}, 2)", "std({}, 0, 1)", "std({}, 0, 2)", "var({}, 1, 2)", "any({}, 1)",
                         "all({}, 2)", "prod({}, 1)", "sum({}, 'all')"),
                        ("max({}, [], 'all')", "mean({}, 'all')", "cumsum({}, 2)", "norm({})", "median({}, 2)",
                         "std({}, 1, 'all')", "min({}, [], 1)", "nnz({})"))
LOOP_RANGES = Menu(("1:3", "[2 4 6]", "3:-1:1", "[1 2; 3 4]", "{1, 'ab'}", "'ab'", "0.5:0.5:1.5"),
                   ("[]", "1:0", "zeros(0, 3)", "@() 1", "struct('a', {1, 2})", "int8(1:2)", "[NaN Inf]",
                    "true", "\"ab\"", "single(1:2)", "{}", "ones(2, 0)"))
RANGE_STARTS = Menu(("1", "0", "-2", "0.5", "3"), ("NaN", "'a'", "int8(1)", "single(1)", "[]", "-Inf",
                                                  "[1 2]", "1i", "true"))
RANGE_STOPS = Menu(("5", "3", "0", "10", "1", "-1"), ("Inf", "NaN", "'e'", "int8(4)", "[1 2]", "1e19",
                                                     "uint8(3)", "[]"))
RANGE_STEPS = Menu(("", "", "1", "-1", "0.5", "2"), ("0", "0.1", "-0.5", "1e-320", "Inf", "int8(2)",
                                                    "NaN", "[]", "-Inf"))
BINARY_OPS = Menu(("+", "-", ".*", "./", ".^", "*", "==", "<", ">", "&", "|", "~="),
                  ("/", "\\", "^", ">=", "<=", "&&", "||", ".\\"))
CLASS_NAMES = Menu(tuple(f"'{c}'" for c in CLASSES.normal), ("'cell'", "'numeric'", "'float'", "'nosuch'",
                                                              "5", "'struct'"))
HANDLES = Menu(("@sin", "@numel", "@isempty", "@upper", "@(x) x", "@(x) x * 2"),
               ("@(x, y) x", "@nosuch", "@() 1", "@disp", "@error"))
LOCAL_FUNCTIONS = ["function r = g1(n)\n  if n <= 0, r = 0; else, r = n + g1(n - 1); end\nend",
                   "function varargout = g2(varargin)\n  varargout = varargin;\nend",
                   "function [p, q] = g3(x)\n  p = x; q = numel(x);\nend"]


@dataclass(frozen=True)
class Val:
    """Generated expression text and an upper bound on its size."""
    text: str
    rows: int = 1
    cols: int = 1

    @property
    def numel(self) -> int:
        return self.rows * self.cols


def _bcast(*vals: Val) -> Val:
    rows, cols = max(v.rows for v in vals), max(v.cols for v in vals)
    return Val("", rows, cols)


class ProgramGen:
    """One program's worth of choices; ``program()`` returns its cells."""

    def __init__(self, rng: random.Random, silent: bool = False, sizes: str = "small") -> None:
        self.rng = rng
        self.large = sizes == "large"     # a large program (the module's docstring)
        self.silent = silent                # half the cells only assignments ending in ';' (run again,
                                            # such a cell can be one fusion window: the Session's replay)
        self.vars: dict[str, Val] = {}      # defined variables -> size bound (text = the name)
        self.loops = 0                      # loops around the statement being drawn
        self.tries = 0                      # try blocks around it
        self.counter = 0                    # hidden while-loop counters w1, w2, ...
        self.arrays: set[str] = set()       # variables quiet assignments made

    # ------------------------------------------------------------------ helpers
    def pick(self, options: list | Menu):
        if isinstance(options, Menu):
            options = options.odd if options.odd and self.chance(ODD) else options.normal
        return options[self.rng.randrange(len(options))]

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def some(self, draw, low: int, high: int, sep: str = ", ") -> str:
        return sep.join(draw() for _ in range(self.rng.randint(low, high)))

    # ------------------------------------------------------------------ programs
    def program(self) -> list[str]:
        if self.large:
            return [self.large_setup()] + ["\n".join(self.quiet_assign() for _ in range(self.rng.randint(1, 4)))
                                           for _ in range(self.rng.randint(1, 2))]
        cells = [self.setup()] + [self.cell() for _ in range(self.rng.randint(0, 2))]
        if self.chance(0.05):
            cells[-1] += "\n" + self.pick(LOCAL_FUNCTIONS)
        return cells

    def setup(self) -> str:
        """A few plain values of the common classes and shapes, so the statements have material."""
        lines = []
        for _ in range(self.rng.randint(1, 3)):
            name = self.pick(VARS)
            text, rows, cols = self.pick(SEEDS)
            self.vars[name] = Val(name, rows, cols)
            lines.append(f"{name} = {text};")
        if self.silent:                     # two arrays of one shape for the quiet cells to work on
            text, rows, cols = self.pick(ARRAY_SEEDS)
            for name, value in zip(self.rng.sample(VARS.normal, 2), (text, f"2 * ({text}) - 1")):
                self.vars[name] = Val(name, rows, cols)
                self.arrays.add(name)
                lines.append(f"{name} = {value};")
        return "\n".join(lines + [self.statement(0) for _ in range(self.rng.randint(0, 3))])

    def large_setup(self) -> str:
        """Two arrays of one large shape, a row and a column that broadcast against them."""
        while True:
            rows, cols = self.pick(LARGE_LENGTHS), self.pick(LARGE_LENGTHS)
            if 1000 <= rows * cols <= LARGE_CAP:
                break
        lines = []
        names = self.rng.sample(VARS.normal, 4)
        for name, (r, c) in zip(names, [(rows, cols), (rows, cols), (1, cols), (rows, 1)]):
            self.vars[name] = Val(name, r, c)
            self.arrays.add(name)
            lines.append(f"{name} = {self.pick(LARGE_DATA).format(n=r * c, r=r, c=c)};")
        lines[1] = f"{names[1]} = 2 * {lines[0].split(' = ', 1)[1][:-1]} - 1;" if self.chance(0.5) else lines[1]
        return "\n".join(lines)

    def cell(self) -> str:
        if self.silent and self.chance(0.5):
            return "\n".join(self.quiet_assign() for _ in range(self.rng.randint(1, 4)))
        return "\n".join(self.statement(0) for _ in range(self.rng.randint(1, 4)))

    def block(self, nest: int) -> str:
        return self.some(lambda: self.statement(nest), 1, 3, " ")

    def statement(self, nest: int) -> str:
        """One statement, ending in ';' or ',' so statements can follow on the same line. A statement
        that would grow a variable inside a loop is drawn again."""
        for _ in range(5):
            saved = dict(self.vars)
            try:
                text = self._statement(nest)
            except _Regrow:
                self.vars = saved
                continue
            return text if text.endswith((";", ",")) else text + ","
        return ";"

    def _statement(self, nest: int) -> str:
        kinds = [self.assign] * 4 + [self.index_write] * 2 + [self.field_write, self.cell_write, self.show,
                                                              self.call_statement, self.clear]
        if nest < MAX_NEST:
            kinds += [self.if_stmt, self.for_stmt, self.while_stmt, self.switch_stmt, self.try_stmt]
        if self.loops:
            kinds.append(lambda n: self.pick(["break;", "continue;"]))
        return self.pick(kinds)(nest)

    # ------------------------------------------------------------------ simple statements
    def end(self) -> str:
        return self.pick([";", ";", ";", ","])     # ',' shows the result

    def assign(self, nest: int) -> str:
        name = self.pick(VARS)
        value = self.expr(0)
        old = self.vars.get(name)
        if self.loops and old is not None and (value.rows > old.rows or value.cols > old.cols):
            raise _Regrow                        # growing in a loop would compound
        self.vars[name] = Val(name, value.rows, value.cols)
        return f"{name} = {value.text}{self.end()}"

    def quiet_assign(self) -> str:
        """``name = <array expression>;``: operators and functions a fusion window can take, over the
        numbers and arrays earlier quiet assignments made (a cell of these can be one window)."""
        name = self.pick(VARS)
        value = self.array_expr(0)
        self.vars[name] = Val(name, value.rows, value.cols)
        self.arrays.add(name)
        return f"{name} = {value.text};"

    def array_expr(self, depth: int) -> Val:
        if depth >= MAX_DEPTH or self.chance(0.3):
            known = [self.vars[n] for n in sorted(self.arrays) if n in self.vars]
            if known and self.chance(0.8):
                return self.pick(known)
            return Val(self.pick(NUMBERS))
        kind = self.rng.randrange(3)
        if kind == 0:
            a, b = self.array_expr(depth + 1), self.array_expr(depth + 1)
            op = self.pick(ARRAY_OPS.normal if self.large else ARRAY_OPS)    # no products of large matrices
            return Val(f"({a.text} {op} {b.text})", max(a.rows, b.rows), max(a.cols, b.cols))
        a = self.array_expr(depth + 1)
        if kind == 1:
            return Val(f"{self.pick(ARRAY_FUNCTIONS)}({a.text})", a.rows, a.cols)
        return Val(self.pick(LARGE_REDUCTIONS if self.large else ARRAY_REDUCTIONS).format(a.text), a.rows, a.cols)

    def target(self) -> str:
        return self.pick(list(self.vars)) if self.vars and self.chance(0.9) else self.pick(VARS)

    def grow(self, name: str) -> None:
        """A write at a literal index (at most 12) may grow ``name`` to 12x12, never more."""
        old = self.vars.get(name, Val(name, 0, 0))
        self.vars[name] = Val(name, max(old.rows, 12), max(old.cols, 12))

    def index(self, menu: Menu = WRITE_INDEX) -> str:
        idx = self.pick(menu)
        return idx.replace("end+1", "end") if self.loops else idx   # end+1 in a loop would compound

    def index_write(self, nest: int) -> str:
        name = self.target()
        idx = self.some(self.index, 1, 2) if self.chance(0.8) else self.some(self.index, 1, 3)
        value = self.pick([self.expr(1).text, self.pick(NUMBERS), self.pick(NUMBERS), "[]"])
        self.grow(name)
        return f"{name}({idx}) = {value}{self.end()}"

    def field_write(self, nest: int) -> str:
        name = self.target()
        f = self.pick(FIELDS)
        path = self.pick([f".{f}", f".{f}", f"(2).{f}", f".{f}.{self.pick(FIELDS)}",
                          f".({self.pick(DYNAMIC_FIELDS)})", f".{f}({self.index()})", f"(1).{f}{{2}}"])
        self.grow(name)
        return f"{name}{path} = {self.expr(1).text}{self.end()}"

    def cell_write(self, nest: int) -> str:
        name = self.target()
        idx = self.index()
        form = self.pick([f"{{{idx}}} = {self.expr(1).text}", f"({idx}) = {{{self.expr(1).text}}}",
                          f"{{{idx}}} = []", f"({idx}) = []"])
        self.grow(name)
        return f"{name}{form}{self.end()}"

    def show(self, nest: int) -> str:
        return self.expr(0).text + self.pick([",", ";"])

    def call_statement(self, nest: int) -> str:
        return self.pick([
            lambda: f"disp({self.expr(1).text});",
            lambda: f"fprintf({self.pick(FORMATS)}, {self.expr(1).text});",
            lambda: f"display({self.expr(1).text});",
            lambda: self.pick(["format long;", "format short;", "format compact;", "format loose;",
                               "who;", "whos;", "format;"]),
            lambda: f"[{self.pick(VARS)}, {self.pick(VARS)}] = size({self.expr(1).text});",
            lambda: f"[~, {self.pick(VARS)}] = max({self.expr(1).text});",
            lambda: f"[{self.pick(VARS)}, {self.pick(VARS)}] = deal({self.expr(1).text});",
            lambda: f"warning({self.pick(STRINGS)});",
        ] + ([                              # errors only where a try catches them, not to end the cell
            lambda: f"error({self.pick(STRINGS)});",
            lambda: f"error('my:id', {self.pick(FORMATS)}, {self.expr(1).text});",
            lambda: f"assert({self.expr(1).text});",
        ] if self.tries else []))()

    def clear(self, nest: int) -> str:
        if self.loops or not self.vars:
            return f"{self.target()} = {self.pick(NUMBERS)};"
        name = self.pick(list(self.vars))
        del self.vars[name]
        return f"clear {name};"

    # ------------------------------------------------------------------ control flow
    def cond(self) -> str:
        return self.pick([
            lambda: f"{self.expr(1).text} > {self.pick(NUMBERS)}",
            lambda: self.expr(1).text,
            lambda: f"any({self.pick(list(self.vars))}(:))" if self.vars else "true",
            lambda: self.pick(["true", "false", "[]", "NaN", "'a'", "{1}", "[1 0]", "@() 1", "1i", "\"\""]),
            lambda: f"{self.expr(1).text} && {self.expr(1).text}",
            lambda: f"isempty({self.expr(1).text})",
        ])()

    def if_stmt(self, nest: int) -> str:
        text = f"if {self.cond()}, {self.block(nest + 1)}"
        if self.chance(0.3):
            text += f" elseif {self.cond()}, {self.block(nest + 1)}"
        if self.chance(0.5):
            text += f" else, {self.block(nest + 1)}"
        return text + " end"

    def loop_body(self, nest: int) -> str:
        self.loops += 1
        try:
            return self.block(nest + 1)
        finally:
            self.loops -= 1

    def for_stmt(self, nest: int) -> str:
        var = f"k{nest + 1}"
        over = self.pick(LOOP_RANGES)
        self.vars[var] = Val(var, 2, 1)
        return f"for {var} = {over}, {self.loop_body(nest)} end"

    def while_stmt(self, nest: int) -> str:
        self.counter += 1
        w = f"w{self.counter}"
        return f"{w} = 0; while {w} < 3 && ({self.cond()}), {w} = {w} + 1; {self.loop_body(nest)} end"

    def switch_stmt(self, nest: int) -> str:
        subject = self.pick([self.expr(1).text] * 4 + ["'abc'", "3", "[1 2]", "{1}", "@() 1", "NaN",
                                                        "\"abc\"", "int8(3)", "true", "struct()"])
        cases = self.some(lambda: f"case {self.pick(CASE_LABELS)}, {self.block(nest + 1)}", 1, 2, " ")
        other = f" otherwise, {self.block(nest + 1)}" if self.chance(0.5) else ""
        return f"switch {subject}, {cases}{other} end"

    def try_stmt(self, nest: int) -> str:
        handler = self.pick(["disp(err.identifier);", "disp(err.message);", "e2 = err.stack;",
                             "rethrow(err);", "e2 = getReport(err);", "", "e2 = err;"])
        self.tries += 1
        try:
            body = self.block(nest + 1)
        finally:
            self.tries -= 1
        return f"try, {body} catch err, {handler} {self.block(nest + 1)} end"

    # ------------------------------------------------------------------ expressions
    def expr(self, depth: int) -> Val:
        if depth >= MAX_DEPTH:
            return self.leaf()
        makers = [self.leaf] * 3 + [self.unary, self.binary, self.binary, self.binary, self.call,
                                    self.call, self.call, self.index_read, self.index_read, self.matrix,
                                    self.range, self.cast, self.cellx, self.structx, self.anon,
                                    self.field_read]
        value = self.pick(makers)(depth + 1)
        return value if value.numel <= CAP else Val(self.pick(NUMBERS))

    def leaf(self, depth: int = 0) -> Val:
        if self.vars and self.chance(0.6):
            return self.vars[self.pick(list(self.vars))]
        return self.pick([lambda: Val(self.pick(NUMBERS)), lambda: Val(self.pick(NUMBERS)),
                          lambda: Val(self.pick(STRINGS), 1, 20),
                          lambda: Val(self.pick(["true", "false", "[]", "{}", "int8(5)", "single(1.5)",
                                                 "uint8(200)", "int32(-7)"]))])()

    def unary(self, depth: int) -> Val:
        v = self.expr(depth)
        op = self.pick(["-", "~", "+", "'", ".'"])
        if op in ("'", ".'"):
            return Val(f"{v.text}{op}" if v.text.isidentifier() else f"({v.text}){op}", v.cols, v.rows)
        return Val(f"{op}{v.text}" if v.text.isidentifier() else f"{op}({v.text})", v.rows, v.cols)

    def binary(self, depth: int) -> Val:
        a, b = self.expr(depth), self.expr(depth)
        op = self.pick(BINARY_OPS)
        text = f"({a.text} {op} {b.text})"
        if op in ("&&", "||"):
            return Val(text)
        if op in ("*", "/", "\\", "^"):
            return Val(text, max(a.rows, b.rows), max(a.cols, b.cols))
        return Val(text, max(a.rows, b.rows), max(a.cols, b.cols))

    def call(self, depth: int) -> Val:
        name, kinds, rule = self.pick(BUILTINS)
        args = [self.arg(kind, depth) for kind in kinds]
        if self.chance(0.05):          # one argument too many or too few
            args = args[:-1] if args and self.chance(0.5) else args + [self.expr(depth)]
        return Val(f"{name}({', '.join(a.text for a in args)})", *self._rule(rule, args))

    def _rule(self, rule: str, args: list[Val]) -> tuple[int, int]:
        if not args:
            return 10, 10
        first = args[0]
        rules = {"same": (first.rows, first.cols), "scalar": (1, 1), "grid": (10, 10), "small": (1, 10),
                 "bcast": (max(a.rows for a in args), max(a.cols for a in args)),
                 "rep": (first.rows * 3, first.cols * 9),
                 "prod": (math.prod(max(a.numel, 1) for a in args), 1),
                 "diag": (max(first.rows, first.cols),) * 2}
        return rules[rule]

    def arg(self, kind: str, depth: int) -> Val:
        menus = {"n": COUNTS, "d": DIMS, "s": STRINGS, "f": FORMATS, "p": PATTERNS, "q": BUILTIN_NAMES,
                 "k": CLASS_NAMES}
        if kind in menus:
            return Val(self.pick(menus[kind]))
        if kind == "h":
            return self.pick([lambda: self.anon(depth), lambda: Val(self.pick(HANDLES))])()
        if kind == "c":
            return self.pick([lambda: self.cellx(depth), lambda: Val("{'a', 'bc'}"), lambda: Val("{1, 2}"),
                              lambda: Val("{}")])()
        return self.expr(depth)

    def index_read(self, depth: int) -> Val:
        base = self.pick(list(self.vars)) if self.vars and self.chance(0.9) else self.pick(["x", "pi", "sin"])
        draw = lambda: self.pick(READ_INDEX) if self.chance(0.6) else self.expr(depth).text  # noqa: E731
        idx = self.some(draw, 1, 2) if self.chance(0.9) else self.some(draw, 0, 4)
        if self.chance(0.2):
            return Val(f"{base}{{{idx}}}", 10, 10)
        return Val(f"{base}({idx})", 10, 10)

    def matrix(self, depth: int) -> Val:
        rows, cols = self.rng.randint(1, 3), self.rng.randint(1, 4)
        item = lambda: self.pick([self.pick(NUMBERS), self.pick(NUMBERS), self.leaf().text,  # noqa: E731
                                  self.pick(["'a'", "true", "int8(3)", "single(2)", "[]", "''", "{1}"])])
        sep = self.pick([" ", ", "])
        text = "; ".join(self.some(item, cols, cols, sep) for _ in range(rows))
        return Val(f"[{text}]", rows * 10, cols * 10)

    def range(self, depth: int) -> Val:
        start, stop, step = self.pick(RANGE_STARTS), self.pick(RANGE_STOPS), self.pick(RANGE_STEPS)
        return Val(f"({start}:{step}:{stop})" if step else f"({start}:{stop})", 1, 101)

    def cast(self, depth: int) -> Val:
        v = self.expr(depth)
        return Val(f"{self.pick(CLASSES)}({v.text})", v.rows, v.cols)

    def cellx(self, depth: int) -> Val:
        items = self.some(lambda: self.expr(depth).text, 0, 3)
        return Val("{" + items + "}", 1, 3)

    def structx(self, depth: int) -> Val:
        return self.pick([
            lambda: Val(f"struct('{self.pick(FIELDS)}', {self.expr(depth).text})", 10, 10),
            lambda: Val(f"struct('a', {{1, 2}}, 'b', {self.expr(depth).text})", 1, 2),
            lambda: Val("struct()"),
            lambda: Val(f"struct({self.pick(DYNAMIC_FIELDS)}, 1)"),
        ])()

    def anon(self, depth: int) -> Val:
        saved, self.vars = self.vars, {**self.vars, "x": Val("x", 10, 10)}
        try:
            fn = f"@(x) {self.expr(depth + 1).text}"
        finally:
            self.vars = saved
        return self.pick([lambda: Val(f"({fn})"),
                          lambda: Val(f"feval({fn}, {self.expr(depth).text})", 10, 10),
                          lambda: Val(f"cellfun({fn}, {{1, 2}}, 'UniformOutput', false)", 1, 2),
                          lambda: Val(f"arrayfun({fn}, [1 2 3])", 1, 3)])()

    def field_read(self, depth: int) -> Val:
        base = self.pick(list(self.vars)) if self.vars else "s"
        f = self.pick(FIELDS)
        return Val(self.pick([f"{base}.{f}", f"{base}.({self.pick(DYNAMIC_FIELDS)})", f"{base}(1).{f}",
                              f"{base}.{f}(1)", f"{base}(2).{f}"]), 10, 10)


class _Regrow(Exception):
    """A reassignment inside a loop would grow the variable; the statement is drawn again."""


def generate(rng: random.Random, silent: bool = False, sizes: str = "small") -> list[str]:
    """A program (its cells) drawn from ``rng``; ``silent``: half its cells only assignments with ';';
    ``sizes="large"``: a large program (the module's docstring)."""
    return ProgramGen(rng, silent, sizes).program()
