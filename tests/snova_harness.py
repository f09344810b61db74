"""Helpers for the SNOVA C core tests: building through make, running binaries of a
build variant (under qemu-aarch64 for AArch64 builds), the set list and the KATs."""
import fcntl
import json
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
QEMU = os.environ.get("QEMU_AARCH64", "qemu-aarch64")

# KAT digests (one JSON line per vector); SNOVA_KAT_DIR overrides the search.
KAT_DIRS = [Path(p) for p in (os.environ.get("SNOVA_KAT_DIR"),) if p] + [
    ROOT / "tests" / "kat",
    Path("/work/shared/kat"),
]


def kat_dir():
    for d in KAT_DIRS:
        if (d / "snova-24-5-16-4-esk.jsonl").is_file():
            return d
    return None


def snova_sets():
    """The parameter-set names, from the one list in c_glue/c_glue.mk."""
    out = subprocess.run(["make", "-s", "--no-print-directory", "snova-list"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    return out.split()


def make(*targets, jobs=2):
    """Runs make for the given targets; a lock keeps parallel test workers from
    building the same files at once."""
    BUILD.mkdir(exist_ok=True)
    with open(BUILD / ".snova-make.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        r = subprocess.run(["make", "-s", "--no-print-directory", f"-j{jobs}", *targets], cwd=ROOT,
                           capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"make {' '.join(targets)} failed:\n{r.stdout}\n{r.stderr}")
    return r


def binary(build, set_name, prog):
    """Path of a per-set program (kat, test_snova) or, with set_name None, of a
    build-wide one (test_prims)."""
    if set_name is None:
        return BUILD / build / prog
    return BUILD / build / set_name / prog


def run(build, set_name, prog, args=(), **kw):
    """Runs a program of a build variant; AArch64 builds run under qemu-aarch64 -cpu max."""
    cmd = [str(binary(build, set_name, prog)), *args]
    if build.startswith("aarch64"):
        cmd = [QEMU, "-cpu", "max", *cmd]
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    return subprocess.run(cmd, cwd=ROOT, **kw)


def load_kat(set_name):
    d = kat_dir()
    with open(d / f"{set_name}.jsonl") as f:
        return [json.loads(line) for line in f if line.strip()]
