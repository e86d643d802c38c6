"""The operating system around the session: environment variables, the platform (computer, isunix, ispc,
ismac), temporary names, and the versions (ver, version, verLessThan). Shell commands (system) are in folders.py."""
from __future__ import annotations

import os
import platform
import sys
import tempfile
import uuid

import numpy as np
import scipy

from ... import __version__
from ..errors import MatlabError
from ..values import StringArray, StructArray
from .registry import builtin
from .textutil import char_row, char_value, map_texts, option_name, text_arg

@builtin("getenv", family="system")
def getenv(name):
    """getenv(name)  the value of an environment variable ('' when it is not set).

    name may be a string array or cell array of names (a result of the same kind).

        home = getenv('HOME');
    """
    return map_texts(name, "getenv", lambda n: os.environ.get(n, ""))


@builtin("setenv", family="system")
def setenv(name, value=None):
    """setenv(name, value), setenv(name)  set an environment variable (to '' without value).

    Shell commands started later (system, !cmd) see it; so does getenv.

        setenv('MYVAR', '42'); getenv('MYVAR')   % '42'
    """
    key = text_arg(name, "setenv", "Name")
    if not key or "=" in key:
        raise MatlabError("MATLAB:setenv:InvalidName", "Environment variable names must be nonempty and "
                                                       "without '='.")
    os.environ[key] = "" if value is None else text_arg(value, "setenv", "Value")


def _architecture() -> str:
    machine = platform.machine().lower()
    if sys.platform.startswith("win"):
        return "win64"
    if sys.platform == "darwin":
        return "maca64" if machine in ("arm64", "aarch64") else "maci64"
    return "glnxa64" if machine in ("x86_64", "amd64") else f"glnx{machine}"


@builtin("computer", family="system")
def computer(arch=None, nargout=1):
    """[str, maxsize, endian] = computer, computer('arch')  the platform the session runs on.

    str is 'GLNXA64' (Linux on x86-64), 'MACA64'/'MACI64' (macOS) or 'PCWIN64' (Windows); computer('arch')
    gives the lower-case folder name ('glnxa64'). maxsize is the largest array element count (2^48-1),
    endian 'L' (little-endian).

        c = computer   % 'GLNXA64'
    """
    name = _architecture()
    if arch is not None:
        if option_name(arch) != "arch":
            raise MatlabError("MATLAB:computer:InvalidInput", "The only argument computer takes is 'arch'.")
        return char_row(name)
    text = "PCWIN64" if name == "win64" else name.upper()
    outputs = (char_row(text), float(2 ** 48 - 1), char_row("L" if sys.byteorder == "little" else "B"))
    return outputs[:nargout] if nargout > 1 else outputs[0]


@builtin("isunix", family="system")
def isunix():
    """isunix  true on Linux and macOS.

    False on Windows.

        if isunix, sep = '/'; end
    """
    return not sys.platform.startswith("win")


@builtin("ispc", family="system")
def ispc():
    """ispc  true on Windows.

    False on Linux and macOS.

        if ispc, disp('Windows'); end
    """
    return sys.platform.startswith("win")


@builtin("ismac", family="system")
def ismac():
    """ismac  true on macOS.

    False on Linux and Windows.

        if ismac, disp('macOS'); end
    """
    return sys.platform == "darwin"


@builtin("tempdir", family="system")
def tempdir():
    """tempdir  the folder for temporary files.

    The name ends with a file separator ('/tmp/'); TMPDIR changes it.

        f = fullfile(tempdir, 'scratch.txt');
    """
    return char_row(os.path.join(tempfile.gettempdir(), ""))


@builtin("tempname", family="system")
def tempname(folder=None):
    """tempname, tempname(folder)  a unique name for a temporary file (in tempdir, or in folder).

    Only the name is made; no file is created.

        f = [tempname '.mat'];
    """
    where = tempfile.gettempdir() if folder is None else text_arg(folder, "tempname", "Folder")
    name = os.path.join(where, "tp" + uuid.uuid4().hex)
    return char_row(name) if not isinstance(folder, StringArray) else StringArray.scalar(name)


