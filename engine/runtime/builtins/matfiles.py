"""save and load: MAT-files (version 5/7 through scipy.io) and ASCII numeric text.

Engine values and scipy.io's forms: numeric and logical arrays as themselves, sparse matrices as
scipy.sparse matrices (a logical one loads back as double: scipy.io keeps no logical flag for them),
char arrays as rows of text, cell arrays as object arrays, structs as record arrays. Function handles
are MATLAB's function class (mxFUNCTION_CLASS: a struct of matlabroot, separator, sentinel and
function_handle, whose fields are function, type, file and, for an anonymous function, workspace),
written by a scipy writer that knows that class; the workspace of an anonymous function is written as a
struct of its captured values ([] when it captured none). MATLAB writes that workspace in its undocumented MCOS part, which is not
read: such a handle loads when its body names no variable (only its parameters and functions). String
arrays and MATLAB objects have no form scipy.io can write (MATLAB keeps them in MCOS too), so save
rejects them with an error; load skips such variables with a warning.
"""
from __future__ import annotations

import os
import re
import warnings

import numpy as np
import scipy
import scipy.sparse

from ..errors import MatlabError
from ..sparse import from_matrix
from ..values import (CellArray, CharArray, FunctionHandle, SparseMatrix, StructArray, Value, class_of, fold_columns,
                      normalize_shape, simplify, size_of, to_array)
from .registry import builtin
from .textutil import text_arg
from .workspace import selected_names

_OPTIONS = ("-append", "-ascii", "-double", "-tabs", "-mat", "-struct", "-regexp", "-v4", "-v6", "-v7",
            "-v7.3", "-nocompression")


# -- engine values <-> scipy.io ---------------------------------------------------------------------

SAVE_DEPTH = 2000      # cells and structs nested deeper than this are refused (scipy's writer recurses)


def to_saved(value: Value, name: str, depth: int = 0) -> object:
    """The scipy.io form of an engine value."""
    t = type(value)
    if depth > SAVE_DEPTH:
        raise MatlabError("MATLAB:save:nestingTooDeep",
                          f"Variable '{name}' cannot be saved: cells and structs nested more than {SAVE_DEPTH} "
                          "levels deep are not supported.")
    if t in (float, bool, complex):
        return np.array([[value]])
    if t is np.ndarray:
        return value
    if t is SparseMatrix:
        return value.data
    if t is CharArray:
        if value.codes.size == 0:
            return np.zeros(size_of(value), dtype="<U1")
        rows = value.rows()
        return rows[0] if len(rows) == 1 else np.array(rows)
    if t is CellArray:
        out = np.empty(value.shape, dtype=object)
        for index, item in np.ndenumerate(value.data):
            out[index] = to_saved(item, name, depth + 1)
        return out
    if t is FunctionHandle:
        return _saved_handle(value, name, depth)
    if t is StructArray and value.classname == "struct":
        if not value.fields:             # scipy writes a dict as a struct without fields (loads as None)
            if value.data.size != 1:
                raise MatlabError("MATLAB:save:unsupportedClass",
                                  f"Variable '{name}' is a struct array without fields, which cannot be saved "
                                  "to a MAT-file here (a 1x1 struct without fields can).")
            return {}
        out = np.empty(value.shape, dtype=[(f, object) for f in value.fields])
        for index, record in np.ndenumerate(value.data):
            out[index] = tuple(to_saved(record[f], name, depth + 1) for f in value.fields)
        return out
    raise MatlabError("MATLAB:save:unsupportedClass",
                      f"Variable '{name}' of class {class_of(value)} cannot be saved to a MAT-file here "
                      "(only numeric, logical, char, cell, struct and function handle values).")


