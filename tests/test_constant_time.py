"""Constant time of the SNOVA core on every build the project ships, by two
independent methods, each shown to catch a planted leak.

* valgrind memcheck (host): tests/programs/test_ct.c generates a key and signs with the
  secrets marked undefined; memcheck reports every branch and every address that
  depends on them. Built by gcc and by clang, at -O2 and at -O3 (host-ct-<cc>-<opt>),
  and with libsnova's flags (-pic).
* qemu traces (AArch64): the same program under qemu with the cttrace plugin
  (tools/ct/trace.c) on very different private seeds; the sequence of executed
  blocks and the sequence of memory addresses must be the same for all of them.
  The portable and NEON builds, at -O3 (as shipped) and -O2, and NEON with
  libsnova's flags.

One set per rank of every round; key generation and one signature (Round 1: one
with the expanded key, one with the seed key). The -plant- builds (c_glue/primitives/ct.h)
branch on, or load at an address given by, each byte SHAKE absorbs: each method
must report both.

* libsnova as shipped (tools/ct/lib_ct.c linked against libsnova.a and .so): one
  set per block shape of every round (15), key generation, a signature, the
  secret key prepared (snova_secret_key_prepare) and a signature from it
  (snova_sign_prepared), through the generic API. On the host under memcheck;
  on AArch64 traced under each CPU model that makes the run-time kernel choice (c_glue/kernels/kernels_neon.c,
  keccak_neon.c) take a different branch: cortex-a53 (in-order little),
  cortex-a72 (A57/A72), neoverse-n1 (wide, no SHA3), max (SHA3). One qemu run
  per (shape, CPU) traces a warm-up and then one segment per seed; the segments
  of the seeds that sign at the first attempt must be equal. A leak planted in
  a kernel only the little cores run must be reported under cortex-a53 (and is
  out of reach under max). A leak planted in the prepared path (a copy of
  c_glue/lib/libsnova_prepared.c calling ct.h's plant on the prepared secret
  key, where it is made or where it signs) must be reported by both methods.
"""
import functools
import os
import random
import re
import subprocess
import tempfile

import pytest

from tests.snova_harness import ROOT, make, run_recipe
from tools.ct.trace import trace

# one set per rank (Rounds 1 and 2) and per l (Round 3); Round 2's rank 4 with its
# expanded key, all of it secret
CT_SETS = ["snova-24-5-16-4-esk", "snova-25-8-16-3-esk", "snova-28-17-16-2-esk",
           "snova-r2-37-17-2", "snova-r2-25-8-3", "snova-r2-24-5-4-esk", "snova-r2-24-5-5",
           "snova-r3-i-k", "snova-r3-i-x", "snova-r3-v-s-aes"]
