"""Bad input gives MATLAB's error, never a wrong answer or Python's text (issue 16: indexing at the
integer limits, size limits, Python exceptions escaping builtins, compile-time folding, UTF-16 chars).

Expected identifiers and messages are MATLAB's (R2023); values where MATLAB computes one are recorded."""
import numpy as np
import pytest

from engine import Session
from engine.runtime.builtins import registry

U64_MAX = "uint64(18446744073709551615)"
PYTHON_TEXT = ("Error:", "Traceback", "Python", "int too large", "OverflowError", "ValueError",
               "TypeError", "MemoryError", "NameError", "AttributeError", "object has no attribute")
BAD_INDEX = ("MATLAB:badsubscript", "Array indices must be positive integers or logical values.")


def error_of(code: str, session: Session | None = None) -> tuple[str, str]:
    r = (session or Session(device="cpu")).execute(code)
    assert r.error is not None, f"{code!r} gave no error: {r.stdout!r}"
    assert not any(t in r.error.message for t in PYTHON_TEXT), r.error.message
    return r.error.identifier, r.error.message


def out_of_bounds(bound: int) -> tuple[str, str]:
    return ("MATLAB:badsubscript",
            f"Index exceeds the number of array elements. Index must not exceed {bound}.")


# ---- reading: every integer class up to its limit, and doubles up to realmax


@pytest.mark.parametrize("setup, n", [("y = 1:5;", 5), ("y = {1,2,3,4,5};", 5), ("y = 'abcde';", 5),
                                      ("y = true(1, 5);", 5), ("y = int8(1:5);", 5),
                                      ("y = struct('a', {1, 2});", 2), ('y = ["a" "b" "c"];', 3)])
@pytest.mark.parametrize("subscript", [U64_MAX, "int64(9223372036854775807)", "uint32(4294967295)",
                                       "uint64(9007199254740993)", "realmax", "1e19", "single(1e30)",
                                       "[1 1e19]", f"[1 {U64_MAX}]"])
def test_huge_subscript_is_out_of_bounds(setup, n, subscript):
    assert error_of(f"{setup} y({subscript})") == out_of_bounds(n)


def test_huge_brace_subscript_is_out_of_bounds():
    assert error_of(f"c = {{1, 2}}; c{{{U64_MAX}}}") == out_of_bounds(2)


def test_huge_subscript_of_a_matrix_names_the_position():
    assert error_of(f"A = magic(3); A({U64_MAX}, 1)") == (
        "MATLAB:badsubscript", "Index in position 1 exceeds array bounds. Index must not exceed 3.")


@pytest.mark.parametrize("subscript", ["0", "-1", "1.5", "NaN", "Inf", "-Inf", "int8(-1)", "uint8(0)",
                                       "int64(-9223372036854775807) - 1", "[1 NaN]", "[2 0]"])
@pytest.mark.parametrize("statement", ["y({})", "y({}) = 1", "y({}) = []"])
def test_invalid_subscripts_for_read_assign_and_delete(subscript, statement):
    assert error_of("y = 1:5; " + statement.format(subscript)) == BAD_INDEX


def test_integer_subscripts_of_every_class_read_and_grow():
    s = Session(device="cpu")
    code = ("a = [1:5](uint64(5)); b = [1:5](int16([2 3])); c = [1:5](uint8(1)); y = 1:3; "
            "y(uint64(5)) = 7; z = 'ab'; z(int32(3)) = 'c';")
    assert s.execute(code).error is None
    assert s.get("a")[0, 0] == 5 and s.get("b").tolist() == [[2, 3]] and s.get("c")[0, 0] == 1
    assert s.get("y").tolist() == [[1, 2, 3, 0, 7]] and s.get("z") == "abc"


# ---- assignment at a huge index: MATLAB's size-limit error; deletion: out of range


def size_limit(requested: str) -> tuple[str, str]:
    return "MATLAB:array:SizeLimitExceeded", f"Requested {requested} ("


@pytest.mark.parametrize("code, requested", [
    (f"y = 1:5; y({U64_MAX}) = 1", "1x18446744073709551615"),
    ("y = 1:5; y(1e19) = 1", "1x10000000000000000000"),
    ("c = {1, 2}; c{1e19} = 1", "1x10000000000000000000"),
    ("x = 'abc'; x(1e19) = 'd'", "1x10000000000000000000"),
    ('s = ["a" "b"]; s(1e19) = "x"', "1x10000000000000000000"),
    ("s = struct('a', {1, 2}); s(1e19).a = 1", "1x10000000000000000000"),
    ("A = magic(3); A(1, 1e19) = 1", "3x10000000000000000000"),
    (f"A = zeros(2); A(3, {U64_MAX}) = 1", "3x18446744073709551615"),
])
def test_assignment_at_a_huge_index_exceeds_the_size_limit(code, requested):
    identifier, message = error_of(code)
    assert (identifier, message[:len(size_limit(requested)[1])]) == size_limit(requested)
    assert "exceeds maximum array size preference" in message


@pytest.mark.parametrize("code", [f"y = 1:5; y({U64_MAX}) = []", "y = 1:5; y(1e19) = []",
                                  "c = {1, 2}; c(1e19) = []", "A = magic(3); A(:, 1e19) = []"])
def test_deletion_at_a_huge_index_is_out_of_range(code):
    assert error_of(code) == ("MATLAB:index:outOfRangeForDeletion", "Matrix index is out of range for deletion.")


