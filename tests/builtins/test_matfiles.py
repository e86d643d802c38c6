"""save and load of function handles: MATLAB's function class in MAT-files, written by matfuse and read from
a file MATLAB wrote (the round trips of the other classes are conformance cases, test_conf_lib_files.py)."""
import base64

from session_helpers import run


# some_functions.mat of scipy's MAT-file tests (BSD licence), written by MATLAB 2009a: a = -3.9, b = uint8(52),
# c = uint8(0), sqr = @(x)x.^2, parabola = @(x)a*x.^2+b*x+c (its captured a, b, c in MATLAB's MCOS part)
# and nCf = @nCountFun.
MATLAB_FILE = (
    "TUFUTEFCIDUuMCBNQVQtZmlsZSwgUGxhdGZvcm06IEdMTlhBNjQsIENyZWF0ZWQgb246IFR1ZSBKYW4gIDUgMDg6MDE6MTUgMjAx"
    "MCAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICA3BAAAAAAAAAABSU0PAAAAJgAAAHic42NgYLAAYjYg5oDS"
    "IMAK5TPCMSNDIpDmhIobgwH/AQAnNwLfDwAAACQAAAB4nONjYGAwAGI2IOaA0iDACuUzwjEjQxKQZgLSJkAaABfAAP0PAAAAIwAA"
    "AHic42NgYDAAYjYg5oDSIMAK5TPCMSNDMpBmAvMYGAAW/ADKDwAAABQBAAB4nONjYGCwYGZgYAPSHEAswAABrFA+IxwzMxQXFjHw"
    "gcSR1DPhVA8TZwGbCeI7AHFuYklOYlJRfn4JRL44tSCxKLEkv4gBxs8rycxLzYFyGdJK85JLMvPz4jMS81JyUsH2ezAg7GfBYr8g"
    "kv0CUL5+fkGJPsRyXSMDA8tEqDzIPAMC5jGimMfIoE+mPgeovhOMpIUfF5SvgRQeDAwllQWp0DDKzIGyyvOLsosLEpMh4eRAwH08"
    "aOEE4henqRo4aFRoVujFGcHCh5A5nGjmgPiJefl5lbn5pcVEhjMMIJsD0zcDSZ8gmjpGoEm+zv7BIL4kA0Z6iUeECMI85PTDi+YO"
    "NrTwB/ElIMy7TAyo8QPCACHEPiUPAAAAHAEAAHic42NgYPBgZmBgA9IcQCzAAAGsUD4jEgbxCxKLEpPycxL5QGqR9DHh0QcRZwGb"
    "DeI7AHFuYklOYlJRfn4JRL44FWRySX4RA4yfV5KZl5oD5TKkleYll2Tm58VnJOal5KQygOz3YEDYz4LFfkEk+wWgfP38ghJ9iOW6"
    "RgYGlolQeZB5BgTMY0Qxj5FBn0x9DlB9FxhJCz8uKF8DKTwYGEoqC1KhYZSZA2WV5xdlFxckJhMXTiJo4QTiF6epGjhoVGgmalXo"
    "xRlpJ2lVaCfDwsmBgHmcaOaB+Il5+XmVufmlxUSGNwwgmwPTNwNJnyCaOkagSb7O/sEgviQDRrqJR4QMwjzk8OFFcwcbWjyA+BIQ"
    "5l0mJDkYGwCsLkKXDwAAAOoAAAB4nJ1QywrCMBDc1gd6KXr2GzRVL3oTBPHoH0iqKRaaTahb0D/yM23atFZRiy4sySQ7M8t4AHBz"
    "AbrZ2ct6AEV1LHaqbgGuQ/Cy+6U2736cL9/buabBq6wlp5gHiVJU/J+F5gknlUCJkSIUsYUQpnigSOH+xPEYi9x/Cw//9hv/Yc1/"
    "YDFTmlhhPp75/pLbf6PnN+g5T3oOsD95K8tbOL/l17d4VMsD6KpFkVAUC6jKszl/26vUK/MxGNcqRdqkWNNZNOh0X3QMPkdSm30M"
    "f9fAH73wDWYnJQWTwXw6YyQ1q/aayHzuDukZNMcPAAAANgEAAHic42NgYNjAysDABqQ5gJiTAQJYoXxGIG5ghdAgwATlMzB6+oL4"
    "fED8gAWhnwmLfhiGiLOA5Rihanyd/YNh5sxAMkcQqp4RTrOA1YL4vEDslpmTGl6UWFCQWhQfD9UfgaQfYR+ED7MTJg5Sr8GI298/"
    "0NQzQcWYoNgDiDOAeAIQ3wCFAVQeBhLzKhnSSvOSSzLz8+IzEvNSclLjy/OLsosLEpNTGbADJixi6OHHiEUMG2DEwkbXw4RG4wN8"
    "SPQOBtzhzMSAGc4eSOp50dSzoakH8SUgzLvoZjFCzbNgIC29obungXFg3c/ASJr7YeaA9CQyJDEkYwkHNgLmcELFjcGA/wC5+iHA"
    "y4Ey/RD3r2AgLR4IxTsDA/54p1R/BwP+cjICST0TlI9cTiKnI0rKSRAAAOEhLqM="
)



