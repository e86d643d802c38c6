"""Session: the public contract (execute results, streaming output, get/set conversions, inspection)."""
import numpy as np
import pytest

from engine import Session
from engine.runtime.errors import MatlabError
from engine.runtime.values import CellArray, CharArray, StructArray


def test_execute_result_fields_and_streaming_output():
    chunks = []
    s = Session(output=chunks.append)
    r = s.execute("x = 5\ndisp('hi')")
    assert r.stdout == "x = 5\nhi\n" and r.error is None and r.figures == []
    assert "".join(chunks) == r.stdout


def test_error_result_has_identifier_message_line_and_report():
    r = Session().execute("a = 1;\nb = [1 2](3);")
    assert isinstance(r.error, MatlabError)
    assert r.error.identifier == "MATLAB:badsubscript" and r.error.line == 2
    assert r.error.report().startswith("Index exceeds the number of array elements.")


def test_workspace_persists_across_cells_and_is_read_only():
    s = Session()
    s.execute("a = 2;")
    s.execute("b = a * 3;")
    assert s.get("b")[0, 0] == 6.0 and set(s.workspace) >= {"a", "b"}
    with pytest.raises(TypeError):
        s.workspace["c"] = 1


@pytest.mark.parametrize("code, expected_dtype, expected_shape", [
    ("v = 5;", np.float64, (1, 1)),
    ("v = [1 2 3];", np.float64, (1, 3)),
    ("v = single([1; 2]);", np.float32, (2, 1)),
    ("v = int16(7);", np.int16, (1, 1)),
    ("v = uint8([1 2]);", np.uint8, (1, 2)),
    ("v = true;", np.bool_, (1, 1)),
    ("v = [1+2i 3];", np.complex128, (1, 2)),
    ("v = zeros(2, 3, 4);", np.float64, (2, 3, 4)),
])
def test_get_numeric_keeps_class_and_matlab_size(code, expected_dtype, expected_shape):
    s = Session()
    s.execute(code)
    v = s.get("v")
    assert isinstance(v, np.ndarray) and v.dtype == expected_dtype and v.shape == expected_shape


def test_get_text_cells_and_structs():
    s = Session()
    s.execute("c = 'hello'; m = ['ab'; 'cd']; t = \"str\"; ts = [\"a\", \"b\"]; "
              "k = {1, 'x'; [1 2], {2}}; st.a = 1; st.b = 'q'; sa(2).f = 3;")
    assert s.get("c") == "hello"
    m = s.get("m")
    assert m.dtype == np.dtype("<U1") and m.tolist() == [["a", "b"], ["c", "d"]]
    assert s.get("t") == "str"
    ts = s.get("ts")
    assert ts.dtype == object and ts.tolist() == [["a", "b"]]
    k = s.get("k")
    assert k.dtype == object and k.shape == (2, 2) and k[0, 1] == "x" and k[1, 1][0, 0][0, 0] == 2.0
    assert list(s.get("st")) == ["a", "b"] and s.get("st")["b"] == "q"
    sa = s.get("sa")
    assert sa.shape == (1, 2) and sa[0, 1]["f"][0, 0] == 3.0


def test_get_returns_a_copy():
    s = Session()
    s.execute("A = [1 2 3];")
    s.get("A")[0, 0] = 99
    assert s.get("A")[0, 0] == 1.0


