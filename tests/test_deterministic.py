"""libsnova's deterministic entry points and its embedded-source randomness mode
(include/snova.h, c_glue/lib/libsnova_deterministic.c, c_glue/primitives/os_random.c;
docs/libsnova.md), through the library alone: the NIST KAT DRBG is in the test's
driver (tests/harness/det_kat.c, with c_glue/primitives/rng.c linked beside it), never in the
library.

* every instance (54) reproduces the first vectors of its official known answers
  by snova_keypair_from_seed and snova_sign_with_salt, fed the bytes the NIST
  procedure draws (libsnova.so, host); one instance per block shape, and the AES
  and SHAKE twins of the cheapest rank-4 sets, do on the AArch64 NEON library
  under qemu;
* the check refuses a seed drawn in two calls (public then private part): the
  byte counts and the one call per draw matter;
* every NULL argument is refused and leaves the outputs alone;
* embedded-source mode: libsnova-randombytes.a takes its randomness from the
  host's randombytes; the plain API then reproduces the known answers of every
  instance with the DRBG as randombytes, and draws exactly
  snova_keypair_seed_bytes bytes at key generation and snova_salt_bytes at
  signing, one call each (and on AArch64, NEON, for two instances); the
  ordinary library never calls randombytes and
  misses them; snova_os_random follows the host's return convention (PQClean's
  int, liboqs's void under a mapped name).
"""
import json
import re
import subprocess

import pytest

from tests.snova_harness import BUILD, QEMU, ROOT, load_kat, make, snova_sets
from tools import core_rooms

SETS = snova_sets()
VECTORS = 2
AARCH64_SYSROOT = "/usr/aarch64-linux-gnu"
HARNESS = ROOT / "tests" / "harness"
CC = {"host": ["cc"], "aarch64": ["clang-19", "--target=aarch64-linux-gnu"]}
LDFLAGS = {"host": [], "aarch64": ["-fuse-ld=lld"]}
CFLAGS = ["-O2", "-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wshadow", "-Werror",
          f"-I{ROOT / 'include'}", *core_rooms.include_flags()]
# The DRBG of the driver: c_glue/primitives/rng.c (with its portable AES and SHA-256) under
# names of its own, everything else made local, so that it links beside the
# library's identically named internal functions.
DRBG_SRC = [core_rooms.source(f) for f in ("rng.c", "aes_ct.c", "util.c", "sha256.c")] + [HARNESS / "drbg_kernels.c"]
DRBG_RENAMES = {"randombytes": "kat_drbg_randombytes", "randombytes_init": "kat_drbg_init",
                "snova_sha256": "kat_sha256"}
DIGEST_FIELDS = ["pk_len", "pk_sha256", "sk_len", "sk_sha256", "sm_len", "sm_sha256"]


def first_set_per_shape():
    """One set of each block shape (round, l, r), the first in the library's order
    (make snova-params)."""
    chosen = {}
    for line in subprocess.run(["make", "-s", "--no-print-directory", "snova-params"], cwd=ROOT, check=True,
                               capture_output=True, text=True).stdout.splitlines():
        d = dict(re.findall(r"-DSNOVA_(\w+)=(\w+)", line))
        chosen.setdefault((d.get("ROUND", "1"), d["L"], d.get("R", d["L"])), line.split()[0])
    return sorted(chosen.values(), key=SETS.index)


AARCH64_SETS = first_set_per_shape() + ["snova-r3-i-s-aes", "snova-r2-24-5-4-shake"]


def drbg_object(variant, out):
    objs = []
    for src in DRBG_SRC:
        obj = out / (src.stem + ".o")
        subprocess.run([*CC[variant], *CFLAGS, *(f"-D{a}={b}" for a, b in DRBG_RENAMES.items()), "-c", str(src),
                        "-o", str(obj)], check=True)
        objs.append(str(obj))
    linked = out / "drbg.o"
    subprocess.run(["ld.lld-19", "-r", *objs, "-o", str(out / "drbg.tmp")], check=True)
    subprocess.run(["llvm-objcopy-19", *(f"--keep-global-symbol={b}" for b in DRBG_RENAMES.values()),
                    str(out / "drbg.tmp"), str(linked)], check=True)
    return linked


