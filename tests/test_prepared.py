"""libsnova's prepared keys (include/snova.h, c_glue/lib/libsnova_prepared.c, the
cores' snova_core_prepare_* in core.h), through tests/harness/prepared.c:

* every instance (54): snova_sign_prepared_with_salt gives the signature of
  snova_sign_with_salt byte for byte (messages of 0, 33 and 100 bytes);
  snova_verify_prepared and snova_verify_hashed_prepared give snova_verify's
  verdict on a good signature and on bad input (every bit of the first, middle,
  last packed and salt bytes changed, a changed message, wrong lengths, a
  changed public key); a malformed public key (the spare nibble set, where the
  key has one) is refused by prepare; the randomized and hashed prepared
  signatures verify; every NULL argument is refused;
* a planted wrong verdict, and a planted changed signature, fail the check;
* 8 threads sign and verify with one prepared key at once, through the library,
  and through the core under ThreadSanitizer (tests/programs/test_prepared.c); the same
  with a planted race (the core's prepared signing rewrites a byte of the shared
  key, as a cache filled without a lock would) is reported racing every run;
* snova_secret_key_free wipes the key before freeing it (free interposed), and
  the check catches a buffer freed unwiped;
* NEON build under qemu (snova-r3-i-s, whose public map verification takes in
  runs): the prepared sign gives the plain sign's signature (snova_bench's
  output digest over keys and signature), and the prepared verification accepts.
"""
import os
import subprocess

import pytest

from tests.snova_harness import BUILD, QEMU, ROOT, make, run_recipe, snova_sets
from tests.snova_harness import run as run_core
from tools import core_rooms

SETS = snova_sets()
HARNESS = ROOT / "tests" / "harness" / "prepared.c"
CFLAGS = ["-O2", "-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wshadow", "-Werror", f"-I{ROOT / 'include'}"]


def build_harness(lib, out, extra=()):
    exe = out / "prepared"
    subprocess.run(["cc", *CFLAGS, *extra, str(HARNESS), "-o", str(exe), f"-L{lib}", "-l:libsnova.so.0",
                    f"-Wl,-rpath,{lib}", "-pthread"], check=True)
    return exe


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    make("lib")
    return build_harness(BUILD / "lib" / "host", tmp_path_factory.mktemp("prepared"))


def run(exe, *args):
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=1200)


def test_prepared_matches_plain_every_instance(harness):
    r = run(harness, "compare", *SETS)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert [line.split()[0] for line in lines] == SETS
    assert all(" ok public " in line for line in lines)
    # the sets whose public key has a spare nibble refuse it set
    refused = {line.split()[0] for line in lines if line.endswith("malformed-key-refused 1")}
    assert {"snova-49-11-16-3-esk", "snova-r2-24-5-5", "snova-r2-49-11-3"} <= refused


@pytest.mark.parametrize("plant", ["verdict", "signature"])
def test_compare_catches_a_planted_difference(tmp_path, plant):
    """The harness built with a planted defect must fail: a prepared verification
    that accepts everything, or a prepared signature with one bit changed."""
    make("lib")
    src = HARNESS.read_text()
    if plant == "verdict":
        src = src.replace("int prepared = key != NULL ? snova_verify_prepared(key, sig, siglen, m, mlen) : -1;",
                          "int prepared = key != NULL ? 0 * snova_verify_prepared(key, sig, siglen, m, mlen) : -1;")
    else:
        src = src.replace('CHECK(snova_sign_prepared_with_salt(sec, k.sig2, &l2, msg, lens[n], salt) == 0, '
                          '"sign_prepared_with_salt");',
                          'CHECK(snova_sign_prepared_with_salt(sec, k.sig2, &l2, msg, lens[n], salt) == 0, '
                          '"sign_prepared_with_salt"); k.sig2[3] ^= 1;')
    assert src != HARNESS.read_text()
    planted = tmp_path / "prepared.c"
    planted.write_text(src)
    exe = tmp_path / "prepared"
    lib = BUILD / "lib" / "host"
    subprocess.run(["cc", *CFLAGS, str(planted), "-o", str(exe), f"-L{lib}", "-l:libsnova.so.0",
                    f"-Wl,-rpath,{lib}", "-pthread"], check=True)
    r = run(exe, "compare", "snova-r3-i-s")
    assert r.returncode == 1 and "FAIL" in r.stderr


@pytest.mark.parametrize("set_name", ["snova-r3-i-s", "snova-r2-24-5-4", "snova-24-5-16-4-esk"])
def test_eight_threads_share_one_prepared_key(harness, set_name):
    r = run(harness, "threads", set_name, "8")
    assert r.returncode == 0 and r.stdout.strip() == f"{set_name} threads 8 ok", r.stderr


@pytest.mark.parametrize("set_name", ["snova-r3-i-s", "snova-r3-v-x", "snova-24-5-16-4-esk"])
def test_secret_prepared_key_is_wiped(harness, set_name):
    r = run(harness, "wipe", set_name)
    assert r.returncode == 0 and r.stdout.strip() == f"{set_name} wipe ok", r.stderr


