"""Files and folders by name: fileparts, fullfile, filesep, pathsep, isfile, isfolder, dir, ls, which,
mkdir, rmdir, copyfile, movefile (delete of files is in parallel.py, beside
delete of a parallel pool)."""
from __future__ import annotations

import glob
import os
import shutil
import time

import numpy as np

from ..errors import MatlabError
from ..values import CharArray, StringArray, StructArray, Value
from .dates import serial
from .registry import builtin
from .textutil import EMPTY_CHAR, char_row, char_value, string_value, text_arg, texts_of


@builtin("fileparts", family="files")
def fileparts(filename, nargout=1):
    """[filepath, name, ext] = fileparts(filename)  split a file name into folder, name and extension.

    The extension starts at the last '.' of the name ('.bashrc' is all extension); a string input gives
    strings.

        [p, n, e] = fileparts('/home/user/data.csv')   % '/home/user', 'data', '.csv'
    """
    text = text_arg(filename, "fileparts", "File name")
    folder, base = os.path.split(text)
    if folder and folder.strip("/") == "" and text.startswith("/"):
        folder = "/"
    dot = base.rfind(".")                     # '.bashrc': name '' and extension '.bashrc'
    stem, ext = (base[:dot], base[dot:]) if dot >= 0 else (base, "")
    parts = (folder, stem, ext)
    as_string = type(filename) is StringArray
    values = tuple(string_value([p]) if as_string else char_value(p) for p in parts)
    return values[:nargout] if nargout > 1 else values[0]


@builtin("fullfile", family="files")
def fullfile(*parts):
    """fullfile(folder1, ..., folderN, filename)  join parts of a file name with the file separator.

    Repeated separators between parts collapse to one; empty parts are skipped. A string input (or a
    cell array of names as the last part) gives a string (or a cell array).

        fullfile('data', 'run1', 'out.mat')   % 'data/run1/out.mat'
    """
    if not parts:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    *heads, last = parts
    prefix = [text_arg(h, "fullfile", "Folder") for h in heads]

    def join(name: str) -> str:
        pieces = [p for p in prefix + [name] if p]
        if not pieces:
            return ""
        text = pieces[0]
        for piece in pieces[1:]:
            text = text.rstrip(os.sep) + os.sep + piece.lstrip(os.sep)
        return text
    if type(last) is CharArray and last.codes.size == 0:
        return char_value(join(""))
    names = texts_of(last, "fullfile")
    joined = [join(n or "") for n in names.items]
    if names.kind == "char" and any(type(h) is StringArray for h in heads):
        return string_value(joined)
    return names.rebuild(joined)


@builtin("filesep", family="files")
def filesep():
    """filesep  the file separator of this platform.

    '/' on Linux and macOS, '\\' on Windows.

        f = ['data' filesep 'x.mat'];
    """
    return char_row(os.sep)


@builtin("pathsep", family="files")
def pathsep():
    """pathsep  the separator of folders in a search path.

    ':' on Linux and macOS, ';' on Windows.

        p = ['a' pathsep 'b'];
    """
    return char_row(os.pathsep)


@builtin("isfile", family="files")
def isfile(name):
    """isfile(name)  true where name is an existing file.

    A folder is not a file; a string array or cell array of names gives a logical array of its size.

        isfile('data.csv')
    """
    texts = texts_of(name, "isfile")
    return texts.logical([os.path.isfile(os.path.expanduser(t or "")) for t in texts.items])


@builtin("isfolder", family="files", aliases=("isdir",))
def isfolder(name):
    """isfolder(name)  true where name is an existing folder.

    A string array or cell array of names gives a logical array of its size. isdir is the older name
    of the same test.

        isfolder(tempdir)   % true
    """
    texts = texts_of(name, "isfolder")
    return texts.logical([os.path.isdir(os.path.expanduser(t or "")) for t in texts.items])


