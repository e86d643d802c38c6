"""The ``matfuse`` command: run a script file, evaluate code, or an interactive prompt.

    matfuse run file.m      run a script (exit status 1 on error, MATLAB's error report on stderr)
    matfuse -e "code"       evaluate code
    matfuse                 interactive prompt (>> ); multi-line blocks continue until complete;
                            Ctrl-C interrupts a running statement, Ctrl-D exits

``exit``/``quit`` (``exit(status)``) end the command with that status. The output limit of notebooks
(MATFUSE_MAX_OUTPUT_CHARS) does not apply here: a terminal or a redirected file gets all the output.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from typing import Callable

from .frontend import read_source
from .session import ExecResult, Session


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="matfuse", description="Run MATLAB code with the matfuse engine.")
    parser.add_argument("-e", dest="code", help="evaluate CODE and exit")
    parser.add_argument("--device", default="auto", choices=("auto", "cpu", "gpu"))
    parser.add_argument("command", nargs="?", choices=("run",), help="run a script file")
    parser.add_argument("file", nargs="?", help="the .m file for 'run'")
    opts = parser.parse_args(argv)
    session = Session(device=opts.device, output=echo, max_output=0)
    if opts.code is not None:
        return execute(session, opts.code, "<command line>")
    if opts.command == "run":
        if not opts.file:
            parser.error("run needs a file name")
        return run_file(session, opts.file)
    return repl(session)


def echo(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


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


def repl(session: Session, read: Callable[[str], str] = input) -> int:
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
            status = run_interruptible(session, code)
            if status is not None:
                return status


def read_block(read: Callable[[str], str], is_complete: Callable[[str], tuple[str, str]]) -> str:
    lines = [read(">> ")]
    while is_complete("\n".join(lines))[0] == "incomplete":
        lines.append(read(""))
    return "\n".join(lines)


def run_interruptible(session: Session, code: str) -> int | None:
    """Run a statement in a worker thread (Ctrl-C interrupts it); the status it asked to exit with, if any."""
    done = threading.Event()
    results: list[ExecResult] = []
    worker = threading.Thread(target=lambda: (results.append(session.execute(code, "<prompt>")), done.set()),
                              daemon=True)
    previous = signal.signal(signal.SIGINT, lambda *_: session.interrupt())
    try:
        worker.start()
        while not done.wait(0.05):
            pass
    finally:
        signal.signal(signal.SIGINT, previous)
    outcome(results[0])
    return results[0].exit_status


if __name__ == "__main__":
    sys.exit(main())
