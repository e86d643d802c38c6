"""disp, display, format, num2str, int2str and mat2str through the builtin table.

The num2str / int2str / mat2str expectations were checked with GNU Octave where it agrees with MATLAB;
mat2str of an empty matrix follows MATLAB (``zeros(0,3)``, Octave prints ``[]``)."""
import math

import numpy as np
import pytest

from engine.runtime.builtins.registry import BUILTINS, call_builtin, load_all
from engine.runtime.context import CallContext, SessionState
from engine.runtime.errors import MatlabError
from engine.runtime.values import CellArray, CharArray, StringArray, StructArray

load_all()


class FakeContext(CallContext):
    """Just enough of the VM for output builtins: collects what they write."""

    def __init__(self, workspace=None):
        self.state = SessionState()
        self.out = []
        self.workspace = workspace or {}
        self.names = []         # what the caller passed: argument_names()

    def write(self, text):
        self.out.append(text)

    def warn(self, identifier, message):
        raise AssertionError("no warnings expected")

    def call(self, fn, args, nargout=1):
        raise AssertionError("no calls expected")

    def function_exists(self, name):
        return None

    def variables(self):
        return self.workspace

    def argument_names(self):
        return self.names

    def make_handle(self, text):
        raise AssertionError("no handles expected")

    def add_figure(self, image):
        raise AssertionError("no figures expected")

    @property
    def text(self):
        return "".join(self.out)


def call(name, *args, ctx=None, nargout=1):
    return call_builtin(BUILTINS[name], ctx or FakeContext(), list(args), nargout)


def text_of(value):
    assert isinstance(value, CharArray)
    return "\n".join(value.rows())


def char(text):
    return CharArray.from_str(text)


def row(*values, dtype=np.float64):
    return np.array([values], dtype=dtype)


def test_registered_in_output_family_with_help():
    for name in ("disp", "display", "format", "num2str", "int2str", "mat2str"):
        entry = BUILTINS[name]
        assert entry.family == "output"
        lines = entry.help.splitlines()
        assert lines[0].startswith(name + "(") or lines[0].startswith(name + " ")
        assert len(lines) >= 4


# ---- disp / display / format ------------------------------------------------------------------------

def test_disp_writes_value_without_name():
    ctx = FakeContext()
    assert call("disp", row(1, 2, 3), ctx=ctx, nargout=0) == ()
    call("disp", char("text"), ctx=ctx, nargout=0)
    call("disp", np.zeros((0, 0)), ctx=ctx, nargout=0)
    assert ctx.text == "     1     2     3\ntext\n"


def test_disp_too_many_arguments():
    with pytest.raises(MatlabError) as err:
        call("disp", 1.0, 2.0, nargout=0)
    assert err.value.identifier == "MATLAB:TooManyInputs"


def test_display_names_the_variable_passed():
    value = row(1, 2)
    ctx = FakeContext({"x": value, "y": 3.0})
    ctx.names = ["x"]                                 # display(x)
    call("display", value, ctx=ctx, nargout=0)
    ctx.names = [""]                                  # display(floor(x)): the same object, no name
    call("display", value, ctx=ctx, nargout=0)
    assert ctx.text == "x = 1×2\n\n     1     2\n1×2\n\n     1     2\n"


def test_format_changes_session_state_and_display():
    ctx = FakeContext()
    call("format", char("long"), ctx=ctx, nargout=0)
    assert ctx.state.format.long and not ctx.state.format.compact
    call("disp", math.pi, ctx=ctx, nargout=0)
    call("format", char("COMPACT"), ctx=ctx, nargout=0)
    assert ctx.state.format.compact and ctx.state.format.long
    call("format", char("short"), ctx=ctx, nargout=0)
    call("format", char("loose"), ctx=ctx, nargout=0)
    assert not ctx.state.format.long and not ctx.state.format.compact
    call("format", char("long"), char("compact"), ctx=ctx, nargout=0)
    call("format", ctx=ctx, nargout=0)
    assert not ctx.state.format.long and not ctx.state.format.compact
    assert ctx.text == "   3.141592653589793\n"


def test_format_returns_previous_settings_and_restores_them():
    ctx = FakeContext()
    (old,) = call("format", char("long"), ctx=ctx, nargout=1)
    assert isinstance(old, StructArray) and old.classname == "DisplayFormatOptions"
    assert old.data[0, 0]["NumericFormat"].to_str() == "short"
    assert ctx.state.format.long
    (current,) = call("format", ctx=ctx, nargout=1)
    assert current.data[0, 0]["NumericFormat"].to_str() == "long" and ctx.state.format.long
    call("format", old, ctx=ctx, nargout=0)
    assert not ctx.state.format.long


@pytest.mark.parametrize("styles,long", [(["longG"], True), (["long", "g"], True), (["shortg"], False)])
def test_format_g_styles(styles, long):
    ctx = FakeContext()
    call("format", *map(char, styles), ctx=ctx, nargout=0)
    assert ctx.state.format.g and ctx.state.format.long == long
    (current,) = call("format", ctx=ctx, nargout=1)
    assert current.data[0, 0]["NumericFormat"].to_str() == ("longG" if long else "shortG")
    call("format", char("long"), ctx=ctx, nargout=0)
    assert not ctx.state.format.g


@pytest.mark.parametrize("styles,long", [(["longE"], True), (["long", "e"], True), (["short", "e"], False)])
def test_format_e_styles(styles, long):
    """format short e / long e (23 lines of the corpus programs) are MATLAB's shortE / longE."""
    ctx = FakeContext()
    call("format", *map(char, styles), ctx=ctx, nargout=0)
    assert ctx.state.format.e and not ctx.state.format.g and ctx.state.format.long == long
    (current,) = call("format", ctx=ctx, nargout=1)
    assert current.data[0, 0]["NumericFormat"].to_str() == ("longE" if long else "shortE")
    call("format", char("shortG"), ctx=ctx, nargout=0)
    assert not ctx.state.format.e


