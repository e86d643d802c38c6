"""Calls: local functions, function files, handles, anonymous functions, nargin/nargout, varargs."""

from engine.session import Session
from vmhelp import failure, ok, scalar


def test_local_function_and_recursion():
    code = "r = fact(6);\nfunction y = fact(n)\n  if n <= 1\n    y = 1;\n  else\n    y = n * fact(n - 1);\n  end\nend"
    assert scalar(code, "r") == 720.0


def test_name_value_arguments_arrive_as_a_string_and_a_value():
    """f(x, Name=Value) (R2021a) passes "Name" (a string scalar) and Value, after the other arguments."""
    code = """
    [n, c1, k1, v1] = opts(7, Tol=1e-3);
    s = struct(a=1, b='x');
    function [n, c, k, v] = opts(x, varargin)
      n = nargin; c = class(varargin{1}); k = varargin{1}; v = varargin{2};
    end
    """
    s = ok(code)
    assert s.get("n")[0, 0] == 3.0 and s.get("c1") == "string" and s.get("v1")[0, 0] == 1e-3
    assert s.get("k1") == "Tol" and s.get("s") == {"a": 1.0, "b": "x"}


def test_multiple_outputs_tilde_and_nargout():
    code = """
    [a, ~, c] = three();
    n1 = count_out();
    [p, q] = count_out();
    function [x, y, z] = three()
      x = 1; y = 2; z = 3;
    end
    function [o1, o2] = count_out()
      o1 = nargout; o2 = -1;
    end
    """
    s = ok(code)
    assert s.get("a")[0, 0] == 1.0 and s.get("c")[0, 0] == 3.0
    assert s.get("n1")[0, 0] == 1.0 and s.get("p")[0, 0] == 2.0
    assert "b" not in s.workspace


def test_nargin_varargin_varargout():
    code = """
    a = info(1, 2, 3);
    b = info();
    [u, v, w] = spread(4);
    function n = info(varargin)
      n = nargin * 10 + numel(varargin);
    end
    function varargout = spread(x)
      for k = 1:nargout
        varargout{k} = x * k;
      end
    end
    """
    s = ok(code)
    assert s.get("a")[0, 0] == 33.0 and s.get("b")[0, 0] == 0.0
    assert [s.get(n)[0, 0] for n in "uvw"] == [4.0, 8.0, 12.0]


def test_missing_input_argument_is_not_enough_inputs():
    err = failure("r = two(1);\nfunction s = two(a, b)\n  s = a + b;\nend")
    assert err.identifier == "MATLAB:minrhs" and err.message == "Not enough input arguments."


def test_early_return_and_optional_argument():
    code = """
    r1 = pick(5);
    r2 = pick(5, 2);
    function r = pick(n, k)
      if nargin < 2
        r = -n;
        return
      end
      r = n * k;
    end
    """
    s = ok(code)
    assert s.get("r1")[0, 0] == -5.0 and s.get("r2")[0, 0] == 10.0


def test_too_many_inputs_and_outputs_and_unassigned_output():
    head = "function y = one(x)\n  y = x;\nend\nfunction nothing()\nend\nfunction z = lazy()\nend"
    assert failure("one(1, 2)\n" + head).identifier == "MATLAB:TooManyInputs"
    assert failure("[a, b] = one(1)\n" + head).identifier == "MATLAB:TooManyOutputs"
    assert failure("v = nothing()\n" + head).identifier == "MATLAB:TooManyOutputs"
    assert failure("v = lazy()\n" + head).identifier == "MATLAB:unassignedOutputs"


def test_recursion_limit():
    err = failure("down(1)\nfunction down(n)\n  down(n + 1);\nend")
    assert err.identifier == "MATLAB:recursionLimit"
    assert err.message.startswith("Maximum recursion limit of 500 reached. Use set(0,'RecursionLimit',N)")


def test_anonymous_functions_capture_by_value():
    s = ok("a = 2; f = @(x) a * x + 1; a = 100; r = f(3); g = @() a; h = @(x, y) x - y; d = h(10, 4);")
    assert s.get("r")[0, 0] == 7.0 and s.get("d")[0, 0] == 6.0
    assert scalar("a = 5; g = @() a; clear a; r = g();", "r") == 5.0