@builtin("ver", family="system")
def ver(ctx, product=None, nargout=0):
    """ver, v = ver  the version of matfuse and of the libraries it runs on.

    Without an output prints them; with one returns a struct array with fields Name, Version, Release
    and Date (one element per product). The 'MATLAB' entry is the language level matfuse implements (as
    version reports it); ver('matlab') returns that entry alone.

        v = ver; v(1).Name   % 'matfuse'
    """
    products = [("matfuse", __version__, "(MATLAB language)"),
                ("MATLAB", MATLAB_VERSION.rsplit(".", 2)[0], f"(R{MATLAB_RELEASE})"),     # the language level
                ("NumPy", np.__version__, ""), ("SciPy", scipy.__version__, ""),
                ("Python", platform.python_version(), "")]
    if product is not None:
        wanted = text_arg(product, "ver", "Product").lower()
        products = [p for p in products if p[0].lower() == wanted]
    if nargout > 0:
        records = np.empty((1, len(products)), dtype=object)
        for k, (name, version, release) in enumerate(products):
            records[0, k] = {"Name": char_value(name), "Version": char_value(version),
                             "Release": char_value(release), "Date": char_value("")}
        return StructArray(["Name", "Version", "Release", "Date"], records)
    rule = "-" * 99
    lines = [rule, f"matfuse Version {__version__} (a Jupyter kernel for the MATLAB language)",
             f"Operating System: {platform.system()} {platform.release()} {platform.machine()}", rule]
    lines += [f"{name:<50}Version {version:<12}{release}".rstrip() for name, version, release in products]
    ctx.write("\n".join(lines) + "\n")
    return None


# The MATLAB language level matfuse implements (DESIGN.md: R2023 and later are the reference): what
# version reports, and what verLessThan('matlab', v) compares with.
MATLAB_VERSION = "23.2.0.0"
MATLAB_RELEASE = "2023b"


@builtin("version", family="system")
def version(option=None):
    """v = version, version('-release'), version('-description'), version('-java')  the MATLAB version.

    matfuse's answer is the MATLAB language level it implements, '23.2.0.0 (R2023b)' (MATLAB's
    'major.minor.point.build (release)' form), so that code checking for language features takes the
    modern path; '-release' gives '2023b', '-description' names matfuse and its own version (ver lists
    the libraries), '-java' says that no Java is running. Other options ('-date', '-blasversion', ...)
    are not supported.

        version               % '23.2.0.0 (R2023b)'
        version('-release')   % '2023b'
    """
    if option is None:
        return char_value(f"{MATLAB_VERSION} (R{MATLAB_RELEASE})")
    word = option_name(option)
    answers = {"-release": MATLAB_RELEASE, "-description": f"matfuse {__version__}",
               "-java": "Java is not enabled"}
    if word not in answers:
        raise MatlabError("MATLAB:version:invalidOption",
                          f"Option '{text_arg(option, 'version', 'Option')}' is not supported; use '-release', "
                          "'-description' or '-java'.")
    return char_value(answers[word])


def _version_numbers(text: str) -> list[int]:
    fields = text.strip().split(".")
    if not text.strip() or not all(f.isdigit() for f in fields):
        raise MatlabError("MATLAB:verLessThan:badVersionFormat",
                          f"Version must be numbers separated by periods, like '9.14'; got '{text}'.")
    return [int(f) for f in fields]


@builtin("verLessThan", family="system")
def verLessThan(toolbox, version_text):
    """verLessThan(toolbox, version)  true if the toolbox's version is older than version.

    toolbox 'matlab' is the MATLAB language level matfuse implements (version: 23.2, R2023b); no other
    toolbox is installed, and naming one is MATLAB's error. version is 'major.minor.point...'; the
    numbers are compared one by one (missing ones count as 0).

        verLessThan('matlab', '9.1')    % false
    """
    name = text_arg(toolbox, "verLessThan", "Toolbox name")
    wanted = _version_numbers(text_arg(version_text, "verLessThan", "Version"))
    if name.lower() != "matlab":
        raise MatlabError("MATLAB:verLessThan:missingToolbox", f"Toolbox '{name}' not found.")
    have = _version_numbers(MATLAB_VERSION)
    width = max(len(have), len(wanted))
    return have + [0] * (width - len(have)) < wanted + [0] * (width - len(wanted))
