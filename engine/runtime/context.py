"""What a builtin may ask of the running engine (the VM implements this interface).

Builtins that need more than their arguments take ``ctx`` as first parameter (see builtins/registry.py)
and use only what is declared here, so builtins never import the VM.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass
class DisplayFormat:
    """State of MATLAB's ``format`` command."""
    long: bool = False        # format long / format short
    compact: bool = False     # format compact / format loose
    g: bool = False           # format shortG / longG: 5 [15] significant digits, %g style
    e: bool = False           # format shortE / longE: e-notation with 4 [15] decimals
    rat: bool = False         # format rat: ratios of small integers, as rats writes them


@dataclass
class SessionState:
    """Engine state shared by every frame of one Session (kept across cells)."""
    format: DisplayFormat = field(default_factory=DisplayFormat)
    rng: np.random.RandomState = field(default_factory=lambda: np.random.RandomState(5489))
    rng_seed: int = 0
    globals: dict[str, Any] = field(default_factory=dict)
    path: list[str] = field(default_factory=list)          # addpath folders (working folder is implicit)
    warnings_off: set[str] = field(default_factory=set)     # identifiers turned off; "all" for all
    last_warning: tuple[str, str] = ("", "")                 # (message, identifier) for lastwarn
    last_error: tuple[str, str] = ("", "")                   # (message, identifier) for lasterr
    timers: dict[str, float] = field(default_factory=dict)  # tic state
    extras: dict[str, Any] = field(default_factory=dict)     # per-family state (figures, ...) by name
    # Front-end hook for unsuppressed results: display_hook(name, value, text) -> bool. The VM calls it
    # with the display text instead of printing that text; True means the front end showed the value
    # (the Jupyter kernel sends an execute_result with text/plain and an HTML table), False: print it.
    display_hook: Any = None
    # The running cell's output budget (display/limit.py's OutputLimit, set by Session.execute): the
    # display makes only the text that fits in it. None: no limit.
    output_limit: Any = None


class CallContext(ABC):
    """The VM's side of a builtin call."""

    state: SessionState

    @abstractmethod
    def write(self, text: str) -> None:
        """Print text to the user's output (streamed to the front end as it is produced)."""

    @abstractmethod
    def warn(self, identifier: str, message: str) -> None:
        """Issue a MATLAB warning (respects ``warning off``), printed as ``Warning: message``."""

    @abstractmethod
    def call(self, fn: Any, args: list, nargout: int = 1) -> tuple:
        """Call a function handle, or a function by name (str), with MATLAB arguments; returns the outputs."""

    @abstractmethod
    def function_exists(self, name: str) -> str | None:
        """'builtin', 'file' (a function file on the path), 'local' (a local function), or None."""

    @abstractmethod
    def variables(self) -> dict[str, Any]:
        """The calling frame's workspace (name -> value), live: builtins like ``clear`` may delete from it."""

    @abstractmethod
    def make_handle(self, text: str) -> Any:
        """Compile MATLAB handle text (``'@(x) x + 1'`` or ``'sin'``) into a FunctionHandle (str2func)."""

    @abstractmethod
    def add_figure(self, image: Any) -> None:
        """Hand a rendered figure to the front end (Session collects them on the result)."""

    def result_stays_on_device(self) -> bool:
        """True while the VM runs a call whose value goes to a variable that only fusion windows read (the
        VM brings it to the host before anything else reads it): a constructor may then make its value on
        the device, as an implicitly resident array (engine/runtime/device.py)."""
        return False

    def caller_counts(self) -> tuple[int, int] | None:
        """(nargin, nargout) of the function that called the builtin; None in a script or cell, where
        MATLAB's narginchk and nargoutchk cannot be used."""
        return None

    def argument_names(self) -> list[str]:
        """The names of the variables the calling code passed as this builtin's arguments ('' for an
        argument that is no plain variable: ``table(x, 2*y)`` gives ['x', '']); [] where unknown."""
        return []

    def caller_file(self) -> str:
        """The file of the code that called the builtin ('' for a cell or code typed at the prompt)."""
        return ""

    def function_arity(self, name: str) -> tuple[int, int] | None:
        """(nargin, nargout) that function ``name`` declares (a local function or a function file), each
        negative, -(fixed + 1), when it ends in varargin / varargout; None if it is no such function."""
        return None

    def interrupted(self) -> bool:
        """True once the user asked to stop the running cell; a builtin that waits (``pause``) polls it
        and returns early, and the VM then ends the cell with MATLAB:interrupt."""
        return False
