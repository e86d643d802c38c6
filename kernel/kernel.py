"""The matfuse Jupyter kernel: translates between the Jupyter protocol and ``engine.Session``.

Each cell runs as a script in one persistent workspace. Printed text streams to the front end as it is
produced; unsuppressed results become execute_results (MATLAB's text, and the same as HTML with a grid
for large arrays); figures new or changed in the cell become display_data; a MATLAB error becomes one
iopub ``error`` and an ``error`` reply. Magics at the top of a cell run first (kernel/magics).
"""
from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import threading
import time
from typing import Any

from ipykernel.kernelbase import Kernel

import engine
from engine import Session
from engine.runtime.builtins.interaction import FrontEnd, function_file, help_text, set_front_end
from engine.runtime.builtins.registry import BUILTINS
from engine.runtime.display import display
from engine.runtime.display.limit import OutputLimit
from engine.runtime.errors import MatlabError
from engine.runtime.figures import Figure, PlotSettings, plot_settings, set_figure_sink
from engine.runtime.values import class_of, size_of

from .completion import complete
from .debug import DebugAdapter
from .history import History
from .html import html_value
from .magics import STOP, find, split_cell, stray_magics
from .magics.core import help_magic
from .names import SessionNames

LANGUAGE_INFO = {"name": "matlab", "version": "R2023b", "mimetype": "text/x-matlab",
                 "file_extension": ".m", "pygments_lexer": "matlab", "codemirror_mode": "octave"}
HELP_LINKS = [{"text": "MATLAB documentation", "url": "https://www.mathworks.com/help/matlab/"},
              {"text": "MATLAB graphics", "url": "https://www.mathworks.com/help/matlab/graphics.html"}]
INSPECT_CHARS = 100_000    # of a variable's display in an inspect reply (Shift-Tab)
PROGRESS_AFTER = 1.0       # seconds a parfor loop runs before it gets a progress display
_HELP_QUERY = re.compile(r"^\s*(?:\?\s*([%\w.]+)|([%\w.]+)\s*\?)\s*$")


class GpuProbe:
    """Finds the GPU adapter in a child process (wgpu takes seconds to start and would stall the kernel's
    threads), so kernel_info never waits for it; the banner names the adapter once it is known. The
    child runs with ``-P``: the notebook's folder (its working folder) is not on its import path."""

    SCRIPT = ("import json\nfrom engine.accel.provider import describe\n"
              "facts = describe()\nprint(json.dumps({k: str(facts.get(k, '')) for k in ('name', 'backend', 'kind')}))")

    def __init__(self) -> None:
        self.text = "GPU: looking for an adapter..."
        self.done = threading.Event()
        threading.Thread(target=self._probe, name="matfuse-gpu-probe", daemon=True).start()

    def _probe(self) -> None:
        try:
            child = subprocess.run([sys.executable, "-P", "-c", self.SCRIPT], capture_output=True,
                                   text=True, timeout=60)
            facts = json.loads(child.stdout.strip().splitlines()[-1]) if child.returncode == 0 else None
            self.text = (f"GPU: {facts['name']} ({facts['backend']}, {facts['kind']})" if facts
                         else "GPU: none found (arrays run on the CPU)")
        except (OSError, subprocess.SubprocessError, ValueError, IndexError, KeyError):
            self.text = "GPU: none found (arrays run on the CPU)"
        finally:
            self.done.set()


