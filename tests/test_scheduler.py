"""Unit tests of the generator's middle: register allocation and list scheduling
must never change what a block computes, only where and when."""
import random
import re
from functools import reduce

import pytest

from generator.builder import KernelBuilder
from generator.frame import frame_for
from generator.isa import GPR, VEC
from generator.machine import available_cpus, load_model, model_from_dict
from generator.regalloc import CALLEE_SAVED, LINK_REGISTER, AllocationError, allocate, interference
from generator.scheduler import dependency_graph, schedule_block


# A deliberately lopsided model: loads are slow and one pipe is scarce, so the
# scheduler has every reason to reorder.
TOY_MODEL = model_from_dict({
    "cpu": "toy", "in_order": True, "issue_width": 2,
    "pipes": {"A": 2, "L": 1, "S": 1, "V": 1, "B": 1},
    "classes": {
        "gpr_alu": {"latency": 1, "pipes": ["A"]}, "gpr_addr": {"latency": 1, "pipes": ["A"]},
        "load_gpr": {"latency": 4, "pipes": ["L"]}, "load_vec": {"latency": 5, "pipes": ["L"]},
        "store_gpr": {"latency": 1, "pipes": ["S"]}, "store_vec": {"latency": 1, "pipes": ["S"]},
        "vec_logic": {"latency": 2, "pipes": ["V"]}, "vec_pmul": {"latency": 3, "pipes": ["V"]},
        "vec_pmul_q": {"latency": 4, "pipes": ["V"], "occupancy": 2},
        "vec_shift": {"latency": 2, "pipes": ["V"]}, "vec_movi": {"latency": 1, "pipes": ["V"]},
        "branch": {"latency": 1, "pipes": ["B"]},
    },
})


def random_block(seed, length=40):
    """A random straight-line block of loads, vector ops and stores through
    three pointer arguments, with plenty of register reuse after allocation."""
    rng = random.Random(seed)
    b = KernelBuilder("f", ["p", "q", "r"])
    ptrs = b.params
    values = [b.load("q", ptrs[0]), b.load("q", ptrs[1])]
    for _ in range(length):
        kind = rng.choice(["eor", "pmul", "shift", "load", "store", "movi"])
        if kind == "load":
            values.append(b.load("q", rng.choice(ptrs), 16 * rng.randrange(4)))
        elif kind == "store":
            b.store("q", rng.choice(values), rng.choice(ptrs), 16 * rng.randrange(4))
        elif kind == "movi":
            values.append(b.movi(rng.randrange(256)))
        elif kind == "shift":
            values.append(b.shift("ushr", rng.choice(values), rng.randrange(1, 8)))
        else:
            op = b.eor if kind == "eor" else b.pmul
            values.append(op(rng.choice(values), rng.choice(values)))
    b.store("q", values[-1], ptrs[2])
    b.ret()
    return b.function()


def ordering_constraints(instrs, phys):
    """Pairs (i, j), i before j, that any valid reordering must keep: register
    true/anti/output dependencies and load/store order, found by brute force."""
    keys = lambda regs: {(r.kind, phys[r]) for r in regs}
    pairs = set()
    for j, later in enumerate(instrs):
        for i in range(j):
            early = instrs[i]
            reg_dep = (keys(early.defs) & keys(later.uses) or keys(early.uses) & keys(later.defs)
                       or keys(early.defs) & keys(later.defs))
            mem_dep = "store" in (early.mem, later.mem) and early.mem and later.mem
            if reg_dep or mem_dep:
                pairs.add((i, j))
    return pairs


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("cpu", ["toy", *available_cpus()])
def test_scheduler_keeps_every_dependency(seed, cpu):
    model = TOY_MODEL if cpu == "toy" else load_model(cpu)
    fn = random_block(seed)
    alloc = allocate(fn)
    original = fn.blocks[0].instrs
    scheduled = schedule_block(original, alloc.phys, model).instrs
    assert sorted(map(id, scheduled)) == sorted(map(id, original))
    assert scheduled[-1] is original[-1], "the branch must stay last"
    position = {id(ins): k for k, ins in enumerate(scheduled)}
    for i, j in ordering_constraints(original, alloc.phys):
        assert position[id(original[i])] < position[id(original[j])], (original[i].mnemonic, original[j].mnemonic)


