"""Magics other kernels taught users, over files and the environment: %load, %run, %env."""
from __future__ import annotations

import os
import re
import shlex

from engine.frontend.source import read_source
from engine.runtime.errors import MatlabError

from .registry import STOP, MagicHost, magic


def _script_path(args: str, magic_name: str) -> str:
    """The one file named by the arguments (``.m`` added when the name has no extension)."""
    words = shlex.split(args)
    if len(words) != 1:
        raise MatlabError(f"matfuse:{magic_name}:file", f"%{magic_name} needs one file name, e.g. "
                          f"%{magic_name} myscript.m")
    path = os.path.expanduser(words[0])
    if not os.path.splitext(path)[1] and not os.path.exists(path):
        path += ".m"
    if not os.path.isfile(path):
        raise MatlabError("MATLAB:run:FileNotFound", f"'{words[0]}' not found.")
    return path


def _read(path: str) -> str:
    try:
        return read_source(path)
    except OSError as exc:
        raise MatlabError("matfuse:file:read", f"Unable to read file '{path}': {exc.strerror}.") from None


@magic("load", "line")
def load_magic(host: MagicHost, args: str, body: str) -> str:
    """%load file.m  replace the cell with the file's text (and a `% %load file.m` comment line), to edit.

    Nothing runs: run the cell to run the loaded code (as IPython's %load). `.m` is added to a name
    without an extension.

        %load myscript"""
    path = _script_path(args, "load")
    host.set_next_input(f"% %load {args.strip()}\n" + _read(path))
    return STOP


_FUNCTION = re.compile(r"\s*(?:%[^\n]*\n\s*)*function\b")


@magic("run", "line")
def run_magic(host: MagicHost, args: str, body: str) -> None:
    """%run file.m  run a MATLAB script file in the workspace, as MATLAB's run does.

    While it runs, the working folder is the file's folder (and back after); errors name the script and
    its line. A function file is called without arguments. `.m` is added to a name without an extension.

        %run analysis.m"""
    path = os.path.abspath(_script_path(args, "run"))
    source = _read(path)
    name = os.path.splitext(os.path.basename(path))[0]
    previous = os.getcwd()
    os.chdir(os.path.dirname(path))
    try:
        host.run(source, name)
        if _FUNCTION.match(source):
            host.run(name, name)
    finally:
        os.chdir(previous)


@magic("env", "line")
def env_magic(host: MagicHost, args: str, body: str) -> None:
    """%env [NAME [value] | NAME=value]  show or set the kernel's environment variables.

    Without arguments lists them all; with a name shows its value; with a value sets it (seen by
    system and `!` commands of later cells too).

        %env OMP_NUM_THREADS=4"""
    text = args.strip()
    if not text:
        host.write("".join(f"{k}={v}\n" for k, v in sorted(os.environ.items())))
        return
    name, sep, value = text.partition("=") if "=" in text.split()[0] else text.partition(" ")
    name, value = name.strip(), value.strip()
    if not name.isidentifier():
        raise MatlabError("matfuse:env:name", f"'{name}' is not an environment variable name.")
    if not sep:
        if name not in os.environ:
            raise MatlabError("matfuse:env:notSet", f"Environment variable {name} is not set.")
        host.write(os.environ[name] + "\n")
        return
    os.environ[name] = value
    host.write(f"env: {name}={value}\n")