def _saved_handle(handle: FunctionHandle, name: str, depth: int) -> object:
    """MATLAB's function class of a handle (a MatlabFunction, which the writer of write_mat5 writes)."""
    from scipy.io.matlab import MatlabFunction
    if handle.env is not None:
        raise MatlabError("MATLAB:save:unsupportedClass", f"Variable '{name}' is a handle to a nested function, "
                          "which cannot be saved to a MAT-file here.")
    record = {"function": handle.text if handle.params is not None else handle.name,
              "type": "anonymous" if handle.params is not None else "simple", "file": np.zeros((0, 0), dtype="<U1")}
    if handle.params is not None:        # its captured values; [] for none (scipy reads a struct of no fields as a cell)
        record["workspace"] = to_saved(StructArray.scalar(dict(handle.captured)), name, depth + 1) \
            if handle.captured else np.zeros((0, 0))
    inner = np.empty((1, 1), dtype=[(f, object) for f in record])
    inner[0, 0] = tuple(record.values())
    outer = np.empty((1, 1), dtype=[(f, object) for f in ("matlabroot", "separator", "sentinel", "function_handle")])
    outer[0, 0] = ("", "/", "@", inner)
    return MatlabFunction(outer)


def _loaded_handle(value: np.ndarray, ctx) -> Value | None:
    """A function handle from MATLAB's function class as scipy.io reads it (a MatlabFunction); None for
    one that cannot be made here (a nested or local function; an anonymous function whose captured
    values are in MATLAB's MCOS part while its body names variables)."""
    from scipy.io.matlab import MatlabOpaque
    try:
        record = value.ravel()[0]["function_handle"].ravel()[0]
        text, kind = ("".join(np.asarray(record[f]).ravel().tolist()) for f in ("function", "type"))
    except (IndexError, KeyError, ValueError, TypeError):
        return None
    if ctx is None or kind not in ("simple", "anonymous"):
        return None
    text = re.sub(r"^sf%\d+", "", text)         # MATLAB's prefix of an anonymous function's text
    workspace = record["workspace"] if "workspace" in (record.dtype.names or ()) else None
    if kind == "anonymous" and (workspace is None or isinstance(workspace, MatlabOpaque)):
        if any(ctx.function_exists(word) is None for word in _free_names(text)):
            return None
        workspace = None
    try:
        handle = ctx.make_handle(text if kind == "anonymous" else text.lstrip("@"))
    except MatlabError:
        return None
    captured = from_saved(workspace, ctx) if kind == "anonymous" and workspace is not None else None
    if type(captured) is StructArray and captured.data.size == 1:
        handle.captured = dict(captured.data.flat[0])
    return handle


def _free_names(text: str) -> set[str]:
    """The names an anonymous function's text uses besides its parameters (quoted text and field names
    left out)."""
    match = re.match(r"@\s*\(([^)]*)\)(.*)", text, re.S)
    if match is None:
        return set()
    params = {p.strip() for p in match.group(1).split(",")}
    body = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"", "", match.group(2))
    return {w for w in re.findall(r"(?<![\w.])[A-Za-z]\w*", body)} - params - {"end"}


def from_saved(value: object, ctx=None) -> Value | None:
    """The engine value of what scipy.io.loadmat read (None for what it cannot represent; function handles
    need ctx to be made)."""
    from scipy.io.matlab import MatlabFunction
    if isinstance(value, MatlabFunction):
        return _loaded_handle(value, ctx)
    if isinstance(value, str):
        return CharArray.from_str(value)
    if scipy.sparse.issparse(value):
        return from_matrix(value)
    if not isinstance(value, np.ndarray):
        return None
    if value.dtype.kind == "U":
        codes = np.vectorize(lambda ch: ord(ch) if ch else 0, otypes=[np.uint16])(value) if value.size else \
            np.zeros(value.shape, dtype=np.uint16)
        return CharArray(codes.reshape(normalize_shape(value.shape), order="F") if value.ndim != 2 else codes)
    if value.dtype.names:
        fields = list(value.dtype.names)
        data = np.empty(value.shape, dtype=object)
        for index, record in np.ndenumerate(value):
            data[index] = {f: _loaded_or_empty(record[f], ctx) for f in fields}
        return StructArray(fields, data)
    if value.dtype == object:
        data = np.empty(value.shape, dtype=object)
        if value.size == 1 and value.flat[0] is None:     # a struct without fields (MATLAB's, Octave's, ours)
            data[0, 0] = {}
            return StructArray([], data)
        for index, item in np.ndenumerate(value):
            data[index] = _loaded_or_empty(item, ctx)
        return CellArray(data)
    if value.dtype.kind in "biufc":
        return simplify(value.reshape(normalize_shape(value.shape), order="F") if value.ndim != 2 else value)
    return None


