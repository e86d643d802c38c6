"""Reading and writing files by file identifier: fopen, fclose, fgetl, fgets, fread, fwrite, fscanf,
feof, ferror, frewind, ftell, fseek; and whole files: fileread, type. Open files live in filetable.py;
fprintf (printf.py) writes to them too."""
from __future__ import annotations

import os

import numpy as np

from ..errors import MatlabError
from ..values import CharArray, StringArray, Value, class_of, simplify, to_array
from .filetable import OpenFile, PERMISSIONS, close_all, fid_of, files, get_file, invalid_fid, open_file
from .registry import builtin
from .sizes import count_value, real_values
from .scanf import scan_text, scanned_array, size_limit
from .textutil import EMPTY_CHAR, char_row, char_value, is_text_scalar, option_name, text_arg

_NO_CHARS = CharArray(np.zeros((0, 0), dtype=np.uint16))     # MATLAB's '' of a message when all went well


@builtin("fopen", family="files")
def fopen(ctx, name, permission=None, *rest, nargout=1):
    """[fileID, errmsg] = fopen(filename, permission), fopen('all'), [name, permission] = fopen(fileID)

    Opens a file and returns its identifier (3, 4, ...), or -1 and a message when it cannot be opened.
    permission is 'r' (default), 'w', 'a', 'r+', 'w+' or 'a+', optionally with 't' or 'b' (same thing
    here); a machine format or encoding argument may follow ('n', 'l', 'UTF-8'; text is UTF-8).
    fopen('all') lists the open identifiers; fopen(fileID) gives the name and permission of an open file.

        fid = fopen('data.txt', 'w'); fprintf(fid, '%d\\n', 1:3); fclose(fid);
    """
    if not is_text_scalar(name):
        entry = files(ctx).get(fid_of(name, "fopen"))
        about = (char_value(entry.name), char_value(entry.permission)) if entry else (EMPTY_CHAR, EMPTY_CHAR)
        return about[:nargout] if nargout > 1 else about[0]
    filename = text_arg(name, "fopen", "File name")
    if filename.lower() == "all" and permission is None:
        ids = sorted(files(ctx))
        return np.array([ids], dtype=np.float64).reshape(1 if ids else 0, len(ids))
    mode = "r" if permission is None else text_arg(permission, "fopen", "Permission")
    if mode.replace("t", "").replace("b", "") not in PERMISSIONS:
        raise MatlabError("MATLAB:fopen:InvalidPermission", f"Invalid permission '{mode}'.")
    try:
        fid, message = float(open_file(ctx, filename, mode)), ""
    except OSError as err:
        fid, message = -1.0, err.strerror or "Cannot open file."
    return (fid, char_row(message) if message else _NO_CHARS) if nargout > 1 else fid


@builtin("fclose", family="files")
def fclose(ctx, fid):
    """status = fclose(fileID), fclose('all')  close an open file, or every open file.

    status is 0; an identifier that names no open file is an error.

        fclose(fid);
    """
    if is_text_scalar(fid) and option_name(fid) == "all":
        close_all(ctx)
        return 0.0
    number = fid_of(fid, "fclose")
    entry = files(ctx).pop(number, None)
    if entry is None:
        raise invalid_fid()
    entry.handle.close()
    return 0.0


def _read_line(entry: OpenFile) -> bytes:
    return entry.handle.readline()


@builtin("fgetl", family="files")
def fgetl(ctx, fid):
    """fgetl(fileID)  the next line of a file without its newline, or -1 at the end of the file.

    The line is read as UTF-8 text; fgets keeps the newline.

        fid = fopen('data.txt'); line = fgetl(fid); fclose(fid);
    """
    raw = _read_line(get_file(ctx, fid, "fgetl"))
    if not raw:
        return -1.0
    return char_row(raw.decode("utf-8", "replace").removesuffix("\n"))


