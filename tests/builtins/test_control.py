"""Control and workspace builtins: error, warning, assert, MException, isequal, feval, exist, clear,
who, whos, tic, toc. Expected values recorded from GNU Octave 8 where MATLAB agrees; messages and
identifiers are MATLAB's."""
import os
import re

import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.values import CellArray, FunctionHandle, StructArray
from misc_fakes import FakeContext, arr, c, call, cellrow, handle, s, same


def raised(*args, name="error"):
    with pytest.raises(MatlabError) as e:
        call(name, *args)
    return e.value.identifier, e.value.message


# -- error / warning / assert -----------------------------------------------------------------------

def test_error_forms():
    assert raised(c("Simple message %d")) == ("", "Simple message %d")          # one argument: literal
    assert raised(c("Value %d too large"), 7.0) == ("", "Value 7 too large")
    assert raised(c("myPkg:sub:bad"), c("Value %s"), c("x")) == ("myPkg:sub:bad", "Value x")
    assert raised(c("a:b"), c("line\\nbreak")) == ("a:b", "line\nbreak")
    assert raised(c("Ratio: %d"), 3.0) == ("", "Ratio: 3")                      # space: not an identifier
    assert raised(c("only:id")) == ("", "only:id")                              # one argument is a message
    assert call("error", c(""), nargout=0) is None
    assert call("error", np.zeros((0, 0)), nargout=0) is None


def test_error_struct_and_exception_values():
    err = StructArray.scalar({"message": c("from struct"), "identifier": c("s:t")})
    assert raised(err) == ("s:t", "from struct")
    assert call("error", StructArray.scalar({"message": c(""), "identifier": c("")}), nargout=0) is None
    me = call("MException", c("pkg:notFound"), c("File %s not found."), c("a.txt"))
    assert me.classname == "MException" and me.fields == ["identifier", "message", "stack"]
    same(me.data[0, 0]["message"], "File a.txt not found.")
    assert raised(me, name="throw") == ("pkg:notFound", "File a.txt not found.")
    assert raised(me, name="rethrow") == ("pkg:notFound", "File a.txt not found.")
    assert raised(me, name="throwAsCaller") == ("pkg:notFound", "File a.txt not found.")
    same(call("getReport", me), "File a.txt not found.")
    with pytest.raises(MatlabError):
        call("MException", c("not an id"), c("x"))


def test_rethrow_keeps_stack():
    stack = StructArray(["file", "name", "line"], np.empty((1, 1), dtype=object))
    stack.data[0, 0] = {"file": c("f.m"), "name": c("f"), "line": 12.0}
    err = StructArray.scalar({"identifier": c("a:b"), "message": c("m"), "stack": stack}, "MException")
    with pytest.raises(MatlabError) as e:
        call("rethrow", err)
    assert [(f.name, f.line, f.file) for f in e.value.stack] == [("f", 12, "f.m")]
    with pytest.raises(MatlabError) as e:
        call("throw", err)
    assert e.value.stack == []


def test_warning_prints_and_records():
    ctx = FakeContext()
    call("warning", c("Careful: %d"), 3.0, ctx=ctx, nargout=0)
    call("warning", c("my:id"), c("x = %g"), 0.5, ctx=ctx, nargout=0)
    assert ctx.warnings == [("", "Careful: 3"), ("my:id", "x = 0.5")]
    msg, ident = call("lastwarn", ctx=ctx, nargout=2)
    same(msg, "x = 0.5")
    same(ident, "my:id")


def test_warning_off_and_on():
    ctx = FakeContext()
    call("warning", c("off"), c("my:id"), ctx=ctx, nargout=0)
    call("warning", c("my:id"), c("hidden"), ctx=ctx, nargout=0)
    call("warning", c("other:id"), c("shown"), ctx=ctx, nargout=0)
    assert ctx.warnings == [("other:id", "shown")]
    state = call("warning", c("query"), c("my:id"), ctx=ctx)
    same(state.data[0, 0]["state"], "off")
    before = call("warning", c("on"), c("my:id"), ctx=ctx, nargout=1)
    same(before.data[0, 0]["state"], "off")
    call("warning", c("off"), c("all"), ctx=ctx, nargout=0)
    call("warning", c("anything"), ctx=ctx, nargout=0)
    assert ctx.state.warnings_off == {"all"}
    call("warning", c("on"), c("all"), ctx=ctx, nargout=0)
    call("warning", c("back"), ctx=ctx, nargout=0)
    assert ctx.warnings[-1] == ("", "back") and len(ctx.warnings) == 2