def _listing(pattern: str) -> list[str]:
    """The paths dir shows for a name: a folder's entries (with . and ..), or the matches of a pattern."""
    path = os.path.expanduser(pattern or ".")
    if os.path.isdir(path):
        return [os.path.join(path, n) for n in [".", ".."] + sorted(os.listdir(path))]
    return sorted(glob.glob(path))


@builtin("dir", family="files")
def dir_(ctx, name=None, nargout=0):
    """dir, dir(name), listing = dir(name)  list a folder, or the files matching a name ('*.csv').

    Without an output prints the names; with one returns a column struct array with fields name, folder,
    date, bytes, isdir and datenum.

        files = dir('*.mat'); names = {files.name};
    """
    pattern = "." if name is None else text_arg(name, "dir", "Name")
    paths = _listing(pattern)
    if nargout == 0:
        names = [os.path.basename(os.path.normpath(p)) if os.path.basename(p) not in (".", "..")
                 else os.path.basename(p) for p in paths]
        if names:
            ctx.write("\n" + "  ".join(names) + "\n\n")
        else:
            ctx.write("No matching files were found.\n" if name is not None else "")
        return None
    records = np.empty((len(paths), 1), dtype=object)
    for k, path in enumerate(paths):
        info = os.stat(path)
        local = time.localtime(info.st_mtime)
        stamp = serial(local.tm_year, local.tm_mon, local.tm_mday, local.tm_hour, local.tm_min,
                       local.tm_sec)
        records[k, 0] = {
            "name": char_value(os.path.basename(path)),
            "folder": char_value(os.path.abspath(os.path.dirname(path) or ".")),
            "date": char_value(time.strftime("%d-%b-%Y %H:%M:%S", local)),
            "bytes": 0.0 if os.path.isdir(path) else float(info.st_size),
            "isdir": os.path.isdir(path), "datenum": float(stamp)}
    return StructArray(["name", "folder", "date", "bytes", "isdir", "datenum"], records)


@builtin("ls", family="files")
def ls(ctx, name=None, nargout=0):
    """ls, ls(name), list = ls(...)  the names in a folder (or matching a pattern), without . and ..

    Without an output prints them; with one returns them as the rows of a char matrix.

        ls *.m
    """
    pattern = "." if name is None else text_arg(name, "ls", "Name")
    names = [os.path.basename(p) for p in _listing(pattern) if os.path.basename(p) not in (".", "..")]
    if nargout == 0:
        ctx.write("  ".join(names) + "\n" if names else "")
        return None
    width = max((len(n) for n in names), default=0)
    codes = np.array([[ord(c) for c in n.ljust(width)] for n in names], dtype=np.uint16)
    return CharArray(codes.reshape(len(names), width)) if names else EMPTY_CHAR


@builtin("which", family="files")
def which(ctx, name, nargout=0):
    """which name, s = which(name)  where a name comes from: a variable, a builtin, a function file.

    Prints (or returns) the full path of a function file or file, 'built-in (matfuse)' for a builtin
    function, and says so for a variable or a function defined in the notebook; nothing found prints
    "'name' not found." (returns '').

        which sin   % built-in (matfuse)
    """
    text = text_arg(name, "which", "Name")
    kind = ctx.function_exists(text)
    if text in ctx.variables():
        found = f"{text} is a variable."
    elif kind == "file":
        found = _function_file(ctx, text)
    elif kind == "local":
        found = f"{text} is a function defined in this session."
    elif kind == "builtin":
        found = "built-in (matfuse)"
    elif os.path.exists(text):
        found = os.path.abspath(text)
    else:
        found = ""
    if nargout > 0:
        return char_value(found)
    ctx.write((found if found else f"'{text}' not found.") + "\n")
    return None


def _function_file(ctx, name: str) -> str:
    for folder in [os.getcwd(), *ctx.state.path]:
        path = os.path.join(folder, name + ".m")
        if os.path.isfile(path):
            return os.path.abspath(path)
    return f"{name}.m"


