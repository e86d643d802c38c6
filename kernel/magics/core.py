"""The kernel's own magics: %lsmagic, %help, %time/%%time, %timeit, %who/%whos, %plot, %%file, %cd."""
from __future__ import annotations

import math
import os
import shlex
import time

from engine.runtime.builtins.interaction import help_text
from engine.runtime.errors import MatlabError
from engine.runtime.figures import configure

from .registry import MAGICS, MagicHost, find, magic, names


@magic("lsmagic", "line")
def lsmagic(host: MagicHost, args: str, body: str) -> None:
    """%lsmagic  list the available magics.

    Line magics (%name) apply to the code after them in the cell; cell magics (%%name) take the whole
    cell. Magics are recognised only at the top of a cell."""
    host.write("Available line magics:\n" + "  ".join("%" + n for n in names("line")) + "\n\n"
               "Available cell magics:\n" + "  ".join("%%" + n for n in names("cell")) + "\n")


@magic("help", "line")
def help_magic(host: MagicHost, args: str, body: str) -> None:
    """%help [name]  help on a magic (%name) or a MATLAB function; without a name, the list of magics.

    The same help appears with Shift-Tab in the editor, with `name?`, and with MATLAB's `help name`."""
    topic = args.strip()
    if not topic:
        lines = [f"{('%%' if m.kind == 'cell' else '%') + m.name:12} {m.usage.split('  ', 1)[-1]}"
                 for m in sorted(MAGICS.values(), key=lambda m: (m.kind, m.name))]
        host.page("matfuse magics (use %help name for more):\n\n" + "\n".join(lines) + "\n")
        return
    found = find(topic) if topic.startswith("%") else None
    if found is not None:
        host.page(found.help + "\n")
        return
    text = help_text(topic.lstrip("%"), host.matlab.state.path)
    if text is None:
        raise MatlabError("MATLAB:help:notFound", f"{topic} not found.")
    host.page(text + "\n")


