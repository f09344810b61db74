"""Helpers for the SNOVA C core tests: building through make, running binaries of a
build variant (under qemu-aarch64 for AArch64 builds), the set list and the KATs."""
import fcntl
import functools
import json
import os
import shlex
import subprocess
from pathlib import Path

from generator import sets as set_data

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
QEMU = os.environ.get("QEMU_AARCH64", "qemu-aarch64")

# The official KAT digests (one JSON line per vector) live in the team's shared/
# directory beside the checkout, one directory per round; SNOVA_SHARED_DIR points
# elsewhere.
SHARED_DIR = Path(os.environ.get("SNOVA_SHARED_DIR") or ROOT.parent / "shared")


def official_name(set_name):
    """The official name of a set (generator/sets.yaml): snova-r3-i-s-aes is
    SNOVA_I_S_AES, snova-r2-24-5-4-shake-esk liboqs's SNOVA_24_5_4_SHAKE_esk."""
    return set_data.by_name()[set_name].official


def round_of(set_name):
    return set_data.by_name()[set_name].round


def kat_dir(rnd=1):
    """The KAT directory of a round; missing KATs are an error, never a skipped test."""
    d = SHARED_DIR / {1: "kat", 2: "kat-r2", 3: "kat-r3"}[rnd]
    probe = {1: "snova-24-5-16-4-esk.jsonl", 2: "SNOVA_24_5_4.jsonl", 3: "SNOVA_I_S.jsonl"}[rnd]
    if not (d / probe).is_file():
        raise FileNotFoundError(f"no SNOVA KAT digests in {d} (set SNOVA_SHARED_DIR)")
    return d


def snova_sets():
    """The parameter-set names as make builds them (c_glue/snova_sets.mk, generated
    from generator/sets.yaml)."""
    out = subprocess.run(["make", "-s", "--no-print-directory", "snova-list"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    return out.split()


@functools.cache
def make_variables() -> dict[str, str]:
    """The simple variables make defines (its database, nothing built): what the
    makefiles compute, not how they spell it."""
    r = subprocess.run(["make", "-pn", "--no-print-directory", "bench-docs"], cwd=ROOT, capture_output=True,
                       text=True)
    return dict(ln.split(" := ", 1) for ln in r.stdout.splitlines() if " := " in ln and not ln.startswith("#"))


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


@functools.cache
def recipe(target, changed):
    """The command make runs for target when `changed` (a source or an object of
    it, whose name the command holds) is newer than target, as a tuple of
    arguments run from ROOT; target is made up to date first. Mutant tests run
    it on planted copies."""
    make(target)
    out = subprocess.run(["make", "-n", "--no-print-directory", "-W", changed, target], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.replace("\\\n", " ")
    lines = [line for line in out.splitlines() if changed in line and not line.startswith("mkdir")]
    assert len(lines) == 1, out
    return tuple(shlex.split(lines[0]))


def run_recipe(target, changed, output, replace, extra=()):
    """Runs make's command for target (recipe) into output instead, each
    argument that replace names replaced by the list it maps to (each must be
    there), extra appended: how mutant tests build a planted copy. Returns output."""
    cmd = list(recipe(target, changed))
    assert all(a in cmd for a in replace), (replace, cmd)
    cmd = [b for a in cmd for b in replace.get(a, [a])]
    cmd[cmd.index("-o") + 1] = str(output)
    subprocess.run([*cmd, *extra], cwd=ROOT, check=True)
    return output


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


def run_passing(build, set_name, prog, args=(), **kw) -> str:
    """The output of a test program of the core, which must exit 0 and end with PASSED."""
    r = run(build, set_name, prog, args, **kw)
    assert r.returncode == 0 and r.stdout.rstrip().endswith("PASSED"), r.stdout + r.stderr
    return r.stdout


def load_kat(set_name):
    """The set's known answers, from its file in shared/ (generator/sets.yaml's kat);
    a missing file is an error, never a skipped test."""
    path = SHARED_DIR / set_data.by_name()[set_name].kat
    if not path.is_file():
        raise FileNotFoundError(f"no SNOVA KAT digests {path} (set SNOVA_SHARED_DIR)")
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def load_digests(rnd, file_name):
    """Digest lists of shared/kat-r*/: a name, then one or more hex digests, per line."""
    with open(kat_dir(rnd) / file_name) as f:
        return {parts[0]: parts[1:] for parts in (line.split() for line in f) if parts}