def test_assert():
    assert call("assert", True, nargout=0) is None
    assert call("assert", 3.0, nargout=0) is None
    assert raised(False, name="assert") == ("MATLAB:assertion:failed", "Assertion failed.")
    assert raised(0.0, c("x must be %d"), 4.0, name="assert") == ("", "x must be 4")
    assert raised(False, c("my:check"), c("bad %s"), c("v"), name="assert") == ("my:check", "bad v")
    assert raised(arr([True, True], bool), name="assert")[0] == "MATLAB:assertion:LogicalScalar"


# -- equality ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args, expected", [
    # recorded from octave
    ((arr([1.0, 2.0]), arr([1.0, 2.0]), arr([1.0, 2.0])), True),
    ((1.0, np.array([[1]], np.int8)), True),
    ((c("a"), 97.0), True),
    ((np.nan, np.nan), False),
    ((cellrow(1.0, "a"), cellrow(1.0, "a")), True),
    ((arr([1.0, 2.0]), arr([[1.0], [2.0]])), False),
    ((StructArray.scalar({"a": 1.0, "b": 2.0}), StructArray.scalar({"b": 2.0, "a": 1.0})), True),
    # MATLAB
    ((s("abc"), c("abc")), True),
    ((s("abc"), s("abd")), False),
    ((cellrow("a"), c("a")), False),
    ((True, 1.0, np.array([[1]], np.uint8)), True),
    ((StructArray.scalar({"a": 1.0}), StructArray.scalar({"a": 1.0}, "MException")), False),
])
def test_isequal(args, expected):
    assert call("isequal", *args) is expected


def test_isequaln_and_handles():
    assert call("isequaln", arr([1.0, np.nan]), arr([1.0, np.nan])) is True      # octave
    assert call("isequaln", cellrow(np.nan), cellrow(np.nan)) is True
    assert call("isequal", FunctionHandle("sin", name="sin"), FunctionHandle("sin", name="sin")) is True
    assert call("isequal", handle(abs), handle(abs)) is False


# -- calling by name -----------------------------------------------------------------------------------

def test_feval_func2str_str2func():
    ctx = FakeContext(functions={"twice": lambda x: 2 * x, "both": lambda x: (x, -x)})
    assert call("feval", c("twice"), 4.0, ctx=ctx) == 8.0
    assert call("feval", FunctionHandle("twice", name="twice"), 1.5, ctx=ctx) == 3.0
    assert call("feval", handle(lambda x: x + 1), 1.0, ctx=ctx) == 2.0
    assert call("feval", c("both"), 2.0, ctx=ctx, nargout=2) == (2.0, -2.0)
    same(call("func2str", FunctionHandle("@(x)x+1", params=["x"])), "@(x)x+1")
    same(call("func2str", FunctionHandle("sin", name="sin")), "sin")
    with pytest.raises(MatlabError) as e:
        call("func2str", c("sin"))
    assert e.value.identifier == "MATLAB:func2str:InputNotFunctionHandle"
    h = call("str2func", c("sin"), ctx=ctx)
    assert isinstance(h, FunctionHandle) and h.text == "sin"


@pytest.mark.parametrize("name, expected", [
    ("x_1", True), ("1x", False), ("end", False), ("a" * 63, True), ("a" * 64, False), ("_a", False),
    ("é", False),
])
def test_isvarname(name, expected):
    assert call("isvarname", c(name)) is expected                                 # octave for the first 3


# -- workspace -----------------------------------------------------------------------------------------

def test_exist(tmp_path):
    ctx = FakeContext(variables={"x": 1.0}, functions={"myfun": lambda: None})
    assert call("exist", c("x"), ctx=ctx) == 1.0
    assert call("exist", c("sprintf"), ctx=ctx) == 5.0
    assert call("exist", c("myfun"), ctx=ctx) == 2.0
    assert call("exist", c("nothing_here_at_all"), ctx=ctx) == 0.0
    assert call("exist", c("x"), c("var"), ctx=ctx) == 1.0
    assert call("exist", c("sprintf"), c("var"), ctx=ctx) == 0.0
    assert call("exist", c("sprintf"), c("builtin"), ctx=ctx) == 5.0
    assert call("exist", c(str(tmp_path)), ctx=ctx) == 7.0
    (tmp_path / "data.txt").write_text("x")
    assert call("exist", c(os.path.join(str(tmp_path), "data.txt")), c("file"), ctx=ctx) == 2.0
    with pytest.raises(MatlabError):
        call("exist", c("x"), c("bogus"), ctx=ctx)