def test_set_converts_numpy_and_python_values():
    s = Session()
    s.set("a", np.arange(6.0).reshape(2, 3))
    s.set("b", np.array([1, 2, 3], dtype=np.int32))
    s.set("c", "text")
    s.set("d", 2.5)
    s.set("e", {"x": 1.0, "y": "z"})
    s.set("f", [1, "two"])
    s.set("g", np.array([True, False]))
    r = s.execute("ra = a(2, 3); cb = class(b); sb = size(b); cc = upper(c); dd = d * 2; ex = e.x + 1; "
                  "f2 = f{2}; cg = class(g);")
    assert r.error is None, r.error.report()
    assert s.get("ra")[0, 0] == 5.0 and s.get("cb") == "int32" and s.get("sb").tolist() == [[1.0, 3.0]]
    assert s.get("cc") == "TEXT" and s.get("dd")[0, 0] == 5.0 and s.get("ex")[0, 0] == 2.0
    assert s.get("f2") == "two" and s.get("cg") == "logical"
    assert isinstance(s.workspace["c"], CharArray) and isinstance(s.workspace["e"], StructArray)
    assert isinstance(s.workspace["f"], CellArray)


def test_set_then_modify_in_matlab_leaves_numpy_array_unchanged():
    s = Session()
    arr = np.zeros((1, 3))
    s.set("z", arr)
    s.execute("z(2) = 4;")
    assert arr.tolist() == [[0.0, 0.0, 0.0]] and s.get("z").tolist() == [[0.0, 4.0, 0.0]]


def test_get_unknown_name_raises_key_error():
    with pytest.raises(KeyError):
        Session().get("nope")


def test_device_argument():
    assert Session(device="cpu").device == "cpu"
    with pytest.raises(ValueError):
        Session(device="tpu")


def test_mir_and_bytecode_text():
    s = Session()
    assert s.mir("x = 1 + 2;").startswith("script <cell>:\n  b0:")
    assert "ADD" in s.bytecode("x = 1; y = x + 2;")


def test_interrupt_flag_is_cleared_by_the_next_execute():
    s = Session()
    s.interrupt()
    assert s.execute("x = 1;").error is None and s.get("x")[0, 0] == 1.0


def test_state_is_shared_with_builtins():
    s = Session()
    s.execute("format long")
    assert s.state.format.long is True
    assert s.execute("x = pi").stdout == "x = 3.141592653589793\n"


def test_display_hook_receives_unsuppressed_results():
    s = Session()
    seen = []
    s.state.display_hook = lambda name, value, text: seen.append((name, text)) or name == "x"
    r = s.execute("x = 1\ny = 2\nz = 3;")
    assert seen == [("x", "x = 1\n"), ("y", "y = 2\n")] and r.stdout == "y = 2\n"


def test_get_empty_char_is_an_empty_str():
    s = Session()
    s.execute("e = ''; h = 0x1F; z = complex(1, 0);")
    assert s.get("e") == ""
    assert s.get("h").dtype == np.uint8 and s.get("h")[0, 0] == 31          # MATLAB's hex literal class
    assert s.get("z").dtype == np.complex128


def test_functions_defined_in_a_cell_serve_later_cells():
    s = Session(device="cpu")
    defs = s.execute("function y = sq(x)\n  y = x.^2;\nend\nfunction z = cube(x)\n  z = x.^3;\nend")
    assert defs.error is None and defs.stdout == ""          # a cell of definitions runs nothing
    assert s.execute("a = sq(3) + cube(2);").error is None
    assert s.get("a")[0, 0] == 17.0
    r = s.execute("b = helper(2);\nfunction r = helper(x)\n  r = sq(x) + 1;\nend")
    assert r.error is None and s.get("b")[0, 0] == 5.0
    assert s.execute("f = @helper; c = f(3);").error is None and s.get("c")[0, 0] == 10.0


def test_a_cell_run_again_reuses_its_code_object():
    s = Session(device="cpu")
    s.execute("x = 1;")
    cell = "y = x + 1; n = numel(x);"
    s.execute(cell)                    # the first run adds y and n to the workspace: the second builds again
    s.execute(cell)
    first = next(reversed(s._builds.values()))
    s.execute(cell)
    assert next(reversed(s._builds.values())) is first and s.get("y") == 2.0
    s.execute("x = [1 2 3];")          # another type for x: the cell is built again, for a matrix
    assert s.execute(cell).error is None and s.get("n") == 3.0
    assert next(reversed(s._builds.values())) is not first
    assert s.execute("y = (;").error is not None and s.execute("y = (;").error is not None


