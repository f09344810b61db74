"""Tests of `snova speed` (cli/speed.c, cli/speed_cpu.c, cli/cycles.c), of the kernel
table's choice by name (snova_kernels_select, SNOVA_CORE_CLASS: c_glue/kernels/
kernels_select.c) and of `make lib` following the compiler's target (c_glue/lib.mk):

* the JSON's schema and sanity on the host (portable C only) and under qemu-aarch64
  for each core class (qemu's named cores, as tests/aarch64.py's classes), the
  class a CPU gets, --kernels portable and several --kernels with their ratios;
* the cycle counter's fallback: perf_event_open refused (SNOVA_SPEED_NO_PERF=1, and
  qemu-user, where it is ENOSYS) gives the generic timer on AArch64, none on x86;
* bad input (unknown set, operation or kernel table, a non-numeric --seconds): one
  line, exit 2; SNOVA_CORE_CLASS that the library cannot honour: a message, abort;
* in a fresh copy of the tree, `make lib CC=aarch64-linux-gnu-gcc` builds an AArch64
  snova with the generated kernels (GNU as on out/), which runs under qemu.
"""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.snova_harness import BUILD, QEMU, ROOT, make

AARCH64_SYSROOT = "/usr/aarch64-linux-gnu"
SET = "snova-r3-i-s"
FIELDS = {"set", "op", "kernels", "iterations", "ops_per_s", "ns_median", "ns_q1", "ns_q3", "cycles_median"}
CPU_FIELDS = {"os", "machine", "name", "midr", "implementer", "part", "core_class", "kernels"}
# qemu's named cores and the class out/snova_plan.h gives each (generator/schedules/core_classes.yaml)
CORES = {"max": "default", "cortex-a53": "little", "cortex-a72": "slow_tbl", "neoverse-n1": "wide"}
OPS = ["keygen", "sign", "verify", "prepare-pk", "prepare-sk", "sign-prepared", "verify-prepared"]


@pytest.fixture(scope="module")
def host_snova():
    make("lib")
    return BUILD / "lib" / "host" / "snova"


@pytest.fixture(scope="module")
def aarch64_snova():
    make("lib-aarch64")
    return BUILD / "lib" / "aarch64" / "snova"


def speed(cmd, *args, env=None, check=True):
    r = subprocess.run([*cmd, "speed", *args], capture_output=True, text=True,
                       env=dict(os.environ, **(env or {})), timeout=600)
    if check:
        assert r.returncode == 0, r.stderr
    return r


def on_qemu(snova, cpu="max"):
    return [QEMU, "-cpu", cpu, "-L", AARCH64_SYSROOT, str(snova)]


def check_report(report, ops, kernels):
    """The JSON's schema, and numbers that can be true of a measurement."""
    assert set(report) >= {"cpu", "timer", "results"}
    assert set(report["cpu"]) == CPU_FIELDS
    assert report["library"] == (ROOT / "include" / "snova.h").read_text().split(
        '#define SNOVA_VERSION_STRING "')[1].split('"')[0]
    rows = report["results"]
    assert [(r["op"], r["kernels"]) for r in rows] == [(o, k) for o in ops for k in kernels]
    for row in rows:
        assert set(row) == FIELDS
        assert row["set"] == SET and row["iterations"] >= 3
        assert 0 < row["ns_q1"] <= row["ns_median"] <= row["ns_q3"]
        assert row["ops_per_s"] > 0
        # the calls' mean time lies within the spread of one call's time and the clock
        assert 1e9 / row["ops_per_s"] >= row["ns_q1"] / 4
        if report["timer"] is None:
            assert row["cycles_median"] is None
        else:
            assert row["cycles_median"] >= 0
    return rows