# ---- sizes past memory and ranges past the maximum size


@pytest.mark.parametrize("code", ["ones(1e6)", "zeros(1, 1e19)", "x = 1:1e12;"])
def test_huge_arrays_exceed_the_size_limit(code):
    assert error_of(code)[0] == "MATLAB:array:SizeLimitExceeded"


@pytest.mark.parametrize("code", ["0:0.1:0.5*1e308", "x = -1e308:1e308;", "x = 0:1e-320:1;",
                                  "for k = 0:0.1:0.5e308, end"])
def test_ranges_past_the_maximum_size(code):
    assert error_of(code) == ("MATLAB:pmaxsize", "Maximum variable size allowed by the program is exceeded.")


def test_memory_error_of_a_builtin_is_matlab_nomem(monkeypatch):
    def exhausted(*args, **kwargs):
        raise MemoryError("Unable to allocate 11.9 GiB for an array with shape (40000, 40000)")
    entry = registry.BUILTINS["ones"]
    monkeypatch.setitem(registry.BUILTINS, "ones", registry.Builtin(**{**entry.__dict__, "impl": exhausted}))
    assert error_of("x = ones(4e4);")[0] == "MATLAB:nomem"


def test_python_error_of_a_builtin_names_the_builtin(monkeypatch):
    def broken(*args, **kwargs):
        raise IndexError("list index out of range")
    entry = registry.BUILTINS["hypot"]
    monkeypatch.setitem(registry.BUILTINS, "hypot", registry.Builtin(**{**entry.__dict__, "impl": broken}))
    r = Session(device="cpu").execute("x = [1 2];\ny = hypot(x, x);")
    assert r.error.identifier == "MATLAB:internal" and "hypot" in r.error.message and r.error.line == 2


# ---- compile-time folding never raises: the error (if any) is a run-time error that try catches


def test_range_with_subnormal_step_compiles_and_runs():
    s = Session(device="cpu")
    assert s.execute("try, x = 2:1e-320:1e-320; ok = 1; catch, ok = 0; end").error is None
    assert s.get("ok")[0, 0] == 1 and s.get("x").shape == (1, 0)


@pytest.mark.parametrize("code", ["x = 0:0.1:0.5*1e308;", "x = zeros(Inf);", "x = ones(NaN, 2);"])
def test_errors_of_constant_expressions_are_caught_by_try(code):
    s = Session(device="cpu")
    r = s.execute(f"try\n {code}\n caught = 0;\ncatch e\n caught = 1;\nend")
    assert r.error is None and s.get("caught")[0, 0] == 1


# ---- the error names the culprit


def test_cleared_argument_is_blamed_not_the_function():
    assert error_of("A = 5; clear A; hypot(A, A)") == (
        "MATLAB:UndefinedFunction", "Unrecognized function or variable 'A'.")


def test_num2str_with_infinite_precision():
    assert error_of("num2str(pi, Inf)") == ("MATLAB:num2str:invalidPrecision",
                                            "Precision must be a positive integer.")
    s = Session(device="cpu")
    assert s.execute("t = num2str(pi, 1e10);").error is None
    assert s.get("t") == "3.141592653589793115997963468544185161590576171875"


# ---- function handles in for and switch


def test_for_over_a_function_handle_runs_once():
    s = Session(device="cpu")
    assert s.execute("n = 0; for B = @() 1, n = n + B(); end").error is None
    assert s.get("n")[0, 0] == 1


@pytest.mark.parametrize("code", ["switch @() 1, case 1, end", "switch 1, case @sin, end",
                                  "switch {1}, case 1, end"])
def test_switch_on_a_function_handle(code):
    assert error_of(code) == ("MATLAB:switch:expression",
                              "SWITCH expression must be a scalar or a character vector.")


# ---- chars are UTF-16 code units


def test_char_outside_the_bmp_is_a_surrogate_pair():
    s = Session(device="cpu")
    r = s.execute("x = '😀'\nn = numel(x); d = double(x); m = strlength(string(x)); y = [x 'ab'];")
    assert r.error is None and "x = '😀'" in r.stdout
    assert s.get("n")[0, 0] == 2 and s.get("d").tolist() == [[55357, 56832]] and s.get("m")[0, 0] == 2
    assert s.get("y") == "😀ab"
    assert s.execute("disp(x)").stdout == "😀\n"


# ---- field names


@pytest.mark.parametrize("code, name", [("s.('a b') = 1", "a b"), ("s = struct(); s.('1a') = 1", "1a"),
                                        ("s.('') = 1", ""), ("s.('_x') = 1", "_x"),
                                        ("s = struct('a', {1, 2}); s(2).('a-b') = 1", "a-b"),
                                        ("struct('a b', 1)", "a b"), ("setfield(struct(), 'x.y', 3)", "x.y"),
                                        (f"s.('{'a' * 64}') = 1", "a" * 64)])
def test_invalid_field_names_are_errors(code, name):
    assert error_of(code) == ("MATLAB:AddField:InvalidFieldName", f"Invalid field name: '{name}'.")


def test_valid_dynamic_field_names():
    s = Session(device="cpu")
    assert s.execute(f"s.('a_1') = 1; s.(\"B\") = 2; s.('{'a' * 63}') = 3;").error is None
    assert list(s.get("s"))[:2] == ["a_1", "B"]
    assert np.array_equal(s.get("s")["a_1"], [[1.0]])