def format_seconds(seconds: float) -> str:
    """Seconds in IPython's style: the largest unit that gives a number of at least 1."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds * 1e9:.3g} ns"


def _time(host: MagicHost, code: str) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    host.run(code)
    host.write(f"CPU time: {format_seconds(time.process_time() - cpu)}\n"
               f"Wall time: {format_seconds(time.perf_counter() - wall)}\n")


@magic("time", "line")
def time_line(host: MagicHost, args: str, body: str) -> None:
    """%time code  run one line of MATLAB code and print its CPU and wall time.

        %time x = sum(rand(1000))"""
    _time(host, args)


@magic("time", "cell")
def time_cell(host: MagicHost, args: str, body: str) -> None:
    """%%time  run the cell and print its CPU and wall time."""
    _time(host, body)


def _timeit_options(args: str) -> tuple[int | None, int, str]:
    words = args.split()
    number, repeat = None, 7
    while len(words) >= 2 and words[0] in ("-n", "-r"):
        try:
            value = int(words[1])
        except ValueError:
            raise MatlabError("matfuse:timeit:badOption", f"{words[0]} needs a positive integer.") from None
        if value < 1:
            raise MatlabError("matfuse:timeit:badOption", f"{words[0]} needs a positive integer.")
        number, repeat = (value, repeat) if words[0] == "-n" else (number, value)
        words = words[2:]
    code = args[args.find(words[0]):] if words else ""
    if not code.strip():
        raise MatlabError("matfuse:timeit:noCode", "%timeit needs MATLAB code to time.")
    return number, repeat, code


def _run_loops(host: MagicHost, code: str, loops: int) -> float:
    start = time.perf_counter()
    for _ in range(loops):
        result = host.run_quiet(code)
        if result.error is not None:
            raise result.error
    return time.perf_counter() - start


@magic("timeit", "line")
def timeit(host: MagicHost, args: str, body: str) -> None:
    """%timeit [-n N] [-r R] code  time MATLAB code: the mean and spread of R runs of N loops each.

    Without -n, N is the first of 1, 10, 100, ... whose run takes at least 0.2 s (as IPython does);
    R defaults to 7. The code's output is not shown.

        %timeit s = sum(rand(1, 1000));"""
    number, repeat, code = _timeit_options(args)
    if number is None:
        number = 1
        while _run_loops(host, code, number) < 0.2 and number < 10**6:
            number *= 10
    per_loop = [_run_loops(host, code, number) / number for _ in range(repeat)]
    mean = sum(per_loop) / repeat
    std = math.sqrt(sum((t - mean) ** 2 for t in per_loop) / repeat)
    host.write(f"{format_seconds(mean)} ± {format_seconds(std)} per loop (mean ± std. dev. of {repeat} "
               f"run{'s' if repeat > 1 else ''}, {number} loop{'s' if number > 1 else ''} each)\n")


@magic("who", "line")
def who(host: MagicHost, args: str, body: str) -> None:
    """%who  list the variables in the workspace (MATLAB's `who`)."""
    host.run("who")


@magic("whos", "line")
def whos(host: MagicHost, args: str, body: str) -> None:
    """%whos  list the variables with their size, bytes and class (MATLAB's `whos`)."""
    host.run("whos")


PLOT_FLAGS = {"-f": "fmt", "--format": "fmt", "-s": "size", "--size": "size", "-r": "resolution",
              "--resolution": "resolution", "-w": "width", "--width": "width", "-h": "height",
              "--height": "height"}
PLOT_BACKENDS = ("inline",)     # metakernel's backend word: figures are always shown inline here


def _plot_options(args: str) -> dict[str, str]:
    """The %plot arguments as {option: text}: ``-f svg``, ``--format=svg``, ``png``/``svg`` alone, and
    metakernel's backend word ``inline``."""
    options: dict[str, str] = {}
    words = shlex.split(args)
    k = 0
    while k < len(words):
        word, _, value = words[k].partition("=") if words[k].startswith("--") else (words[k], "", "")
        if word in PLOT_FLAGS and (value or k + 1 < len(words)):
            options[PLOT_FLAGS[word]] = value or words[k + 1]
            k += 1 if value else 2
        elif word in ("png", "svg"):
            options["fmt"] = word
            k += 1
        elif word in PLOT_BACKENDS:
            k += 1
        else:
            raise MatlabError("matfuse:plot:badOption", f"Unknown %plot option '{words[k]}'. See %help %plot.")
    return options


def _pixels(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise MatlabError("matfuse:plot:size", f"{what} must be a whole number of pixels, not '{text}'.") \
            from None


@magic("plot", "line")
def plot_magic(host: MagicHost, args: str, body: str) -> None:
    """%plot [inline] [png|svg] [-f fmt] [-s W,H] [-w W] [-h H] [-r dpi]  figure output settings.

    The settings hold for the rest of the session. The format is png (default) or svg (sent along with the png); the size is in CSS pixels (default
    560,420, MATLAB's figure size), also one side at a time with -w/-h; the resolution is the PNG's dpi
    (default 192, sharp on HiDPI screens). Long forms --format, --size, --width, --height, --resolution
    take a value after a space or `=`. `inline` (metakernel's backend) is accepted: figures are always
    shown inline. Without options, shows the current settings.

        %plot inline --format=svg -w 800 -h 400"""
    options = _plot_options(args)
    settings = host.plot_settings
    size = options.pop("size", None)
    if size is not None:
        parts = size.replace("x", ",").split(",")
        if len(parts) != 2:
            raise MatlabError("matfuse:plot:size", f"Size must be width,height in pixels, not '{size}'.")
        width, height = (_pixels(p, "Size") for p in parts)
    else:
        width, height = settings.width, settings.height
    width = _pixels(options.pop("width"), "Width") if "width" in options else width
    height = _pixels(options.pop("height"), "Height") if "height" in options else height
    resolution = options.pop("resolution", None)
    if resolution is not None:
        try:
            resolution = int(resolution)
        except ValueError:
            raise MatlabError("matfuse:plot:resolution", "Resolution must be a whole number of dpi.") from None
    configure(settings, fmt=options.get("fmt"), size=(width, height), resolution=resolution)
    host.write(f"Plot settings: {settings.describe()}\n")


@magic("file", "cell")
def file_magic(host: MagicHost, args: str, body: str) -> None:
    """%%file name.m  write the rest of the cell to a file in the working folder (a function or script).

    Functions in the file can be called from later cells. `%%file -a name` appends instead.

        %%file addone.m
        function y = addone(x)
        y = x + 1;
        end"""
    words = shlex.split(args)
    append = bool(words) and words[0] == "-a"
    words = words[1:] if append else words
    if len(words) != 1:
        raise MatlabError("matfuse:file:name", "%%file needs one file name, e.g. %%file myfun.m")
    path = os.path.abspath(words[0])
    existed = os.path.exists(path)
    try:
        with open(path, "a" if append else "w", encoding="utf-8") as f:
            f.write(body if body.endswith("\n") else body + "\n")
    except OSError as exc:
        raise MatlabError("matfuse:file:write", f"Unable to write file '{path}': {exc.strerror}.") from None
    verb = "Appended to" if append else "Overwrote" if existed else "Created"
    host.write(f"{verb} file '{path}'.\n")


@magic("cd", "line")
def cd_magic(host: MagicHost, args: str, body: str) -> None:
    """%cd [folder]  change the working folder (where function files are found); print it.

        %cd ~/project"""
    folder = args.strip().strip("'\"")
    if folder:
        try:
            os.chdir(os.path.expanduser(folder))
        except OSError as exc:
            raise MatlabError("MATLAB:cd:NonExistentFolder",
                              f"Cannot CD to {folder} ({exc.strerror}).") from None
    host.write(os.getcwd() + "\n")
