"""The search path and the working folder: addpath, rmpath, path, pwd, cd.

Function files are found in the working folder, then in the folders of ctx.state.path in order (the VM
reads that list when it resolves a name)."""
from __future__ import annotations

import os

from ..errors import MatlabError
from .registry import builtin
from .textutil import char_value, option_name, text_arg


def _folders(args: tuple, fname: str) -> list[str]:
    """Folder arguments: each may hold several folders separated by the path separator."""
    found = []
    for arg in args:
        for folder in text_arg(arg, fname, "Folder").split(os.pathsep):
            if folder:
                found.append(os.path.abspath(folder))
    return found


@builtin("addpath", family="folders")
def addpath(ctx, *args, nargout=0):
    """addpath(folder1, ..., folderN), addpath(..., '-end')  add folders to the search path.

    Function files (name.m) in these folders can then be called by name. Folders go to the front of the
    path unless '-end' is given. With an output, returns the previous path.

        addpath('mylib'); y = myfunc(3);
    """
    at_end = bool(args) and option_name(args[-1]) in ("-end", "-begin")
    position = option_name(args[-1]) if at_end else "-begin"
    folders = _folders(args[:-1] if at_end else args, "addpath")
    for folder in folders:
        if not os.path.isdir(folder):
            ctx.warn("MATLAB:addpath:DirNotFound", f'Name is nonexistent or not a directory: {folder}')
    previous = os.pathsep.join(ctx.state.path)
    kept = [p for p in ctx.state.path if p not in folders]
    present = [f for f in folders if os.path.isdir(f)]
    ctx.state.path[:] = kept + present if position == "-end" else present + kept
    return char_value(previous) if nargout else None


@builtin("rmpath", family="folders")
def rmpath(ctx, *args):
    """rmpath(folder1, ..., folderN)  remove folders from the search path.

        rmpath('mylib')
    """
    for folder in _folders(args, "rmpath"):
        if folder in ctx.state.path:
            ctx.state.path.remove(folder)
        else:
            ctx.warn("MATLAB:rmpath:DirNotFound", f'"{folder}" not found in path.')


@builtin("path", family="folders")
def path(ctx, nargout=0):
    """path  the search path: the working folder, then the folders added with addpath.

    With no output it prints one folder per line; p = path returns them joined by the path separator.

        p = path;
    """
    folders = [os.getcwd(), *ctx.state.path]
    if nargout:
        return char_value(os.pathsep.join(folders))
    ctx.write("\n\t\tMATLABPATH\n\n" + "".join(f"\t{f}\n" for f in folders) + "\n")
    return None


@builtin("pwd", family="folders")
def pwd():
    """pwd  the current working folder, as a char row.

        d = pwd;
    """
    return char_value(os.getcwd())


@builtin("cd", family="folders")
def cd(ctx, folder=None, nargout=0):
    """cd, cd(folder), cd folder  show or change the working folder.

    Without an argument prints the current folder (returns it with an output); with a folder, changes
    to it and returns the previous one when asked. Function files are looked up in the working folder
    first.

        cd('..'); cd results
    """
    previous = os.getcwd()
    if folder is None:
        if nargout:
            return char_value(previous)
        ctx.write(previous + "\n")
        return None
    target = text_arg(folder, "cd", "Folder")
    try:
        os.chdir(os.path.expanduser(target))
    except OSError:
        raise MatlabError("MATLAB:cd:NonExistentFolder",
                          f"Cannot CD to {target} (Name is nonexistent or not a directory).") from None
    return char_value(previous) if nargout else None
