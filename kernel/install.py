"""Install the ``matfuse`` kernelspec: ``python -m kernel install [--user | --sys-prefix | --prefix P]``.

The spec (kernel.json and the logos) lives in the repository's ``kernelspec/`` folder; a wheel ships it as
shared data under ``share/jupyter/kernels/matfuse``. Installing copies it and points ``argv[0]`` at the
Python running the install, so the kernel starts with the interpreter that has matfuse.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

from jupyter_client.kernelspec import KernelSpecManager

KERNEL_NAME = "matfuse"
SPEC_FILES = ("kernel.json", "logo-32x32.png", "logo-64x64.png", "logo-svg.svg")


def spec_source() -> Path:
    """The folder holding the kernelspec files (source checkout first, then the installed shared data)."""
    candidates = (Path(__file__).resolve().parent.parent / "kernelspec",
                  Path(sys.prefix) / "share" / "jupyter" / "kernels" / KERNEL_NAME)
    for folder in candidates:
        if (folder / "kernel.json").is_file():
            return folder
    raise FileNotFoundError("matfuse kernelspec files not found (looked in: "
                            + ", ".join(str(c) for c in candidates) + ")")


def write_spec(folder: Path, display_name: str | None = None) -> None:
    """Copy the spec files into ``folder``, with this interpreter in argv and an optional display name."""
    source = spec_source()
    for name in SPEC_FILES:
        shutil.copy(source / name, folder / name)
    spec = json.loads((source / "kernel.json").read_text())
    spec["argv"][0] = sys.executable
    if display_name:
        spec["display_name"] = display_name
    (folder / "kernel.json").write_text(json.dumps(spec, indent=2) + "\n")


def install(user: bool = False, prefix: str | None = None, name: str = KERNEL_NAME,
            display_name: str | None = None) -> str:
    """Install the kernelspec; return the folder it was installed to."""
    with tempfile.TemporaryDirectory() as tmp:
        write_spec(Path(tmp), display_name)
        return KernelSpecManager().install_kernel_spec(tmp, kernel_name=name, user=user, prefix=prefix)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m kernel install",
                                     description="Install the matfuse Jupyter kernelspec.")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--user", action="store_true", help="install for the current user")
    where.add_argument("--sys-prefix", action="store_true", help="install into sys.prefix (virtualenv/conda)")
    where.add_argument("--prefix", help="install under this prefix (share/jupyter/kernels)")
    parser.add_argument("--name", default=KERNEL_NAME, help="kernelspec name (default: matfuse)")
    parser.add_argument("--display-name", help="name shown in the launcher and kernel menus")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    prefix = sys.prefix if args.sys_prefix else args.prefix
    dest = install(user=args.user, prefix=prefix, name=args.name, display_name=args.display_name)
    print(f"Installed kernelspec {args.name} in {dest}")
    return 0
