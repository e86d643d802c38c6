"""Run a corpus of MATLAB programs written elsewhere through matfuse and GNU Octave, and compare them.

    python3 tests/corpus/run.py CORPUS/owner+name ...                every script under these folders
    python3 tests/corpus/run.py ROOT --only Chapter12 --show           matching programs, with both outputs
    python3 tests/corpus/run.py ROOT --jobs 2 --timeout 30 --json out.json
    python3 tests/corpus/run.py ROOT --device gpu ...                  the same programs on the GPU paths
    python3 tests/corpus/run.py --reclassify out.json                  classify an earlier run's answers again

The corpus is never part of this repository (other people's code, under their licences): copy it
elsewhere, e.g. the .m files of a snapshot, and point the driver at those folders (docs/testing.md lists
the repositories and commits used so far). A program is a script file (its first statement is not
``function``) and runs with its own folder as the working folder, so function files beside it are found
as MATLAB finds them. matfuse runs it in a fresh ``Session(device="cpu")`` (``--device gpu`` or
``auto``: the same programs on the GPU's paths), in worker processes that serve many programs (a
program still running at ``--timeout`` is interrupted, one that ignores the interrupt ends its worker);
Octave runs it with ``octave-cli`` (answers cached under ``--cache`` by the file's content; Octave's ``pause``, which waits for a key, is made to return at once, and its gnuplot
draws on no terminal; ``run`` starts from an empty folder and changes to the program's own, so a
program's stat.m cannot shadow the function run itself calls). Neither gets standard input.

Each program gets one class:
- ``pass``: both ran to the end, printed the same numbers (to the digits each printed, layout ignored:
  size headers, column groups, MATLAB's ``1.0e+03 *`` factor, Octave's cell indices; matfuse's
  ``Warning:`` lines, as Octave's go to stderr) and left the same
  numeric and char variables (to 1e-6; graphics handles and arrays over 4M elements aside);
- ``output differs`` / ``workspace differs``: both ran, the answers differ (read them with ``--show``:
  a wrong answer, or a difference of display or algorithm);
- ``parse error``, ``internal error``, ``missing function`` (MATLAB:UndefinedFunction for a name that is
  no file of the corpus), ``error`` (any other MATLAB error where Octave ran), ``timeout``;
- ``octave-only syntax``: matfuse failed on Octave's own language (``#`` comments, ``endfunction``,
  ``!=``, ``x += 1``, ``.-``, ``printf``, ``rows``, ``shift``, ``e``...): not MATLAB, not matfuse's to run;
- ``nondeterministic``: matfuse ran it to the end, but it (or a function file of its folder that it
  calls) uses random numbers or the clock: not compared;
- ``both fail``: both stopped with an error (a toolbox function, a missing data file, input()...; the
  detail shows both messages, which may differ);
- ``octave fails``: matfuse ran it, Octave stopped with an error (Octave gaps, MATLAB-only forms);
- ``expected difference``: a class that was read and judged (expected.py gives the program, its class
  and why: MATLAB's documented behaviour where Octave differs, non-unique answers, or noise).
The driver prints one line per program and a table of the classes; it never changes the corpus.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from expected import EXPECTED

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent                      # the checkout whose engine runs the programs
OCTAVE_ONLY = re.compile(r"^\s*#|\bend(function|if|while|for|switch|_try_catch|_unwind_protect)\b|"
                         r"\bprintf\s*\(|\+\+|--\s*;|[-+*/]=|!=|^\s*!|\s\.[-+](?!\d)|^\s*do\s*$", re.M)
OCTAVE_MESSAGES = ("is Octave syntax", "Invalid use of '!'", "The input character '#'",
                   "MATLAB has no compound assignment")    # matfuse's parse errors for Octave's syntax
OCTAVE_FUNCTIONS = {"rows", "columns", "shift", "printf", "puts", "fputs", "fdisp", "fflush", "pkg",
                    "nthargout", "print_usage", "isargout", "lookup", "is_function_handle", "ostrsplit",
                    "substr", "index", "rindex", "postpad", "prepad", "merge", "ifelse", "usleep", "kbhit",
                    "OCTAVE_VERSION", "stdout", "cstrcat", "page_screen_output",
                    "graphics_toolkit", "available_graphics_toolkits", "argv", "program_name", "octave", "e"}
GRAPHICS = ("figure|gcf|gca|axes|subplot|plot|plot3|line|text|patch|fill|surf|surfc|mesh|meshc|contour|"
            "contourf|contour3|bar|barh|bar3|scatter|scatter3|quiver|quiver3|legend|title|xlabel|ylabel|"
            "zlabel|colorbar|stem|stairs|area|errorbar|semilogx|semilogy|loglog|histogram|hist|pie|"
            "imagesc|image|imshow|annotation|xline|yline|fplot|fsurf|tiledlayout|nexttile|sgtitle|"
            "uicontrol|animatedline|gobjects|light|findobj|copyobj|get|polarplot|polar|comet|ezplot|plotyy|surface")
HANDLE = re.compile(rf"\b([A-Za-z]\w*)\s*(?:\([^()=]*\))?\s*=\s*(?:{GRAPHICS})\s*(?:\(|$|;|,)", re.M)
RANDOM = re.compile(r"\b(?:rand|randn|randi|randperm|toc|clock|now|cputime|datetime)\b")   # answers vary
NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|\b(?:NaN|Inf)\b")
LAYOUT = re.compile(r"\d+(?:×\d+)+|\[\d+(?:,\d+)+\] =|\[\]\(\d+x\d+\)")   # MATLAB's size headers, Octave's
                                                                            # cell indices and empties
COLUMNS = re.compile(r"^\s*Columns? (\d+)(?:\s+(?:through|and|to)\s+\d+)?:?\s*$")
SCALE = re.compile(r"^\s*(\d\.\d+e[-+]\d+)\s*\*\s*$")
HEADER_AFTER_TEXT = re.compile(r"^(.*\S)\s+(\d\.\d+e[-+]\d+\s*\*|Columns? \d+(?:\s+(?:through|and|to)\s+\d+)?:?)\s*$",
                               re.M)      # a scale or column header after fprintf('K: '), before disp(K)
TEXT = re.compile(r"[A-Za-df-z_=]")


# ---------------------------------------------------------------------------------------- programs
def is_script(text: str) -> bool:
    """A script's first statement is not ``function``; comments (``%{ ... %}`` blocks too) and blank
    lines come before either."""
    depth = 0
    for line in text.splitlines():
        code = line.strip()
        depth += (code == "%{") - (code == "%}")
        if code and depth == 0 and not code.startswith(("%", "#")):
            return not re.match(r"function\b", code)
    return False


def read(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def programs(roots: list[str], only: str | None) -> list[Path]:
    found = []
    for root in roots:
        for path in sorted(Path(root).rglob("*.m")):
            if (only is None or only in str(path)) and is_script(read(path)):
                found.append(path)
    return found


# ---------------------------------------------------------------------------------------- matfuse
def worker() -> None:
    """Serve jobs from stdin (one JSON object a line), answering each on the real stdout."""
    import threading
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)                              # anything else printed goes to stderr
    sys.stdout = sys.stderr
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("MPLBACKEND", "Agg")
    from engine import Session
    for line in sys.stdin:
        job = json.loads(line)
        os.chdir(job["cwd"])
        session = Session(device=job["device"], max_output=200_000)
        timer = threading.Timer(job["timeout"], session.interrupt)
        timer.start()
        start = time.perf_counter()
        result = session.execute(read(Path(job["path"])), Path(job["path"]).stem)
        timer.cancel()
        error = result.error
        answer = {"stdout": result.stdout, "seconds": time.perf_counter() - start,
                  "error": None if error is None else [error.identifier, error.message],
                  "variables": variables({k: session.get(k) for k in list(session.workspace)})}
        out.write(json.dumps(answer) + "\n")
        out.flush()


def packed(value) -> str:
    """A numeric array's elements (column-major, as complex128) in base64: a tenth of the memory of a
    JSON list when a run's results are read back."""
    import base64
    import numpy as np
    return base64.b64encode(np.asarray(value, dtype=np.complex128).ravel(order="F").tobytes()).decode()