def test_anonymous_functions_capture_variables_a_script_made(tmp_path, monkeypatch):
    """A function that runs a data script (vapdat; as seven chemineer corpus programs do) and then makes
    @(T) exp(A - B/T) captures the script's A and B, as MATLAB does; so does one after eval. The
    script's variables also serve as the value of a field assignment (res.xr = xr)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "consts.m").write_text("A = 3; B = 4;\n")
    (tmp_path / "usesconsts.m").write_text("function y = usesconsts(x)\n  consts;\n  f = @(t) A*t + B;\n"
                                            "  y = f(x) + A;\nend\n")
    assert scalar("r = usesconsts(2);", "r") == 13.0
    (tmp_path / "fieldconsts.m").write_text("function s = fieldconsts\n  consts;\n  s.b = B;\nend\n")
    assert scalar("s = fieldconsts(); r = s.b;", "r") == 4.0
    code = "r = viaeval(2);\nfunction y = viaeval(x)\n  eval('q = 5;');\n  g = @(t) q*t;\n  y = g(x);\nend"
    assert scalar(code, "r") == 10.0


def test_anonymous_function_forwards_nargout():
    s = ok("f = @(v) max(v); [m, i] = f([3 9 2]);")
    assert s.get("m")[0, 0] == 9.0 and s.get("i")[0, 0] == 2.0


def test_named_handles_to_builtins_and_local_functions():
    code = "f = @sin; a = f(0); g = @twice; b = g(4); c = cellfun(@twice, {1, 2});\nfunction y = twice(x)\n  y = 2 * x;\nend"
    s = ok(code)
    assert s.get("a")[0, 0] == 0.0 and s.get("b")[0, 0] == 8.0 and s.get("c").tolist() == [[2.0, 4.0]]


def test_handle_stored_in_struct_and_cell_is_called():
    s = ok("s.f = @(x) x + 1; c = {@(x) x * 3}; a = s.f(1); b = c{1}(2);")
    assert s.get("a")[0, 0] == 2.0 and s.get("b")[0, 0] == 6.0


def test_comma_list_expands_into_call_arguments():
    assert scalar("args = {2, 3}; r = zeros(args{:}); n = numel(r);", "n") == 6.0


def test_global_and_persistent():
    code = """
    global G
    G = 5;
    a = readg();
    c1 = counter(); c2 = counter(); c3 = counter();
    function v = readg()
      global G
      v = G * 2;
    end
    function n = counter()
      persistent k
      if isempty(k)
        k = 0;
      end
      k = k + 1;
      n = k;
    end
    """
    s = ok(code)
    assert s.get("a")[0, 0] == 10.0 and s.get("c3")[0, 0] == 3.0
    ok("G = G + 1;", s)
    assert s.state.globals["G"] == 6.0


def test_global_variables_captured_looped_over_and_assigned_as_comma_lists():
    """A global read by an anonymous function is captured at its creation (``yexact = @(t) g/k1*...``
    of a corpus program was an undefined name), a for loop over a global or persistent variable sets it,
    and ``[C{:}] = deal(...)`` fills a global cell; in a script and in a function (values: Octave)."""
    code = """
    global G
    G = 2;
    f = @(t) G * t;
    G = 5;
    a = f(3);
    for G = 1:4
      last = G;
    end
    b = G;
    global C
    C = cell(1, 2);
    [C{:}] = deal(7, 8);
    c = C{2};
    [d, e, h] = inner();
    function [d, e, h] = inner()
      global G
      persistent P
      g = @() G + 1;
      G = 100;
      d = g();
      for G = 10:12
      end
      e = G;
      for P = 1:3
      end
      h = P;
    end
    """
    s = ok(code)
    assert [s.get(n)[0, 0] for n in ("a", "last", "b", "c", "d", "e", "h", "G")] == [6, 4, 4, 8, 5, 12, 3, 12]


def test_function_file_on_path_is_cached_by_mtime(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "addone.m").write_text("function y = addone(x)\n  y = x + 1;\nend\n")
    s = ok("a = addone(1);")
    assert s.get("a")[0, 0] == 2.0
    (tmp_path / "addone.m").write_text("function y = addone(x)\n  y = x + 100;\nend\n")
    import os
    os.utime(tmp_path / "addone.m", (1, 1))
    ok("b = addone(1);", s)
    assert s.get("b")[0, 0] == 101.0


def test_builtins_stay_resolved_until_a_searched_folder_changes(tmp_path, monkeypatch):
    """A builtin's resolution is kept across cells while the working folder and the path folders keep
    their modification times; a function file added there shadows the builtin from the next cell on,
    also when the folder was just modified (its time may not have moved) or is on the path."""
    import os
    lib = tmp_path / "lib"
    lib.mkdir()
    monkeypatch.chdir(tmp_path)
    for folder in (tmp_path, lib):
        os.utime(folder, (1_000_000, 1_000_000))
    s = ok("a = abs(-2);")
    s.state.path.append(str(lib))
    ok("a = abs(-2);", s)
    s.vm.begin_execute()
    assert "abs" in s.vm.resolved                       # kept: nothing searched changed
    (tmp_path / "abs.m").write_text("function y = abs(x)\n  y = 100;\nend\n")
    os.utime(tmp_path, (1_000_001, 1_000_001))          # changed, and not recently
    ok("b = abs(-2);", s)
    assert s.get("b")[0, 0] == 100.0
    (tmp_path / "abs.m").unlink()
    (lib / "sign.m").write_text("function y = sign(x)\n  y = 7;\nend\n")     # just now: not trusted
    ok("c = abs(-2); d = sign(-2);", s)
    assert s.get("c")[0, 0] == 2.0 and s.get("d")[0, 0] == 7.0


def test_a_cell_function_replaces_a_builtin_resolved_before(tmp_path, monkeypatch):
    """Functions a cell defines serve later cells before builtins, also one resolved in earlier cells."""
    import os
    monkeypatch.chdir(tmp_path)
    os.utime(tmp_path, (1_000_000, 1_000_000))
    s = ok("a = abs(-2);")
    ok("b = abs(-2);\nfunction y = abs(x)\n  y = 5;\nend", s)
    ok("c = abs(-2);", s)
    assert s.get("b")[0, 0] == 5.0 and s.get("c")[0, 0] == 5.0


def test_source_files_that_are_not_utf8_are_read_as_latin1(tmp_path, monkeypatch):
    """MATLAB reads a file as UTF-8 and falls back to the legacy encoding when it is not valid UTF-8:
    Latin-1 bytes (a comment, a char literal) load instead of failing."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "latin.m").write_bytes(b"% Autor: M\xfcller\nfunction y = latin()\n  y = '\xe9t\xe9';\nend\n")
    (tmp_path / "utf8.m").write_bytes("function y = utf8()\n  y = 'été';\nend\n".encode())
    (tmp_path / "bom.m").write_bytes(b"\xef\xbb\xbfz = double('\xc3\xa9');\n")
    (tmp_path / "latinscript.m").write_bytes(b"w = double('\xe9');  % caf\xe9\n")
    s = ok("a = latin(); b = utf8(); bom; latinscript;")
    assert s.get("a") == "été" and s.get("b") == "été"
    assert s.get("z")[0, 0] == 233.0 and s.get("w")[0, 0] == 233.0
    assert "Müller" in s.execute("help latin").stdout