def test_host_json(host_snova):
    ops = ["verify", "sign", "prepare-pk"]
    args = ["--set", SET, "--seconds", "0.05", "--json"] + [a for op in ops for a in ("--op", op)]
    report = json.loads(speed([str(host_snova)], *args).stdout)
    check_report(report, ops, ["portable"])
    assert report["cpu"]["core_class"] == "portable" and report["cpu"]["kernels"] == "portable"
    assert report["cpu"]["machine"] == os.uname().machine


def test_host_defaults_every_op_of_the_recommended_sets(host_snova):
    listed = subprocess.run([str(host_snova), "list"], capture_output=True, text=True, check=True).stdout
    recommended = [line.split()[0] for line in listed.splitlines() if "recommended" in line]
    report = json.loads(speed([str(host_snova)], "--seconds", "0.001", "--json").stdout)
    assert [(r["set"], r["op"]) for r in report["results"]] == [(s, o) for s in recommended for o in OPS]
    assert len(recommended) == 3


def test_host_text_header(host_snova):
    out = speed([str(host_snova)], "--set", SET, "--op", "verify", "--seconds", "0.02").stdout.splitlines()
    assert out[0].startswith("libsnova ")
    assert out[1].startswith("cpu: Linux ")
    assert out[2] == "kernels: portable (the CPU's own: portable)"
    assert out[3].startswith("timer: ")
    assert out[5].split()[:3] == [SET, "verify", "portable"]


def test_host_timer_when_perf_is_refused(host_snova):
    report = json.loads(speed([str(host_snova)], "--set", SET, "--op", "verify", "--seconds", "0.01", "--json",
                              env={"SNOVA_SPEED_NO_PERF": "1"}).stdout)
    assert report["timer"] is None and report["results"][0]["cycles_median"] is None


@pytest.mark.parametrize("args, message", [
    (["--set", "snova-nope"], "unknown instance 'snova-nope'"),
    (["--op", "encrypt"], "unknown operation 'encrypt'"),
    (["--kernels", "wide"], "--kernels 'wide'"),
    (["--kernels", "fast"], "--kernels 'fast'"),
    (["--seconds", "abc"], "--seconds 'abc'"),
    (["--seconds", "1x"], "--seconds '1x'"),
    (["--seconds", "-1"], "--seconds '-1'"),
    (["--seconds"], "--seconds needs a value"),
    (["--fast"], "unknown option '--fast'"),
])
def test_bad_input(host_snova, args, message):
    r = speed([str(host_snova)], *args, check=False)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and message in r.stderr, r.stderr


def test_unknown_core_class_in_the_environment_aborts(host_snova):
    r = speed([str(host_snova)], "--op", "verify", "--seconds", "0.01", env={"SNOVA_CORE_CLASS": "wide"},
              check=False)
    assert r.returncode < 0 and r.stdout == ""
    assert "libsnova: SNOVA_CORE_CLASS=wide: no such kernel table" in r.stderr


def test_portable_in_the_environment_is_taken(host_snova):
    r = speed([str(host_snova)], "--set", SET, "--op", "verify", "--seconds", "0.01", "--json",
              env={"SNOVA_CORE_CLASS": "portable"})
    assert json.loads(r.stdout)["cpu"]["kernels"] == "portable"


@pytest.mark.parametrize("cpu", sorted(CORES))
def test_aarch64_classes(aarch64_snova, cpu):
    """The CPU's class is the table in use; --kernels portable runs the portable one;
    qemu-user has no perf_event_open, so the counter is the generic timer."""
    cls = CORES[cpu]
    report = json.loads(speed(on_qemu(aarch64_snova, cpu), "--set", SET, "--op", "verify", "--seconds", "0.2",
                              "--json", "--kernels", cls, "--kernels", "portable").stdout)
    check_report(report, ["verify"], [cls, "portable"])
    assert report["cpu"]["core_class"] == cls and report["cpu"]["kernels"] == cls
    assert report["cpu"]["machine"] == "aarch64" and report["cpu"]["midr"] is not None
    assert report["timer"] == "cntvct_el0" and "not CPU cycles" in report["timer_note"]
    neon, portable = report["results"]
    assert neon["ns_median"] < portable["ns_median"]


