"""Tests of tools/bench: the qemu instruction-count plugin, the llvm-mca cycle
estimate and the isolation helper.  Builds the plugin and the test programs
(tests/data/bench) itself."""
import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.snova_harness import ROOT
from tools.bench import estimate as est
from tools.bench import mca
from tools.bench.count import count, ensure_plugin
from tools.bench.isolate import isolate
from tools.bench.profile import Block, Profile, hot_blocks, join_page_splits, parse

DATA = Path(__file__).parent / "data" / "bench"
CROSS = ["clang-19", "--target=aarch64-linux-gnu", "-fuse-ld=lld", "-static"]


@pytest.fixture(scope="module")
def progs(tmp_path_factory):
    """Cross-build the test programs (and the plugin) once per worker."""
    ensure_plugin()
    out = tmp_path_factory.mktemp("bench-progs")
    builds = {
        "loop": ["-nostdlib", DATA / "loop.S"],
        "neonloop": ["-nostdlib", DATA / "neonloop.S"],
        "work": ["-O2", DATA / "work.c"],
        "threads": ["-O1", "-pthread", DATA / "threads.c"],
        "stackpos": ["-O1", DATA / "stackpos.c"],
    }
    for name, args in builds.items():
        subprocess.run(CROSS + [str(a) for a in args] + ["-o", str(out / name)], check=True)
    return out


# --- (a) exact count of a hand-written program ------------------------------

def test_asm_loop_count_is_exact(progs):
    outer, inner = 10, 100  # .equ values in loop.S
    # mov x2; per outer: mov x1, inner*(subs, b.ne), subs, b.ne; write: 5; exit: 3
    expected = 1 + outer * (1 + 2 * inner + 2) + 5 + 3
    run = count(progs / "loop")
    assert run.stdout == b"ok\n" and run.returncode == 0
    assert run.total == expected == 2039
    # The inner loop's own block (its first pass belongs to the block before).
    inner_block = [b for b in run.blocks if b.words == (0xF1000421, 0x54FFFFE1)]
    assert len(inner_block) == 1 and inner_block[0].execs == outer * (inner - 1)


def test_total_does_not_depend_on_block_boundaries(progs):
    # -singlestep makes every instruction its own translation block.
    for prog, args in [("loop", []), ("work", ["100"])]:
        normal = count(progs / prog, args)
        single = count(progs / prog, args, qemu_args=["-singlestep"])
        assert single.total == normal.total
        assert all(b.n == 1 for b in single.blocks)


# --- (b) reproducible counts -------------------------------------------------

@pytest.mark.parametrize("prog,args", [("loop", []), ("work", ["1000"])])
def test_two_runs_count_the_same(progs, prog, args):
    a, b = count(progs / prog, args), count(progs / prog, args)
    assert a.total == b.total > 0
    assert a.blocks == b.blocks
    assert a.stdout == b.stdout


def test_count_does_not_depend_on_where_the_program_is(progs, tmp_path):
    # The program's path lands on the guest's stack; stackpos's count follows
    # its stack address (CI once measured 24 more instructions in a signature
    # from a checkout at another path).
    far = tmp_path / ("deeper-" * 12) / "stackpos"
    far.parent.mkdir()
    far.write_bytes((progs / "stackpos").read_bytes())
    far.chmod(0o755)
    near, away = count(progs / "stackpos"), count(far)
    assert near.stdout == away.stdout
    assert near.total == away.total


def test_multithreaded_program_does_not_crash(progs):
    run = count(progs / "threads")
    assert run.stdout == b"done\n"
    assert run.total > 4 * 200000  # four spinning loops at least


# --- (c) estimate of a single-block loop --------------------------------------

def mca_direct(asm: str, cpu: str) -> float:
    """llvm-mca's cycles per iteration for hand-written assembly."""
    p = subprocess.run([mca.LLVM_MCA, "-mtriple=aarch64", f"-mcpu={cpu}",
                        f"-iterations={mca.ITERATIONS}"],
                       input=asm, capture_output=True, text=True, check=True)
    total = int(re.search(r"Total Cycles:\s+(\d+)", p.stdout).group(1))
    return total / mca.ITERATIONS


@pytest.mark.parametrize("cpu", est.DEFAULT_CPUS)
def test_single_block_loop_estimate(progs, cpu, tmp_path, monkeypatch):
    src = (DATA / "neonloop.S").read_text()
    body = src.split("// mca-begin\n")[1].split("// mca-end\n")[0]
    iters = int(re.search(r"\.equ ITERS, (\d+)", src).group(1))
    per_exec = mca_direct("loop:\n" + body, cpu)

    run = count(progs / "neonloop")
    e = est.estimate(run, cpu, cache=tmp_path)
    [(hot, cycles)] = e.hot  # one block covers >= 99.5%
    assert hot.execs == iters - 1  # first pass is in the entry block
    assert cycles == pytest.approx(per_exec)
    assert e.modeled_cycles == pytest.approx(per_exec * hot.execs)
    assert e.filled_instructions == run.total - hot.insns
    assert e.cycles == pytest.approx(e.modeled_cycles * run.total / hot.insns)

    # A second estimate comes from the on-disk cache: llvm-mca is not run.
    monkeypatch.setattr(mca, "_run", lambda *a: pytest.fail("llvm-mca ran"))
    assert est.estimate(run, cpu, cache=tmp_path).cycles == e.cycles