def test_addpath_folder_and_script_file(tmp_path):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "sq.m").write_text("function y = sq(x)\n  y = x .^ 2;\nend\n")
    (lib / "setz.m").write_text("z = sq(w);\n")
    s = Session()
    s.state.path.append(str(lib))
    ok("w = 3; setz", s)
    assert s.get("z")[0, 0] == 9.0


def test_builtin_errors_name_the_function_line():
    err = failure("x = 1;\ny = zeros(2) * ones(3);")
    assert err.identifier == "MATLAB:innerdim" and err.line == 2


def test_varargout_filled_by_indexing_in_a_loop():
    s = ok("[a, b, c] = spread([7 8 9]);\nfunction varargout = spread(v)\n  for k = 1:nargout\n    varargout{k} = v(k);\n  end\nend")
    assert [s.get(n)[0, 0] for n in "abc"] == [7.0, 8.0, 9.0]


def test_field_and_brace_stores_of_a_function_variable():
    code = """
    w = build(2);
    function w = build(t)
      g = {1, 2};
      w.a = t;
      w.b = g;
      c{2} = t;
      w.c = c;
    end
    """
    s = ok(code)
    w = s.get("w")
    assert w["a"][0, 0] == 2.0 and w["c"].shape == (1, 2) and w["c"][0, 1][0, 0] == 2.0