def unpacked(data):
    """The elements that ``packed`` stored (or the [re, im] pairs of results written before it)."""
    import base64
    import numpy as np
    if isinstance(data, str):
        return np.frombuffer(base64.b64decode(data), dtype=np.complex128)
    return np.array([complex(*z) for z in data], dtype=np.complex128)


BIG = 1 << 22      # elements: a larger array is not compared (a program's 2^26-point FFT made one answer
                   # line of 2.9 GB, more than the driver could read back)


def variables(values: dict) -> dict:
    """Numeric, logical and char values as [kind, shape, data] (JSON); others, and arrays of more than BIG
    elements, are left out."""
    import numpy as np
    kept = {}
    for name, value in values.items():
        if isinstance(value, str):
            kept[name] = ["char", [1, len(value)], value]
        elif isinstance(value, np.ndarray) and value.dtype.kind in "biufc" and value.size <= BIG:
            kept[name] = ["num", list(value.shape), packed(value)]
    return kept


class Worker:
    def __init__(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                     env=env, cwd=str(ROOT))

    def submit(self, path: Path, timeout: float, device: str) -> None:
        self.proc.stdin.write(json.dumps({"path": str(path), "cwd": str(path.parent),
                                          "timeout": timeout, "device": device}) + "\n")
        self.proc.stdin.flush()
        self.deadline = time.monotonic() + timeout + 60      # a cold start, then the interrupt's grace

    def poll(self) -> dict | None:
        """The answer if it came, {"timeout": True} past the deadline (the worker is ended), else None."""
        ready, _, _ = select.select([self.proc.stdout], [], [], 0)
        if ready:
            line = self.proc.stdout.readline()
            if line:
                return json.loads(line)
            return {"crash": True}
        if time.monotonic() > self.deadline:
            self.proc.kill()
            return {"timeout": True}
        return None


