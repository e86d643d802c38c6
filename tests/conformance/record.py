"""Record expected values of conformance cases with GNU Octave (a development tool; tests never run it).

    python3 tests/conformance/record.py spec.txt > cases.py.txt

A spec holds blocks; each starts with a header line ``## <id>: <var> <var> ...`` followed by the
MATLAB code. Local functions may follow the script code as in MATLAB (they are moved in front for
Octave). The output is one ``case(...)`` line per block with the values Octave computed, written
with the constructors of harness.py; an error prints Octave's identifier and message as a comment
(the case must then record MATLAB's). Review every line against MATLAB before keeping it.
"""
from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
import tempfile

DUMP = r"""
function s = mf_json(v)
  sz = sprintf('%d,', size(v)); sz = ['[' sz(1:end-1) ']'];
  if ischar(v)
    d = jsonencode(v(:).');
  elseif isnumeric(v) || islogical(v)
    x = v(:).';
    if iscomplex(x)
      parts = arrayfun(@(z) sprintf('["%.17g","%.17g"]', real(z), imag(z)), x, 'UniformOutput', false);
    elseif isinteger(x)
      parts = arrayfun(@(z) sprintf('"%d"', z), x, 'UniformOutput', false);
    else
      parts = arrayfun(@(z) sprintf('"%.17g"', z), double(x), 'UniformOutput', false);
    end
    d = ['[' strjoin(parts, ',') ']'];
  elseif iscell(v)
    d = ['[' strjoin(cellfun(@mf_json, v(:).', 'UniformOutput', false), ',') ']'];
  elseif isstruct(v)
    f = fieldnames(v)'; rows = {};
    for k = 1:numel(v)
      rows{end+1} = ['[' strjoin(cellfun(@(n) mf_json(v(k).(n)), f, 'UniformOutput', false), ',') ']'];
    end
    names = cellfun(@(n) ['"' n '"'], f, 'UniformOutput', false);
    d = sprintf('[[%s],[%s]]', strjoin(names, ','), strjoin(rows, ','));
  elseif isa(v, 'function_handle')
    d = jsonencode(func2str(v));
  else
    d = '"?"';
  end
  s = sprintf('{"c":"%s","sz":%s,"d":%s}', class(v), sz, d);
end
"""

RUN = r"""
function mf_run(mf__file, mf__names)
  try
    run(mf__file);
  catch mf__err
    printf('@@ERR\t%s\t%s\n', mf__err.identifier, strrep(mf__err.message, "\n", ' '));
    return
  end
  for mf__k = 1:numel(mf__names)
    if exist(mf__names{mf__k}, 'var')
      printf('@@VAR\t%s\t%s\n', mf__names{mf__k}, mf_json(eval(mf__names{mf__k})));
    else
      printf('@@MISSING\t%s\n', mf__names{mf__k});
    end
  end
end
"""


def parse_spec(text: str) -> list[tuple[str, list[str], str]]:
    blocks = []
    for chunk in re.split(r"^## ", text, flags=re.M)[1:]:
        header, _, code = chunk.partition("\n")
        ident, _, names = header.partition(":")
        blocks.append((ident.strip(), names.split(), code.strip("\n")))
    return blocks


def octave_script(code: str) -> str:
    """Script code with MATLAB-style trailing local functions moved in front (Octave's order)."""
    lines = code.split("\n")
    start = next((k for k, line in enumerate(lines) if line.startswith("function ")), len(lines))
    return "1;\n" + "\n".join(lines[start:] + lines[:start]) + "\n"


def run_octave(blocks: list[tuple[str, list[str], str]]) -> list[list[str]]:
    with tempfile.TemporaryDirectory() as d:
        for name, text in (("mf_json.m", DUMP), ("mf_run.m", RUN)):
            open(os.path.join(d, name), "w").write(text)
        driver = []
        for k, (_, names, code) in enumerate(blocks):
            open(os.path.join(d, f"case_{k}.m"), "w").write(octave_script(code))
            cellnames = "{" + ",".join(f"'{n}'" for n in names) + "}"
            driver.append(f"printf('@@CASE\\t{k}\\n'); mf_run('case_{k}.m', {cellnames});")
        open(os.path.join(d, "driver.m"), "w").write("\n".join(driver) + "\n")
        p = subprocess.run(["octave-cli", "-q", "--no-window-system", "--eval", "driver"], cwd=d,
                           capture_output=True, text=True, errors="replace", timeout=600)
    out: list[list[str]] = [[] for _ in blocks]
    current = None
    for line in p.stdout.splitlines():
        if line.startswith("@@CASE\t"):
            current = out[int(line.split("\t")[1])]
        elif line.startswith("@@") and current is not None:
            current.append(line)
    return out


def number(text: str, cls: str) -> str:
    if cls in ("double", "single"):
        x = math.nan if text == "NA" else float(text)      # Octave's missing value prints as NA
        if math.isnan(x):
            return "nan"
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        return str(int(x)) if x == int(x) and abs(x) < 1e15 else repr(x)
    return text


def literal(v: dict) -> str:
    cls, size, d = v["c"], tuple(v["sz"]), v["d"]
    row = len(size) == 2 and size[0] == 1
    sz = "" if row else f", {size}"
    if cls == "char":
        default = (1, len(d)) if d else (0, 0)
        return f"C({d!r}{'' if size == default else f', {size}'})"
    if cls == "cell":
        return f"Cell([{', '.join(literal(e) for e in d)}]{sz})"
    if cls == "struct":
        names, rows = d
        if size == (1, 1):
            return "St(" + ", ".join(f"{n}={literal(x)}" for n, x in zip(names, rows[0])) + ")"
        elems = ", ".join("[" + ", ".join(literal(x) for x in r) + "]" for r in rows)
        return f"StArr({names!r}, [{elems}]{sz})"
    if cls == "function_handle":
        return f"FH({d!r})"
    if cls == "logical":
        vals = [str(int(float(x))) for x in d]
        return f"L({vals[0] if len(vals) == 1 and size == (1, 1) else '[' + ', '.join(vals) + ']'}{sz})"
    if d and isinstance(d[0], list):
        vals = [f"complex({number(a, cls)}, {number(b, cls)})" for a, b in d]
    else:
        vals = [number(x, cls) for x in d]
    body = vals[0] if len(vals) == 1 and size == (1, 1) else "[" + ", ".join(vals) + "]"
    return f"D({body}{sz})" if cls == "double" else f"num({cls!r}, {body}{sz})"


def render(ident: str, code: str, lines: list[str]) -> str:
    args, notes = [], []
    for line in lines:
        parts = line.split("\t")
        if parts[0] == "@@VAR":
            args.append(f"{parts[1]}={literal(json.loads(parts[2]))}")
        elif parts[0] == "@@ERR":
            args.append('error=("?", "?")')
            notes.append(f"  # octave: {parts[1]}: {parts[2]}")
        else:
            notes.append(f"  # octave: {parts[1]} undefined")
    return "\n".join(notes + [f"    case({ident!r}, {code!r}, {', '.join(args)}),"])


def main(argv: list[str]) -> int:
    blocks = parse_spec(open(argv[0]).read())
    for (ident, _, code), lines in zip(blocks, run_octave(blocks)):
        print(render(ident, code, lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