@builtin("fgets", family="files")
def fgets(ctx, fid, nchar=None):
    """fgets(fileID), fgets(fileID, nchar)  the next line of a file with its newline, or -1 at the end.

    With nchar, at most nchar characters are read.

        fid = fopen('data.txt'); line = fgets(fid); fclose(fid);
    """
    entry = get_file(ctx, fid, "fgets")
    raw = entry.handle.readline() if nchar is None else entry.handle.readline(_count(nchar, "fgets"))
    if not raw:
        return -1.0
    return char_row(raw.decode("utf-8", "replace"))


def _count(value: Value, fname: str) -> int:
    return int(count_value(value, fname, "The count"))


@builtin("feof", family="files")
def feof(ctx, fid):
    """feof(fileID)  1 when the file position is at the end of the file, else 0.

    The result is a double, as in MATLAB; after reading the last line, feof is already 1.

        while ~feof(fid), line = fgetl(fid); end
    """
    handle = get_file(ctx, fid, "feof").handle
    position = handle.tell()
    return float(position >= os.fstat(handle.fileno()).st_size)


@builtin("ferror", family="files")
def ferror(ctx, fid, *args, nargout=1):
    """[msg, errnum] = ferror(fileID)  the last error of a file: '' and 0 when there was none.

    Failures of the file builtins are raised as errors here, so an open file always reports none.

        msg = ferror(fid);
    """
    get_file(ctx, fid, "ferror")
    return (_NO_CHARS, 0.0) if nargout > 1 else _NO_CHARS


@builtin("frewind", family="files")
def frewind(ctx, fid):
    """frewind(fileID)  move the file position back to the start of the file.

    The same as fseek(fileID, 0, 'bof').

        frewind(fid);
    """
    get_file(ctx, fid, "frewind").handle.seek(0)


@builtin("ftell", family="files")
def ftell(ctx, fid):
    """ftell(fileID)  the file position.

    Counted in bytes from the start of the file.

        pos = ftell(fid);
    """
    return float(get_file(ctx, fid, "ftell").handle.tell())


_ORIGINS = {"bof": 0, "cof": 1, "eof": 2, -1.0: 0, 0.0: 1, 1.0: 2}


@builtin("fseek", family="files")
def fseek(ctx, fid, offset, origin=None):
    """status = fseek(fileID, offset, origin)  move the file position; status 0, or -1 if it fails.

    origin is 'bof' or -1 (start of the file, the default), 'cof' or 0 (current position), 'eof' or 1
    (end of the file); offset counts bytes and may be negative. A position before the start fails.

        fseek(fid, 0, 'eof'); bytes = ftell(fid);
    """
    handle = get_file(ctx, fid, "fseek").handle
    if origin is None or is_text_scalar(origin):
        key = "bof" if origin is None else option_name(origin)
    else:
        number = real_values(origin, "fseek", "Origin")
        key = float(number.flat[0]) if number.size == 1 else None
    if key not in _ORIGINS:
        raise MatlabError("MATLAB:fseek:InvalidOrigin", "Origin must be 'bof', 'cof', 'eof', -1, 0 or 1.")
    shift = real_values(offset, "fseek", "Offset")
    if shift.size != 1 or not float(shift.flat[0]).is_integer():
        raise MatlabError("MATLAB:fseek:InvalidOffset", "The offset must be a whole number of bytes.")
    base = {0: 0, 1: handle.tell(), 2: os.fstat(handle.fileno()).st_size}[_ORIGINS[key]]
    target = base + int(shift.flat[0])
    if target < 0:
        return -1.0
    handle.seek(target)
    return 0.0


# -- binary data ------------------------------------------------------------------------------------

_PRECISIONS = {
    "uchar": "uint8", "schar": "int8", "char": "uint8", "char*1": "uint8", "uint8": "uint8",
    "int8": "int8", "uint16": "uint16", "int16": "int16", "uint32": "uint32", "int32": "int32",
    "uint64": "uint64", "int64": "int64", "single": "float32", "float32": "float32", "float": "float32",
    "double": "float64", "float64": "float64", "ushort": "uint16", "short": "int16", "uint": "uint32",
    "int": "int32", "ulong": "uint64", "long": "int64", "integer*1": "int8", "integer*2": "int16",
    "integer*4": "int32", "integer*8": "int64", "real*4": "float32", "real*8": "float64",
    "logical": "uint8",
}
_CLASS_OF = {"uint8": "uint8", "int8": "int8", "uint16": "uint16", "int16": "int16", "uint32": "uint32",
             "int32": "int32", "uint64": "uint64", "int64": "int64", "float32": "single",
             "float64": "double"}