def test_clear_forms():
    ctx = FakeContext(variables={"a": 1.0, "ab": 2.0, "b": 3.0, "xy": 4.0})
    call("clear", c("a*"), ctx=ctx, nargout=0)
    assert sorted(ctx.vars) == ["b", "xy"]
    call("clear", c("-regexp"), c("^x"), ctx=ctx, nargout=0)
    assert sorted(ctx.vars) == ["b"]
    with pytest.raises(MatlabError):
        call("clear", c("-regexp"), c("("), ctx=ctx, nargout=0)
    call("clear", c("functions"), ctx=ctx, nargout=0)
    assert sorted(ctx.vars) == ["b"]
    call("clear", ctx=ctx, nargout=0)
    assert ctx.vars == {}
    ctx = FakeContext(variables={"g": 1.0, "h": 2.0})
    ctx.state.globals["g"] = 1.0
    call("clear", c("global"), ctx=ctx, nargout=0)
    assert ctx.vars == {"h": 2.0} and ctx.state.globals == {}
    ctx.state.globals["k"] = 3.0
    call("clear", c("all"), ctx=ctx, nargout=0)
    assert ctx.vars == {} and ctx.state.globals == {}


def test_who():
    ctx = FakeContext(variables={"b": 1.0, "a": 2.0, "ans": 3.0})
    call("who", ctx=ctx, nargout=0)
    assert ctx.text() == "Your variables are:\n\na    ans  b    \n\n"
    same(call("who", ctx=ctx, nargout=1), cellrow("a", "ans", "b", shape=(3, 1)))
    same(call("who", c("a*"), ctx=ctx, nargout=1), cellrow("a", "ans", shape=(2, 1)))
    empty = FakeContext()
    call("who", ctx=empty, nargout=0)
    assert empty.text() == ""


def test_whos_table_and_struct():
    ctx = FakeContext(variables={"a": 1.0, "s": c("hello"), "m": np.zeros((2, 3), np.int16),
                                 "z": np.zeros((1, 2), np.complex128)})
    ctx.state.globals["a"] = 1.0
    call("whos", ctx=ctx, nargout=0)
    lines = ctx.text().split("\n")
    assert lines[0] == "  Name      Size            Bytes  Class     Attributes"      # MATLAB
    assert lines[2].startswith("  a         1x1                 8  double    ")
    assert lines[1] == ""
    assert re.fullmatch(r"  a\s+1x1\s+8  double\s+global", lines[2])
    assert re.fullmatch(r"  m\s+2x3\s+12  int16\s*", lines[3])
    assert re.fullmatch(r"  s\s+1x5\s+10  char\s*", lines[4])
    assert re.fullmatch(r"  z\s+1x2\s+32  double\s+complex", lines[5])
    info = call("whos", ctx=ctx, nargout=1)
    assert info.shape == (4, 1) and info.fields[:4] == ["name", "size", "bytes", "class"]
    same(info.data[1, 0]["size"], arr([2.0, 3.0]))
    assert info.data[0, 0]["global"] is True and info.data[3, 0]["complex"] is True


def test_tic_toc():
    ctx = FakeContext()
    with pytest.raises(MatlabError) as e:
        call("toc", ctx=ctx)
    assert e.value.identifier == "MATLAB:toc:callTicFirst"
    assert call("tic", ctx=ctx, nargout=0) is None
    elapsed = call("toc", ctx=ctx, nargout=1)
    assert isinstance(elapsed, float) and 0.0 <= elapsed < 5.0
    call("toc", ctx=ctx, nargout=0)
    assert re.fullmatch(r"Elapsed time is \d+\.\d{6} seconds\.\n", ctx.text())
    timer = call("tic", ctx=ctx, nargout=1)
    assert timer.dtype == np.uint64 and timer.shape == (1, 1)
    assert 0.0 <= call("toc", timer, ctx=ctx, nargout=1) < 5.0
    with pytest.raises(MatlabError):
        call("toc", 3.0, ctx=ctx, nargout=1)


def test_every_builtin_of_these_families_has_help():
    from engine.runtime.builtins.registry import BUILTINS
    families = {"types", "cells", "strings", "control", "workspace", "checks", "time", "files", "system"}
    entries = [b for b in BUILTINS.values() if b.family in families]
    assert len(entries) > 80
    for entry in entries:
        blocks = [b for b in entry.help.split("\n\n") if b.strip()]
        assert len(blocks) >= 3, entry.name            # signature line, a paragraph, an example
        names = {other.name for other in entries if other.impl is entry.impl}   # with aliases
        assert any(n in blocks[0].splitlines()[0] for n in names), entry.name
    assert isinstance(call("cell", 1.0), CellArray)