def _status(ok: bool, message: str, identifier: str, nargout: int) -> Value:
    """The [status, msg, msgID] outputs of mkdir/rmdir/copyfile/movefile; a failure with no output
    requested is an error."""
    if not ok and nargout == 0:
        raise MatlabError(identifier, message)
    outputs = (ok, char_value(message), char_value(identifier))
    return outputs[:nargout] if nargout > 1 else (ok if nargout == 1 else None)


@builtin("mkdir", family="files")
def mkdir(folder, sub=None, nargout=0):
    """[status, msg, msgID] = mkdir(folder), mkdir(parentFolder, folder)  make a folder (and its parents).

    status is true when the folder exists afterwards; making one that exists gives the message
    'Directory already exists.'.

        mkdir('results/run1')
    """
    path = text_arg(folder, "mkdir", "Folder")
    if sub is not None:
        path = os.path.join(path, text_arg(sub, "mkdir", "Folder"))
    path = os.path.expanduser(path)
    if os.path.isdir(path):
        return _status(True, "Directory already exists.", "MATLAB:MKDIR:DirectoryExists", nargout)
    try:
        os.makedirs(path)
    except OSError as err:
        return _status(False, f"Cannot create directory {path}: {err.strerror}.", "MATLAB:MKDIR:OSError",
                       nargout)
    return _status(True, "", "", nargout)


@builtin("rmdir", family="files")
def rmdir(folder, option=None, nargout=0):
    """[status, msg, msgID] = rmdir(folder), rmdir(folder, 's')  remove a folder ('s': with its contents).

    Without 's' the folder must be empty.

        rmdir('results', 's')
    """
    path = os.path.expanduser(text_arg(folder, "rmdir", "Folder"))
    recursive = option is not None and text_arg(option, "rmdir", "Option").lower() == "s"
    try:
        if not os.path.isdir(path):
            raise FileNotFoundError(2, "No such file or directory")
        shutil.rmtree(path) if recursive else os.rmdir(path)
    except OSError as err:
        return _status(False, f"{path} could not be removed: {err.strerror}.",
                       "MATLAB:RMDIR:NoDirectoriesRemoved", nargout)
    return _status(True, "", "", nargout)


def _copy_or_move(source: Value, destination: Value, mode: Value | None, fname: str, nargout: int) -> Value:
    if mode is not None and text_arg(mode, fname, "Mode").lower() != "f":
        raise MatlabError(f"MATLAB:{fname}:InvalidMode", "The only mode is 'f'.")
    move = fname == "movefile"
    src = os.path.expanduser(text_arg(source, fname, "Source"))
    dst = os.path.expanduser(text_arg(destination, fname, "Destination"))
    matches = glob.glob(src)
    ident = f"MATLAB:{fname.upper()}:OSError"
    if not matches:
        return _status(False, f"No matching files named '{src}' were found.", ident, nargout)
    try:
        for path in matches:
            if move:
                shutil.move(path, dst)
            elif os.path.isdir(path):
                target = os.path.join(dst, os.path.basename(path)) if os.path.isdir(dst) else dst
                shutil.copytree(path, target, dirs_exist_ok=True)
            else:
                shutil.copy2(path, dst)
    except OSError as err:
        return _status(False, f"{err.strerror}.", ident, nargout)
    return _status(True, "", "", nargout)


@builtin("copyfile", family="files")
def copyfile(source, destination, mode=None, nargout=0):
    """[status, msg, msgID] = copyfile(source, destination), copyfile(..., 'f')  copy files or folders.

    source may hold wildcards; 'f' (force) is accepted and changes nothing here.

        copyfile('data.csv', 'backup.csv')
    """
    return _copy_or_move(source, destination, mode, "copyfile", nargout)


@builtin("movefile", family="files")
def movefile(source, destination, mode=None, nargout=0):
    """[status, msg, msgID] = movefile(source, destination), movefile(..., 'f')  move or rename files.

    source may hold wildcards and name folders; 'f' (force) is accepted and changes nothing here.

        movefile('old.txt', 'new.txt')
    """
    return _copy_or_move(source, destination, mode, "movefile", nargout)