CT_BUILDS = subprocess.run(["make", "-s", "--no-print-directory", "snova-ct-builds"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
HOST_BUILDS = [b for b in CT_BUILDS if b.startswith("host-ct-")]
AARCH64_BUILDS = [b for b in CT_BUILDS if b.startswith("aarch64-")]
PLANTS = ("branch", "load")
PLANT_SET = CT_SETS[0]

SECRET_BYTES = 32
# very different private seeds (all zero, all ones, random); the first COMPARED
# (SNOVA_CT_SEEDS, default 3) that sign at the first attempt are compared: a retry
# is public and changes the trace
COMPARED = int(os.environ.get("SNOVA_CT_SEEDS", "3"))
CANDIDATE_SECRETS = [bytes(SECRET_BYTES), b"\xff" * SECRET_BYTES,
                     *(random.Random(n).randbytes(SECRET_BYTES) for n in range(COMPARED + 2))]


@pytest.fixture(scope="session")
def ct_programs():
    """Builds each build's test_ct of every CT set on first use, once per session
    (make only rebuilds what changed); returns the program's path."""
    built = set()

    def program(build, set_name, sets=CT_SETS):
        if build not in built:
            make(*(f"build/{build}/{s}/test_ct" for s in sets))
            built.add(build)
        return ROOT / "build" / build / set_name / "test_ct"
    return program


def memcheck(program):
    """test_ct under memcheck; the secret comes from a file (as in trace)."""
    with tempfile.TemporaryFile() as secret:
        secret.write(CANDIDATE_SECRETS[-1])
        secret.seek(0)
        return subprocess.run(["valgrind", "-q", "--error-exitcode=99", str(program), "1"], stdin=secret,
                              capture_output=True, text=True, timeout=900)


@pytest.mark.parametrize("set_name", CT_SETS)
@pytest.mark.parametrize("build", HOST_BUILDS)
def test_memcheck_sees_no_secret_branch_or_address(ct_programs, build, set_name):
    r = memcheck(ct_programs(build, set_name))
    assert r.returncode == 0 and "PASSED" in r.stdout, r.stdout + r.stderr


@pytest.mark.parametrize("plant, report", [("branch", "Conditional jump or move depends on uninitialised"),
                                           ("load", "Use of uninitialised value of size")])
def test_memcheck_reports_planted_leak(ct_programs, plant, report):
    r = memcheck(ct_programs(f"host-ct-gcc-O3-plant-{plant}", PLANT_SET, sets=[PLANT_SET]))
    assert r.returncode == 99 and report in r.stderr and "snova_ct_plant" in r.stderr, r.stderr


def solver_symbol(build):
    return "snova_gf16_solve" if build.startswith("aarch64-neon") else "snova_c_gf16_solve"


def traces(program, build, set_name, cpu="max"):
    """Traces of key generation and signing for private seeds that sign at the
    first attempt (one solver call per signature), COMPARED of them."""
    signatures = 2  # Round 1: from its expanded and its seed key; later rounds: from the key, then prepared
    found = []
    for secret in CANDIDATE_SECRETS:
        t = trace(program, ["1"], secret, entry=solver_symbol(build), cpu=cpu)
        assert t.stdout.strip() == "PASSED" and t.entries >= signatures, t
        if t.entries == signatures:
            found.append(t)
        if len(found) == COMPARED:
            return found
    pytest.fail(f"fewer than {COMPARED} of the candidate seeds sign at the first attempt")


@pytest.mark.parametrize("set_name", CT_SETS)
@pytest.mark.parametrize("build", AARCH64_BUILDS)
def test_trace_does_not_depend_on_the_secret(ct_programs, build, set_name):
    found = traces(ct_programs(build, set_name), build, set_name)
    assert all((t.blocks, t.accesses) == (found[0].blocks, found[0].accesses) for t in found), found


def test_traces_report_planted_branch(ct_programs):
    build = "aarch64-portable-plant-branch"
    found = traces(ct_programs(build, PLANT_SET, sets=[PLANT_SET]), build, PLANT_SET)
    assert len({t.blocks for t in found}) > 1, found


def test_traces_report_planted_load(ct_programs):
    """A secret-indexed load takes the same path: only the addresses show it."""
    build = "aarch64-portable-plant-load"
    found = traces(ct_programs(build, PLANT_SET, sets=[PLANT_SET]), build, PLANT_SET)
    assert len({t.blocks for t in found}) == 1 and len({t.accesses for t in found}) > 1, found


# --------------------------------------------------------------------------
# libsnova as shipped, every block shape, every core class

# one set per block shape (round, l, r) of every round, mixing the key forms and
# the public-map expansions (SHAKE, AES)
SHAPE_SETS = {
    "r1-l2-r2": "snova-28-17-16-2-ssk", "r1-l3-r3": "snova-25-8-16-3-esk", "r1-l4-r4": "snova-24-5-16-4-ssk",
    "r2-l2-r2": "snova-r2-37-17-2", "r2-l3-r3": "snova-r2-25-8-3", "r2-l4-r4": "snova-r2-24-5-4-shake-esk",
    "r2-l5-r5": "snova-r2-29-6-5",
    "r3-l2-r2": "snova-r3-i-x-aes", "r3-l4-r4": "snova-r3-i-s", "r3-l4-r5": "snova-r3-iii-s-aes",
    "r3-l4-r6": "snova-r3-i-b", "r3-l4-r8": "snova-r3-i-k-aes", "r3-l5-r5": "snova-r3-v-s",
    "r3-l5-r6": "snova-r3-v-b", "r3-l5-r8": "snova-r3-v-k",
}
# each core class the kernel choice tells apart, by the qemu CPU model that
# reports it (MIDR_EL1 implementer and part, FEAT_SHA3)
CPU_CLASSES = {
    "cortex-a53": "in-order little (Cortex-A53/A55 ...), no SHA3",
    "cortex-a72": "Cortex-A57/A72 (slow TBL), no SHA3",
    "neoverse-n1": "wide out-of-order (Neoverse N1, A76 ...), no SHA3",
    "max": "any other (implementer 0), SHA3",
}
LIB_LINKS = ("static", "shared")
# the first seed warms the library up (one-time choices); the others are compared
WARM_UP = b"\x55" * SECRET_BYTES
LIB_SEEDS = [WARM_UP, *CANDIDATE_SECRETS]


def lib_program(target):
    path = ROOT / "build" / "ct" / "lib" / target / "lib_ct"
    make(str(path.relative_to(ROOT)))
    return path


def set_shape(params):
    """r<round>-l<l>-r<r> from a set's compiler definitions (as c_glue/lib.mk names shapes)"""
    d = dict(re.findall(r"-DSNOVA_(\w+)=(\w+)", params))
    return f"r{d.get('ROUND', '1')}-l{d['L']}-r{d.get('R', d['L'])}"


def test_shape_sets_cover_every_shape():
    lines = subprocess.run(["make", "-s", "--no-print-directory", "snova-params"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.splitlines()
    shapes = {name: set_shape(params) for name, params in (line.split(" ", 1) for line in lines)}
    assert set(shapes.values()) == set(SHAPE_SETS), sorted(set(shapes.values()))
    assert all(shapes[s] == shape for shape, s in SHAPE_SETS.items())


def lib_memcheck(program, set_name, *options):
    with tempfile.TemporaryFile() as seed:
        seed.write(CANDIDATE_SECRETS[-1])
        seed.seek(0)
        return subprocess.run(["valgrind", "-q", "--error-limit=no", str(program), set_name, *options], stdin=seed,
                              capture_output=True, text=True, timeout=900)


def memcheck_reports(stderr):
    """memcheck's reports, each as (kind, innermost function)"""
    reports, kind = [], None
    for line in stderr.splitlines():
        text = line.split("== ", 1)[-1]
        if not text.startswith(" "):
            kind = text.strip() or None
        elif kind and text.strip().startswith("at "):
            reports.append((kind, text.split(":", 1)[1].split("(")[0].strip()))
            kind = None
    return reports


# The shipped library has no declassification point: the retry of a signature
# whose system was singular is a branch on whether it was, the one documented
# exception, which memcheck reports where the core's signing tests it (in the
# loop and after it), once per signing call (lib_ct signs from the key and from
# the key prepared). Every other report fails. The per-set host-ct builds
# declassify it and allow nothing.
RETRY_TEST_SITES = 2
SIGNINGS = 2
RETRY_FUNCTIONS = {"snova_core_sign", "sign_core"}


def only_the_retry(reports):
    return len(reports) <= RETRY_TEST_SITES * SIGNINGS and all(
        kind.startswith("Conditional jump") and function in RETRY_FUNCTIONS for kind, function in reports)


@pytest.mark.parametrize("shape", SHAPE_SETS)
@pytest.mark.parametrize("link", LIB_LINKS)
def test_memcheck_library_as_shipped(link, shape):
    r = lib_memcheck(lib_program(f"host-{link}"), SHAPE_SETS[shape])
    assert r.returncode == 0 and "PASSED" in r.stdout, r.stdout + r.stderr
    assert only_the_retry(memcheck_reports(r.stderr)), r.stderr


@pytest.mark.parametrize("link", LIB_LINKS)
def test_memcheck_library_check_fails_on_other_reports(link):
    """The allowance is that narrow: with the signature marked secret before it
    is verified (verification branches on it), the check fails."""
    r = lib_memcheck(lib_program(f"host-{link}"), SHAPE_SETS["r3-l4-r4"], "secret-signature")
    assert "PASSED" in r.stdout and not only_the_retry(memcheck_reports(r.stderr)), r.stderr


def seed_trace(program, set_name, cpu, static=True):
    """One traced run of a lib_ct program: the warm-up, then a segment per
    candidate seed. Static: the solver's calls count each seed's attempts."""
    return trace(program, [set_name], b"".join(LIB_SEEDS), cpu=cpu, segment="ct_segment",
                 entry="snova_gf16_solve" if static else None)


@functools.cache
def lib_trace(link, set_name, cpu):
    """The traced run of lib_ct as linked against libsnova (static or shared)."""
    return seed_trace(lib_program(f"aarch64-{link}"), set_name, cpu, static=link == "static")


def first_attempt_segments(t, attempts_trace):
    """The segments of t of the seeds whose signatures are made at the first
    attempt (one solver call each), by the solver's calls in attempts_trace, a
    static run on the same CPU (attempts depend on the seed only); COMPARED of
    them"""
    assert "PASSED" in t.stdout, t
    seeds = t.segments[2:-1]     # the start-up and the warm-up before, the exit after
    assert len(seeds) == len(CANDIDATE_SECRETS), t
    attempts = [s.entries for s in attempts_trace.segments[2:-1]]
    first = [s for s, n in zip(seeds, attempts) if n == SIGNINGS]
    assert len(first) >= COMPARED, f"fewer than {COMPARED} of the candidate seeds sign at the first attempt"
    return first[:COMPARED]


def compared_segments(link, set_name, cpu):
    return first_attempt_segments(lib_trace(link, set_name, cpu), lib_trace("static", set_name, cpu))


@pytest.mark.parametrize("cpu", CPU_CLASSES)
@pytest.mark.parametrize("shape", SHAPE_SETS)
def test_library_trace_does_not_depend_on_the_secret(shape, cpu):
    found = compared_segments("static", SHAPE_SETS[shape], cpu)
    assert all((s.blocks, s.accesses) == (found[0].blocks, found[0].accesses) for s in found), found


@pytest.mark.parametrize("shape", SHAPE_SETS)
def test_shared_library_trace_does_not_depend_on_the_secret(shape):
    found = compared_segments("shared", SHAPE_SETS[shape], "max")
    assert all((s.blocks, s.accesses) == (found[0].blocks, found[0].accesses) for s in found), found


def test_library_traces_cover_every_core_class(capsys):
    """Each CPU model reaches a different kernel choice: the CPU lib_ct reports
    (MIDR_EL1, SHA3) differs from model to model. Lists what the traces cover."""
    program = lib_program("aarch64-static")
    seen = {}
    for cpu in CPU_CLASSES:
        with tempfile.TemporaryFile() as seed:
            seed.write(WARM_UP)
            seed.seek(0)
            out = subprocess.run(["qemu-aarch64", "-cpu", cpu, str(program), SHAPE_SETS["r3-l2-r2"]], stdin=seed,
                                 capture_output=True, text=True, check=True).stdout
        seen[cpu] = re.search(r"^cpu (.*)$", out, re.M).group(1)
    assert len(set(seen.values())) == len(CPU_CLASSES), seen
    with capsys.disabled():
        print("\nconstant-time traces of libsnova (static, and shared under max) cover:")
        for cpu, what in CPU_CLASSES.items():
            print(f"  -cpu {cpu:12} {seen[cpu]:28} {what}")
        print("  shapes: " + ", ".join(f"{shape} ({s})" for shape, s in SHAPE_SETS.items()))


# the little-core-only kernel with a planted leak (c_glue/c_glue.mk SNOVA_CT_LITTLE_KERNEL)
LITTLE_PLANT_BUILD, LITTLE_PLANT_SET = "aarch64-neon-plant-little", "snova-r3-i-k"


def plant_traces(cpu):
    build = LITTLE_PLANT_BUILD
    make(f"build/{build}/{LITTLE_PLANT_SET}/test_ct")
    program = ROOT / "build" / build / LITTLE_PLANT_SET / "test_ct"
    return traces(program, build, LITTLE_PLANT_SET, cpu=cpu)


def test_traces_report_leak_planted_in_a_little_core_kernel():
    found = plant_traces("cortex-a53")
    assert len({t.accesses for t in found}) > 1, found


def test_planted_little_core_leak_is_out_of_reach_of_cpu_max():
    """Why every CPU model is traced: under max the planted kernel never runs."""
    found = plant_traces("max")
    assert len({(t.blocks, t.accesses) for t in found}) == 1, found


# --------------------------------------------------------------------------
# a leak planted in libsnova's prepared path

PREPARED_SOURCE = "c_glue/lib/libsnova_prepared.c"
# where the plant goes in the prepared-key code, and the prepared secret key's
# bytes it branches on or loads by: once the key is made, and where it signs; and
# the function memcheck names in its report (snova_secret_key_prepare tail-calls prepare)
PREPARED_PLANT_SITES = {
    "prepare": ("    return p;\n}\n\nsnova_public_key *snova_public_key_prepare(",
                "snova_ct_plant(p->prepared, bytes - sizeof(*p));", "prepare (libsnova_prepared.c"),
    "sign": ("        r = snova_lib_sign(p->inst, sig, siglen, digest, salt, NULL, p->prepared);",
             "snova_ct_plant(p->prepared, p->inst->secret_prepared_bytes());", "snova_sign_prepared"),
}
PLANT_SHAPE = "r3-l4-r4"


def planted_lib_ct(variant, site, plant, out):
    """lib_ct linked against libsnova.a of variant with a planted copy of the
    prepared keys' code first (the archive's own member is then never pulled)"""
    anchor, call, _ = PREPARED_PLANT_SITES[site]
    text = (ROOT / PREPARED_SOURCE).read_text()
    assert text.count(anchor) == 1, anchor
    planted = out / "libsnova_prepared.c"
    planted.write_text(text.replace('#include "lib_instance.h"', '#include "ct.h"\n#include "lib_instance.h"')
                       .replace(anchor, f"    {call}\n{anchor}"))
    obj = run_recipe(f"build/lib/{variant}/prim/libsnova_prepared.o", PREPARED_SOURCE, out / "libsnova_prepared.o",
                     {PREPARED_SOURCE: [str(planted)]}, ["-Ic_glue/lib", "-gdwarf-4", f"-DSNOVA_CT_PLANT_{plant}"])
    archive = f"build/lib/{variant}/libsnova.a"
    return run_recipe(f"build/ct/lib/{variant}-static/lib_ct", "tools/ct/lib_ct.c", out / "lib_ct",
                      {archive: [str(obj), archive]})


@pytest.mark.parametrize("plant, report", [("branch", "Conditional jump or move depends on uninitialised"),
                                           ("load", "Use of uninitialised value of size")])
@pytest.mark.parametrize("site", PREPARED_PLANT_SITES)
def test_memcheck_library_reports_leak_planted_in_prepared_key(tmp_path, site, plant, report):
    r = lib_memcheck(planted_lib_ct("host", site, plant, tmp_path), SHAPE_SETS[PLANT_SHAPE])
    entry = PREPARED_PLANT_SITES[site][2]
    planted = [k for k, function in memcheck_reports(r.stderr) if function == "snova_ct_plant"]
    assert "PASSED" in r.stdout and any(k.startswith(report) for k in planted), r.stderr
    assert entry in r.stderr and not only_the_retry(memcheck_reports(r.stderr)), r.stderr


@pytest.mark.parametrize("plant", PLANTS)
@pytest.mark.parametrize("site", PREPARED_PLANT_SITES)
def test_library_traces_report_leak_planted_in_prepared_key(tmp_path, site, plant):
    """A branch changes the blocks; a load the addresses only."""
    set_name, cpu = SHAPE_SETS[PLANT_SHAPE], "max"
    t = seed_trace(planted_lib_ct("aarch64", site, plant, tmp_path), set_name, cpu)
    found = first_attempt_segments(t, t)
    if plant == "branch":
        assert len({s.blocks for s in found}) > 1, found
    else:
        assert len({s.blocks for s in found}) == 1 and len({s.accesses for s in found}) > 1, found
