"""One kernel's memory-safety and constant-time check: its object code
executed symbolically (tools/prove/machine.py) at every instantiation of its
public sizes (tools/prove/abi.py), argument pointers symbolic, data secret."""
from __future__ import annotations

from pathlib import Path

from tools.prove import abi
from tools.prove.machine import Machine, Region, Violation
from tools.prove.objcode import ObjectCode


def check(code: ObjectCode, header: Path) -> dict:
    """{'memory': None or failure, 'constant_time': None or failure, 'paths': n,
    'steps': n, 'slack': [operands some instantiation does not access to their
    declared end]} (slack: an extent in abi.py larger than the kernel's use,
    which would let an access past the real operand through)."""
    name = code.name
    args = abi.prototypes(header)[name]
    result = {"memory": None, "constant_time": None, "paths": 0, "steps": 0, "slack": []}
    for sizes, extents in abi.cases(name):
        regions, values = {}, []
        for i, arg in enumerate(args):
            if arg.pointer:
                regions[f"arg{i}"] = Region(extents[arg.name], not arg.const)
                values.append((f"arg{i}", 0, False))
            else:
                values.append((None, sizes[arg.name], False))
        machine = Machine(code.code, code.text, regions, values)
        try:
            result["steps"] += machine.run()
        except Violation as failure:
            key = "constant_time" if failure.kind == "constant-time" else "memory"
            result[key] = f"{failure} (sizes {sizes})"
            return result
        result["paths"] += 1
        for i, arg in enumerate(args):
            key = f"arg{i}"
            if key in regions and machine.reach[key] != regions[key].size and arg.name not in result["slack"]:
                result["slack"].append(arg.name)
    return result
