"""Reading MATLAB source files as MATLAB does: UTF-8 (with or without a byte-order mark) and, where the
bytes are not valid UTF-8, the legacy single-byte encoding instead (Latin-1 here: every byte is a
character, so no file fails to decode). Files written by older MATLAB releases on Windows and Linux
(``% Autor: Müller`` in Latin-1 or Windows-1252) then load instead of failing."""
from __future__ import annotations

from pathlib import Path


def decode_source(data: bytes) -> str:
    """The text of a source file's bytes: UTF-8 if they are valid UTF-8, else Latin-1."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_source(path: str | Path) -> str:
    """The text of the source file at ``path`` (see ``decode_source``); OSError if it cannot be read."""
    return decode_source(Path(path).read_bytes())