# ---------------------------------------------------------------------------------------- Octave
OCTAVE_PAUSE = "function pause(varargin)\nend\n"   # Octave's pause waits for a key that never comes
OCTAVE_ENV = dict(os.environ, GNUTERM="unknown")     # figure(n) of an existing figure makes it visible
                                                     # again: gnuplot would draw it as text on stdout
OCTAVE_RUN = r"""
warning('off', 'Octave:shadowed-function'); addpath('{shims}');
set(0, 'defaultfigurevisible', 'off'); more off;
try
  run('{path}');
catch mfz_err__
  fprintf('\n@@ERROR %s\n', mfz_err__.message);
end
mfz_names__ = who; mfz_keep__ = {{}};
for mfz_i__ = 1:numel(mfz_names__)
  mfz_v__ = eval(mfz_names__{{mfz_i__}});
  if (isnumeric(mfz_v__) || islogical(mfz_v__) || ischar(mfz_v__)) && ~issparse(mfz_v__) ...
      && isempty(strfind(mfz_names__{{mfz_i__}}, '__')) && ndims(mfz_v__) == 2
    mfz_keep__{{end+1}} = mfz_names__{{mfz_i__}};
  end
end
save('-v7', '{mat}', mfz_keep__{{:}});
"""


def functions_first(text: str) -> str | None:
    """The script with its local functions (those after its code, where MATLAB puts them) moved before
    the code, as Octave needs them (it finds only functions defined before their use); None for a
    script without local functions."""
    lines = text.splitlines()
    depth, seen_code = 0, False
    for k, line in enumerate(lines):
        code = line.strip()
        depth += (code == "%{") - (code == "%}")
        if not code or depth or code.startswith(("%", "#")):
            continue
        if seen_code and re.match(r"function\b", code):
            return "1;\n" + "\n".join(lines[k:]) + "\n" + "\n".join(lines[:k]) + "\n"
        seen_code = True
    return None


