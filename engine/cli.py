"""The ``matfuse`` command: run a script file, evaluate code, an interactive prompt, or piped input.

    matfuse run file.m      run a script (exit status 1 on error, MATLAB's error report on stderr)
    matfuse -e "code"       evaluate code
    matfuse                 on a terminal: the interactive prompt (>> ) with line editing and a
                            persistent history (readline; MATFUSE_HISTORY_FILE), multi-line blocks
                            continue until complete, Ctrl-C interrupts a running statement, Ctrl-D exits
    ... | matfuse           piped input (batch mode): statements run as they arrive, no prompts; the
                            first error ends the run with exit status 1
    matfuse --version

Errors and warnings go to stderr, everything else to stdout. ``input`` and ``keyboard`` read from the
terminal when stdin is one (never from piped input). ``exit``/``quit`` (``exit(status)``) end the
command with that status. The output limit of notebooks (MATFUSE_MAX_OUTPUT_CHARS) does not apply
here: a terminal or a redirected file gets all the output.
"""
from __future__ import annotations

import argparse
import os
import queue
import signal
import sys
import threading
from typing import Callable, Iterator

from . import __version__
from .config import flag
from .frontend import read_source
from .runtime.builtins.interaction import FrontEnd, set_front_end
from .runtime.errors import MatlabError
from .session import ExecResult, Session

HISTORY_LENGTH = 10_000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="matfuse", description="Run MATLAB code with the matfuse engine.")
    parser.add_argument("--version", action="version", version=f"matfuse {__version__}")
    parser.add_argument("-e", dest="code", help="evaluate CODE and exit")
    parser.add_argument("--device", default="auto", choices=("auto", "cpu", "gpu"))
    parser.add_argument("command", nargs="?", choices=("run",), help="run a script file")
    parser.add_argument("file", nargs="?", help="the .m file for 'run'")
    opts = parser.parse_args(argv)
    session = Session(device=opts.device, output=echo, max_output=0)
    terminal = TerminalInput() if sys.stdin.isatty() else None
    if terminal:
        set_front_end(session.state, FrontEnd(read_line=terminal.read_line))
    if opts.code is not None:
        return execute(session, opts.code, "<command line>")
    if opts.command == "run":
        if not opts.file:
            parser.error("run needs a file name")
        return run_file(session, opts.file)
    if terminal:
        with persistent_history():
            return repl(session, terminal=terminal)
    return batch(session, iter(sys.stdin.readline, ""))


def echo(text: str) -> None:
    """Printed output to stdout, MATLAB warnings (each printed as one piece) to stderr."""
    stream = sys.stderr if text.startswith("Warning: ") else sys.stdout
    stream.write(text)
    stream.flush()


class TerminalInput:
    """``input``/``keyboard`` at a terminal. The line is always read on the main thread (readline and
    Ctrl-C work there only): a statement running in the prompt's worker thread hands its request to
    the main thread, which ``serve``s it while it waits for the statement. Ctrl-C while reading ends
    the statement (MATLAB:interrupt); Ctrl-D ends the input (MATLAB:input:eof)."""

    def __init__(self) -> None:
        self.requests: queue.Queue = queue.Queue()

    def read_line(self, prompt: str) -> str:
        if threading.current_thread() is threading.main_thread():
            return self._answer(self._read(prompt))
        reply: queue.Queue = queue.Queue()
        self.requests.put((prompt, reply))
        return self._answer(reply.get())

    def serve(self, wait: float) -> None:
        """On the main thread: read the line a worker asked for, if one asks within ``wait`` seconds."""
        try:
            prompt, reply = self.requests.get(timeout=wait)
        except queue.Empty:
            return
        reply.put(self._read(prompt))

    @staticmethod
    def _read(prompt: str) -> tuple[str, str]:
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            return "line", input(prompt)
        except KeyboardInterrupt:
            sys.stdout.write("\n")
            return "interrupt", ""
        except EOFError:
            return "eof", ""
        finally:
            signal.signal(signal.SIGINT, previous)

    @staticmethod
    def _answer(reply: tuple[str, str]) -> str:
        kind, text = reply
        if kind == "interrupt":
            raise MatlabError("MATLAB:interrupt", "Operation terminated by user")
        if kind == "eof":
            raise MatlabError("MATLAB:input:eof", "input was closed (end of file).")
        return text