def test_a_matlab_file_of_handles_loads_what_needs_no_mcos(session, tmp_path):
    (tmp_path / "some_functions.mat").write_bytes(base64.b64decode("".join(MATLAB_FILE)))
    r = run(session, "S = load('some_functions.mat'); y = S.sqr(3); t = func2str(S.sqr); n = func2str(S.nCf); "
                     "names = fieldnames(S)';")
    assert session.get("y") == 9.0 and session.get("t") == "@(x)x.^2"       # MATLAB's sf%0 prefix dropped
    assert session.get("n") == "nCountFun"
    assert list(session.get("names").ravel()) == ["a", "b", "c", "sqr", "nCf"]
    assert "Variable 'parabola' was not loaded" in r.stdout and "MCOS" in r.stdout


def test_a_saved_handle_is_matlabs_function_class(session, tmp_path):
    import scipy.io
    from scipy.io.matlab import MatlabFunction
    run(session, "k = 2; f = @(x) k*x; g = @cos; save('h.mat', 'f', 'g');")
    data = scipy.io.loadmat(tmp_path / "h.mat")
    assert type(data["f"]) is MatlabFunction and data["f"].dtype.names == ("matlabroot", "separator", "sentinel",
                                                                          "function_handle")
    inner = data["f"][0, 0]["function_handle"][0, 0]
    assert (inner["function"][0], inner["type"][0]) == ("@(x)k*x", "anonymous")
    assert inner["workspace"][0, 0]["k"][0, 0] == 2.0                       # the captured value, as a struct
    simple = data["g"][0, 0]["function_handle"][0, 0]
    assert (simple["function"][0], simple["type"][0]) == ("cos", "simple")
    run(session, "clear; load('h.mat'); v = f(4) + g(0);")
    assert session.get("v") == 9.0


def test_a_handle_to_a_nested_function_is_refused(session, tmp_path):
    (tmp_path / "outer.m").write_text("function h = outer()\n  h = @inner;\n  function y = inner(x)\n"
                                      "    y = x + 1;\n  end\nend\n")
    r = session.execute("h = outer(); save('n.mat', 'h');")
    assert r.error is not None and r.error.identifier == "MATLAB:save:unsupportedClass"
    assert "nested function" in r.error.message


def test_structs_without_fields_save_load_and_append(session):
    """struct() saves as a struct without fields and loads back as one (it came back as a cell), inside
    structs and cells too, and save -append writes such variables of the file again (it was an internal
    error); a struct array without fields is refused by name."""
    run(session, "s = struct(); u.a = struct(); u.b = {struct(), 3}; save('e.mat', 's', 'u'); "
                 "x = 1; save('e.mat', 'x', '-append'); clear s u x; load('e.mat'); "
                 "c = {class(s), class(u.a), class(u.b{1})}; n = [numel(fieldnames(s)), size(s), u.b{2}, x];")
    assert [session.get("c")[0, k] for k in range(3)] == ["struct", "struct", "struct"]
    assert session.get("n").tolist() == [[0, 1, 1, 3, 1]]
    r = session.execute("q = repmat(struct(), 1, 3); save('f.mat', 'q');")
    assert r.error is not None and r.error.identifier == "MATLAB:save:unsupportedClass"
    assert "without fields" in r.error.message


def test_load_of_a_name_without_extension_reads_its_mat_file_first(session):
    """load('d') looks for d.mat (MATLAB's load page), also beside a text file d (a corpus program's
    save('d', ...) in Octave wrote one without the extension); a file d alone is read as text."""
    run(session, "x = 7; save('d', 'x'); fid = fopen('d', 'w'); fprintf(fid, '1 2\\n'); fclose(fid); "
                 "clear x; load('d'); fid = fopen('t', 'w'); fprintf(fid, '3 4\\n'); fclose(fid); load('t');")
    assert session.get("x")[0, 0] == 7.0 and session.get("t").tolist() == [[3.0, 4.0]]
