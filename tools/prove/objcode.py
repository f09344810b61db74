"""A kernel's object code as the checker reads it: out/<kernel>.S assembled by
clang for ELF, its .text bytes, and llvm-objdump's disassembly of them, one
Instruction per 4-byte word (literal-pool words are kept as bytes only)."""
from __future__ import annotations

import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

CLANG = "clang-19"
OBJDUMP = "llvm-objdump-19"
OBJCOPY = "llvm-objcopy-19"
TARGET = "aarch64-linux-gnu"

_LINE = re.compile(r"^\s*([0-9a-f]+):\s+\t(\S+)(?:\t(.*))?$")


@dataclass(frozen=True)
class Instruction:
    addr: int
    mnemonic: str
    operands: str


@dataclass(frozen=True)
class ObjectCode:
    name: str                      # the kernel's file stem
    obj: bytes                     # the whole object file (the cache key)
    text: bytes                    # its .text section
    code: dict                     # addr -> Instruction


class AssembleError(Exception):
    """clang or an LLVM tool refused the kernel (its message)."""


def _run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, **kw)
    if proc.returncode != 0:
        raise AssembleError(f"{' '.join(map(str, cmd))}: {proc.stderr.decode(errors='replace').strip()}")
    return proc.stdout


def assemble(source: Path, include_dir: Path) -> bytes:
    """The ELF object of an assembler source (with its directory's snova_asm.h)."""
    with tempfile.TemporaryDirectory() as tmp:
        obj = Path(tmp) / "k.o"
        _run([CLANG, f"--target={TARGET}", "-c", f"-I{include_dir}", str(source), "-o", str(obj)])
        return obj.read_bytes()


def disassemble(obj: bytes) -> tuple:
    """(.text bytes, {addr: Instruction}) of an ELF object's bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        path, text = Path(tmp) / "k.o", Path(tmp) / "k.bin"
        path.write_bytes(obj)
        _run([OBJCOPY, "-O", "binary", "--only-section=.text", str(path), str(text)])
        listing = _run([OBJDUMP, "-d", "--no-show-raw-insn", str(path)]).decode()
        code = {}
        for line in listing.splitlines():
            m = _LINE.match(line)
            if m and not m.group(2).startswith("."):
                code[int(m.group(1), 16)] = Instruction(int(m.group(1), 16), m.group(2), m.group(3) or "")
        return text.read_bytes(), code


def object_code(source: Path, obj: bytes | None = None) -> ObjectCode:
    """A kernel's object code: assembled from source unless its object is given."""
    source = Path(source)
    if obj is None:
        obj = assemble(source, source.parent)
    text, code = disassemble(obj)
    return ObjectCode(source.stem, obj, text, code)