def octave(path: Path, timeout: float, cache: Path) -> dict:
    """Octave's answer for one program (cached by its text, path and the way it is run). A script with
    local functions runs as a copy with those functions first, sourced from its own folder."""
    reordered = functions_first(read(path))
    template = OCTAVE_RUN if reordered is None else OCTAVE_RUN.replace(
        "run('{path}');", "cd('{folder}'); source('{copy}');")
    key = hashlib.sha256(path.read_bytes() + str(path).encode() + template.encode()).hexdigest()[:20]
    cached = cache / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    with tempfile.TemporaryDirectory() as tmp:
        mat = os.path.join(tmp, "vars.mat")
        Path(tmp, "pause.m").write_text(OCTAVE_PAUSE)
        copy = Path(tmp, "reordered", path.name)
        if reordered is not None:
            copy.parent.mkdir()
            copy.write_text(reordered)
        quoted = {name: str(value).replace("'", "''") for name, value in
                  (("path", path), ("folder", path.parent), ("copy", copy))}
        code = template.format(**quoted, mat=mat, shims=tmp)
        try:
            proc = subprocess.run(["octave-cli", "-q", "--no-window-system", "--norc", "--eval", code],
                                  cwd=tmp, stdin=subprocess.DEVNULL, capture_output=True, env=OCTAVE_ENV,
                                  text=True, errors="replace", timeout=timeout + 30)
            stdout = proc.stdout
        except subprocess.TimeoutExpired as exc:
            stdout = (exc.stdout or b"").decode(errors="replace") if isinstance(exc.stdout, bytes) \
                else (exc.stdout or "")
            stdout += "\n@@ERROR timeout\n"
        error = None
        match = re.search(r"\n@@ERROR (.*)\n", stdout)
        if match:
            error, stdout = match.group(1), stdout[:match.start()]
        answer = {"stdout": stdout, "error": error, "variables": octave_variables(mat)}
    cached.write_text(json.dumps(answer))
    return answer


def octave_variables(mat: str) -> dict:
    import numpy as np
    import scipy.io
    try:
        data = scipy.io.loadmat(mat, squeeze_me=False, chars_as_strings=False)
    except Exception:                      # noqa: BLE001 - no file (Octave died) or one scipy cannot read
        return {}
    kept = {}
    for name, value in data.items():
        if name.startswith("__") or not isinstance(value, np.ndarray) or value.size > BIG:
            continue
        if value.dtype.kind == "U":
            kept[name] = ["char", list(value.shape), "".join(value.ravel(order="F").tolist())]
        elif value.dtype.kind in "biufc":
            kept[name] = ["num", list(value.shape), packed(value)]
    return kept


# ---------------------------------------------------------------------------------------- comparing
Printed = tuple[float, float]        # a number as printed, and the step of its last printed digit


def printed(token: str, scale: float) -> Printed:
    """A printed number and its resolution: ``0.0067`` is 0.0067 +- 0.00005; an integer (no point, no
    exponent) is exact, as MATLAB and Octave print only whole values so."""
    value = float(token) * scale
    mantissa, _, exponent = token.lower().partition("e")
    if "." not in mantissa:
        return value, 0.0
    decimals = len(mantissa.split(".")[1])
    return value, abs(scale) * 10.0 ** (int(exponent or 0) - decimals)


def numbers(text: str) -> list[Printed]:
    """The numbers printed, without layout (size headers, cell indices) and with MATLAB's common scale
    factor (``1.0e+03 *``) applied to the matrix under it. A matrix printed in column groups
    (``Columns 1 through 8``: the two programs split wide matrices at different columns) is put back
    together row by row. A factor or a column header may follow text on its line (``fprintf('K: ');
    disp(K)``)."""
    found: list[Printed] = []
    groups: list[list[list[Printed]]] | None = None   # the column groups of one matrix, each its rows
    scale, width = 1.0, None          # the factor, and the row length of the matrix it applies to
    for line in HEADER_AFTER_TEXT.sub(r"\1\n\2", LAYOUT.sub("", text)).splitlines():
        header = COLUMNS.match(line)
        if header:
            if groups is None or int(header.group(1)) == 1:
                found.extend(joined(groups))
                groups = []
            groups.append([])
            width = None
            continue
        match = SCALE.match(line)
        if match:
            scale, width = float(match.group(1)), None
            continue
        is_text = bool(TEXT.search(line.replace("NaN", "").replace("Inf", "")))
        tokens = NUMBER.findall(line)
        if tokens and width is None:
            width = len(tokens)
        if is_text or (tokens and len(tokens) != width):
            scale = 1.0               # a line of another kind or length: the scaled matrix has ended
        row = [printed(t, scale) for t in tokens]
        if groups is not None and not is_text:
            if row:
                groups[-1].append(row)
            continue
        found.extend(joined(groups))
        groups = None
        found.extend(row)
    return found + joined(groups)