def _loaded_or_empty(item: object, ctx=None) -> Value:
    loaded = from_saved(item, ctx)
    return np.zeros((0, 0)) if loaded is None else loaded


def write_mat5(path: str, contents: dict[str, object], compress: bool) -> None:
    """scipy.io.savemat's version 5 writing, with a variable writer that also writes MATLAB's function
    class (scipy's refuses it)."""
    import zlib
    from io import BytesIO

    from scipy.io.matlab import MatlabFunction
    from scipy.io.matlab._mio5 import NDT_TAG_FULL, MatFile5Writer, VarWriter5, miCOMPRESSED
    from scipy.io.matlab._mio5_params import mxFUNCTION_CLASS

    class Writer(VarWriter5):
        def write(self, arr: object) -> None:
            if not isinstance(arr, MatlabFunction):
                return super().write(arr)
            start = self.file_stream.tell()
            self.write_header((1, 1), mxFUNCTION_CLASS)
            self.write(np.asarray(arr))            # the struct, as a matrix element of its own
            self.update_matrix_tag(start)
            return None

    stream = BytesIO()             # the whole file first: a value that cannot be written leaves the old file
    file = MatFile5Writer(stream, unicode_strings=True, oned_as="row")
    file.write_file_header()
    writer = Writer(file)
    for name, value in contents.items():
        if not compress:
            writer.write_top(value, name.encode("latin1"), False)
            continue
        writer.file_stream = BytesIO()
        writer.write_top(value, name.encode("latin1"), False)
        packed = zlib.compress(writer.file_stream.getvalue())
        tag = np.empty((), NDT_TAG_FULL)
        tag["mdtype"], tag["byte_count"] = miCOMPRESSED, len(packed)
        stream.write(tag.tobytes())
        stream.write(packed)
    with open(path, "wb") as out:
        out.write(stream.getvalue())


