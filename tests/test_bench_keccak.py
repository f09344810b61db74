"""Tests of issue 12's bench comparison (tools/bench/keccak_gain.py): which sets it
covers, the 1.5x bar per cell, that the C-Keccak baseline build exists only as a
benchmark build, and that the table in docs/benchmarks.md is the committed bench/keccak results."""
import json
from pathlib import Path

import pytest

from tools.bench import dispatch, keccak_gain
from tools.bench.keccak_ceiling import best_kernel, ceiling, keccak_share
from tools.bench.count import ROOT
from tools.bench.tables import NEON
from tools import core_rooms
from tests.snova_harness import make_variables

CPUS = ["neoverse-n1", "cortex-a55"]


def fixture(kernel_cycles: dict) -> dict:
    """results.json of one set and the two builds: C Keccak 300 / 200 cycles, the
    kernels `kernel_cycles` {op: [per cpu]}."""
    def entry(instr, cycles):
        return {"instructions": instr, "cycles": dict(zip(CPUS, cycles))}
    return {"method": {"emulator": "qemu (fixture)", "llvm_mca": "llvm-mca (fixture)"}, "cpus": CPUS,
            "ops": list(kernel_cycles), "sets": ["snova-r3-i-s"], "variants": [keccak_gain.BASELINE, NEON],
            "results": {keccak_gain.BASELINE: {"snova-r3-i-s": {op: entry(1000, [300, 200]) for op in kernel_cycles}},
                        NEON: {"snova-r3-i-s": {op: entry(600, c) for op, c in kernel_cycles.items()}}}}


def test_shake_sets_are_round2_shake_and_round3_without_aes():
    sets = keccak_gain.shake_sets()
    assert "snova-r2-24-5-4-shake" in sets and "snova-r2-24-5-4-shake-esk" in sets
    assert "snova-r3-v-x" in sets and len([s for s in sets if s.startswith("snova-r3-")]) == 12
    assert not [s for s in sets if s.endswith("-aes") or not s.startswith(("snova-r2-", "snova-r3-"))]
    assert "snova-r2-24-5-4" not in sets


def test_bar_marks_every_cell_short_of_one_and_a_half():
    data = fixture({"keygen": [200, 100], "verify": [201, 134]})
    table = "\n".join(keccak_gain.summary_table(data))
    assert "| `snova-r3-i-s` | keygen | 1,000 | 600 | 1.50× | 2.00× |" in table
    assert "| `snova-r3-i-s` | verify | 1,000 | 600 | 1.49× ✗ | 1.49× ✗ |" in table
    assert keccak_gain.verdict(data).startswith("NOT met: 2 of 4 cells reach 1.5×")
    assert keccak_gain.verdict(fixture({"keygen": [200, 100]})).startswith("met: 2 of 2 cells reach 1.5×")
    assert "**NOT met: 2 of 4 cells" in keccak_gain.render(data)


def test_c_keccak_build_is_a_benchmark_build_only():
    """-DSNOVA_BENCH_C_KECCAK is set by bench.mk's aarch64-neon-ckeccak and by no
    build c_glue.mk ships or tests."""
    assert "SNOVA_BENCH_C_KECCAK" not in (ROOT / "c_glue" / "c_glue.mk").read_text()
    assert "-DSNOVA_BENCH_C_KECCAK" in make_variables()["SNOVA_CFLAGS.aarch64-neon-ckeccak"].split()
    assert "#ifndef SNOVA_BENCH_C_KECCAK" in core_rooms.source("kernels_neon.c").read_text()


def test_benchmark_doc_table_is_the_committed_results():
    committed = ROOT / "bench" / "keccak" / "results.json"
    data = json.loads(committed.read_text())
    assert data["variants"] == [keccak_gain.BASELINE, NEON] and data["ops"] == list(keccak_gain.OPS)
    assert data["sets"] == keccak_gain.shake_sets()
    readme = (ROOT / "docs" / "benchmarks.md").read_text()
    assert keccak_gain.verdict(data) in readme
    report = (ROOT / "bench" / "keccak" / "results.md").read_text()
    assert report == keccak_gain.render(data)
    assert "\n".join(keccak_gain.summary_table(data)) in report


# --- issue 12's ceiling per core (tools/bench/keccak_ceiling.py) ----------------------

def test_ceiling_is_amdahl():
    assert ceiling(0.5, 2.0) == pytest.approx(4 / 3)
    assert ceiling(0.0, 10.0) == 1.0 and ceiling(1.0, 1.5) == pytest.approx(1.5)


def test_best_kernel_is_the_cheapest_form_the_core_can_run():
    """With mca_reports/summary.md's cycles per state, neoverse-n1's cheapest form is a SHA3
    one, which it cannot run: its best is the mixed four-state form."""
    summary = {"keccakf1600": (941.0, 1530.0, 2760.0), "keccakf1600_carried": (835.0, 1375.0, 2448.0),
               "keccakf1600_x2": (1057.5, 2630.0, 669.5),
               "keccakf1600_sha3": (817.0, 1819.0, 566.0), "keccakf1600_x2_sha3": (426.0, 953.0, 294.0),
               "keccakf1600_x3": (711.0, 2359.0, 934.3), "keccakf1600_x4": (548.8, 2156.5, 1329.3)}
    cores = ("neoverse-n1", "cortex-a55", "apple-a15")

    def cost(form, cpu):
        return summary[form][cores.index(cpu)]
    assert min(summary, key=lambda k: cost(k, "neoverse-n1")) == "keccakf1600_x2_sha3"
    assert best_kernel("neoverse-n1", cost) == ("keccakf1600_x4", 548.8)
    assert best_kernel("cortex-a55", cost) == ("keccakf1600_carried", 1375.0)
    assert best_kernel("apple-a15", cost) == ("keccakf1600_x2_sha3", 294.0)


def test_share_and_one_call_of_the_c_permutation():
    """snova-r3-i-s verify in the C-Keccak build: the permutation's share per core, and one
    call's executed instructions (24 rounds) cost in llvm-mca about what OpenSSL's base form
    costs on neoverse-n1."""
    from tests.snova_harness import make
    from tools import mca
    target = f"build/bench/{keccak_gain.BASELINE}/snova-r3-i-s/snova_bench"
    make("bench-plugin", target)
    # the baseline keeps the C permutation and chooses its products per core, as the NEON build
    assert [cores for _, cores in dispatch.plan(str(ROOT / target), CPUS)] == \
        [("neoverse-n1",), ("cortex-a55",)]
    share, one_call = keccak_share(str(ROOT / target), "verify", CPUS)
    assert 0.3 < share["neoverse-n1"] < 0.8 and 0.3 < share["cortex-a55"] < 0.8
    assert one_call.count("\n") > 24 * 100
    cycles = mca.run_mca(one_call, "neoverse-n1", timeline=False, bottleneck=False).cycles
    assert 900 < cycles < 1300       # docs/benchmarks.md: 1,082; OpenSSL's base form 1,043