def driver(variant, library, out, name):
    """det_kat linked with the DRBG and a library (the shared one found by rpath)."""
    out.mkdir(parents=True, exist_ok=True)
    exe = out / name
    extra = LDFLAGS[variant] + ([f"-Wl,-rpath,{library.parent}"] if library.suffix != ".a" else ["-lpthread"])
    subprocess.run([*CC[variant], *CFLAGS, str(HARNESS / "det_kat.c"), str(drbg_object(variant, out)), str(library),
                    *extra, "-o", str(exe)], check=True)
    return exe


@pytest.fixture(scope="module")
def host_det(tmp_path_factory):
    make("build/lib/host/libsnova.so.0")
    return driver("host", BUILD / "lib" / "host" / "libsnova.so.0", tmp_path_factory.mktemp("host"), "det_kat")


@pytest.fixture(scope="module")
def aarch64_det(tmp_path_factory):
    make("build/lib/aarch64/libsnova.so.0")
    exe = driver("aarch64", BUILD / "lib" / "aarch64" / "libsnova.so.0", tmp_path_factory.mktemp("aarch64"),
                 "det_kat")
    return [QEMU, "-cpu", "max", "-L", AARCH64_SYSROOT, str(exe)]


@pytest.fixture(scope="module")
def embedded_det(tmp_path_factory):
    make("build/lib/host/libsnova-randombytes.a")
    return [driver("host", BUILD / "lib" / "host" / "libsnova-randombytes.a", tmp_path_factory.mktemp("embedded"),
                   "det_kat_embedded")]


@pytest.fixture(scope="module")
def embedded_aarch64_det(tmp_path_factory):
    make("build/lib/aarch64/libsnova-randombytes.a")
    exe = driver("aarch64", BUILD / "lib" / "aarch64" / "libsnova-randombytes.a",
                 tmp_path_factory.mktemp("embedded-aarch64"), "det_kat_embedded")
    return [QEMU, "-cpu", "max", "-L", AARCH64_SYSROOT, str(exe)]