class MatfuseKernel(Kernel):
    """The kernel; it is also the MagicHost that magics run against (kernel/magics/registry.py)."""

    implementation = "matfuse"
    implementation_version = engine.__version__
    language = "matlab"
    language_version = LANGUAGE_INFO["version"]
    language_info = LANGUAGE_INFO
    help_links = HELP_LINKS

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.matlab = Session(device="auto", output=self._print)   # self.session is the protocol's
        self._connect_display()
        set_figure_sink(self.matlab.state, self._show_figure)
        set_front_end(self.matlab.state, FrontEnd(read_line=self._read_line, clear=self._clear_output))
        self.matlab.state.extras["parfor_progress"] = self._parfor_progress
        self._progress: tuple[str, float, bool] | None = None   # parfor loop: display id, start, shown
        self.names = SessionNames(self.matlab)
        self.debug = DebugAdapter(self)       # the Jupyter debug protocol (kernel/debug.py)
        self.history = History()
        self.gpu = GpuProbe()
        self._quiet = 0
        self._cell_displays: dict[int, str] = {}   # figure number -> display id, within one cell
        self._display_count = 0
        self._payload: list[dict[str, Any]] = []
        for msg_type in ("comm_open", "comm_msg", "comm_close"):
            self.shell_handlers[msg_type] = getattr(self, msg_type)

    @property
    def banner(self) -> str:
        return (f"matfuse {engine.__version__}: the MATLAB language in Jupyter, with GPU fusion through "
                f"wgpu\n{self.gpu.text}\nHelp: %help, %lsmagic, help name, name?")

    @property
    def kernel_info(self) -> dict[str, Any]:
        """ipykernel's kernel_info, advertising the debugger (kernel/debug.py) and not kernel subshells,
        which would run cells of one Session concurrently (it does not support that)."""
        return {**super().kernel_info, "supported_features": ["debugger"]}

    @property
    def plot_settings(self) -> PlotSettings:
        return plot_settings(self.matlab.state)

    # ------------------------------------------------------------------ output
    def _print(self, text: str) -> None:
        """Stream printed text; MATLAB warnings go to stderr (front ends show them apart, as MATLAB does)."""
        if not self._quiet and text:
            stream = "stderr" if text.startswith("Warning: ") else "stdout"
            self.send_response(self.iopub_socket, "stream", {"name": stream, "text": text})

    def _clear_output(self) -> None:
        if not self._quiet:
            self.send_response(self.iopub_socket, "clear_output", {"wait": False})

    def write(self, text: str) -> None:
        self._print(text)

    def display(self, bundle: dict[str, str]) -> None:
        """Send a MIME bundle as display_data (the %fusion reports)."""
        if not self._quiet:
            self.send_response(self.iopub_socket, "display_data", {"data": bundle, "metadata": {}})

    def page(self, text: str) -> None:
        self._payload.append({"source": "page", "data": {"text/plain": text}, "start": 0})

    def set_next_input(self, text: str) -> None:
        self._payload.append({"source": "set_next_input", "text": text, "replace": True})

    def _notice(self, text: str) -> None:
        if not self._quiet:
            self.send_response(self.iopub_socket, "stream", {"name": "stderr", "text": text})

    def _connect_display(self) -> None:
        """Send unsuppressed results through ``SessionState.display_hook`` (the engine's contract).

        The VM shows every unsuppressed result in one method, ``show(name, value)``; a VM whose ``show``
        does not call the hook yet gets an instance-level ``show`` that does, so results still arrive
        as execute_results rather than plain text."""
        state, vm = self.matlab.state, self.matlab.vm
        state.display_hook = self._show_value
        code = getattr(type(vm).show, "__code__", None)
        if code is not None and "display_hook" in code.co_names:
            return

        def show(name: str | None, value: Any) -> None:
            text = display(name, value, state.format, state.output_limit)
            if not self._show_value(name, value, text):
                vm.write(text)
        vm.show = show

    def _show_value(self, name: str | None, value: Any, text: str) -> bool:
        """The display hook: an unsuppressed result as execute_result, MATLAB's text and its HTML
        (kernel/html.py). Both count against the cell's output limit (MATFUSE_MAX_OUTPUT_CHARS): the
        engine made only the text that fits; the HTML (the text, or for a large array its header line
        and a bounded grid) goes first where it takes at most half of what is left, else it is left
        out; past the limit nothing is sent, and the Session's note at the end of the cell says what
        was left out."""
        if self._quiet:
            return True
        limit = self.matlab.output_limit
        room = limit.room()
        page: str | None = html_value(value, text, self.matlab.state.format)
        if room is None or len(page) <= room // 2:
            limit.charge(len(page))
        else:
            page = None
        text = limit.take(text)
        if not text:
            return True
        data = {"text/plain": text.rstrip("\n")}
        if page is not None:
            data["text/html"] = page
        self.send_response(self.iopub_socket, "execute_result",
                           {"execution_count": self.execution_count, "data": data, "metadata": {}})
        return True

    def _show_figure(self, figure: Figure) -> None:
        """Send a figure as display_data, or update the one this cell already showed for that figure; an
        output with no figure number (sound's player) is always a display of its own."""
        if self._quiet:
            return
        data, metadata = figure.mimebundle()
        shown = self._cell_displays.get(figure.number) if figure.number is not None else None
        if shown is None:
            self._display_count += 1
            shown = f"matfuse-figure-{self._display_count}"
            if figure.number is not None:
                self._cell_displays[figure.number] = shown
            kind = "display_data"
        else:
            kind = "update_display_data"
        self.send_response(self.iopub_socket, kind,
                           {"data": data, "metadata": metadata, "transient": {"display_id": shown}})

    def _parfor_progress(self, done: int, total: int) -> None:
        """A parfor loop on a pool reports iterations done: a loop still running after PROGRESS_AFTER
        seconds gets a progress display, updated in place until it ends."""
        from engine.parallel.report import progress_bundle
        if self._quiet:
            return
        now = time.monotonic()
        if done == 0 or self._progress is None:
            self._display_count += 1
            self._progress = (f"matfuse-parfor-{self._display_count}", now, False)
        display_id, started, shown = self._progress
        if not shown and now - started < PROGRESS_AFTER:
            return
        self._progress = (display_id, started, True)
        self.send_response(self.iopub_socket, "update_display_data" if shown else "display_data",
                           {"data": progress_bundle(done, total), "metadata": {},
                            "transient": {"display_id": display_id}})

    # ------------------------------------------------------------------ running code
    def run(self, code: str, name: str | None = None, file: str = "") -> bool:
        """Run MATLAB code as a cell does; a MATLAB error propagates to the caller. ``file``: the path the
        debugger panel knows the cell by."""
        if not code.strip():
            return True
        result = self._execute(code, name, file)
        for figure in result.figures:
            self._show_figure(figure)
        if result.exit_status is not None:
            self._ask_exit()
        if result.error is not None:
            raise result.error
        return True

    def _ask_exit(self) -> None:
        """exit/quit, as IPython's exit in ipykernel: the reply asks the front end to close this kernel
        (payload ask_exit, keepkernel False) and the kernel stops just after sending it; a Jupyter server
        then restarts it with an empty workspace."""
        self._payload.append({"source": "ask_exit", "keepkernel": False})
        self.io_loop.call_later(0.1, self.io_loop.stop)

    def run_quiet(self, code: str) -> Any:
        self._quiet += 1
        try:
            return self._execute(code)
        finally:
            self._quiet -= 1

    def _execute(self, code: str, name: str | None = None, file: str = "") -> Any:
        """Session.execute with SIGINT turned into Session.interrupt() (the stop button)."""
        on_main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, lambda *_: self.matlab.interrupt()) if on_main else None
        try:
            return self.matlab.execute(code, name=name or f"In[{self.execution_count}]", file=file)
        finally:
            if on_main:
                signal.signal(signal.SIGINT, previous)

    def _read_line(self, prompt: str) -> str:
        if not self._allow_stdin:
            raise MatlabError("MATLAB:input:noStdin",
                              "input needs a front end that accepts typed input; this one does not "
                              "(for example nbconvert or papermill).")
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            return self.raw_input(prompt)
        except KeyboardInterrupt:
            raise MatlabError("MATLAB:interrupt", "Operation terminated by user") from None
        except EOFError:
            raise MatlabError("MATLAB:input:eof", "input was closed (end of file).") from None
        finally:
            signal.signal(signal.SIGINT, previous)

    async def do_execute(self, code: str, silent: bool, store_history: bool = True,
                         user_expressions: dict | None = None, allow_stdin: bool = False,
                         **kwargs: Any) -> dict[str, Any]:
        self._allow_stdin = allow_stdin
        self._cell_displays = {}
        self._payload = []
        if store_history and not silent:
            self.history.add(self.execution_count, code)
        if silent:
            self._quiet += 1
        self.debug.running = True
        try:
            self._run_cell(code)
        except MatlabError as err:
            return self._error_reply(err)
        except Exception as exc:  # noqa: BLE001 - a kernel bug is reported as an error, never a crash
            self.log.exception("matfuse kernel error")
            return self._error_reply(MatlabError("MATLAB:internal", f"{type(exc).__name__}: {exc}"))
        finally:
            self.debug.running = False
            if silent:
                self._quiet -= 1
        return {"status": "ok", "execution_count": self.execution_count, "payload": self._payload,
                "user_expressions": self._user_expressions(user_expressions or {})}

    def _user_expressions(self, expressions: dict[str, str]) -> dict[str, dict[str, Any]]:
        """Each expression evaluated as MATLAB in the workspace, quietly, after the cell: its display
        (``display`` without a name) as text/plain, or the MATLAB error."""
        return {key: self._evaluate(code) for key, code in expressions.items()}

    def _evaluate(self, code: str) -> dict[str, Any]:
        slot = "matfuse_user_expression_"
        result = self.run_quiet(f"{slot} = ({code});")
        if result.error is None:
            value = self.matlab.workspace[slot]
            self.run_quiet(f"clear {slot}")
            text = display(None, value, self.matlab.state.format).rstrip("\n")
            return {"status": "ok", "data": {"text/plain": text}, "metadata": {}}
        err = result.error
        return {"status": "error", "ename": err.identifier or "MATLAB:error", "evalue": err.message,
                "traceback": _traceback(err)}

    def _run_cell(self, code: str) -> None:
        query = _HELP_QUERY.match(code)
        if query:
            self._help_query(query.group(1) or query.group(2))
            return
        for word in stray_magics(code):
            self._notice(f"{word} is not a matfuse magic: the line was read as a MATLAB comment "
                         "(%lsmagic lists the magics)\n")
        calls, rest = split_cell(code)
        for call in calls:
            if call.magic.fn(self, call.args, call.body) == STOP:
                return
        if self.debug.started:     # the panel knows the cell by its text and its lines by the cell's
            self.run("\n" * (code.count("\n") - rest.count("\n")) + rest, file=self.debug.dump(code))
        else:
            self.run(rest)

    def _help_query(self, name: str) -> None:
        help_magic(self, name, "")

    def _error_reply(self, err: MatlabError) -> dict[str, Any]:
        content = {"ename": err.identifier or "MATLAB:error", "evalue": err.message,
                   "traceback": _traceback(err)}
        if not self._quiet:
            self.send_response(self.iopub_socket, "error", content)
        return {"status": "error", "execution_count": self.execution_count, **content}

    # ------------------------------------------------------------------ editor services
    async def do_complete(self, code: str, cursor_pos: int) -> dict[str, Any]:
        found = complete(code, len(code) if cursor_pos is None else cursor_pos, self.names)
        return {"status": "ok", "matches": found.matches, "cursor_start": found.start,
                "cursor_end": found.end, "metadata": {}}

    async def do_inspect(self, code: str, cursor_pos: int, detail_level: int = 0,
                         omit_sections: Any = ()) -> dict[str, Any]:
        cursor = len(code) if cursor_pos is None else cursor_pos
        name = _name_at(code, cursor)
        text = self._describe(name) if name else None
        if text is None:                       # not on a known name: the call whose arguments hold it
            name = _call_at(code, cursor)
            text = self._describe(name) if name else None
        return {"status": "ok", "found": text is not None,
                "data": {"text/plain": text} if text is not None else {}, "metadata": {}}

    def _describe(self, name: str) -> str | None:
        if name.startswith("%"):
            found = find(name)
            return found.help if found is not None else None
        variables = self.matlab.workspace
        if name in variables:
            value = variables[name]
            dims = "×".join(map(str, size_of(value)))
            limit = OutputLimit(INSPECT_CHARS, f"inspection shows {INSPECT_CHARS:,} characters")
            text = limit.take(display(name, value, self.matlab.state.format, limit))
            return f"{name}: {dims} {class_of(value)} variable\n\n" + text + limit.note()
        text = help_text(name, self.matlab.state.path)
        path = function_file(name, self.matlab.state.path) if name not in BUILTINS else None
        signature = path and _signature(path)
        return f"{signature}\n\n{text}" if text is not None and signature else text

    async def do_is_complete(self, code: str) -> dict[str, Any]:
        from engine.frontend import is_complete
        calls, rest = split_cell(code)
        if calls and calls[0].magic.kind == "cell":   # its body ends with an empty line, as in IPython
            return {"status": "complete"} if code.endswith("\n") else {"status": "incomplete", "indent": ""}
        status, indent = is_complete(rest)
        return {"status": status, "indent": indent} if status == "incomplete" else {"status": status}

    async def do_history(self, hist_access_type: str, output: bool, raw: bool, session: int = 0,
                         start: int = 0, stop: int | None = None, n: int | None = None,
                         pattern: str | None = None, unique: bool = False, **kwargs: Any) -> dict[str, Any]:
        if hist_access_type == "tail":
            found = self.history.tail(n or 10)
        elif hist_access_type == "range":
            found = self.history.range(session, start, stop)
        elif hist_access_type == "search":
            found = self.history.search(pattern or "*", n, unique)
        else:
            found = []
        entries = [(s, line, (code, None)) if output else (s, line, code) for s, line, code in found]
        return {"status": "ok", "history": entries}

    async def do_shutdown(self, restart: bool) -> dict[str, Any]:
        return {"status": "ok", "restart": restart}

    # ------------------------------------------------------------------ comms and the debugger
    # The kernel registers no comm targets. The messaging protocol asks a kernel that does not know a
    # comm_open's target to answer at once with a comm_close; messages to unknown comms are ignored.
    async def comm_open(self, stream: Any, ident: Any, parent: dict[str, Any]) -> None:
        comm_id = parent["content"].get("comm_id")
        self.log.info("comm_open for unknown target %r: closing comm %s",
                      parent["content"].get("target_name"), comm_id)
        self.send_response(self.iopub_socket, "comm_close", {"comm_id": comm_id, "data": {}})

    async def comm_msg(self, stream: Any, ident: Any, parent: dict[str, Any]) -> None:
        self.log.debug("comm_msg for unknown comm %s ignored", parent["content"].get("comm_id"))

    async def comm_close(self, stream: Any, ident: Any, parent: dict[str, Any]) -> None:
        self.log.debug("comm_close for unknown comm %s ignored", parent["content"].get("comm_id"))

    async def do_debug_request(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A Debug Adapter Protocol request (on the control thread): kernel/debug.py answers it."""
        return await self.debug.handle(msg)


def _traceback(err: MatlabError) -> list[str]:
    """The error as MATLAB prints it, in red: the message, then where (cell and line) with a caret."""
    lines = err.report().split("\n")
    return [f"\x1b[0;31mError: {lines[0]}\x1b[0m", *lines[1:]]


def _signature(path: str) -> str | None:
    """The ``function ...`` line of a function file (its first statement), or None for a script."""
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                text = line.strip()
                if text and not text.startswith("%"):
                    return text if re.match(r"function\b", text) else None
    except OSError:
        return None
    return None


_TRANSPOSE_AFTER = re.compile(r"[A-Za-z0-9_)\]}.'\"]")


def _call_at(code: str, cursor_pos: int) -> str:
    """The name of the innermost call ``name(`` whose argument list is open at the cursor, or "".

    Scans the text before the cursor for brackets, skipping comments and quoted text (a ``'`` right
    after a name, a closing bracket, a number or a quote is the transpose operator, not a quote)."""
    text = code[:cursor_pos]
    opened: list[str] = []        # per open bracket: the name called ("" for other brackets)
    previous, k = "", 0
    while k < len(text):
        ch = text[k]
        if ch == "%":
            k = text.find("\n", k) if "\n" in text[k:] else len(text)
            continue
        if ch == '"' or (ch == "'" and not _TRANSPOSE_AFTER.match(previous)):
            close = text.find(ch, k + 1)
            if close < 0:
                break                              # the cursor is inside the text
            k = close
        elif ch == "(":
            name = re.search(r"(?<![.\w])[A-Za-z_]\w*$", text[:k])
            opened.append(name.group(0) if name else "")
        elif ch in "[{":
            opened.append("")
        elif ch in ")]}" and opened:
            opened.pop()
        if not ch.isspace():
            previous = ch
        k += 1
    return next((name for name in reversed(opened) if name), "")


def _name_at(code: str, cursor_pos: int) -> str:
    """The identifier (or %magic) around the cursor, or just before it."""
    left = re.search(r"%{0,2}[A-Za-z_][A-Za-z0-9_]*$", code[:cursor_pos])
    right = re.match(r"[A-Za-z0-9_]*", code[cursor_pos:])
    if left is None:
        return ""
    return left.group(0) + (right.group(0) if right else "")