def read_mat(path: str) -> dict[str, object]:
    """The variables of a MAT-file, in the classes MATLAB stored (complex values kept)."""
    options = dict(chars_as_strings=False, squeeze_me=False, struct_as_record=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        data = scipy.io.loadmat(path, mat_dtype=True, **options)
    if any(issubclass(w.category, np.exceptions.ComplexWarning) for w in caught):
        stored = scipy.io.loadmat(path, mat_dtype=False, **options)   # mat_dtype drops imaginary parts
        for key, value in stored.items():
            if isinstance(value, np.ndarray) and value.dtype.kind == "c":
                wide = np.complex64 if data[key].dtype == np.float32 else np.complex128
                data[key] = value.astype(wide)
    return {k: v for k, v in data.items() if not k.startswith("__")}


def _written_again(value: object) -> object:
    """A value read_mat read, as savemat writes it back (save -append): a struct without fields, which
    loadmat reads as an object array holding None, as the dict that savemat writes as one."""
    if not isinstance(value, np.ndarray) or not (value.dtype == object or value.dtype.names):
        return value
    if value.dtype == object and value.size == 1 and value.flat[0] is None:
        return {}
    out = value.copy()
    for name in value.dtype.names or [None]:
        column = out if name is None else out[name]
        for index, item in np.ndenumerate(column):
            column[index] = _written_again(item)
    return out


# -- arguments --------------------------------------------------------------------------------------

def _split_args(args: tuple, fname: str) -> tuple[list[str], list[str]]:
    """(option words, other words) of save/load's text arguments."""
    words = [text_arg(a, fname, "Argument") for a in args]
    options = [w.lower() for w in words if w.startswith("-")]
    unknown = [o for o in options if o not in _OPTIONS]
    if unknown:
        raise MatlabError(f"MATLAB:{fname}:unknownOption", f"Unknown option '{unknown[0]}'.")
    return options, [w for w in words if not w.startswith("-")]


def _mat_path(name: str, must_exist: bool) -> str:
    """The file of a name without extension is name.mat (load reads a file of that very name only when
    there is no name.mat: load('run1') beside a text file run1 that another program wrote)."""
    path = os.path.expanduser(name)
    if not os.path.splitext(path)[1] and (not must_exist or os.path.exists(path + ".mat")
                                          or not os.path.exists(path)):
        path += ".mat"
    return path


@builtin("save", family="files")
def save(ctx, *args):
    """save(filename), save(filename, var1, ..., varN), save(filename, '-struct', s, fields...), options

    Saves workspace variables (all, or those named; wildcards like 'a*' and '-regexp' patterns work) to a
    MAT-file (filename gets .mat when it has no extension; '-append' adds to an existing file). '-ascii'
    writes numeric variables as text (8 significant digits, 16 with '-double'; '-tabs' separates with
    tabs). Command syntax works: save results.mat x y. Function handles are saved as MATLAB's function
    class (an anonymous one with its captured values); string arrays and objects, and '-v7.3' (HDF5)
    files, are not supported.

        x = magic(3); save('data.mat', 'x'); clear x; load('data.mat'); disp(x(1))
    """
    options, words = _split_args(args, "save")
    if "-v7.3" in options:
        raise MatlabError("MATLAB:save:unsupportedFormat",
                          "Saving version 7.3 (HDF5) MAT-files is not supported.")
    variables = ctx.variables()
    filename = words.pop(0) if words else "matlab.mat"
    chosen = _chosen_values(variables, words, options)
    if "-ascii" in options:
        _save_ascii(filename, chosen, options)
        return None
    path = _mat_path(filename, must_exist=False)
    contents = {name: _written_again(value) for name, value in read_mat(path).items()} \
        if "-append" in options and os.path.exists(path) else {}
    contents.update({name: to_saved(value, name) for name, value in chosen.items()})
    try:
        if "-v4" in options:
            scipy.io.savemat(path, contents, format="4", oned_as="row")
        else:
            write_mat5(path, contents, "-nocompression" not in options)
    except OSError as err:
        raise MatlabError("MATLAB:save:permissionDenied",
                          f"Unable to write file {filename}: {err.strerror}.") from None
    return None


def _chosen_values(variables: dict, words: list[str], options: list[str]) -> dict[str, Value]:
    if "-struct" in options:
        if not words or words[0] not in variables or type(variables[words[0]]) is not StructArray \
                or variables[words[0]].data.size != 1:
            raise MatlabError("MATLAB:save:structArgNotScalarStruct",
                              "The argument to -struct must be the name of a scalar structure variable.")
        record = variables[words[0]].data.flat[0]
        fields = selected_names(list(record), words[1:], "-regexp" in options) if words[1:] else list(record)
        return {f: record[f] for f in fields}
    names = [n for n in variables if not n.startswith("$")]
    if not words:
        return {n: variables[n] for n in names}
    chosen = selected_names(names, words, "-regexp" in options)
    missing = [w for w in words if "*" not in w and "-regexp" not in options and w not in variables]
    if missing:
        raise MatlabError("MATLAB:save:couldNotWriteFile",
                          f"Variable '{missing[0]}' not found.")
    return {n: variables[n] for n in chosen}


def _save_ascii(filename: str, chosen: dict[str, Value], options: list[str]) -> None:
    """MATLAB's -ascii layout: each value right-aligned in 16 columns (%.7e), 25 with -double (%.16e);
    -tabs puts a tab before each value instead."""
    digits, width = (16, 25) if "-double" in options else (7, 16)
    lines: list[str] = []
    for name, value in chosen.items():
        if type(value) is CharArray:
            arr = value.codes.astype(np.float64)
        elif type(value) in (float, bool, np.ndarray) and not np.iscomplexobj(to_array(value)):
            arr = to_array(value).astype(np.float64)
        else:
            raise MatlabError("MATLAB:save:asciiUnsupported",
                              f"Variable '{name}' is not a real numeric or char array; -ascii cannot "
                              "save it.")
        for row in fold_columns(arr):
            if "-tabs" in options:
                lines.append("".join(f"\t{v:.{digits}e}" for v in row))
            else:
                lines.append("".join(f"{v:{width}.{digits}e}" for v in row))
    with open(os.path.expanduser(filename), "w", encoding="utf-8") as handle:
        handle.write("".join(line + "\n" for line in lines))


@builtin("load", family="files")
def load(ctx, *args, nargout=0):
    """load(filename), load(filename, vars...), S = load(...), load -ascii filename

    Loads the variables of a MAT-file (filename without extension: filename.mat) into the workspace, or
    with an output returns them as the fields of a struct. vars (wildcards, or '-regexp' patterns) pick
    some. A file that is not a MAT-file (or with '-ascii') is read as a numeric text matrix, stored in a
    variable named after the file (or returned).

        S = load('data.mat'); x = S.x;
        load data.txt      % creates variable data
    """
    options, words = _split_args(args, "load")
    if not words:
        words = ["matlab.mat"]
    filename, wanted = words[0], words[1:]
    path = _mat_path(filename, must_exist=True)
    if not os.path.exists(path):
        raise MatlabError("MATLAB:load:couldNotReadFile",
                          f"Unable to find file or directory '{filename}'.")
    if "-ascii" in options or ("-mat" not in options and not _is_mat_file(path)):
        values = {_ascii_name(path): _load_ascii(path, filename)}
        if nargout > 0:
            return values.popitem()[1]
    else:
        values = _load_mat(ctx, path, filename, wanted, "-regexp" in options)
    if nargout > 0:
        return StructArray.scalar(values)
    ctx.variables().update(values)
    return None


def _is_mat_file(path: str) -> bool:
    with open(path, "rb") as handle:
        head = handle.read(128)
    return head.startswith(b"MATLAB") or (len(head) >= 4 and head[:4] in (b"\0\0\0\0", b"\x00\x00\x00\x01"))


def _load_mat(ctx, path: str, filename: str, wanted: list[str], regexp: bool) -> dict[str, Value]:
    try:
        contents = read_mat(path)
    except (ValueError, TypeError, NotImplementedError, OSError) as err:
        raise MatlabError("MATLAB:load:notBinaryFile",
                          f"Unable to read MAT-file {filename}. {err}") from None
    names = selected_names(list(contents), wanted, regexp) if wanted else list(contents)
    values: dict[str, Value] = {}
    for name in names:
        value = from_saved(contents[name], ctx)
        if value is None and type(contents[name]).__name__ == "MatlabFunction":
            ctx.warn("MATLAB:load:cannotReadVariable",
                     f"Variable '{name}' was not loaded: its function handle cannot be made here (a nested or local "
                     "function, or an anonymous function whose captured values MATLAB keeps in its MCOS part).")
            continue
        if value is None:
            ctx.warn("MATLAB:load:cannotReadVariable",
                     f"Variable '{name}' was not loaded: its class cannot be represented here.")
            continue
        values[name] = value
    return values


def _ascii_name(path: str) -> str:
    stem = re.sub(r"\W", "_", os.path.splitext(os.path.basename(path))[0])
    return stem if stem and not stem[0].isdigit() else "X" + stem


def _load_ascii(path: str, filename: str) -> Value:
    rows = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            text = line.split("%", 1)[0].strip()
            if not text:
                continue
            try:
                rows.append([float(tok) for tok in re.split(r"[\s,;]+", text) if tok])
            except ValueError:
                raise MatlabError("MATLAB:load:unableToReadAscii",
                                  f"Unable to read file '{filename}'. Input must be a MAT-file or an ASCII "
                                  "file containing numeric data with same number of columns in each row.")\
                    from None
    if len({len(r) for r in rows}) > 1:
        raise MatlabError("MATLAB:load:unableToReadAscii",
                          f"Unable to read file '{filename}'. Input must be a MAT-file or an ASCII file "
                          "containing numeric data with same number of columns in each row.")
    return simplify(np.array(rows, dtype=np.float64).reshape(len(rows), -1 if rows else 0))
