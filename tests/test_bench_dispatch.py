"""Tests of the benchmark's per-core kernel choice (tools/bench/dispatch.py, snova_bench's
--cpu): each core's figures come from a profile that ran only kernels that core can run
and would choose, in the committed results and in a live run; the benchmark without the
per-core choice (every core given the emulator's choice, as before) is caught."""
import json
import subprocess

import pytest

from tools.bench import dispatch, ops, run, sets
from tools.bench.count import QEMU, ROOT
from tools.bench.keccak_gain import BASELINE
from tools.bench.tables import NEON, PORTABLE

CPUS = tuple(dispatch.CORES)
NO_SHA3 = [c for c in CPUS if "sha3" not in dispatch.CORES[c].features]
SET = "snova-r3-i-s"
# Preparing a key may hash nothing: a public key whose seed expands by AES, an expanded
# secret key that carries its matrices whole.
MAY_NOT_HASH = ("prepare_pk", "prepare_sk")


def misplaced(data: dict) -> list[str]:
    """Every (variant, set, op, core) whose profile ran a Keccak function the core cannot
    run, or recorded none for an operation that always hashes."""
    bad = []
    for v, by_set in data["results"].items():
        for s, by_op in by_set.items():
            for op, r in by_op.items():
                for cpu, p in r.get("profiles", {}).items():
                    if (not p["keccak"] and op not in MAY_NOT_HASH) or dispatch.unrunnable(cpu, p["keccak"]):
                        bad.append(f"{v} {s} {op} {cpu}: {p['keccak']}")
    return bad


def test_core_table_matches_the_header_and_the_cores():
    assert dispatch.hwcap_bits() == {"asimd": 1 << 1, "aes": 1 << 3, "cpuid": 1 << 11, "sha3": 1 << 17}
    assert NO_SHA3 == ["cortex-a72", "neoverse-n1", "cortex-a55"]
    assert dispatch.cpu_args("cortex-a72") == ["--cpu", str(2 | 8 | 2048), str(0x410FD083)]
    assert dispatch.cpu_args("apple-a15") == ["--cpu", str(2 | 8 | 1 << 17), "0"]
    assert set(CPUS) == set(run.CPUS)


def test_required_features_from_the_generated_files():
    forms = ("", "_x2", "_x3", "_x4", "_sha3", "_x2_sha3")
    need = {f: dispatch.required_features(f"snova_keccakf1600{f}") for f in forms}
    assert need == {"": set(), "_x2": {"asimd"}, "_x3": {"asimd"}, "_x4": {"asimd"}, "_sha3": {"asimd", "sha3"},
                    "_x2_sha3": {"asimd", "sha3"}}
    assert dispatch.required_features("snova_keccak_f1600") == set()      # portable C
    assert dispatch.unrunnable("neoverse-n1", ["snova_keccakf1600", "snova_keccakf1600_x2_sha3"]) == \
        ["snova_keccakf1600_x2_sha3"]
    assert dispatch.unrunnable("apple-a15", ["snova_keccakf1600_x2_sha3"]) == []


@pytest.mark.parametrize("path", ["bench/results.json", "bench/keccak/results.json"])
def test_committed_profiles_ran_only_what_their_core_runs(path):
    data = json.loads((ROOT / path).read_text())
    neon = data["results"][NEON]
    assert all(set(r["profiles"]) == set(data["cpus"]) for by_op in neon.values() for r in by_op.values())
    assert misplaced(data) == []
    for by_op in neon.values():
        for r in by_op.values():
            assert all(f.endswith("_sha3") for f in r["profiles"]["apple-a15"]["keccak"] if "keccakf1600" in f)
            assert r["profiles"]["apple-a15"]["instructions"] == r["instructions"]
    if BASELINE in data["results"]:
        c = [r["profiles"][cpu]["keccak"] for by_op in data["results"][BASELINE].values()
             for r in by_op.values() for cpu in data["cpus"]]
        # the C-Keccak baseline runs the portable permutation only, on every core
        assert c and all("snova_keccak_f1600" in k and not [f for f in k if f.startswith("snova_keccakf1600")]
                         for k in c)


def test_committed_l4_profiles_multiply_by_tables_where_they_pay():
    """Every l = 4 set of every round has table-form products (kernels_neon.c): the
    cores where single tables pay (neoverse-n1, apple-a15) must have been measured
    running them, and cortex-a72 and cortex-a55 without (a profile shared across
    that line, as when the choice printed only Round 3's table form, is caught);
    Round 3's signing and verification multiply by pair tables on every core, and
    its verification by nothing else. The plain operations only: preparing a key
    multiplies in fewer places."""
    neon = json.loads((ROOT / "bench/results.json").read_text())["results"][NEON]
    l4 = [s for s in neon if sets.rank(s) == 4]
    assert len(l4) == 6 + 6 + 12
    for s in l4:
        for op in ops.PLAIN_OPS:
            r = neon[s][op]
            forms = s.startswith("snova-r3-") and op != "keygen"
            single = [] if forms and op == "verify" else ["neoverse-n1", "apple-a15"]
            assert [c for c in CPUS if r["profiles"][c]["tables"]] == single, (s, op)
            assert [c for c in CPUS if r["profiles"][c]["paired"]] == (list(CPUS) if forms else []), (s, op)