def test_pause_states_and_timed_pause():
    s = Session(device="cpu")
    r = s.execute("t = tic; pause(0.2); e = toc(t); old = pause('off'); q = pause('query'); "
                  "t = tic; pause(100); pause; off = toc(t); pause(old); back = pause('query');")
    assert r.error is None and r.stdout == ""
    assert s.get("e")[0, 0] >= 0.2 and s.get("off")[0, 0] < 1
    assert (s.get("old"), s.get("q"), s.get("back")) == ("on", "off", "on")
    assert s.execute("pause('query')").stdout == "ans = 'on'\n"


def test_pause_without_stdin_returns_at_once_and_checks_its_argument():
    s = Session(device="cpu")
    assert s.execute("pause").error is None
    for bad in ("pause(-1)", "pause(NaN)", "pause([1 2])", "pause('later')"):
        assert s.execute(bad).error.identifier == "MATLAB:pause:InvalidInput", bad


def test_exit_stops_the_cell_and_reports_its_status():
    s = Session(device="cpu")
    r = s.execute("x = 1;\ntry\n  exit(3)\ncatch\n  caught = 1;\nend\ny = 2;")
    assert r.error is None and r.exit_status == 3
    assert "x" in s.workspace and "caught" not in s.workspace and "y" not in s.workspace
    assert s.execute("quit('force')").exit_status == 0 and s.execute("z = 1;").exit_status is None
    assert s.execute("exit(1.5)").error.identifier == "MATLAB:quit:invalidStatus"


def test_large_output_is_cut_with_a_note_and_the_value_is_kept(monkeypatch):
    monkeypatch.setenv("MATFUSE_MAX_OUTPUT_CHARS", "1000")
    s = Session(device="cpu")
    r = s.execute("x = repmat('a', 1, 5000)\nfor k = 1:3, disp(k), end")
    shown, note, _ = r.stdout.rsplit("\n", 2)
    assert len(shown) == 1000 and shown.startswith("x = 'aaa")    # one long line: cut at the limit
    assert note == "... output truncated: 4,028 of 5,028 characters not shown (MATFUSE_MAX_OUTPUT_CHARS=1000)"
    assert s.get("x") == "a" * 5000
    assert s.execute("disp(1)").stdout == "     1\n"                    # the budget is per cell


def test_output_limit_zero_means_none():
    s = Session(device="cpu", max_output=0)
    assert len(s.execute("x = repmat('a', 1, 2e6)").stdout) > 2e6


def test_a_figure_that_fails_to_draw_is_an_internal_error_not_a_python_exception(monkeypatch):
    import engine.runtime.figures as figures

    def broken(state):
        raise AttributeError("'PolyCollection' object has no attribute 'do_3d_projection'")
    s = Session(device="cpu")
    ok_figure = s.execute("figure;")
    assert ok_figure.error is None
    monkeypatch.setattr(figures, "flush_figures", broken)
    r = s.execute("x = 1;")
    assert r.error.identifier == "MATLAB:internal" and "do_3d_projection" in r.error.message


def test_nothing_keeps_a_finished_session_alive():
    """A Session is freed when its user drops it (a parallel pool attached to it closes then): neither
    the parser's singletons nor the operators' warning channel may hold on to it after a cell."""
    import gc
    import weakref
    s = Session(device="cpu")
    assert s.execute("x = [1 2; 2 4] \\ [1; 2];\ny = 1 +").error is not None     # a syntax error
    r = s.execute("x = [1 2; 2 4] \\ [1; 2]; for k = 1:3, x = x + k; end")
    assert r.error is None and r.stdout.startswith("Warning: Matrix is singular")
    alive = weakref.ref(s)
    del s, r
    gc.collect()
    assert alive() is None
