"""``%fusion wgsl`` listings: a kernel's entry point first, then the declarations, then only the library
functions it calls (directly or through each other), every line under its line number in the shader, so
the numbers match compile errors (``numbered`` in provider.py counts the same lines).

    sections(wgsl) -> [Section("entry", ...), Section("declarations", ...), Section("library", ...)...]
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_FN = re.compile(r"\s*fn\s+([A-Za-z_]\w*)\s*\(")
_CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


@dataclass(frozen=True)
class Section:
    kind: str                        # "entry" | "declarations" | "library"
    name: str                        # the function's name ("" for declarations)
    lines: tuple[tuple[int, str], ...]   # (line number in the shader, text)


def _items(source: str) -> list[tuple[str, list[tuple[int, str]]]]:
    """Top-level items in order: ("fn name", lines) for functions (with their attribute lines), ("", lines)
    for everything else (comments, structs, bindings, constants)."""
    items: list[tuple[str, list[tuple[int, str]]]] = []
    pending: list[tuple[int, str]] = []     # attribute lines waiting for their function
    depth, current = 0, None
    for number, line in enumerate(source.splitlines(), 1):
        if current is not None:
            current[1].append((number, line))
        else:
            found = _FN.match(line)
            if found:
                current = (found.group(1), pending + [(number, line)])
                pending = []
            elif line.lstrip().startswith("@") and "fn " not in line and "var" not in line:
                pending.append((number, line))
                continue
            else:
                items.append(("", pending + [(number, line)]))
                pending = []
                depth += line.count("{") - line.count("}")
                continue
        depth += line.count("{") - line.count("}")
        if depth <= 0 and "{" in "".join(t for _, t in current[1]):
            items.append(current)
            current, depth = None, 0
    if current is not None:
        items.append(current)
    if pending:
        items.append(("", pending))
    return items


def sections(source: str) -> list[Section]:
    """The entry point (the ``@compute`` function), the declarations, then the library functions it
    calls in the order they appear in the shader; functions it never calls are left out."""
    items = _items(source)
    functions = {name: lines for name, lines in items if name}
    entry = next((name for name, lines in items if name and any("@compute" in t for _, t in lines)), None)
    if entry is None:
        return [Section("declarations", "", tuple(l for _, lines in items for l in lines))]
    called, todo = set(), [entry]
    while todo:
        body = " ".join(t for _, t in functions[todo.pop()])
        for name in _CALL.findall(body):
            if name in functions and name not in called and name != entry:
                called.add(name)
                todo.append(name)
    declarations = tuple(l for name, lines in items if not name for l in lines
                         if l[1].strip() and not l[1].lstrip().startswith("//"))
    return ([Section("entry", entry, tuple(functions[entry])), Section("declarations", "", declarations)]
            + [Section("library", name, tuple(lines)) for name, lines in items if name in called])


def omitted(source: str) -> int:
    """How many functions of the shader its entry point never calls (left out of the listing)."""
    listed = {s.name for s in sections(source) if s.name}
    return sum(1 for name, _ in _items(source) if name and name not in listed)


def listing_text(source: str) -> str:
    """The listing as text: each section under a comment line, each line with its shader line number."""
    parts = []
    for section in sections(source):
        title = {"entry": f"// entry point {section.name}", "declarations": "// declarations",
                 "library": f"// library function {section.name}"}[section.kind]
        parts.append(title + "\n" + "\n".join(f"{n:4d}  {t}" for n, t in section.lines))
    left = omitted(source)
    if left:
        parts.append(f"// {left} library functions of the shader are not called by this kernel (not shown)")
    return "\n".join(parts)
