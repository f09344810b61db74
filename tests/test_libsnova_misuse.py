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
  randomness);
* one status and output rule for every signing entry point (issue 47, D5, D6):
  a table of the seven signing calls, generic, salted and prepared, plain and
  hashed, under every refusal each can meet (NULL instance, key, signature,
  length, message, hasher or salt, an ended hasher, a key that cannot sign):
  the same status for the same refusal, the signature zeroed wherever the call
  knows its size, the length 0; host and AArch64;
* prepared keys misused (D7), on libsnova built with AddressSanitizer and UBSan
  (make lib-host-asan): a key used after free, a public key passed as a secret
  key and the converse, a copy of a prepared key, a stack address: refused, and
  the sanitizers see no access to freed or foreign memory; a double free, a
  free of the other kind and of a block never prepared stop the process with
  libsnova's message before anything is freed.
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


# the expanded-key sets, whose key of all zeros cannot sign
REFUSAL_SETS = ["snova-24-5-16-4-esk", "snova-r2-24-5-4-esk"]


@pytest.mark.parametrize("target", ["host", "aarch64"])
@pytest.mark.parametrize("set_name", REFUSAL_SETS)
def test_every_signing_entry_point_refuses_alike(programs, target, set_name):
    r = run(programs[target], "refusals", set_name)
    assert r.returncode == 0 and r.stdout == "", r.stdout + r.stderr


@pytest.fixture(scope="module")
def asan_program(tmp_path_factory):
    """lib_misuse against libsnova built with AddressSanitizer and UBSan"""
    make("build/lib/host-asan/libsnova.a")
    exe = tmp_path_factory.mktemp("misuse-asan") / "lib_misuse"
    subprocess.run(["clang-19", "-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-Wall",
                    "-Wextra", "-Werror", "-I", str(ROOT / "include"), str(HARNESS),
                    str(ROOT / "build" / "lib" / "host-asan" / "libsnova.a"), "-lpthread", "-o", str(exe)],
                   check=True)
    return [str(exe)]


def test_misused_prepared_keys_refused_under_asan(asan_program):
    r = run(asan_program, "prepared-misuse")
    assert r.returncode == 0 and r.stdout == "" and r.stderr == "", r.stdout + r.stderr


@pytest.mark.parametrize("mode,kind,function", [
    ("double-free", "secret", "snova_secret_key_free"),
    ("free-other-kind", "secret", "snova_secret_key_free"),
    ("free-foreign", "public", "snova_public_key_free"),
])
def test_bad_free_stops_the_process_under_asan(asan_program, mode, kind, function):
    r = run(asan_program, mode)
    assert r.returncode == -6, r.stdout + r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"libsnova: {function}(") and \
        f"not a live prepared {kind} key" in lines[0], r.stderr
