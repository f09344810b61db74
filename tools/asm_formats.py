"""A generated kernel (out/<kernel>.S) as one object format sees it: its text
after the C preprocessor, with snova_asm.h's definitions for that format, one
statement a line and laid out as the generator writes assembly (mnemonic, tab,
operands), so the tools that read assembly text (tools/mca.py,
tools/ct/kernel_check.py, the tests) read each format's own statements; and the
object the format's assembler makes of it.

    rendering(path, "macho")               the text
    rendering(path, "elf", {"SNOVA_KERNEL_BTI": "0"})   with a build's choices
    assemble(path, "coff", obj)            the object (clang, the format's --target)
"""
from __future__ import annotations

import functools
import re
import subprocess
from pathlib import Path

from generator.abi import FORMATS

CLANG = "clang-19"


class RenderError(Exception):
    """The preprocessor or the assembler refused a file (its message)."""


def _defines(defines) -> list:
    return [f"-D{name}={value}" for name, value in sorted(dict(defines or {}).items())]


def _layout(line: str) -> str:
    """One preprocessed statement as the generator writes it: labels at the margin,
    everything else indented by a tab, a tab after the mnemonic or directive."""
    line = line.strip()
    if line.endswith(":") or line.startswith("//"):
        return line
    head, _, rest = line.partition(" ")
    return f"\t{head}\t{rest}" if rest else f"\t{head}"


@functools.lru_cache(maxsize=None)
def _render(text: str, directory: str, fmt: str, defines: tuple) -> str:
    cmd = [CLANG, f"--target={FORMATS[fmt].clang_target}", "-E", "-P", "-C", "-x", "assembler-with-cpp",
           f"-I{directory}", *defines, "-"]
    proc = subprocess.run(cmd, input=text, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RenderError(proc.stderr.strip())
    body = re.sub(r"/\*.*?\*/", "", proc.stdout, flags=re.S)     # the header's comments, kept by -C
    lines = []
    for line in body.splitlines():
        statements = [line] if line.lstrip().startswith("//") else line.split(";")
        lines += [_layout(s) for s in statements if s.strip()]
    return "".join(f"{line}\n" for line in lines)


def rendering(path: Path, fmt: str = "elf", defines=None, text: str | None = None) -> str:
    """path's kernel as object format fmt reads it (text: path's content changed,
    e.g. with a planted line; its includes still come from path's directory)."""
    path = Path(path)
    return _render(path.read_text() if text is None else text, str(path.parent), fmt, tuple(_defines(defines)))


def assemble(path: Path, fmt: str, obj: Path, defines=None, include_dirs=()) -> Path:
    """The object of path for object format fmt (include_dirs: where snova_asm.h is
    when path is not beside it); RenderError with the assembler's message (a
    warning counts) if it is not clean."""
    cmd = [CLANG, f"--target={FORMATS[fmt].clang_target}", *_defines(defines), *(f"-I{d}" for d in include_dirs),
           "-c", str(path), "-o", str(obj)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0 or proc.stderr.strip():
        raise RenderError(f"{' '.join(cmd)}:\n{proc.stderr.strip()}")
    return obj