def vectors(cmd, mode, set_name, count=VECTORS):
    r = subprocess.run([*map(str, cmd), mode, set_name, str(count)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    return [json.loads(line) for line in r.stdout.splitlines()]


def digests(records):
    return [{k: rec[k] for k in DIGEST_FIELDS} for rec in records]


def official(set_name, count=VECTORS):
    return digests(load_kat(set_name)[:count])


def assert_known_answers(records, set_name):
    assert len(records) == VECTORS
    assert all(rec["ok"] and rec["verifies"] and rec["opens"] for rec in records), records
    assert digests(records) == official(set_name)


# --------------------------------------------------------------------------
# the deterministic entry points


@pytest.mark.parametrize("set_name", SETS)
def test_seeded_entry_points_reproduce_the_known_answers(host_det, set_name):
    records = vectors([host_det], "seeded", set_name)
    assert_known_answers(records, set_name)
    # the driver drew the seed and the salt in one call each, of the sizes the library gave
    assert all(rec["keypair_draws"] == [48] and rec["sign_draws"] == [16] for rec in records)


@pytest.mark.parametrize("set_name", AARCH64_SETS)
def test_seeded_entry_points_on_aarch64_neon(aarch64_det, set_name):
    assert_known_answers(vectors(aarch64_det, "seeded", set_name), set_name)


@pytest.mark.parametrize("set_name", ["snova-24-5-16-4-ssk", "snova-r2-24-5-4", "snova-r3-i-s"])
def test_a_seed_drawn_in_two_calls_misses_the_known_answers(host_det, set_name):
    """The same 48 bytes' worth of DRBG output drawn as 16 + 32: another key, and
    the known-answer check says so."""
    records = vectors([host_det], "split", set_name)
    assert records[0]["keypair_draws"] == [16, 32]
    for got, want in zip(digests(records), official(set_name)):
        assert got["pk_sha256"] != want["pk_sha256"] and got["sm_sha256"] != want["sm_sha256"]


@pytest.mark.parametrize("set_name", ["snova-24-5-16-4-esk", "snova-r2-24-5-4-esk", "snova-r3-i-x"])
def test_null_arguments_are_refused_and_change_nothing(host_det, set_name):
    r = subprocess.run([str(host_det), "nulls", set_name], capture_output=True, text=True)
    assert r.returncode == 0 and json.loads(r.stdout) == {"refused": True, "untouched": True,
                                                          "empty_message": True}, r.stdout + r.stderr


# --------------------------------------------------------------------------
# embedded-source mode


@pytest.mark.parametrize("variant, set_name", [("host", s) for s in SETS] +
                         [("aarch64", s) for s in ("snova-24-5-16-4-esk", "snova-r3-i-s")])
def test_embedded_library_draws_from_the_hosts_randombytes(variant, set_name, request):
    """The plain API of the embedded build, with the KAT DRBG as randombytes: the
    known answers, and one draw of the seed size, one of the salt size."""
    cmd = request.getfixturevalue("embedded_det" if variant == "host" else "embedded_aarch64_det")
    records = vectors(cmd, "drawn", set_name)
    assert_known_answers(records, set_name)
    assert all(rec["keypair_draws"] == [48] and rec["sign_draws"] == [16] for rec in records)


def test_the_ordinary_library_ignores_randombytes(host_det):
    """The same driver on the ordinary library: randombytes is never called (the
    OS supplies the bytes), so the known answers are missed."""
    records = vectors([host_det], "drawn", "snova-r3-i-s", 1)
    assert records[0]["keypair_draws"] == [] and records[0]["sign_draws"] == []
    assert digests(records)[0]["pk_sha256"] != official("snova-r3-i-s", 1)[0]["pk_sha256"]


def test_embedded_archive_references_randombytes_and_no_os_source():
    make("build/lib/host/libsnova.a", "build/lib/host/libsnova-randombytes.a")

    def undefined(archive):
        out = subprocess.run(["llvm-nm-19", "--undefined-only", "--just-symbol-name", str(archive)], check=True,
                             capture_output=True, text=True).stdout
        return set(out.split())

    embedded, ordinary = (undefined(BUILD / "lib" / "host" / a) for a in ("libsnova-randombytes.a", "libsnova.a"))
    assert "randombytes" in embedded and "getrandom" not in embedded
    assert "getrandom" in ordinary and "randombytes" not in ordinary


@pytest.mark.parametrize("flags, expected", [
    (["-DHOST_STATUS=0"], "0 1 90"),                      # PQClean's int randombytes: filled, 0
    (["-DHOST_STATUS=-1"], "-1 1 90"),                    # the host's failure fails the draw
    (["-DSNOVA_RANDOMBYTES_VOID", "-Drandombytes=OQS_randombytes"], "0 1 90"),  # liboqs's void, by its name
])
def test_randombytes_conventions(tmp_path, flags, expected):
    exe = tmp_path / "host"
    subprocess.run(["cc", *CFLAGS, "-DSNOVA_RANDOMBYTES_EXTERN", *flags, str(core_rooms.source("os_random.c")),
                    str(HARNESS / "randombytes_host.c"), "-o", str(exe)], check=True)
    assert subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split() == expected.split()
    if "-Drandombytes=OQS_randombytes" in flags:
        syms = subprocess.run(["llvm-nm-19", "--just-symbol-name", str(exe)], capture_output=True, text=True,
                              check=True).stdout.split()
        assert "OQS_randombytes" in syms and "randombytes" not in syms
