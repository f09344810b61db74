"""The fuzz targets of tests/fuzz/ (README there, make fuzz):

* each libFuzzer target (ASan, UBSan) runs from its committed seeds for a
  bounded time (about a minute in all) and finds nothing: no crash, no
  sanitizer report, no disagreement between the ways libsnova verifies or
  signs, no parser accepting a file it should refuse or the converse;
* a finding fails the run: a sig_file target with a planted wrong size is
  caught on its seeds;
* the verify target's random differential driver runs on the AArch64 library
  with the NEON kernels under qemu-aarch64, from the seeds (each accepted by all
  four verifications) and random changes of them;
* the targets fuzz one set per block shape, the sets tests/test_constant_time.py
  names.
"""
import re
import subprocess

import pytest

from tests.snova_harness import QEMU, ROOT, make
from tests.test_constant_time import SHAPE_SETS

FUZZ = ROOT / "tests" / "fuzz"
# seconds each: the verifiers are slow under the sanitizers, the parsers fast
SECONDS = {"verify": 20, "prepare": 16, "key_file": 8, "sig_file": 8}
AARCH64_SYSROOT = "/usr/aarch64-linux-gnu"


def test_targets_fuzz_one_set_per_block_shape():
    listed = re.findall(r'"(snova-[^"]+)"', (FUZZ / "fuzz_sets.h").read_text())
    assert listed == list(SHAPE_SETS.values())


def test_every_target_has_seeds_and_runs_here():
    targets = re.search(r"^FUZZ_TARGETS := (.*)$", (FUZZ / "fuzz.mk").read_text(), re.M).group(1).split()
    assert sorted(targets) == sorted(SECONDS)
    assert all(any((FUZZ / "corpus" / t).iterdir()) for t in targets)


@pytest.fixture(scope="module")
def targets():
    make("fuzz-build")
    return ROOT / "build" / "fuzz"


def fuzz(exe, corpus, work, seconds):
    (work / "corpus").mkdir()
    (work / "findings").mkdir()
    r = subprocess.run([str(exe), f"-max_total_time={seconds}", "-timeout=60", "-rss_limit_mb=4096",
                        f"-artifact_prefix={work / 'findings'}/", str(work / "corpus"), str(corpus)],
                       capture_output=True, text=True, timeout=seconds + 300)
    return r, sorted(p.name for p in (work / "findings").iterdir())


@pytest.mark.parametrize("target", SECONDS)
def test_fuzz_target_finds_nothing(targets, tmp_path, target):
    r, findings = fuzz(targets / target, FUZZ / "corpus" / target, tmp_path, SECONDS[target])
    assert r.returncode == 0 and findings == [], r.stderr[-4000:]
    assert re.search(r"Done \d+ runs", r.stderr), r.stderr[-2000:]


def test_a_finding_fails_the_run(targets, tmp_path):
    """sig_file built expecting one byte more than the signature: every seed is a finding."""
    exe = tmp_path / "sig_file_planted"
    objs = sorted(str(p) for p in (ROOT / "build" / "lib" / "host-asan" / "cli").glob("*.o") if p.name != "snova.o")
    subprocess.run(["clang-19", "-O1", "-g", "-fsanitize=fuzzer,address,undefined", "-DSNOVA_FUZZ_PLANT_SIZE",
                    "-I", str(ROOT / "include"), "-I", str(ROOT / "cli"), "-I", str(FUZZ), str(FUZZ / "sig_file.c"),
                    *objs, str(ROOT / "build" / "lib" / "host-asan" / "libsnova.a"), "-lpthread", "-o", str(exe)],
                   check=True)
    r, findings = fuzz(exe, FUZZ / "corpus" / "sig_file", tmp_path, 10)
    assert r.returncode != 0 and len(findings) == 1 and "FINDING: sig_file" in r.stderr, r.stderr[-2000:]


def test_random_differential_on_aarch64_neon():
    make("fuzz-aarch64")
    seeds = sorted(str(p) for p in (FUZZ / "corpus" / "verify").iterdir())
    r = subprocess.run([QEMU, "-cpu", "max", "-L", AARCH64_SYSROOT, str(ROOT / "build" / "fuzz" / "aarch64" / "verify"),
                        "--runs", "300", "--seed", "47", *seeds], capture_output=True, text=True, timeout=1200)
    assert r.returncode == 0, r.stdout + r.stderr
    runs, accepted = map(int, re.fullmatch(r"runs (\d+) accepted (\d+)\n", r.stdout).groups())
    assert runs == 300 + len(seeds) and accepted >= len(seeds), r.stdout
