"""The generator as a pipeline: kernel description -> instructions on virtual
registers -> register allocation -> scheduling -> rendering."""
from __future__ import annotations

from .builder import KernelBuilder
from .frame import frame_for
from .regalloc import allocate
from .render import RenderedFunction, render_kernel
from .scheduler import schedule


def function_lines(frame, function, scheduled_blocks, allocation):
    """Assembly lines of one function: frame set-up, scheduled blocks with their
    labels and llvm-mca region markers, and the frame torn down before each return."""
    lines = frame.prologue()
    for blk, sched in zip(function.blocks, scheduled_blocks):
        if blk.label:
            lines.append(f"{blk.label}:")
        if blk.mca_region:
            lines.append(f"// LLVM-MCA-BEGIN {blk.mca_region}")
        for ins in sched.instrs:
            if ins.mnemonic == "ret":
                lines.extend(frame.epilogue())
            lines.append(ins.render(allocation.phys))
        if blk.mca_region:
            lines.append("// LLVM-MCA-END")
    return lines


def generate_kernel(spec, prefix, model, command) -> str:
    """The text of out/<spec.name>.S, one for every object format (snova_asm.h)."""
    builder = KernelBuilder(prefix + spec.name, list(spec.params))
    spec.describe(builder)
    function = builder.function()
    allocation = allocate(function)
    scheduled = schedule(function, allocation, model)
    frame = frame_for(allocation, function.local_bytes)
    rendered = RenderedFunction(function.symbol, function_lines(frame, function, scheduled, allocation),
                                function.constants, has_frame=frame.size > 0)
    cycles = sum(s.cycles for s in scheduled)
    return render_kernel(spec, [rendered], prefix, model.cpu, cycles, command)
