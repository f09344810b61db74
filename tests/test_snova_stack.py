"""Bounded stack (tests/programs/test_stack.c): key generation and signing of every set
run on a thread whose stack is exactly 512 KiB, verification on one of exactly
128 KiB (a guard page below each), on the host test-hook build; there the peak
use is measured by stack painting, and every allocation of every operation is
made to fail in turn (each must be reported as an error, outputs zeroed). The
same on the AArch64 NEON build under qemu for one set per round. Every set's KAT
tool reproduces its first known answers under `ulimit -s 512`. Proof that the
thread test can fail: with bounds below the measured peaks it crashes.

Stack hygiene (tests/harness/lib_stack.c): after key generation and every
signing call of every instance, through libsnova as shipped (libsnova.a and .so,
host and AArch64 under qemu), no 8 bytes in a row of the private seed or of the
secret key's secret parts are left on the operation's stack; a copy planted in
the thread's frame is reported."""
import json
import subprocess

import pytest

from tests.snova_harness import QEMU, ROOT, binary, load_kat, make, round_of, run, run_passing, snova_sets

SETS = snova_sets()
BOUNDS = {"keygen": 512 * 1024, "sign": 512 * 1024, "verify": 128 * 1024}
NEON_SETS = ["snova-61-33-16-2-ssk", "snova-r2-60-10-4", "snova-r3-v-x"]
KAT_VECTORS = 3


def peaks(stdout):
    """{operation: (peak, bound)} from test_stack's lines "ok <op> peak <bytes> of <bound>"."""
    out = {}
    for line in stdout.splitlines():
        f = line.split()
        if len(f) == 6 and f[2] == "peak" and f[4] == "of":
            out[f[1]] = (int(f[3]), int(f[5]))
    return out


@pytest.fixture(scope="module")
def hooks_build():
    make(*[f"build/host-hooks/{s}/test_stack" for s in SETS])
    return "host-hooks"


@pytest.mark.parametrize("set_name", SETS)
def test_operations_within_stack_bounds(hooks_build, set_name):
    stdout = run_passing(hooks_build, set_name, "test_stack")
    measured = peaks(stdout)
    assert {op: bound for op, (_, bound) in measured.items()} == BOUNDS, stdout
    assert all(peak <= bound for peak, bound in measured.values()), stdout
    for op in BOUNDS:
        assert f"ok {op}: " in stdout and "the failure of each reported" in stdout, stdout


def test_too_small_a_stack_is_caught(hooks_build):
    r = run(hooks_build, SETS[0], "test_stack", ["2", "2", "2"])
    assert r.returncode != 0, r.stdout + r.stderr


@pytest.mark.parametrize("set_name", NEON_SETS)
def test_neon_operations_within_stack_bounds(set_name):
    make(f"build/aarch64-neon/{set_name}/test_stack")
    stdout = run_passing("aarch64-neon", set_name, "test_stack")
    assert all(peak <= bound for peak, bound in peaks(stdout).values()), stdout


@pytest.fixture(scope="module")
def host_kats():
    make(*[f"build/host/{s}/kat" for s in SETS])
    return "host"


@pytest.mark.parametrize("set_name", SETS)
def test_kat_with_a_512k_stack(host_kats, set_name):
    kat = binary(host_kats, set_name, "kat")
    r = subprocess.run(["bash", "-c", f"ulimit -s 512 && exec {kat} --json -n {KAT_VECTORS}"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    fields = ("pk_len", "pk_sha256", "sk_len", "sk_sha256", "sm_len", "sm_sha256")
    got = [json.loads(line) for line in r.stdout.splitlines()]
    want = load_kat(set_name)[:KAT_VECTORS]
    assert [{f: v[f] for f in fields} for v in got] == [{f: v[f] for f in fields} for v in want]


# --------------------------------------------------------------------------
# stack hygiene of libsnova as shipped

LIB_LINKS = ("host-static", "host-shared", "aarch64-static", "aarch64-shared")
AARCH64_SYSROOT = "/usr/aarch64-linux-gnu"


def lib_stack(link, *args):
    program = ROOT / "build" / "ct" / "lib" / link / "lib_stack"
    make(str(program.relative_to(ROOT)))
    runner = [QEMU, "-cpu", "max", "-L", AARCH64_SYSROOT] if link.startswith("aarch64") else []
    return subprocess.run([*runner, str(program), *args], capture_output=True, text=True, timeout=1800)


@pytest.mark.parametrize("rnd", [1, 2, 3])
@pytest.mark.parametrize("link", LIB_LINKS)
def test_no_secret_left_on_the_stack(link, rnd):
    sets = [s for s in SETS if round_of(s) == rnd]
    r = lib_stack(link, *sets)
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == "PASSED", r.stdout + r.stderr
    assert sum(line.startswith("ok ") for line in r.stdout.splitlines()) == len(sets), r.stdout


@pytest.mark.parametrize("link", ["host-shared", "aarch64-static"])
def test_stack_scan_reports_a_planted_copy(link):
    r = lib_stack(link, "--plant", "snova-24-5-16-4-esk", "snova-r3-i-s")
    assert r.returncode == 1 and r.stdout.count("LEAK ") == 2 * 7, r.stdout + r.stderr
