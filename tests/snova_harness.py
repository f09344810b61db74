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

# The official KAT digests (one JSON line per vector) live in the team's shared/
# directory beside the checkout; SNOVA_KAT_DIR points elsewhere.
KAT_DIR = Path(os.environ.get("SNOVA_KAT_DIR") or ROOT.parent / "shared" / "kat")


def kat_dir():
    """The KAT directory; missing KATs are an error, never a skipped test."""
    if not (KAT_DIR / "snova-24-5-16-4-esk.jsonl").is_file():
        raise FileNotFoundError(f"no SNOVA KAT digests in {KAT_DIR} (set SNOVA_KAT_DIR)")
    return KAT_DIR


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
