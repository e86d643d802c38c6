"""The ``matfuse`` command: run a script file, evaluate code, or an interactive prompt.

    matfuse run file.m      run a script (exit status 1 on error, MATLAB's error report on stderr)
    matfuse -e "code"       evaluate code
    matfuse                 interactive prompt (>> ); multi-line blocks continue until complete;
                            Ctrl-C interrupts a running statement, Ctrl-D exits
"""
from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from typing import Callable

from .session import Session


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="matfuse", description="Run MATLAB code with the matfuse engine.")
    parser.add_argument("-e", dest="code", help="evaluate CODE and exit")
    parser.add_argument("--device", default="auto", choices=("auto", "cpu", "gpu"))
    parser.add_argument("command", nargs="?", choices=("run",), help="run a script file")
    parser.add_argument("file", nargs="?", help="the .m file for 'run'")
    opts = parser.parse_args(argv)
    session = Session(device=opts.device, output=echo)
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
    result = session.execute(code, name)
    if result.error is not None:
        sys.stderr.write(result.error.report().rstrip("\n") + "\n")
        return 1
    return 0


def run_file(session: Session, path: str) -> int:
    try:
        with open(path, encoding="utf-8") as handle:
            source = handle.read()
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
            run_interruptible(session, code)


def read_block(read: Callable[[str], str], is_complete: Callable[[str], tuple[str, str]]) -> str:
    lines = [read(">> ")]
    while is_complete("\n".join(lines))[0] == "incomplete":
        lines.append(read(""))
    return "\n".join(lines)


def run_interruptible(session: Session, code: str) -> None:
    done = threading.Event()
    worker = threading.Thread(target=lambda: (execute(session, code, "<prompt>"), done.set()), daemon=True)
    previous = signal.signal(signal.SIGINT, lambda *_: session.interrupt())
    try:
        worker.start()
        while not done.wait(0.05):
            pass
    finally:
        signal.signal(signal.SIGINT, previous)


if __name__ == "__main__":
    sys.exit(main())
