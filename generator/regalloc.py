"""Register allocation: liveness over the function's control-flow graph, an
interference graph, and greedy colouring in definition order; a register group (a multi-register TBL
table) is coloured as a whole, with consecutive numbers.

Caller-saved registers are used first; callee-saved ones (x19-x28, v8-v15) only
when the others run out, and the frame then saves them. Among the free registers
the one assigned longest ago is chosen, so that consecutive values land in
different registers and the scheduler that runs next sees few false (WAR/WAW)
dependencies."""
from __future__ import annotations

from dataclasses import dataclass

from .isa import GPR, VEC

# Preference order per register file. x18 (platform register on Apple), x29 (frame
# pointer) and sp are never allocated; x30 (link register) only in a function that
# frees it (Function.link_register_free), last, and the frame then saves it like
# a callee-saved register.
ALLOCATION_ORDER = {
    GPR: [*range(9, 16), *range(0, 9), 16, 17, *range(19, 29)],
    VEC: [*range(0, 8), *range(16, 32), *range(8, 16)],
}
LINK_REGISTER = 30
CALLEE_SAVED = {GPR: set(range(19, 29)) | {LINK_REGISTER}, VEC: set(range(8, 16))}


class AllocationError(Exception):
    pass


@dataclass
class Allocation:
    phys: dict            # VReg -> register number
    callee_saved: dict    # register file -> sorted list of callee-saved numbers used


def successors(blocks):
    """Index of each block's successors, from its terminator and fall-through."""
    index = {blk.label: i for i, blk in enumerate(blocks) if blk.label}
    succ = []
    for i, blk in enumerate(blocks):
        term = blk.terminator
        out = []
        if term is not None and term.target is not None:
            out.append(index[term.target])
        if (term is None or term.falls_through) and i + 1 < len(blocks):
            out.append(i + 1)
        succ.append(out)
    return succ


def live_out_per_instr(blocks):
    """For every instruction (in layout order), the set of virtual registers live after it."""
    succ = successors(blocks)
    use_def = []
    for blk in blocks:
        used, defined = set(), set()
        for ins in blk.instrs:
            used |= {r for r in ins.uses if r not in defined}
            defined |= set(ins.defs)
        use_def.append((used, defined))
    live_in = [set() for _ in blocks]
    changed = True
    while changed:
        changed = False
        for i in reversed(range(len(blocks))):
            out = set().union(*(live_in[s] for s in succ[i])) if succ[i] else set()
            used, defined = use_def[i]
            new_in = used | (out - defined)
            if new_in != live_in[i]:
                live_in[i], changed = new_in, True
    result = []
    for i, blk in enumerate(blocks):
        live = set().union(*(live_in[s] for s in succ[i])) if succ[i] else set()
        per_block = []
        for ins in reversed(blk.instrs):
            per_block.append(set(live))
            live = (live - set(ins.defs)) | set(ins.uses)
        result.extend(reversed(per_block))
    return result


def interference(blocks):
    instrs = [ins for blk in blocks for ins in blk.instrs]
    graph = {}
    for ins in instrs:
        for r in (*ins.defs, *ins.uses):
            graph.setdefault(r, set())
    for ins, live in zip(instrs, live_out_per_instr(blocks)):
        for d in ins.defs:
            for other in live | set(ins.defs):
                if other is not d and other.kind == d.kind:
                    graph[d].add(other)
                    graph[other].add(d)
    return instrs, graph


def allocate(function) -> Allocation:
    instrs, graph = interference(function.blocks)
    appearance = (*function.params, *(r for ins in instrs for r in (*ins.defs, *ins.uses)))
    order = [r for r in dict.fromkeys(appearance) if r in graph]
    group_of = {r: group for group in function.groups for r in group}
    phys = {}
    last_assigned = {}
    clock = 0
    for r in sorted(order, key=lambda r: r.fixed is None):   # pinned registers first
        if r.fixed is not None:
            phys[r] = r.fixed
            continue
        if r in phys:          # numbered with its group
            continue
        # A group is numbered as a whole when its first member is met: bases whose
        # every member's register is free of that member's assigned neighbours.
        members = group_of.get(r, (r,))
        prefs = ALLOCATION_ORDER[r.kind] + ([LINK_REGISTER] if r.kind == GPR and function.link_register_free else [])
        taken = [{phys[n] for n in graph.get(m, ()) if n in phys} for m in members]
        free = [p for p in prefs if all(p + i in prefs and p + i not in t for i, t in enumerate(taken))]
        if not free:
            raise AllocationError(f"{function.symbol}: out of {r.kind} registers at {r!r}")
        # Stay with caller-saved registers while any is free; among them take the
        # one assigned longest ago (never-assigned ones in preference order first).
        span = lambda p: range(p, p + len(members))
        tier = [p for p in free if not CALLEE_SAVED[r.kind] & set(span(p))] or free
        choice = min(tier, key=lambda p: (max(last_assigned.get(n, -1) for n in span(p)), prefs.index(p)))
        for i, m in enumerate(members):
            phys[m] = choice + i
            last_assigned[choice + i] = clock
        clock += 1
    for r in order:
        for n in graph[r]:
            if phys[r] == phys[n]:
                raise AllocationError(f"{function.symbol}: {r!r} and {n!r} both pinned to {phys[r]}")
    used = {kind: sorted({phys[r] for r in phys if r.kind == kind} & CALLEE_SAVED[kind]) for kind in CALLEE_SAVED}
    return Allocation(phys, used)


def largest_that_fits(make_function, limit):
    """The largest n <= limit for which make_function(n) allocates, by bisection (n
    is a count of values to keep in registers, so more never fits better)."""
    low, high = 0, limit
    while low < high:
        n = (low + high + 1) // 2
        try:
            allocate(make_function(n))
            low = n
        except AllocationError:
            high = n - 1
    return low
