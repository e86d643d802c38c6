"""The search path, the working folder and the operating system: addpath, rmpath, path, genpath, pwd, cd,
system
(which MATLAB's shell escape ``!command`` calls: engine/frontend/lexer.py).

Function files are found in the working folder, then in the folders of ctx.state.path in order (the VM
reads that list when it resolves a name)."""
from __future__ import annotations

import os
import queue
import subprocess
import threading

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


GENPATH_SKIPPED = ("private", "resources")     # with folders starting with @ (classes) or + (namespaces)


@builtin("genpath", family="folders")
def genpath(folder=None):
    """genpath(folderName)  a search path of folderName and every folder below it, for addpath.

    The folders are listed depth first, each subfolder in name order, each followed by the path
    separator, as given (a relative folderName gives relative entries). Folders named private or
    resources, those starting with @ or + and everything below them are left out; a folderName that is
    no folder gives ''. genpath without a folder (MATLAB's toolbox tree) is not supported.

        addpath(genpath('mylib'))
    """
    if folder is None:
        raise MatlabError("matfuse:genpath:noToolbox",
                          "genpath needs a folder: there is no MATLAB toolbox folder to list.")
    root = text_arg(folder, "genpath", "folderName")
    return char_value("".join(entry + os.pathsep for entry in _folder_tree(root)))


def _folder_tree(folder: str) -> list[str]:
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return []
    found = [folder]
    for entry in entries:
        if entry.is_dir() and entry.name not in (".", "..") and entry.name not in GENPATH_SKIPPED \
                and not entry.name.startswith(("@", "+")):
            found.extend(_folder_tree(os.path.join(folder, entry.name)))
    return found


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


SYSTEM_POLL = 0.05      # seconds between interrupt checks while a system command runs


@builtin("system", family="folders")
def system(ctx, command, *rest, nargout=0):
    """status = system(command), [status, cmdout] = system(command), [...] = system(command, '-echo'),
    [...] = system(command, name1, value1, ...)  run an operating system command.

    The command runs in the shell named by MATLAB_SHELL, else SHELL, else /bin/sh, in the working folder,
    with no standard input; its standard output and error, together, are shown as they come (in a
    notebook, streamed into the cell) unless cmdout is asked for without '-echo'. status is the exit
    status (0 for success). Name-value pairs set environment variables for the command only. The stop
    button ends the command. `!command` at the start of a statement runs command the same way.

        [status, out] = system('echo hello');   % status = 0, out = 'hello' and a newline
    """
    text = text_arg(command, "system", "Command")
    options = list(rest)
    echo = bool(options) and option_name(options[0]) == "-echo"
    options = options[1:] if echo else options
    if len(options) % 2:
        raise MatlabError("MATLAB:system:InvalidInput", "Environment variables must be given as name-value "
                          "pairs.")
    env = dict(os.environ)
    for name, value in zip(options[::2], options[1::2]):
        env[text_arg(name, "system", "Environment variable name")] = text_arg(value, "system",
                                                                              "Environment variable value")
    status, output = _run_shell(ctx, text, env, show=nargout < 2 or echo)
    return (float(status), char_value(output)) if nargout >= 2 else float(status)


def _run_shell(ctx, command: str, env: dict, show: bool) -> tuple[int, str]:
    """Run ``command`` in the user's shell; stream its output to ctx.write when ``show``; kill it when
    the cell is interrupted. Returns (exit status, all of its output)."""
    shell = os.environ.get("MATLAB_SHELL") or os.environ.get("SHELL") or "/bin/sh"
    try:
        child = subprocess.Popen([shell, "-c", command], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, env=env, text=True, errors="replace", bufsize=1)
    except OSError as exc:
        raise MatlabError("MATLAB:system:shellNotFound", f"Cannot run the shell '{shell}': {exc.strerror}.") \
            from None
    chunks: queue.Queue = queue.Queue()

    def read() -> None:
        for line in child.stdout:
            chunks.put(line)
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    output: list[str] = []
    while reader.is_alive() or not chunks.empty():
        if ctx.interrupted():
            child.kill()
            break
        try:
            line = chunks.get(timeout=SYSTEM_POLL)
        except queue.Empty:
            continue
        output.append(line)
        if show:
            ctx.write(line)
    return child.wait(), "".join(output)