def test_scheduler_hides_load_latency():
    """Independent work moves between a slow load and its use."""
    b = KernelBuilder("f", ["p", "q"])
    loaded = b.load("q", b.params[0])
    use = b.eor(loaded, loaded)
    independent = [b.movi(k) for k in range(3)]
    b.store("q", use, b.params[1])
    b.ret()
    fn = b.function()
    alloc = allocate(fn)
    order = [ins.mnemonic for ins in schedule_block(fn.blocks[0].instrs, alloc.phys, TOY_MODEL).instrs]
    assert order.index("eor") > max(i for i, m in enumerate(order) if m == "movi")
    assert len(independent) == 3


def test_dependency_graph_latency_is_producers():
    b = KernelBuilder("f", ["p"])
    x = b.load("q", b.params[0])
    b.pmul(x, x)
    fn = b.function()
    alloc = allocate(fn)
    nodes = dependency_graph(fn.blocks[0].instrs, alloc.phys, TOY_MODEL)
    assert nodes[1].preds == [(0, 5)]


def test_allocation_respects_interference():
    for seed in range(20):
        fn = random_block(seed, 60)
        alloc = allocate(fn)
        _, graph = interference(fn.blocks)
        for reg, neighbours in graph.items():
            assert all(alloc.phys[reg] != alloc.phys[n] for n in neighbours)


def test_callee_saved_registers_are_used_last_and_saved():
    """Thirty simultaneously live vectors exceed the 24 caller-saved ones: the
    allocator must take some of v8-v15 and the frame must save their low halves."""
    b = KernelBuilder("f", ["p"])
    live = [b.load("q", b.params[0], 16 * k) for k in range(30)]
    acc = live[0]
    for v in live[1:]:
        acc = b.eor(acc, v)
    b.store("q", acc, b.params[0])
    b.ret()
    alloc = allocate(b.function())
    used = {alloc.phys[v] for v in live}
    assert used >= set(range(0, 8)) | set(range(16, 32))
    assert alloc.callee_saved[VEC] and set(alloc.callee_saved[VEC]) <= CALLEE_SAVED[VEC]
    frame = frame_for(alloc, 0)
    prologue = "\n".join(frame.prologue())
    for n in alloc.callee_saved[VEC]:
        assert f"d{n}" in prologue and f"SNOVA_ASM_CFI(offset d{n}," in prologue
    assert frame.size % 16 == 0


def test_leaf_kernel_without_callee_saved_has_no_frame():
    fn = random_block(0, 10)
    alloc = allocate(fn)
    assert alloc.callee_saved == {GPR: [], VEC: []}
    assert frame_for(alloc, 0).prologue() == ["SNOVA_ASM_BTI"]


def test_link_register_only_when_freed_and_frame_pairs_one_register_file():
    """29 simultaneously live general registers (28 values and the pointer): only
    a function that frees x30 gets them (x18 and x29 never), the frame saves x30,
    and an odd number of saved x registers is not paired with a d register (stp
    cannot mix them)."""
    def describe(free):
        b = KernelBuilder("f", ["p"])
        if free:
            b.free_link_register()
        live = [b.load("x", b.params[0], 8 * k) for k in range(28)]
        vec = [b.load("q", b.params[0], 16 * k) for k in range(26)]
        b.store("x", reduce(lambda x, y: b.gop("eor", "x", x, y), live), b.params[0])
        b.store("q", reduce(b.eor, vec), b.params[0])
        b.ret()
        return b.function()
    with pytest.raises(AllocationError):
        allocate(describe(False))
    alloc = allocate(describe(True))
    assert LINK_REGISTER in alloc.callee_saved[GPR]
    assert not {18, 29} & {n for r, n in alloc.phys.items() if r.kind == GPR}
    lines = frame_for(alloc, 8).prologue()
    saves = [ln for ln in lines if ln.startswith(("stp", "str"))]
    assert all(not re.search(r"\bx\d+, d\d+", ln) for ln in saves) and any("x30" in ln for ln in saves)