def test_estimate_cli(progs, tmp_path, capsys):
    f = tmp_path / "neonloop.prof"
    f.write_text(count(progs / "neonloop").dumps())
    assert est.main([str(f), "--cpu", "cortex-a55", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"cortex-a55"} and out["cortex-a55"] > 0


# --- (d) blocks below the coverage threshold ---------------------------------

NEON = (0x6E211C00, 0x4E231C02, 0x4E0200A4, 0x6F0C0406,
        0x4E0600A7, 0x6E271C81, 0xF1000421, 0x54FFFF21)  # the neonloop block
NOPS = (0xD503201F,) * 5
BAD = (0xFFFFFFFF,)  # no instruction: llvm-mca could not model it


def synthetic(*blocks):
    bl = [Block(0x1000 * (i + 1), execs, words) for i, (execs, words) in enumerate(blocks)]
    return Profile(sum(b.insns for b in bl), bl)


def test_cold_blocks_are_filled_at_average_cpi(tmp_path):
    # 8000 + 40 + 8 instructions: the NEON block alone covers 99.40% < 99.5%,
    # with the nop block 99.90%, so the undecodable block is cold.
    p = synthetic((1000, NEON), (8, NOPS), (8, BAD))
    hot, cold = hot_blocks(p, est.COVERAGE)
    assert [b.words for b in hot] == [NEON, NOPS] and [b.words for b in cold] == [BAD]

    e = est.estimate(p, "cortex-a72", cache=tmp_path)
    costs = mca.block_costs([NEON, NOPS], "cortex-a72", tmp_path)
    modeled = 1000 * costs[NEON].cycles + 8 * costs[NOPS].cycles
    assert e.modeled_cycles == pytest.approx(modeled)
    assert e.cold == [p.blocks[2]] and e.unmodeled == []
    assert e.filled_instructions == 8
    assert e.cpi == pytest.approx(modeled / 8040)
    assert e.cycles == pytest.approx(modeled + 8 * modeled / 8040)


def test_blocks_cut_at_a_page_boundary_are_joined(tmp_path):
    """A loop whose body crosses a 4 KiB boundary: qemu profiles its entry (run into
    the loop head, 3 + 4 instructions before the boundary), the loop head's 4 and
    the 3 after the boundary (entered from both, ending in the loop's branch) as
    three blocks. Joined, the entry and the loop each run through the boundary
    with their own counts, and the estimate is that of the whole body."""
    b_ne = 0x54FFFF01                      # b.ne (back to the loop head)
    entry, head, tail = NOPS[:3] + NOPS[:4], NOPS[:4], NOPS[:2] + (b_ne,)
    blocks = [Block(0x2FE4, 10, entry), Block(0x2FF0, 990, head), Block(0x3000, 1000, tail)]
    p = Profile(sum(b.insns for b in blocks), blocks)
    j = join_page_splits(p)
    assert [(b.vaddr, b.execs, b.words) for b in j.blocks] == [(0x2FE4, 10, entry + tail), (0x2FF0, 990, head + tail)]
    assert sum(b.insns for b in j.blocks) == p.total
    whole = mca.block_costs([head + tail], "cortex-a72", tmp_path)[head + tail].cycles
    assert est.estimate(p, "cortex-a72", cache=tmp_path).modeled_cycles == pytest.approx(
        990 * whole + 10 * mca.block_costs([entry + tail], "cortex-a72", tmp_path)[entry + tail].cycles)


def test_blocks_are_not_joined_across_a_branch_or_away_from_a_page_boundary():
    b_next = (0x14000001,)                 # b .+4
    ends_in_branch = [Block(0x2FF8, 5, NOPS[:1] + b_next), Block(0x3000, 5, NOPS[:2])]
    inside_page = [Block(0x2FE8, 5, NOPS[:2]), Block(0x2FF0, 5, NOPS[:2])]
    for blocks in (ends_in_branch, inside_page):
        p = Profile(sum(b.insns for b in blocks), blocks)
        assert join_page_splits(p).blocks == blocks


def test_unmodelled_hot_block_is_filled_and_reported(tmp_path):
    p = synthetic((1000, NEON), (500, BAD + NOPS))  # both hot
    e = est.estimate(p, "cortex-a55", cache=tmp_path)
    assert [b.words for b, _ in e.unmodeled] == [BAD + NOPS]
    assert "undecodable" in e.unmodeled[0][1]
    assert e.filled_instructions == 3000
    assert e.cycles == pytest.approx(e.modeled_cycles * p.total / 8000)


def test_a_call_costs_a_branch_not_llvm_mcas_placeholder(tmp_path):
    """llvm-mca charges a BL 100 cycles unless told otherwise; on the in-order
    cortex-a55 model that would make a block ending in a call cost ~100 cycles."""
    bl_next = (0x94000001,)   # bl .+4
    b_next = (0x14000001,)    # b .+4
    costs = mca.block_costs([NOPS + bl_next, NOPS + b_next], "cortex-a55", tmp_path)
    assert costs[NOPS + bl_next].cycles == pytest.approx(costs[NOPS + b_next].cycles, abs=1.0)
    assert costs[NOPS + bl_next].cycles < 10


def test_unknown_cpu_is_an_error(tmp_path):
    with pytest.raises(mca.UnknownCpu):
        est.estimate(synthetic((10, NEON)), "no-such-core", cache=tmp_path)


# --- isolation helper and profile format -------------------------------------

def test_isolate_is_linear_in_reps(progs):
    w = [str(progs / "work"), "{R}"]
    i10, i20 = isolate(w, 10, base=1), isolate(w, 20, base=1)
    assert i10.negative_blocks == i20.negative_blocks == 0
    assert 2 * i10.diff.total == i20.diff.total  # exact per operation
    assert i10.instructions == i20.instructions > 256
    # Against R = 0 only the repetition loop's entry differs: a constant.
    assert abs(isolate(w, 10).diff.total - i10.diff.total) < 16


def test_isolate_substitutes_padded_reps():
    seen = []

    def fake(binary, args, stdin):
        seen.append(args)
        return Profile(100 + 7 * int(args[0][4:]), [])

    i = isolate(["prog", "--n={R}"], 5, counter=fake)
    assert seen == [["--n=0000000005"], ["--n=0000000000"]]
    assert i.instructions == 7
    with pytest.raises(ValueError):
        isolate(["prog", "5"], 5, counter=fake)


def test_profile_roundtrip_and_checks():
    p = synthetic((3, NEON), (2, NOPS))
    assert parse(p.dumps()) == p
    assert (p - p).total == 0 and (p - p).blocks == []
    with pytest.raises(ValueError):
        parse(p.dumps().replace(f"total {p.total}", f"total {p.total + 1}"))


# --- parameter sets ------------------------------------------------------------

def test_sets_know_their_round_and_shape():
    """sets.py reads generator/sets.yaml: the report splits its sections by round; its
    numbers are those of the compiler definitions make builds each set with."""
    from tools.bench.sets import params, rank, round_of
    made = subprocess.run(["make", "-s", "--no-print-directory", "snova-params"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.splitlines()
    assert [line.split()[0] for line in made] == list(params())
    for line in made:
        name, *defs = line.split()
        numbers = {k: int(v) for k, v in (d.removeprefix("-DSNOVA_").split("=") for d in defs) if v.isdigit()}
        assert numbers == {k: v for k, v in params()[name].items() if k in numbers}
    names = list(params())
    assert round_of("snova-24-5-16-4-esk") == 1 and round_of("snova-r3-v-x-aes") == 3
    r3 = [n for n in names if round_of(n) == 3]
    assert {"snova-r3-i-k", "snova-r3-v-x-aes"} <= set(r3) and all(n.startswith("snova-r3-") for n in r3)
    assert [n for n in names if round_of(n) == 1] == [n for n in names if not n.startswith("snova-r")]
    assert rank("snova-r3-v-s") == 5 and params()["snova-r3-i-k"]["R"] == 8
    assert params()["snova-24-5-16-4-esk"]["R"] == 4    # Round 1: r = l


def _results(variants, sets, digest="d", method="m"):
    from tools.bench.run import FORMAT
    entry = {op: {"instructions": 1, "digest": digest} for op in ("sign", "verify")}
    return {"format": FORMAT, "method": method, "cpus": ["neoverse-n1"], "dispatch": {}, "ops": ["sign", "verify"],
            "variants": variants, "sets": sets,
            "results": {v: {s: json.loads(json.dumps(entry)) for s in sets} for v in variants}}


def test_merge_replaces_only_the_sets_measured():
    from tools.bench.run import merge
    old = _results(["portable", "neon"], ["a", "b"])
    new = _results(["neon"], ["b"])
    new["results"]["neon"]["b"]["sign"]["instructions"] = 7
    merged = merge(old, new)
    assert merged["results"]["neon"]["b"]["sign"]["instructions"] == 7
    assert merged["results"]["neon"]["a"] == old["results"]["neon"]["a"]
    assert merged["results"]["portable"]["b"] == old["results"]["portable"]["b"]
    assert merged["sets"] == ["a", "b"] and old["results"]["neon"]["b"]["sign"]["instructions"] == 1


@pytest.mark.parametrize("change", ["method", "digest", "set"])
def test_merge_refuses_what_would_mix_runs(change):
    from tools.bench.run import BenchError, merge
    old = _results(["portable", "neon"], ["a", "b"])
    new = _results(["neon"], ["c" if change == "set" else "b"], digest="e" if change == "digest" else "d",
                   method="other" if change == "method" else "m")
    with pytest.raises(BenchError):
        merge(old, new)
