"""Open files by file identifier, kept per session in ``state.extras["files"]`` (fopen/fclose and the
reading and writing builtins in fileio.py; fprintf in printf.py writes through ``write_bytes``).

Identifiers 0, 1 and 2 are standard input, output and error; fopen hands out 3, 4, ... Files are opened
in binary mode: text is encoded and decoded as UTF-8 (MATLAB's default encoding), and the 't' of a
permission changes nothing (as on Linux).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, BinaryIO

from ..errors import MatlabError
from ..values import Value
from .sizes import real_values

FILES_KEY = "files"
PERMISSIONS = {"r": "rb", "w": "wb", "a": "ab", "r+": "r+b", "w+": "w+b", "a+": "a+b"}


@dataclass
class OpenFile:
    handle: BinaryIO
    name: str
    permission: str


def files(ctx) -> dict[int, OpenFile]:
    return ctx.state.extras.setdefault(FILES_KEY, {})


def open_file(ctx, name: str, permission: str) -> int:
    """Open ``name`` and return its new file identifier; raises OSError (the caller reports it)."""
    mode = PERMISSIONS[permission.replace("t", "").replace("b", "")]
    handle = open(os.path.expanduser(name), mode)
    table = files(ctx)
    fid = 3
    while fid in table:
        fid += 1
    table[fid] = OpenFile(handle, os.path.abspath(os.path.expanduser(name)), permission)
    return fid


def fid_of(value: Value, fname: str) -> int:
    """A file identifier argument as an int (any numeric scalar)."""
    try:
        arr = real_values(value, fname, "A file identifier")
    except MatlabError:
        raise invalid_fid() from None
    if arr.size != 1 or not float(arr.flat[0]).is_integer():
        raise invalid_fid()
    return int(arr.flat[0])


def invalid_fid() -> MatlabError:
    return MatlabError("MATLAB:FileIO:InvalidFid",
                       "Invalid file identifier. Use fopen to generate a valid file identifier.")


def get_file(ctx, value: Value, fname: str) -> OpenFile:
    """The open file a file identifier names (not 0, 1 or 2)."""
    entry = files(ctx).get(fid_of(value, fname))
    if entry is None:
        raise invalid_fid()
    return entry


def write_bytes(ctx: Any, fid_value: Value, data: bytes, text: str) -> None:
    """Write to file identifier ``fid_value``: 1 and 2 print ``text`` to the output, others get ``data``."""
    fid = fid_of(fid_value, "fprintf")
    if fid in (1, 2):
        ctx.write(text)
        return
    entry = get_file(ctx, fid_value, "fprintf")
    if entry.permission.startswith("r") and "+" not in entry.permission:
        raise MatlabError("MATLAB:FileIO:NotOpenForWriting", "The file is not open for writing.")
    entry.handle.write(data)


def close_all(ctx) -> None:
    """Close every open file (fclose('all'); also when a session ends)."""
    table = files(ctx)
    for entry in table.values():
        entry.handle.close()
    table.clear()