@pytest.mark.parametrize("style", ["rat", "rational"])
def test_format_rat_style(style):
    """format rat (four corpus programs) is MATLAB's NumericFormat 'rational'; short turns it off."""
    ctx = FakeContext()
    call("format", char("long"), ctx=ctx, nargout=0)
    call("format", char(style), ctx=ctx, nargout=0)
    assert ctx.state.format.rat and not ctx.state.format.g and not ctx.state.format.e
    (current,) = call("format", ctx=ctx, nargout=1)
    assert current.data[0, 0]["NumericFormat"].to_str() == "rational"
    call("format", char("short"), ctx=ctx, nargout=0)
    assert not ctx.state.format.rat and not ctx.state.format.long
    call("format", char("rat"), ctx=ctx, nargout=0)
    call("format", ctx=ctx, nargout=0)
    assert not ctx.state.format.rat


@pytest.mark.parametrize("style,identifier", [
    (["bogus"], "MATLAB:format:UnknownOption"), (["bank"], "matfuse:format:unsupported"),
    (["long", "eng"], "matfuse:format:unsupported")])
def test_format_rejects_unknown_and_unsupported(style, identifier):
    ctx = FakeContext()
    with pytest.raises(MatlabError) as err:
        call("format", *map(char, style), ctx=ctx, nargout=0)
    assert err.value.identifier == identifier
    assert not ctx.state.format.long


# ---- num2str ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("args,expected", [
    ((math.pi,), "3.1416"), ((42.0,), "42"), ((3.14159, 8.0), "3.14159"), ((-7.0,), "-7"),
    ((123.456,), "123.456"), ((1234.56789,), "1234.5679"), ((0.1,), "0.1"), ((1e10,), "10000000000"),
    ((math.nan,), "NaN"), ((-math.inf,), "-Inf"), ((3 + 4j,), "3+4i"), ((1 - 2.5j,), "1-2.5i"),
    ((True,), "1"), ((np.array([[200]], dtype=np.uint8),), "200"), ((math.pi, 10.0), "3.141592654"),
    ((row(1, 2, 3),), "1  2  3"), ((row(math.pi, math.e),), "3.1416      2.7183"),
    ((np.array([[1, 10], [100, 2]], dtype=float),), "  1   10\n100    2"),
    ((math.pi, char("%10.5f")), "   3.14159"), ((row(1, 2), char("%d,")), "1,2,"),
    ((char("abc"),), "abc"),
])
def test_num2str(args, expected):
    (result,) = call("num2str", *args)
    assert text_of(result) == expected


def test_num2str_matrix_is_char_matrix_and_empty_is_empty():
    (result,) = call("num2str", np.array([[1.0], [10.0]]))
    assert result.shape == (2, 2) and result.rows() == [" 1", "10"]
    (empty,) = call("num2str", np.zeros((0, 0)))
    assert empty.shape == (0, 0)


def test_num2str_rejects_cells():
    with pytest.raises(MatlabError) as err:
        call("num2str", CellArray.empty((1, 1)))
    assert err.value.identifier == "MATLAB:num2str:nonNumericInput"


# ---- int2str ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("value,expected", [
    (2.5, "3"), (-2.5, "-3"), (2.4, "2"), (-0.2, "0"), (row(1.2, -2.5, 10), "1  -3  10"),
    (np.array([[7]], dtype=np.int16), "7"), (math.nan, "NaN"),
])
def test_int2str(value, expected):
    (result,) = call("int2str", value)
    assert text_of(result) == expected


# ---- mat2str ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("args,expected", [
    ((np.array([[1.0, 2.0], [3.0, 4.0]]),), "[1 2;3 4]"), ((math.pi,), "3.14159265358979"),
    ((math.pi, 4.0), "3.142"), ((row(True, False, dtype=bool),), "[true false]"), ((True,), "true"),
    ((char("it's"),), "'it''s'"), ((np.zeros((0, 3)),), "zeros(0,3)"), ((np.zeros((0, 0)),), "zeros(0,0)"),
    ((row(1, 2, dtype=np.int8), char("class")), "int8([1 2])"), ((row(1, 2, dtype=np.int8),), "[1 2]"),
    ((row(math.inf, -math.inf, math.nan),), "[Inf -Inf NaN]"), ((1 - 2j,), "1-2i"),
    ((np.array([[0.1], [-0.0]]),), "[0.1;0]"), ((StringArray.scalar("a"),), '"a"'),
    ((CharArray(np.array([[97, 98], [99, 100]], dtype=np.uint16)),), "['ab';'cd']"),
    ((np.array([[math.pi]], dtype=np.float32), char("class")), "single(3.141593)"),
])
def test_mat2str(args, expected):
    (result,) = call("mat2str", *args)
    assert text_of(result) == expected


def test_mat2str_rejects_nd_and_cells():
    with pytest.raises(MatlabError) as err:
        call("mat2str", np.zeros((2, 2, 2)))
    assert err.value.identifier == "MATLAB:mat2str:TwoDInput"
    with pytest.raises(MatlabError):
        call("mat2str", CellArray.empty((1, 1)))


def test_num2str_nd_joins_pages_side_by_side():
    (result,) = call("num2str", np.arange(1, 5, dtype=float).reshape((1, 2, 2), order="F"))
    assert text_of(result) == "1  2  3  4"