_BYTE_ORDER = {"n": "<", "native": "<", "l": "<", "ieee-le": "<", "b": ">", "ieee-be": ">",
               "a": "<", "s": ">", "ieee-le.l64": "<", "ieee-be.l64": ">"}


def _dtype(name: str, order: str) -> np.dtype:
    if name not in _PRECISIONS:
        raise MatlabError("MATLAB:fread:InvalidPrecision", f"Invalid precision '{name}'.")
    return np.dtype(_PRECISIONS[name]).newbyteorder(order)


def _precision(spec: str) -> tuple[str, str | None]:
    """'type', '*type', 'type=>outtype': (source type, output class; None for double)."""
    spec = spec.strip()
    if "=>" in spec:
        source, out = (part.strip() for part in spec.split("=>"))
        return source, out
    if not spec.startswith("*"):
        return spec, None
    source = spec[1:]
    if source in ("char", "char*1", "uchar"):
        return source, "char"
    return source, _CLASS_OF[_dtype(source, "<").name]


def _order(value: Value | None) -> str:
    if value is None:
        return "<"
    name = option_name(value)
    if name not in _BYTE_ORDER:
        raise MatlabError("MATLAB:fread:InvalidMachineFormat", "The machine format must be text." if name is None
                          else f"Invalid machine format '{name}'.")
    return _BYTE_ORDER[name]


@builtin("fread", family="files")
def fread(ctx, fid, size=None, precision=None, skip=None, machine=None, nargout=1):
    """[A, count] = fread(fileID, sizeA, precision, skip, machinefmt)  read binary data.

    Reads values of precision ('uint8' default; 'int8'..'uint64', 'single', 'double', 'char', 'uchar',
    ...) into a column of doubles; '*type' keeps the class and 'type=>class' converts to class. sizeA is
    Inf (default: to the end), n, [m n] or [m Inf]. skip (bytes skipped after each value) must be 0;
    machinefmt is 'n'/'l'/'ieee-le' or 'b'/'ieee-be'.

        fid = fopen('data.bin'); A = fread(fid, [2 Inf], 'int16'); fclose(fid);
    """
    entry = get_file(ctx, fid, "fread")
    source, out_class = _precision(text_arg(precision, "fread", "Precision") if precision is not None
                                   else "uint8")
    if skip is not None and count_value(skip, "fread", "skip") != 0:
        raise MatlabError("MATLAB:fread:UnsupportedSkip", "fread with a nonzero skip is not supported.")
    dtype = _dtype(source, _order(machine))
    dims, limit = size_limit(size if size is not None else float("inf"))
    raw = entry.handle.read() if limit is None else entry.handle.read(limit * dtype.itemsize)
    usable = len(raw) - len(raw) % dtype.itemsize
    entry.handle.seek(usable - len(raw), os.SEEK_CUR)
    values = np.frombuffer(raw[:usable], dtype=dtype).astype(dtype.newbyteorder("="))
    shaped = _shape_values(values.astype(np.float64), dims)
    result = _as_class(shaped, out_class)
    return (result, float(values.size)) if nargout > 1 else result


