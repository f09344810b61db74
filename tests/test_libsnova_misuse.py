"""libsnova misused (tests/harness/lib_misuse.c, include/snova.h):

* every function of include/snova.h with each of its pointers NULL in turn fails
  (-1, or NULL / 0 / SNOVA_STATUS_UNKNOWN for the properties) and never crashes,
  the generic API and every instance's NIST API, host and AArch64;
* a hasher ended by a signing or a verifying call, never initialised, of random
  bytes, or with its bookkeeping damaged makes update, sign_hashed and
  verify_hashed return -1 (signature zeroed); each sits alone in a heap block of
  its size and memcheck sees no access outside it;
* a secret key of all zeros (an expanded key: Rounds 1 and 2) cannot sign:
  SNOVA_ERR_KEY_CANNOT_SIGN from every signing call, not -1 (which says no
  randomness).
"""
import subprocess

import pytest

from tests.snova_harness import QEMU, ROOT, make

HARNESS = ROOT / "tests" / "harness" / "lib_misuse.c"
AARCH64_SYSROOT = "/usr/aarch64-linux-gnu"


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    """lib_misuse against the host libsnova.so and, statically, the AArch64 libsnova.a"""
    make("build/lib/host/libsnova.so.0", "build/lib/aarch64/libsnova.a")
    out = tmp_path_factory.mktemp("misuse")
    host_lib = ROOT / "build" / "lib" / "host"
    subprocess.run(["cc", "-O1", "-g", "-Wall", "-Wextra", "-Werror", "-I", str(ROOT / "include"), str(HARNESS),
                    str(host_lib / "libsnova.so.0"), f"-Wl,-rpath,{host_lib}", "-o", str(out / "host")], check=True)
    subprocess.run(["clang-19", "--target=aarch64-linux-gnu", "-fuse-ld=lld", "-static", "-O1", "-Wall", "-Wextra",
                    "-Werror", "-I", str(ROOT / "include"), str(HARNESS),
                    str(ROOT / "build" / "lib" / "aarch64" / "libsnova.a"), "-lpthread", "-o", str(out / "aarch64")],
                   check=True)
    return {"host": [str(out / "host")], "aarch64": [QEMU, "-cpu", "max", "-L", AARCH64_SYSROOT, str(out / "aarch64")]}


def run(command, *args, valgrind=False):
    prefix = ["valgrind", "-q", "--error-exitcode=99"] if valgrind else []
    return subprocess.run([*prefix, *command, *args], capture_output=True, text=True, timeout=900)


@pytest.mark.parametrize("target", ["host", "aarch64"])
def test_null_arguments_fail_cleanly(programs, target):
    r = run(programs[target], "nulls")
    assert r.returncode == 0 and r.stdout == "", r.stdout + r.stderr


def test_misused_hasher_refused_without_stray_access(programs):
    r = run(programs["host"], "hasher", valgrind=True)
    assert r.returncode == 0 and r.stdout == "" and r.stderr == "", r.stdout + r.stderr


def test_misused_hasher_refused_on_aarch64(programs):
    r = run(programs["aarch64"], "hasher")
    assert r.returncode == 0 and r.stdout == "", r.stdout + r.stderr


@pytest.mark.parametrize("set_name", ["snova-24-5-16-4-esk", "snova-r2-24-5-4-esk"])
def test_all_zero_key_reports_it_cannot_sign(programs, set_name):
    r = run(programs["host"], "zero-key", set_name)
    assert r.returncode == 0 and r.stdout == "", r.stdout + r.stderr