def test_wipe_check_catches_an_unwiped_free(harness):
    r = run(harness, "wipe", "snova-r3-i-s", "plant")
    assert r.returncode == 1 and "freed unwiped" in r.stderr


def bench_digest(prog, op):
    r = subprocess.run([QEMU, "-cpu", "max", str(prog), op, "1"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()[-1]


def test_neon_prepared_matches_plain():
    prog = BUILD / "bench" / "aarch64-neon" / "snova-r3-i-s" / "snova_bench"
    make(str(prog.relative_to(ROOT)))
    assert bench_digest(prog, "sign_prepared") == bench_digest(prog, "sign")
    assert bench_digest(prog, "verify_prepared") == bench_digest(prog, "verify")


# ThreadSanitizer reports a race only while it still holds the earlier access's
# history: the longest it keeps (4M accesses a thread)
TSAN_ENV = {**os.environ, "TSAN_OPTIONS": "history_size=7"}


@pytest.mark.parametrize("set_name", ["snova-r3-i-s", "snova-r3-i-x", "snova-r2-24-5-4-esk"])
def test_threads_on_one_prepared_key_under_thread_sanitizer(set_name):
    """8 threads sign and verify with one prepared key pair (tests/programs/test_prepared.c,
    ThreadSanitizer build): every signature is snova_core_sign's, no race."""
    make(f"build/host-tsan/{set_name}/test_prepared")
    r = run_core("host-tsan", set_name, "test_prepared", ["8"], env=TSAN_ENV)
    assert r.returncode == 0 and r.stdout.strip() == "PASSED" and "ThreadSanitizer" not in r.stderr, r.stderr


# The planted race: the prepared signing (c_glue/core/sign_entry.h, the Round 2 and 3
# cores' entry) rewrites the shared prepared key in place as it starts, each
# byte with its value, as a cache in the key refreshed without a lock would:
# every output stays right, the race is the only defect, and whatever part of
# the key the other threads are reading, it is written. Compiled from a copy
# beside a copy of the set's core, whose quoted include then takes it.
RACE_SET, RACE_CORE = "snova-r3-i-s", "snova_r3.c"
RACE_ANCHOR = "    struct sign_ws *ws = snova_alloc(sizeof(*ws));\n"
RACE_PLANT = ("    for (size_t i = 0; i < sizeof(struct prepared_secret); i++)\n"
              "        ((volatile uint8_t *)(uintptr_t)prepared)[i] = ((const uint8_t *)prepared)[i];\n")
RACE_RUNS = 3


def racing_test_prepared(out):
    """test_prepared of RACE_SET's host-tsan build on the core with the planted race"""
    entry = core_rooms.source("sign_entry.h").read_text()
    assert entry.count(RACE_ANCHOR) == 1
    (out / "sign_entry.h").write_text(entry.replace(RACE_ANCHOR, RACE_PLANT + RACE_ANCHOR))
    (out / RACE_CORE).write_text(core_rooms.source(RACE_CORE).read_text())
    build = f"build/host-tsan/{RACE_SET}"
    core_obj = f"{build}/{RACE_CORE[:-2]}.o"
    core_src = str(core_rooms.source(RACE_CORE).relative_to(ROOT))
    obj = run_recipe(core_obj, core_src, out / "core.o", {core_src: [str(out / RACE_CORE)]})
    return run_recipe(f"{build}/test_prepared", f"{build}/test_prepared.o", out / "test_prepared",
                      {core_obj: [str(obj)]})


def test_thread_sanitizer_reports_a_race_planted_on_the_prepared_key(tmp_path):
    """Every run, with the signatures still right: the threads wait at a barrier
    and sign together, no happens-before between their signings."""
    exe = racing_test_prepared(tmp_path)
    for _ in range(RACE_RUNS):
        r = subprocess.run([str(exe), "8"], capture_output=True, text=True, timeout=600, env=TSAN_ENV)
        assert r.stdout.strip() == "PASSED", r.stdout + r.stderr
        assert r.returncode != 0 and "WARNING: ThreadSanitizer: data race" in r.stderr, r.stderr
        assert "snova_core_sign_prepared" in r.stderr, r.stderr


def snova(tmp_path, *args, stdin=None):
    return subprocess.run([str(BUILD / "lib" / "host" / "snova"), *args], cwd=tmp_path, capture_output=True,
                          input=stdin, timeout=600)


@pytest.fixture()
def keys(harness, tmp_path):
    """A snova-r3-i-s key pair and three messages (one named with an escape byte)."""
    assert snova(tmp_path, "keygen", "--set", "snova-r3-i-s", "--pk", "k.pk", "--sk", "k.sk").returncode == 0
    for name in ("a", "b", "c\x1b"):
        (tmp_path / name).write_bytes(name.encode() * 100)
    return tmp_path


def test_command_signs_and_verifies_several_messages(keys):
    d = keys
    r = snova(d, "sign", "--sk", "k.sk", "--in", "a", "--out", "a.sig", "--in", "b", "--out", "b.sig",
              "--in", "c\x1b", "--out", "c.sig")
    assert r.returncode == 0, r.stderr
    for m in ("a", "b", "c\x1b"):   # each signature verifies alone, by the plain form
        sig = "c.sig" if m.startswith("c") else f"{m}.sig"
        assert snova(d, "verify", "--pk", "k.pk", "--sig", sig, "--in", m).stdout == b"valid\n"
    r = snova(d, "verify", "--pk", "k.pk", "--sig", "a.sig", "--in", "a", "--sig", "b.sig", "--in", "b",
              "--sig", "c.sig", "--in", "c\x1b")
    assert r.returncode == 0 and r.stdout == b"valid: a.sig\nvalid: b.sig\nvalid: c.sig\n", r.stderr
    # a wrong pair: exit 1, the valid ones still reported, the name escaped
    (d / "x\x1b.sig").write_bytes((d / "a.sig").read_bytes())
    r = snova(d, "verify", "--pk", "k.pk", "--sig", "x\x1b.sig", "--in", "b", "--sig", "b.sig", "--in", "b")
    assert r.returncode == 1 and r.stdout == b"valid: b.sig\n"
    assert r.stderr == b"snova: invalid signature: x\\x1b.sig\n"
    # the messages from standard input, once
    r = snova(d, "verify", "--pk", "k.pk", "--sig", "a.sig", "--in", "-", "--sig", "b.sig", "--in", "b",
              stdin=(d / "a").read_bytes())
    assert r.returncode == 0 and r.stdout == b"valid: a.sig\nvalid: b.sig\n"


@pytest.mark.parametrize("args, message", [
    (["verify", "--pk", "k.pk", "--sig", "a.sig", "--in", "a", "--sig", "b.sig"],
     "give each --sig with its --in (2 --sig, 1 --in)"),
    (["verify", "--pk", "k.pk", "--sig", "-", "--in", "a", "--sig", "b.sig", "--in", "-"],
     "only one input can come from standard input"),
    (["sign", "--sk", "k.sk", "--in", "a", "--out", "n1", "--in", "b"], "give each --in with its --out"),
    (["sign", "--sk", "k.sk", "--in", "a", "--out", "n1", "--in", "b", "--out", "n1"], "--out n1 given twice"),
    (["sign", "--sk", "k.sk", "--in", "a", "--out", "n1", "--in", "b", "--out", "k.pk"], "k.pk exists"),
    (["sign", "--sk", "k.sk", "--in", "a", "--out", "n1", "--in", "b", "--out", "a", "--force"],
     "a is an input of this command"),
])
def test_command_several_messages_bad_input(keys, args, message):
    """Refused with exit 2 and one line; no output appears, not even the ones that could be written."""
    before = sorted(p.name for p in keys.iterdir())
    r = snova(keys, *args)
    assert r.returncode == 2 and message in r.stderr.decode() and r.stderr.count(b"\n") == 1, r.stderr
    assert sorted(p.name for p in keys.iterdir()) == before


def test_bench_report_prepared_section():
    """The report's prepared-key section: break-even = ceil(preparation / saving),
    "never" without a saving; the anchors beside their set; nothing without the ops."""
    from tools.bench import report
    from tools.bench.tables import NEON
    assert report.break_even(160, 227, 65) == "1" and report.break_even(400, 227, 65) == "3"
    assert report.break_even(10, 100, 100) == "never"
    entry = lambda c, extra={}: {"instructions": 1, "cycles": {"neoverse-n1": c}, **extra}
    ops = {"keygen": entry(1), "sign": entry(537), "verify": entry(227), "prepare_pk": entry(161, {"prepared_bytes": 81968}),
           "prepare_sk": entry(162, {"prepared_bytes": 82192}), "sign_prepared": entry(374),
           "verify_prepared": entry(65)}
    data = {"ops": list(ops), "cpus": ["neoverse-n1"], "variants": [NEON], "sets": ["snova-r3-i-s"],
            "results": {NEON: {"snova-r3-i-s": ops}}}
    anchors = {"set": "snova-r3-i-s", "cpus": ["neoverse-n1", "neoverse-v2"],
               "schemes": {"ML-DSA-44": {"results": {op: {"cycles": {"neoverse-n1": c, "neoverse-v2": 1}}
                                                     for op, c in (("sign", 424), ("verify", 154))}}}}
    text = "\n".join(report.prepared_section(data, anchors))
    assert "| `snova-r3-i-s` | verify | 65 | 227 | 161 | 1 | 81,968 |" in text
    assert "| `snova-r3-i-s` | sign | 374 | 537 | 162 | 1 | 82,192 |" in text
    assert "| scheme | `neoverse-n1` |\n" in text     # the models both have, not neoverse-v2
    assert "| ML-DSA-44 | 424 / 154 |" in text and "| `snova-r3-i-s` prepared | 374 / 65 |" in text
    assert report.prepared_section({**data, "ops": ["keygen", "sign", "verify"]}, anchors) == []
