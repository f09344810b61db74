"""A kernel's object code as the checker reads it: out/<kernel>.S assembled by
clang for ELF, its .text bytes, and llvm-objdump's disassembly of them, one
Instruction per 4-byte word (literal-pool words are kept as bytes only); and
the check that the same source assembled for Mach-O and COFF gives the same
instruction stream, so that what is proven of the ELF object holds of those."""
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
# the other object formats the kernel tree is built for (docs/kernels.md)
OTHER_FORMATS = {"Mach-O": ("arm64-apple-macos", "__text"), "COFF": ("aarch64-windows-msvc", ".text")}
# words the formats may differ in that do nothing to any other instruction: the
# return-address-signing hints (ELF signs with the A key, COFF with the B key,
# Mach-O not at all) and the NOPs that align the literal pool after them
NOT_COMPARED = frozenset({"paciasp", "autiasp", "pacibsp", "autibsp", "nop"})
_HEX_ROW = re.compile(r"^ [0-9a-f]{4,} ((?:[0-9a-f]{2,8} ?){1,4})")
_TARGET = re.compile(r"0x([0-9a-f]+) <[^>]*>")

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


def assemble(source: Path, include_dir: Path, target: str = TARGET) -> bytes:
    """The object (ELF unless another target is named) of an assembler source
    (with its directory's snova_asm.h)."""
    with tempfile.TemporaryDirectory() as tmp:
        obj = Path(tmp) / "k.o"
        _run([CLANG, f"--target={target}", "-c", f"-I{include_dir}", str(source), "-o", str(obj)])
        return obj.read_bytes()


def _listing(path: Path) -> dict:
    """{addr: Instruction} of an object file's disassembly, data words left out,
    in the generic vector syntax (Mach-O objects are otherwise shown in Apple's)."""
    listing = _run([OBJDUMP, "-d", "--no-show-raw-insn", "-mllvm", "-aarch64-neon-syntax=generic",
                    str(path)]).decode()
    code = {}
    for m in map(_LINE.match, listing.splitlines()):
        if m and not m.group(2).startswith("."):
            addr = int(m.group(1), 16)
            code[addr] = Instruction(addr, m.group(2), m.group(3) or "")
    return code


def disassemble(obj: bytes) -> tuple:
    """(.text bytes, {addr: Instruction}) of an ELF object's bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        path, text = Path(tmp) / "k.o", Path(tmp) / "k.bin"
        path.write_bytes(obj)
        _run([OBJCOPY, "-O", "binary", "--only-section=.text", str(path), str(text)])
        return text.read_bytes(), _listing(path)


def _section(obj: bytes, section: str) -> tuple:
    """(the section's bytes, {addr: Instruction}) of an object in any format."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "k.o"
        path.write_bytes(obj)
        dump = _run([OBJDUMP, "-s", "-j", section, str(path)]).decode()
        data = b"".join(bytes.fromhex(m.group(1).replace(" ", "")) for m in map(_HEX_ROW.match, dump.splitlines())
                        if m)
        return data, _listing(path)


def _words(text: bytes, code: dict) -> list:
    """A text as the formats can be compared: one (bytes, relative) a word
    but for NOT_COMPARED; relative is the disassembly with a PC-relative
    operand written as the index of the word it names, None for a word
    without one."""
    kept = [a for a in range(0, len(text), 4) if a not in code or code[a].mnemonic not in NOT_COMPARED]
    index = {a: i for i, a in enumerate(kept)}
    target = lambda m: f"@{index.get(int(m.group(1), 16), '?')}"
    out = []
    for a in kept:
        ins = code.get(a)
        relative = ins is not None and _TARGET.search(ins.operands)
        out.append((text[a:a + 4], (ins.mnemonic, _TARGET.sub(target, ins.operands)) if relative else None))
    return out


def format_difference(source: Path, elf: ObjectCode) -> str | None:
    """None when the source assembled for Mach-O and for COFF is the ELF
    object's (given) instruction stream: the same words but for NOT_COMPARED,
    those the ELF object has as PC-relative instructions naming the same
    words; else which format differs. (The ELF object alone marks its literal
    pool as data, so it says which words are instructions.)"""
    want = _words(elf.text, elf.code)
    for fmt, (target, section) in OTHER_FORMATS.items():
        got = _words(*_section(assemble(source, source.parent, target), section))
        if len(got) != len(want) or any((g[1] if w[1] else g[0]) != (w[1] or w[0]) for g, w in zip(got, want)):
            return f"the {fmt} object's instructions differ from the ELF object's"
    return None


def object_code(source: Path, obj: bytes | None = None) -> ObjectCode:
    """A kernel's object code: assembled from source unless its object is given."""
    source = Path(source)
    if obj is None:
        obj = assemble(source, source.parent)
    text, code = disassemble(obj)
    return ObjectCode(source.stem, obj, text, code)
