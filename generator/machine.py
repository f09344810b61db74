"""Per-core machine models, read from generator/schedules/<cpu>.yaml.

A model gives, for each instruction class, its result latency and the issue
pipes that can execute it, and, for in-order cores that read a register through
the shifter earlier than the other operands, how many cycles later a value
reaches it; the list scheduler uses nothing else."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

SCHEDULES_DIR = Path(__file__).parent / "schedules"
# Beside the machine models, the core classes of the run-time kernel choice (plan.py).
CORE_CLASSES_NAME = "core_classes.yaml"


class UnknownCpu(Exception):
    pass


@dataclass(frozen=True)
class Timing:
    latency: int
    pipes: tuple        # alternative pipe names
    occupancy: int      # cycles the chosen pipe stays busy


@dataclass
class MachineModel:
    cpu: str
    llvm_mca_cpu: str
    in_order: bool
    issue_width: int
    pipes: dict         # pipe name -> number of identical units
    classes: dict       # class name -> Timing
    late_reads: dict = field(default_factory=dict)   # class -> extra cycles to its shifted operand

    def read_delay(self, instr, reg) -> int:
        """Extra cycles before `reg` may feed `instr` (its shifted operand only)."""
        return self.late_reads.get(instr.cls, 0) if reg is instr.shifted_use else 0

    def timing(self, instr) -> Timing:
        """The timing of an instruction: its 128-bit ('_q') class when the model
        distinguishes one, else the base class."""
        if instr.is_quad() and instr.cls + "_q" in self.classes:
            return self.classes[instr.cls + "_q"]
        try:
            return self.classes[instr.cls]
        except KeyError:
            raise KeyError(f"machine model {self.cpu} has no class {instr.cls!r}") from None


def available_cpus():
    return sorted(p.stem for p in SCHEDULES_DIR.glob("*.yaml") if p.name != CORE_CLASSES_NAME)


def mca_cpus():
    """The llvm-mca models the machine models measure on (make mca's cores)."""
    return sorted({load_model(cpu).llvm_mca_cpu for cpu in available_cpus()})


def model_from_dict(data) -> MachineModel:
    classes = {
        name: Timing(int(c["latency"]), tuple(c["pipes"]), int(c.get("occupancy", 1)))
        for name, c in data["classes"].items()
    }
    return MachineModel(data["cpu"], data.get("llvm_mca_cpu", data["cpu"]), bool(data["in_order"]),
                        int(data["issue_width"]), dict(data["pipes"]), classes,
                        {name: int(d) for name, d in data.get("late_reads", {}).items()})


def load_model(cpu: str) -> MachineModel:
    path = SCHEDULES_DIR / f"{cpu}.yaml"
    if cpu not in available_cpus():
        raise UnknownCpu(f"unknown cpu {cpu!r} (known: {', '.join(available_cpus())})")
    with open(path) as f:
        return model_from_dict(yaml.safe_load(f))