def joined(groups: list[list[list[Printed]]] | None) -> list[Printed]:
    """The numbers of column groups in row order (in group order where their row counts differ)."""
    if not groups:
        return []
    if len({len(rows) for rows in groups}) != 1:
        return [n for rows in groups for row in rows for n in row]
    return [n for k in range(len(groups[0])) for rows in groups for n in rows[k]]


def same_numbers(a: list[Printed], b: list[Printed]) -> bool:
    """The same count of numbers, each pair equal within what both printed (half a last digit each)
    plus 0.2% and 1e-4."""
    import math
    if len(a) != len(b):
        return False
    return all(x == y or (math.isnan(x) and math.isnan(y)) or
               abs(x - y) <= (rx + ry) / 2 + 2e-3 * max(abs(x), abs(y)) + 1e-4
               for (x, rx), (y, ry) in zip(a, b))


def without_warnings(text: str) -> str:
    """matfuse's output less its ``Warning: ...`` lines: MATLAB writes warnings in the command window,
    Octave on stderr, which is not compared."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("Warning: "))


def differing_variables(mine: dict, theirs: dict) -> list[str]:
    import numpy as np
    names = []
    for name in sorted(set(mine) & set(theirs)):
        (kind, shape, data), (kind2, shape2, data2) = mine[name], theirs[name]
        if kind == "char" and kind2 == "char":
            if data != data2:
                names.append(name)
            continue
        if kind != kind2 or list(shape) != list(shape2):
            if not (kind == "char" or kind2 == "char"):
                names.append(name)
            continue
        a, b = unpacked(data), unpacked(data2)
        if not np.allclose(a, b, rtol=1e-6, atol=1e-9 * (1 + np.max(np.abs(b[np.isfinite(b)]), initial=0)),
                           equal_nan=True):
            names.append(name)
    return names


def missing_name(message: str) -> str | None:
    match = re.search(r"Unrecognized function or variable '(\w+)'", message)
    return match.group(1) if match else None


def classify(path: Path, root: Path, mine: dict, theirs: dict) -> tuple[str, str]:
    """(class, detail) of one program."""
    code = strip_strings_and_comments(read(path))
    octave_only = bool(OCTAVE_ONLY.search(code))
    if mine.get("timeout"):
        return ("octave-only syntax" if octave_only else "timeout"), ""
    if mine.get("crash"):
        return "internal error", "the worker died"
    error = mine["error"]
    if error is not None:
        ident, message = error
        name = missing_name(message)
        if octave_only or name in OCTAVE_FUNCTIONS or any(m in message for m in OCTAVE_MESSAGES):
            return "octave-only syntax", message
        if ident == "MATLAB:interrupt":
            return "timeout", ""
        if theirs["error"] is not None:
            return "both fail", f"{message} | Octave: {theirs['error']}"
        if ident == "MATLAB:parse":
            return "parse error", message
        if ident == "MATLAB:internal":
            return "internal error", message
        if ident == "MATLAB:UndefinedFunction" and name and not any(root.rglob(name + ".m")):
            return "missing function", name
        return "error", f"{ident}: {message}"
    if theirs["error"] is not None:
        return "octave fails", theirs["error"]
    if uses_random(path.parent, code):
        return "nondeterministic", "ran; random numbers or the clock, so not compared"
    if not same_numbers(numbers(without_warnings(mine["stdout"])), numbers(theirs["stdout"])):
        return "output differs", ""
    handles = set(HANDLE.findall(code))             # graphics handles: numbers of each program's own
    differ = [name for name in differing_variables(mine["variables"], theirs["variables"])
              if name not in handles]
    if differ:
        return "workspace differs", " ".join(differ)
    return "pass", ""


def uses_random(folder: Path, code: str) -> bool:
    """Whether the code, or a function file of its folder whose name it uses (and so on), draws random
    numbers or reads the clock: a book's ``saopt(...)`` calls ``rand`` in saopt.m."""
    seen: set[str] = set()
    todo = [code]
    while todo:
        text = todo.pop()
        if RANDOM.search(text):
            return True
        for name in set(re.findall(r"\b[A-Za-z]\w*\b", text)) - seen:
            seen.add(name)
            called = folder / f"{name}.m"
            if called.is_file() and not is_script(read(called)):     # a script's name is often a variable's
                todo.append(strip_strings_and_comments(read(called)))
    return False