def test_committed_l4_profiles_take_replicas_on_cortex_a72():
    """Every l = 4 set's key generation multiplies by T12's replicas on cortex-a72
    and nowhere else (kernels_neon.c, snova_replicas_pay)."""
    neon = json.loads((ROOT / "bench/results.json").read_text())["results"][NEON]
    for s in (s for s in neon if sets.rank(s) == 4):
        profiles = neon[s]["keygen"]["profiles"]
        assert [c for c in CPUS if profiles[c]["replicated"]] == ["cortex-a72"], s


def test_committed_l5_profiles_fold_where_tables_do_not_pay():
    """The l = 5, r ≠ 5 sets of Round 3 take the folded r×l products where table
    lookups do not pay (kernels_neon.c): cortex-a72 and cortex-a55 must have been
    measured running them in signing and verification, neoverse-n1 and apple-a15
    without (a profile shared across that line, as when snova_bench's kernels
    line did not print rowdot_rll, is caught). Their quadratic forms multiply by
    the signature's factors as pair tables and the public map's blocks
    interleaved on every core (gf16m_rowdot_ptbli_<r>x5x5,
    gf16m_interleave_runs_r5)."""
    neon = json.loads((ROOT / "bench/results.json").read_text())["results"][NEON]
    folded = [s for s in neon if s.startswith("snova-r3-v-") and ("-k" in s or "-b" in s)]
    assert len(folded) == 4
    for s in folded:
        r = 6 if "-b" in s else 8
        for op in ("sign", "verify"):
            profiles = neon[s][op]["profiles"]
            assert [c for c in CPUS if profiles[c]["folded"]] == ["cortex-a72", "cortex-a55"], (s, op)
            for kernel in (f"snova_gf16m_rowdot_ptbli_{r}x5x5", "snova_gf16m_interleave_runs_r5"):
                assert [c for c in CPUS if kernel in profiles[c]["paired"]] == list(CPUS), (s, op, kernel)


def test_committed_l4_verification_runs_the_public_map_in_runs():
    """Round 3's l = 4 sets verify by whole public matrices unpacked into runs
    (gf16m_unpack_runs_r4, gf16m_rowdot_ptblwi_<p>x4x4) on every core, and sign
    without them."""
    neon = json.loads((ROOT / "bench/results.json").read_text())["results"][NEON]
    l4 = {f"snova-r3-{level}-{size}{aes}": rows for level in ("i", "iii") for size, rows in
          (("k", 8), ("b", 24), ("s", 16 if level == "i" else 20)) for aes in ("", "-aes")}
    for s, rows in l4.items():
        runs = {"snova_gf16m_unpack_runs_r4", f"snova_gf16m_rowdot_ptblwi_{rows}x4x4"}
        assert all(runs <= set(neon[s]["verify"]["profiles"][c]["paired"]) for c in CPUS), s
        assert not any(runs & set(neon[s]["sign"]["profiles"][c]["paired"]) for c in CPUS), s


def test_committed_v_s_profiles_pair_the_stacked_factors():
    """`snova-r3-v-s`'s signing and verification multiply by its stacked 25×5
    factors' pair tables (ptbl_25x5x5, the odd last row paired with zeros) on
    every core."""
    neon = json.loads((ROOT / "bench/results.json").read_text())["results"][NEON]
    for s in ("snova-r3-v-s", "snova-r3-v-s-aes"):
        for op in ("sign", "verify"):
            profiles = neon[s][op]["profiles"]
            assert all({"snova_gf16m_mul_pair_tables_25x5", "snova_gf16m_rowdot_ptbl_25x5x5"}
                       <= set(profiles[c]["paired"]) for c in CPUS), (s, op)


def test_committed_l5_profiles_use_rank5_tables_where_they_pay():
    """Rank 5's single-table forms (kernels_neon.c, snova_tables_pay): every l = 5
    set's key generation multiplies by T12's tables (rtbl_5x5x5, tbl_5x5x5) in
    the neoverse-n1 and apple-a15 profiles; no profile of cortex-a72 or cortex-a55
    runs a single-table function."""
    neon = json.loads((ROOT / "bench/results.json").read_text())["results"][NEON]
    round3 = [s for s in neon if s.startswith("snova-r3-v-") and "-x" not in s]
    cells = [(s, "keygen", {"snova_gf16m_rowdot_rtbl_5x5x5", "snova_gf16m_rowdot_tbl_5x5x5"})
             for s in [*round3, "snova-r2-24-5-5", "snova-r2-29-6-5"]]
    assert len(cells) == 8
    for s, op, expect in cells:
        profiles = neon[s][op]["profiles"]
        assert [c for c in CPUS if profiles[c]["tables"]] == ["neoverse-n1", "apple-a15"], (s, op)
        for c in ("neoverse-n1", "apple-a15"):
            assert expect <= set(profiles[c]["tables"]), (s, op, c)


