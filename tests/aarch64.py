"""Cross-building AArch64 test programs and running them under qemu-user."""
from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "out"
HARNESS = Path(__file__).resolve().parent / "harness"
BUILD = ROOT / "build" / "tests"
CROSS_CC = ["clang-19", "--target=aarch64-linux-gnu", "-fuse-ld=lld", "-static", "-O2",
            "-Wall", "-Werror"]
QEMU = ["qemu-aarch64", "-cpu", "max"]


def instruction_lines(text: str) -> list:
    """The instructions of generated assembler text, stripped: tab-indented
    lines that are neither directives, comments nor the macros of snova_asm.h
    (the object format's and the build's: unwind information, landing pads,
    return-address signing)."""
    return [ln.strip() for ln in text.splitlines()
            if ln.startswith("\t") and not ln.startswith(("\t.", "\t//", "\tSNOVA_ASM_"))]


def cross_build(name: str, sources, include_dirs=(), extra_flags=()) -> Path:
    """Builds a static AArch64 executable under build/tests/; concurrent test
    workers may build the same program, so the result is renamed into place."""
    BUILD.mkdir(parents=True, exist_ok=True)
    exe = BUILD / name
    fd, tmp = tempfile.mkstemp(dir=BUILD, prefix=f".{name}.")
    os.close(fd)
    # (OUT last: a generated kernel written elsewhere, a mutant, finds snova_asm.h)
    cmd = [*CROSS_CC, *extra_flags, *(f"-I{d}" for d in (*include_dirs, OUT)), *map(str, sources), "-o", tmp]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        os.unlink(tmp)
        raise RuntimeError(f"build of {name} failed:\n{' '.join(cmd)}\n{result.stderr}")
    os.replace(tmp, exe)
    return exe


def assembled(sources) -> list:
    """Objects of assembler sources, cached under build/tests/obj by content, so
    that the runners' many kernels are assembled once (one clang run for all
    that are missing), not per runner, worker and session. A kernel's content
    is its text and out/snova_asm.h's, which every one includes."""
    obj_dir = BUILD / "obj"
    obj_dir.mkdir(parents=True, exist_ok=True)
    objects, missing = [], []
    header = (OUT / "snova_asm.h").read_bytes()
    for src in map(Path, sources):
        obj = obj_dir / f"{src.stem}-{hashlib.sha256(header + src.read_bytes()).hexdigest()[:16]}.o"
        objects.append(obj)
        if not obj.exists():
            missing.append((src, obj))
    if missing:
        with tempfile.TemporaryDirectory(dir=obj_dir) as tmp:
            cmd = [*CROSS_CC[:2], f"-I{OUT}", "-c", *(str(src) for src, _ in missing)]
            result = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
            if result.returncode != 0:
                raise RuntimeError(f"assembling failed:\n{' '.join(cmd)}\n{result.stderr}")
            for src, obj in missing:
                os.replace(Path(tmp) / f"{src.stem}.o", obj)
    return objects


def run_qemu(exe: Path, args=(), stdin: bytes = b"", check=True) -> subprocess.CompletedProcess:
    result = subprocess.run([*QEMU, str(exe), *map(str, args)], input=stdin, capture_output=True)
    if check and result.returncode != 0:
        raise RuntimeError(f"{exe.name} {' '.join(map(str, args))} exited {result.returncode}: "
                           f"{result.stderr.decode(errors='replace')}")
    return result


def assert_harness_verdict(result: subprocess.CompletedProcess, expect: str) -> None:
    """A deliberately broken kernel run under a guard-page runner was caught as
    expected: 'segv' (a guard page), 'aapcs' (the canary checker, exit 3) or
    'caught' (a guard page or a stray-write check, exit 5)."""
    if expect == "segv":
        assert result.returncode == -signal.SIGSEGV, result
    elif expect == "aapcs":
        assert result.returncode == 3 and b"AAPCS64" in result.stderr, result
    else:
        assert result.returncode in (-signal.SIGSEGV, 5), result