def judged(program: str, klass: str, detail: str) -> tuple[str, str]:
    """``expected difference`` (with the reason) for a program whose class is the one EXPECTED lists
    for it; any other class stands (a change shows)."""
    listed = EXPECTED.get(program)
    if listed and listed[0] == klass:
        return "expected difference", listed[1]
    return klass, detail


def strip_strings_and_comments(source: str) -> str:
    """The code without '...' / "..." literals and % comments (a rough cut, for the syntax check)."""
    out = []
    for line in source.splitlines():
        line = re.sub(r"(?<![\w)\].'])'[^'\n]*'|\"[^\"\n]*\"", "''", line)
        out.append(line.split("%", 1)[0])
    return "\n".join(out)


# ---------------------------------------------------------------------------------------- driver
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("roots", nargs="*")
    parser.add_argument("--only", help="run the programs whose path contains this text")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds a program may run")
    parser.add_argument("--device", choices=("cpu", "gpu", "auto"), default="cpu",
                        help="matfuse's device (Session(device=...))")
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "matfuse-corpus-octave"))
    parser.add_argument("--json", help="write every program's results here")
    parser.add_argument("--show", action="store_true", help="print both outputs of each program")
    parser.add_argument("--reclassify", help="classify the programs of an earlier --json file again")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    opts = parser.parse_args()
    if opts.worker:
        worker()
        return 0
    cache = Path(opts.cache)
    cache.mkdir(parents=True, exist_ok=True)
    if opts.reclassify:        # matfuse's earlier answers against Octave's (from the cache, or run again)
        earlier = json.loads(Path(opts.reclassify).read_text())
        answers = (((Path(r["root"]), Path(r["path"])), r["matfuse"],
                    octave(Path(r["path"]), opts.timeout, cache)) for r in earlier
                   if (opts.only is None or opts.only in r["path"]) and is_script(read(Path(r["path"]))))
    else:
        todo = [(Path(r).resolve(), p.resolve()) for r in opts.roots for p in programs([r], opts.only)]
        print(f"{len(todo)} programs", flush=True)
        answers = ((job, mine, octave(job[1], opts.timeout, cache))
                   for job, mine in run_matfuse(todo, opts.jobs, opts.timeout, opts.device))
    results, classes = [], Counter()
    for (root, path), mine, theirs in answers:
        rel = path.relative_to(root.parent)
        klass, detail = judged(str(rel), *classify(path, root, mine, theirs))
        classes[klass] += 1
        print(f"{klass:20s} {rel}  {detail[:150]}", flush=True)
        if opts.show:
            print(f"--- matfuse ({mine.get('seconds', 0):.1f} s) error={mine.get('error')}\n"
                  f"{mine.get('stdout', '')[:4000]}\n--- Octave error={theirs['error']}\n"
                  f"{theirs['stdout'][:4000]}\n---")
        compared = not (mine.get("timeout") or mine.get("crash") or mine["error"] or theirs["error"])
        results.append({"program": str(rel), "root": str(root), "path": str(path), "class": klass,
                        "detail": detail,     # variables only where they were compared (sizes: 1 GB)
                        "matfuse": mine if compared else {**mine, "variables": {}},
                        "octave": theirs if compared else {**theirs, "variables": {}}})
    print("\n| class | programs |\n| --- | --- |")
    for klass, count in classes.most_common():
        print(f"| {klass} | {count} |")
    if opts.json:
        Path(opts.json).write_text(json.dumps(results))
    return 0


def run_matfuse(todo: list, jobs: int, timeout: float, device: str):
    """Yield ((root, path), answer) as the workers finish them (in no fixed order)."""
    pending = list(todo)
    busy: dict[Worker, tuple] = {}
    idle = [Worker() for _ in range(min(jobs, len(todo)))]
    while pending or busy:
        while pending and idle:
            w = idle.pop()
            busy[w] = pending.pop(0)
            w.submit(busy[w][1], timeout, device)
        for w in list(busy):
            answer = w.poll()
            if answer is None:
                continue
            job = busy.pop(w)
            if answer.get("timeout") or answer.get("crash"):
                w.proc.kill()
                w = Worker()
            idle.append(w)
            yield job, answer
        time.sleep(0.05)
    for w in idle:
        w.proc.stdin.close()
        w.proc.wait()


if __name__ == "__main__":
    sys.exit(main())