def test_aarch64_several_kernels_print_ratios(aarch64_snova):
    out = speed(on_qemu(aarch64_snova, "cortex-a53"), "--set", SET, "--op", "verify", "--seconds", "0.05",
                "--kernels", "little", "--kernels", "portable", "--kernels", "wide",
                env={"SNOVA_SPEED_NO_PERF": "1"}).stdout.splitlines()
    assert out[2] == "kernels: little (the CPU's own: little)"
    assert out[3].startswith("timer: cntvct_el0 (generic timer ticks at ")
    rows = out[5:]
    assert [r.split()[2] for r in rows] == ["little", "portable", "wide"]
    assert "vs" not in rows[0] and rows[1].endswith("vs little") and rows[2].endswith("vs little")
    ops_per_s = [float(r.split()[4]) for r in rows]
    for row, value in zip(rows[1:], ops_per_s[1:]):
        assert float(row.split()[-3][1:]) == pytest.approx(value / ops_per_s[0], abs=0.011)


def test_aarch64_environment_chooses_another_class(aarch64_snova):
    report = json.loads(speed(on_qemu(aarch64_snova, "neoverse-n1"), "--set", SET, "--op", "verify",
                              "--seconds", "0.01", "--json", env={"QEMU_SET_ENV": "SNOVA_CORE_CLASS=little"}).stdout)
    assert report["cpu"]["core_class"] == "wide" and report["cpu"]["kernels"] == "little"
    assert report["results"][0]["kernels"] == "little"
    r = speed(on_qemu(aarch64_snova), "--op", "verify", "--seconds", "0.01",
              env={"QEMU_SET_ENV": "SNOVA_CORE_CLASS=big"}, check=False)
    assert r.returncode != 0 and "SNOVA_CORE_CLASS=big: no such kernel table" in r.stderr


def elf_machine(path):
    """e_machine of an ELF file (183: AArch64)."""
    head = Path(path).read_bytes()[:20]
    assert head[:4] == b"\x7fELF"
    return int.from_bytes(head[18:20], "little")


def test_make_lib_with_a_cross_gcc_in_a_fresh_tree(tmp_path):
    """The tree as git has it (and the working changes), built by `make lib` with
    GNU's AArch64 compiler and assembler: the NEON library in build/lib/host/."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, check=True).stdout.decode().split("\0")
    tree = tmp_path / "tree"
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    (tree / ".venv").symlink_to(ROOT / ".venv")
    r = subprocess.run(["make", "-s", "-j2", "lib", "CC=aarch64-linux-gnu-gcc"], cwd=tree, capture_output=True,
                       text=True, timeout=1200)
    assert r.returncode == 0, r.stderr[-3000:]
    lib = tree / "build" / "lib" / "host"
    assert (lib / "config").read_text().split() == ["aarch64-linux-gnu-gcc", "aarch64-linux-gnu", "neon"]
    for product in ("snova", "libsnova.so.0", "libsnova.a"):
        if product != "libsnova.a":
            assert elf_machine(lib / product) == 183, product
    symbols = subprocess.run(["llvm-nm-19", str(lib / "snova")], capture_output=True, text=True, check=True).stdout
    assert "snova_keccakf1600_sha3" in symbols and "snova_aes128_ctr_prng" in symbols
    snova = [QEMU, "-cpu", "neoverse-n1", "-L", AARCH64_SYSROOT, str(lib / "snova")]
    report = json.loads(speed(snova, "--set", SET, "--op", "verify", "--seconds", "0.2", "--json").stdout)
    assert report["cpu"]["core_class"] == "wide" and report["results"][0]["kernels"] == "wide"
    report = json.loads(speed(snova, "--set", SET, "--op", "verify", "--seconds", "0.2", "--json",
                              "--kernels", "portable").stdout)
    assert report["results"][0]["kernels"] == "portable"