def _shape_values(values: np.ndarray, dims: list[float] | None) -> np.ndarray:
    if dims is None or len(dims) == 1:
        return values.reshape(-1, 1)
    rows = int(dims[0])
    cols = -(-values.size // rows) if rows else 0
    padded = np.zeros(rows * cols)
    padded[:values.size] = values
    return padded.reshape((rows, cols), order="F")


def _as_class(values: np.ndarray, out_class: str | None) -> Value:
    if out_class in (None, "double"):
        return simplify(values)
    if out_class == "char":
        return CharArray(values.astype(np.uint16))
    if out_class not in _CLASS_OF.values() and out_class != "logical":
        raise MatlabError("MATLAB:fread:InvalidPrecision", f"Invalid output class '{out_class}'.")
    dtype = np.bool_ if out_class == "logical" else np.dtype(
        next(k for k, v in _CLASS_OF.items() if v == out_class))
    return values.astype(dtype)


@builtin("fwrite", family="files")
def fwrite(ctx, fid, data, precision=None, skip=None, machine=None):
    """count = fwrite(fileID, A, precision, skip, machinefmt)  write the elements of A as binary data.

    Elements are written in column-major order as precision ('uint8' default, as for fread), values
    rounded and saturated for integer precisions; char data writes its codes. skip must be 0. Returns
    the number of elements written.

        fid = fopen('data.bin', 'w'); fwrite(fid, [1 2 3], 'int16'); fclose(fid);
    """
    entry = get_file(ctx, fid, "fwrite")
    if skip is not None and count_value(skip, "fwrite", "skip") != 0:
        raise MatlabError("MATLAB:fwrite:UnsupportedSkip", "fwrite with a nonzero skip is not supported.")
    source = _precision(text_arg(precision, "fwrite", "Precision") if precision is not None else "uint8")[0]
    dtype = _dtype(source, _order(machine))
    if isinstance(data, StringArray) or class_of(data) in ("cell", "struct", "function_handle"):
        raise MatlabError("MATLAB:fwrite:InvalidInput", "Data must be numeric, logical or char.")
    values = np.asarray(data.codes if type(data) is CharArray else to_array(data)).ravel(order="F")
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        values = np.clip(np.round(values.real.astype(np.float64)), info.min, info.max)
    entry.handle.write(values.astype(dtype).tobytes())
    return float(values.size)


@builtin("fscanf", family="files")
def fscanf(ctx, fid, fmt, size=None, nargout=1):
    """[A, count, errmsg] = fscanf(fileID, formatSpec, sizeA)  read formatted text from a file.

    Reads from the current position with formatSpec as sscanf does (%d %f %s %c ..., reused until the
    text stops matching), leaving the position after the last value read. A is a column of doubles, or
    a char row when every conversion reads text; sizeA (n, Inf, [m n], [m Inf]) shapes it.

        fid = fopen('data.txt'); A = fscanf(fid, '%f', [2 Inf]); fclose(fid);
    """
    entry = get_file(ctx, fid, "fscanf")
    start = entry.handle.tell()
    raw = entry.handle.read()
    text = raw.decode("utf-8", "replace")
    dims, limit = size_limit(size)
    values, done, all_text, consumed, message = scan_text(text, text_arg(fmt, "fscanf", "Format"), limit)
    entry.handle.seek(start + len(text[:consumed].encode("utf-8")))
    result = scanned_array(values, all_text, dims)
    outputs = (result, float(done), char_row(message) if message else _NO_CHARS)
    return outputs[:max(nargout, 1)] if nargout > 1 else result


# -- whole files ------------------------------------------------------------------------------------

def read_whole(name: Value, fname: str) -> str:
    path = os.path.expanduser(text_arg(name, fname, "File name"))
    try:
        with open(path, "rb") as handle:
            return handle.read().decode("utf-8", "replace")
    except OSError:
        raise MatlabError(f"MATLAB:{fname}:cannotOpenFile",
                          f"Could not open file {text_arg(name, fname)}. No such file or directory.") \
            from None


@builtin("fileread", family="files")
def fileread(name):
    """fileread(filename)  the whole text of a file as a char row vector.

    The file is read as UTF-8 (invalid bytes become U+FFFD); a missing file is an error.

        text = fileread('notes.txt');
    """
    return char_row(read_whole(name, "fileread"))


@builtin("type", family="files")
def type_(ctx, name):
    """type filename  print the contents of a file.

    A name without an extension that is no file is looked for as name.m.

        type data.csv
    """
    path = text_arg(name, "type", "File name")
    if not os.path.exists(os.path.expanduser(path)) and os.path.exists(os.path.expanduser(path + ".m")):
        path += ".m"
    text = read_whole(char_row(path), "type")
    ctx.write(text if text.endswith("\n") else text + "\n")
