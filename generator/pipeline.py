"""The generator as a pipeline: kernel description -> instructions on virtual
registers -> register allocation -> scheduling -> rendering."""
from __future__ import annotations

from .abi import conventions
from .builder import KernelBuilder
from .frame import frame_for
from .regalloc import allocate
from .render import RenderedFunction, render_kernel
from .scheduler import schedule


def function_lines(frame, conv, function, scheduled_blocks, allocation):
    """Assembly lines of one function: frame set-up, scheduled blocks with their
    labels and llvm-mca region markers, and the frame torn down before each return."""
    lines = frame.prologue(conv)
    for blk, sched in zip(function.blocks, scheduled_blocks):
        if blk.label:
            lines.append(f"{blk.label}:")
        if blk.mca_region:
            lines.append(f"// LLVM-MCA-BEGIN {blk.mca_region}")
        for ins in sched.instrs:
            if ins.mnemonic == "ret":
                lines.extend(frame.epilogue(conv))
            lines.append(ins.render(allocation.phys))
        if blk.mca_region:
            lines.append("// LLVM-MCA-END")
    return lines


def generate_kernel(spec, conv, prefix, model, command) -> str:
    """The text of out/<spec.name>.S under the conventions conv (abi.Conventions,
    or an --abi name for that format's default conventions)."""
    if isinstance(conv, str):
        conv = conventions(conv)
    builder = KernelBuilder(conv.fmt.symbol_prefix + prefix + spec.name, list(spec.params),
                            conv.fmt.local_label_prefix)
    spec.describe(builder)
    function = builder.function()
    allocation = allocate(function)
    scheduled = schedule(function, allocation, model)
    frame = frame_for(allocation, function.local_bytes)
    rendered = RenderedFunction(function.symbol, function_lines(frame, conv, function, scheduled, allocation),
                                function.constants, has_frame=frame.size > 0)
    cycles = sum(s.cycles for s in scheduled)
    return render_kernel(spec, [rendered], conv, prefix, model.cpu, cycles, command)