@pytest.mark.parametrize("l, cores", [(3, CPUS), (2, ("neoverse-n1", "apple-a15"))])
def test_committed_l3_and_l2_profiles_use_their_tables(l, cores):
    """Ranks 3 and 2 multiply by T12's tables (kernels_neon.c): every set's key
    generation runs rtbl_<l>x<l>x<l> and tbl_<l>x<l>x<l>, on every core for rank 3
    (its PMUL products fill 9 of 16 lanes), where snova_tables_pay for rank 2."""
    neon = json.loads((ROOT / "bench/results.json").read_text())["results"][NEON]
    ranked = [s for s in neon if sets.rank(s) == l]
    assert len(ranked) == {3: 8, 2: 14}[l]
    expect = {f"snova_gf16m_rowdot_rtbl_{l}x{l}x{l}", f"snova_gf16m_rowdot_tbl_{l}x{l}x{l}"}
    for s in ranked:
        profiles = neon[s]["keygen"]["profiles"]
        assert [c for c in CPUS if expect <= set(profiles[c]["tables"])] == list(cores), s


@pytest.fixture(scope="module")
def progs():
    from tests.snova_harness import make   # holds the lock the core's tests build under
    targets = {v: f"build/bench/{v}/{SET}/snova_bench" for v in (NEON, PORTABLE)}
    make("bench-plugin", *targets.values())
    return {v: str(ROOT / t) for v, t in targets.items()}


def test_plan_groups_the_cores_by_their_choice(progs):
    """snova-r3-i-s (l = 4): the emulator's choice is apple-a15's (SHA3 Keccak, table-form
    products); cortex-a72 and neoverse-n1 differ in both."""
    plan = dispatch.plan(progs[NEON], CPUS)
    assert [cores for _, cores in plan] == [("apple-a15",), ("cortex-a72",), ("neoverse-n1",), ("cortex-a55",)]
    assert plan[0][0] == [] and plan[1][0] == dispatch.cpu_args("cortex-a72")
    assert dispatch.plan(progs[PORTABLE], CPUS) == [([], CPUS)]


def test_bad_cpu_arguments_are_refused(progs):
    for args in (["--cpu", "x", "0"], ["--cpu", "2", ""], ["--cpu", "-2", "0"]):
        p = subprocess.run(QEMU + [progs[NEON], *args, "kernels", "0"], capture_output=True, env={})
        assert p.returncode == 2, args


def test_each_core_profile_runs_its_own_choice_and_without_it_is_caught(progs):
    """verify of snova-r3-i-s (SHAKE128 expands its public map): with the per-core
    choice the cores without SHA3 run the general-register Keccak (cortex-a55 without
    the vector forms; neoverse-n1 four states a call, so its 238 counter-mode blocks
    end with two), the paired table-form products run on every core (in wide
    runs, the public map unpacked into runs for them; and no single-table one:
    verification multiplies by the signature's factors only)
    and every profile passes; given the emulator's choice, as the benchmark did
    before, the three cores without SHA3 are reported."""
    def measured(plan):
        r = run._task(NEON, SET, "verify", progs[NEON], 2, 1, CPUS, plan)
        return {"results": {NEON: {SET: {"verify": r}}}}, r["profiles"]
    data, profiles = measured(dispatch.plan(progs[NEON], CPUS))
    assert misplaced(data) == []
    assert profiles["apple-a15"]["keccak"] == ["snova_keccakf1600_sha3", "snova_keccakf1600_x2_sha3"]
    assert profiles["cortex-a72"]["keccak"] == ["snova_keccakf1600", "snova_keccakf1600_x3"]
    assert profiles["neoverse-n1"]["keccak"] == ["snova_keccakf1600", "snova_keccakf1600_x2", "snova_keccakf1600_x4"]
    assert profiles["cortex-a55"]["keccak"] == ["snova_keccakf1600", "snova_keccakf1600_carried",
                                                "snova_keccakf1600_x3_gpr"]
    assert all(profiles[c]["paired"] == sorted(["snova_gf16m_mul_pair_tables", "snova_gf16m_rowdot_ptblwi_16x4x4",
                                                "snova_gf16m_unpack_runs_r4", "snova_gf16m_rowdot_ptblt_16x4x4",
                                                "snova_gf16m_rowdot_ptbl_8x1x16"])
               and not profiles[c]["tables"] for c in CPUS)
    data, _ = measured([([], CPUS)])
    assert [line.split(":")[0] for line in misplaced(data)] == [f"{NEON} {SET} verify {c}" for c in NO_SHA3]