def execute(session: Session, code: str, name: str) -> int:
    return outcome(session.execute(code, name))


def outcome(result: ExecResult) -> int:
    """The exit status a run gives: what exit/quit asked for, 1 after an error (reported on stderr), or 0."""
    if result.exit_status is not None:
        return result.exit_status
    if result.error is not None:
        sys.stderr.write(result.error.report().rstrip("\n") + "\n")
        return 1
    return 0


def run_file(session: Session, path: str) -> int:
    try:
        source = read_source(path)
    except OSError as exc:
        sys.stderr.write(f"matfuse: cannot read {path}: {exc.strerror}\n")
        return 1
    name = os.path.splitext(os.path.basename(path))[0]
    return execute(session, source, name)


class persistent_history:
    """Line editing and history for the prompt: readline, with the history read from and written to
    MATFUSE_HISTORY_FILE (default ~/.matfuse_history) so earlier sessions' lines come back with Up."""

    def __enter__(self) -> None:
        try:
            import readline
        except ImportError:           # Python built without readline: plain input still works
            self.readline = None
            return
        self.readline = readline
        self.path = os.path.expanduser(flag("MATFUSE_HISTORY_FILE") or "~/.matfuse_history")
        readline.set_history_length(HISTORY_LENGTH)
        try:
            readline.read_history_file(self.path)
        except OSError:
            pass

    def __exit__(self, *exc: object) -> None:
        if self.readline is not None:
            try:
                self.readline.write_history_file(self.path)
            except OSError as err:
                sys.stderr.write(f"matfuse: cannot save the history in {self.path}: {err.strerror}\n")


def batch(session: Session, lines: Iterator[str]) -> int:
    """Piped input: each complete statement or block runs as soon as it has arrived, with no prompt;
    the first error ends the run with status 1 (error reports count lines from the input's start)."""
    from .frontend import is_complete
    start = 0

    def read(prompt: str) -> str:
        line = next(lines, None)
        if line is None:
            raise EOFError
        return line.rstrip("\n")
    while True:
        try:
            code = read_block(read, is_complete)
        except EOFError:
            return 0
        if code.strip():
            result = session.execute("\n" * start + code, "<stdin>")
            status = outcome(result)
            if result.exit_status is not None or result.error is not None:
                return status
        start += code.count("\n") + 1


def repl(session: Session, read: Callable[[str], str] = input, terminal: TerminalInput | None = None) -> int:
    """The interactive prompt; a statement runs in a worker thread so Ctrl-C can interrupt it."""
    from .frontend import is_complete
    while True:
        try:
            code = read_block(read, is_complete)
        except EOFError:
            sys.stdout.write("\n")
            return 0
        except KeyboardInterrupt:
            sys.stdout.write("\n")
            continue
        if code.strip():
            status = run_interruptible(session, code, terminal)
            if status is not None:
                return status


def read_block(read: Callable[[str], str], is_complete: Callable[[str], tuple[str, str]]) -> str:
    """One statement or block: lines are read until it is complete (an unfinished block at the end of
    the input is returned as it is, for the parser to report)."""
    lines = [read(">> ")]
    while is_complete("\n".join(lines))[0] == "incomplete":
        try:
            lines.append(read(""))
        except EOFError:
            break
    return "\n".join(lines)


def run_interruptible(session: Session, code: str, terminal: TerminalInput | None = None) -> int | None:
    """Run a statement in a worker thread (Ctrl-C interrupts it; the main thread reads the lines its
    ``input`` asks for); the status it asked to exit with, if any."""
    done, asked = threading.Event(), threading.Event()
    results: list[ExecResult] = []
    worker = threading.Thread(target=lambda: (results.append(session.execute(code, "<prompt>")), done.set()),
                              daemon=True)

    def on_interrupt(*_: object) -> None:
        asked.set()
        session.interrupt()

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        worker.start()
        while not done.is_set():
            if asked.is_set():          # again: a Ctrl-C before the statement started was cleared by it
                session.interrupt()
            if terminal is None:
                done.wait(0.05)
            else:
                terminal.serve(0.05)
    finally:
        signal.signal(signal.SIGINT, previous)
    outcome(results[0])
    return results[0].exit_status


if __name__ == "__main__":
    sys.exit(main())
