"""List scheduling of each basic block for one machine model.

Runs after register allocation, so dependencies are computed on physical
registers: true (read-after-write, carrying the producer's latency), anti
(write-after-read) and output (write-after-write) dependencies, plus memory
order (no load or store moves above an earlier store, no store above an earlier
load, because kernel operands may alias) and the condition flags.

The scheduler simulates issue cycle by cycle: an instruction is ready when its
operands are, and it issues if the cycle still has an issue slot and one of its
pipes is free. Among ready instructions the one with the longest latency path
to the end of the block goes first; ties keep the description's order, which
makes the output deterministic. The block's branch stays last."""
from __future__ import annotations

from dataclasses import dataclass, field

from .isa import FLAGS


@dataclass
class Node:
    instr: object
    index: int
    preds: list = field(default_factory=list)   # (node index, latency)
    succs: list = field(default_factory=list)
    height: int = 0


def _reg_keys(regs, phys):
    return list(dict.fromkeys((r.kind, phys[r]) for r in regs))


def dependency_graph(instrs, phys, model):
    """Nodes with edges for every ordering constraint between `instrs`."""
    nodes = [Node(ins, i) for i, ins in enumerate(instrs)]
    last_writer, readers = {}, {}
    loads, stores = [], []

    def edge(src, dst, latency):
        nodes[src].succs.append((dst, latency))
        nodes[dst].preds.append((src, latency))

    for i, ins in enumerate(instrs):
        uses = _reg_keys(ins.uses, phys) + ([FLAGS] if ins.reads_flags else [])
        defs = _reg_keys(ins.defs, phys) + ([FLAGS] if ins.sets_flags else [])
        late = {key: model.read_delay(ins, r) for r in ins.uses for key in _reg_keys([r], phys)}
        for key in uses:
            if key in last_writer:
                w = last_writer[key]
                edge(w, i, model.timing(instrs[w]).latency + late.get(key, 0))
        for key in defs:
            for r in readers.get(key, ()):
                if r != i:
                    edge(r, i, 0)
            if key in last_writer:
                edge(last_writer[key], i, 0)
        for key in uses:
            readers.setdefault(key, []).append(i)
        for key in defs:
            last_writer[key] = i
            readers[key] = []
        if ins.mem == "load":
            for s in stores:
                edge(s, i, 0)
            loads.append(i)
        elif ins.mem == "store":
            for m in loads + stores:
                edge(m, i, 0)
            stores.append(i)

    for node in reversed(nodes):
        own = model.timing(node.instr).latency
        node.height = max([own] + [lat + nodes[s].height for s, lat in node.succs])
    return nodes


@dataclass
class ScheduledBlock:
    instrs: list
    cycles: int     # issue cycle of the last instruction + its latency, by the model


def schedule_block(instrs, phys, model) -> ScheduledBlock:
    body = list(instrs)
    terminator = body.pop() if body and body[-1].is_branch else None
    nodes = dependency_graph(body, phys, model)

    earliest = [0] * len(nodes)
    waiting = [len(n.preds) for n in nodes]
    pipe_busy_until = {name: [0] * count for name, count in model.pipes.items()}
    order, finish = [], 0
    unscheduled = set(range(len(nodes)))
    partner = _fused_pairs(nodes)
    cycle = 0
    while unscheduled:
        issued = 0
        while issued < model.issue_width:
            ready = sorted((i for i in unscheduled if waiting[i] == 0 and earliest[i] <= cycle),
                           key=lambda i: (-nodes[i].height, i))
            placed = False
            for i in ready:
                timing = model.timing(nodes[i].instr)
                unit = _free_unit(pipe_busy_until, timing.pipes, cycle)
                if unit is None:
                    continue
                pipe, slot = unit
                pipe_busy_until[pipe][slot] = cycle + timing.occupancy
                unscheduled.discard(i)
                order.append(nodes[i].instr)
                finish = max(finish, cycle + timing.latency)
                for s, lat in nodes[i].succs:
                    waiting[s] -= 1
                    earliest[s] = max(earliest[s], cycle + lat)
                issued += 1
                placed = True
                if i in partner:
                    # The fused second half goes right behind, issuing when its operand
                    # is ready; an in-order core issues nothing in between.
                    j = partner[i]
                    at = cycle + timing.latency
                    unscheduled.discard(j)
                    order.append(nodes[j].instr)
                    j_timing = model.timing(nodes[j].instr)
                    finish = max(finish, at + j_timing.latency)
                    for s, lat in nodes[j].succs:
                        waiting[s] -= 1
                        earliest[s] = max(earliest[s], at + lat)
                    if model.in_order:
                        _reserve_unit(pipe_busy_until, j_timing, at)
                        cycle, issued = at, 1
                break
            if not placed:
                break
        cycle += 1
    if terminator is not None:
        order.append(terminator)
    return ScheduledBlock(order, finish)


def _fused_pairs(nodes):
    """Leader index -> index of the instruction fused to it (Instr.fuse_with_prev).
    The second half must depend on nothing but its leader, so that issuing it
    right behind the leader can never break an ordering constraint; the ready
    list never offers it on its own (its leader is one of its predecessors)."""
    pairs = {}
    for j, node in enumerate(nodes):
        if node.instr.fuse_with_prev:
            if j == 0 or {p for p, _ in node.preds} != {j - 1}:
                raise ValueError(f"{node.instr.mnemonic} marked fuse_with_prev must depend on the "
                                 f"instruction before it and on nothing else")
            pairs[j - 1] = j
    return pairs


def _reserve_unit(pipe_busy_until, timing, cycle):
    """Occupies the unit of `timing` that frees first, from `cycle` on."""
    pipe, slot = min(((p, s) for p in timing.pipes for s in range(len(pipe_busy_until[p]))),
                     key=lambda u: pipe_busy_until[u[0]][u[1]])
    pipe_busy_until[pipe][slot] = max(pipe_busy_until[pipe][slot], cycle) + timing.occupancy


def _free_unit(pipe_busy_until, pipes, cycle):
    for pipe in pipes:
        for slot, busy in enumerate(pipe_busy_until[pipe]):
            if busy <= cycle:
                return pipe, slot
    return None


def schedule(function, allocation, model):
    """Schedules every block of `function`; returns the blocks' new instruction lists."""
    return [schedule_block(blk.instrs, allocation.phys, model) for blk in function.blocks]
