"""The variant plan (generator/plan.yaml) and the core classes it chooses by
(generator/schedules/core_classes.yaml): loaded, checked against the kernel
catalogue, and turned into the kernels gen.py emits and into out/snova_plan.h,
the C side of the choice."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from .machine import CORE_CLASSES_NAME, SCHEDULES_DIR, available_cpus

PLAN_FILE = Path(__file__).parent / "plan.yaml"
CORE_CLASSES_FILE = SCHEDULES_DIR / CORE_CLASSES_NAME
PLAN_HEADER = "snova_plan.h"

# The slots whose kernels take or leave their data in a layout that the C core must
# make room for: each gives the build a data-layout flag, SNOVA_PLAN_<SLOT>, 1 where
# some class's row of the build's shape fills the slot.
LAYOUT_SLOTS = (
    "unpack_runs",            # verification unpacks the public map into runs
    "interleave_runs",        # the public map's blocks interleaved for rowdot_ptbl_ll
    "rowdot_ptbl_wsum",       # the equations' weights as pair tables
    "rowdot_rrep_llr",        # the signature's Yt blocks replicated
    "rowdot_ptbl_zt",         # the Z sums transposed, T copied k-major where unstacked
    "interleave_transposes",  # and T's transposes gathered into runs
)
# The builds a layout of the plan's `layouts` is chosen for: on the generated kernels
# (SNOVA_NEON) and on the portable kernel table.
LAYOUT_BUILDS = ("neon", "portable")
# One vocabulary (docs/variants.md): a kernel's family is its name less the GF(16)
# prefix and its size; a slot is named after the family of its kernels, then, where
# that family fills several slots, what the slot multiplies. A class's variant keeps
# the family and adds a mark: letters after a table form, or a word.
KERNEL_PREFIX = re.compile(r"^gf16m?_")
KERNEL_SIZE = re.compile(r"_(r\d+|\d+x\d+(x\d+)?|l\d+r\d+)$")
VARIANT_LETTERS = re.compile(r"(tbl)[wit]+$")   # right factors in runs of eight, interleaved, transposed
VARIANT_WORDS = ("_fold", "_gpr", "_sha3")       # folded rows; general registers only; FEAT_SHA3
# The Keccak-f[1600] row's one entry that is a number, not a kernel.
KECCAK_WAYS = "keccak_ways"


class PlanError(Exception):
    """The plan names something that does not exist; the message says what."""


@dataclass(frozen=True)
class CoreClass:
    name: str
    doc: str
    parts: dict          # MIDR_EL1 implementer -> part numbers
    mca_cpu: str         # machine model that measures the class
    qemu_cpu: str        # a qemu-aarch64 -cpu of the class
    hwcap: tuple         # what a CPU of the class reports: AT_HWCAP features (kernels_neon.h names)
    midr: int | None     # and MIDR_EL1 (None: not readable)

    @property
    def enum(self) -> str:
        return f"SNOVA_CORE_{self.name.upper()}"


@dataclass(frozen=True)
class Shape:
    round: int
    l: int
    r: int

    @property
    def name(self) -> str:
        return f"r{self.round}-l{self.l}-r{self.r}"

    @classmethod
    def parse(cls, name: str) -> "Shape":
        try:
            rnd, l, r = name.split("-")
            assert rnd[0] == "r" and l[0] == "l" and r[0] == "r"
            return cls(int(rnd[1:]), int(l[1:]), int(r[1:]))
        except (ValueError, AssertionError):
            raise PlanError(f"shape {name!r} is not r<round>-l<l>-r<r>") from None


@functools.cache
def core_classes() -> tuple[CoreClass, ...]:
    """The core classes, the catch-all `default` last."""
    data = yaml.safe_load(CORE_CLASSES_FILE.read_text())
    classes = tuple(CoreClass(c["name"], " ".join(c["doc"].split()), dict(c["parts"]), c["mca_cpu"],
                              c["qemu_cpu"], tuple(c["presents"]["hwcap"]), c["presents"].get("midr"))
                    for c in data["classes"])
    if not classes or classes[-1].name != "default" or classes[-1].parts:
        raise PlanError(f"{CORE_CLASSES_FILE.name}: the last class must be `default`, with no parts")
    for c in classes:
        if c.mca_cpu not in available_cpus():
            raise PlanError(f"core class {c.name}: no machine model {c.mca_cpu!r}")
    return classes


def class_names() -> list[str]:
    return [c.name for c in core_classes()]


@functools.cache
def plan() -> dict:
    return yaml.safe_load(PLAN_FILE.read_text())


def by_class(value) -> dict:
    """A plan entry as {class: kernel or None}: one kernel for every class, or a
    map whose missing classes take the kernel of class `default`."""
    if not isinstance(value, dict):
        return dict.fromkeys(class_names(), value)
    unknown = set(value) - set(class_names())
    if unknown or "default" not in value:
        raise PlanError(f"a per-class entry {value} names unknown classes {sorted(unknown)} or no default")
    return {c: value.get(c, value["default"]) for c in class_names()}


def gf16_rows() -> dict[Shape, dict[str, dict]]:
    """{shape: {slot: {class: kernel or None}}}."""
    return {Shape.parse(name): {slot: by_class(v) for slot, v in slots.items()}
            for name, slots in plan()["gf16"].items()}


def keccak_rows() -> dict[str, dict]:
    """{"sha3" or class: {slot: kernel, keccak_ways: n}}."""
    rows = {k: v for k, v in plan()["keccak"].items() if k != "c_functions"}
    if set(rows) != {"sha3", *class_names()}:
        raise PlanError(f"the keccak rows must be sha3 and every class, not {sorted(rows)}")
    return rows


def c_functions() -> dict[str, list]:
    """Plan entries made in C (c_glue/kernels/keccak_neon.c), not generated: name -> the
    kernels each calls."""
    return plan()["keccak"]["c_functions"]


def used_kernels() -> set[str]:
    """Every generated kernel some row of the plan names."""
    return set(slots_by_kernel())


def slots_by_kernel() -> dict[str, set]:
    """{kernel: the slots of the plan it fills, on some shape and class, itself or
    through a C function made of it}."""
    found: dict[str, set] = {}
    composites = c_functions()
    for slot, k in plan_entries():
        for kernel in composites.get(k, [k]):
            found.setdefault(kernel, set()).add(slot)
    return found


def plan_entries() -> list[tuple[str, str]]:
    """[(slot, kernel or C function)] of every row of the plan, every class; the
    slots a row leaves to the portable table left out."""
    entries = [(slot, k) for slots in gf16_rows().values() for slot, per in slots.items() for k in per.values()]
    entries += [(slot, k) for slot, k in plan()["aes"].items()]
    entries += [(slot, k) for row in keccak_rows().values() for slot, k in row.items() if slot != KECCAK_WAYS]
    return [(slot, k) for slot, k in entries if k]


def check(catalogue: dict):
    """PlanError unless every kernel the plan names is in `catalogue` (name ->
    KernelSpec) and every variant record names slots and classes that exist."""
    missing = sorted(used_kernels() - set(catalogue))
    if missing:
        raise PlanError(f"the plan names kernels the generator does not have: {', '.join(missing)}")
    slots = {s for row in gf16_rows().values() for s in row} | set(plan()["aes"])
    slots |= {s for row in keccak_rows().values() for s in row}
    for v in plan()["variants"]:
        if not set(v["slots"]) <= slots or not set(v["classes"]) <= set(class_names()):
            raise PlanError(f"variant {v['name']!r} names a slot or class the plan does not have")
    for slot, kernel in plan_entries():
        if not names_agree(slot, kernel):
            raise PlanError(f"slot {slot} is not named after its kernel {kernel}'s family (docs/variants.md)")


def layout_flags(slots: dict) -> dict[str, int]:
    return {slot.upper(): int(any(slots.get(slot, {}).values())) for slot in LAYOUT_SLOTS}


def layouts() -> dict[str, dict[str, set]]:
    """{layout: {build: the shapes that take it}} of the plan's `layouts`."""
    found = {}
    for name, builds in plan()["layouts"].items():
        if set(builds) != set(LAYOUT_BUILDS):
            raise PlanError(f"layout {name} must name the builds {', '.join(LAYOUT_BUILDS)}, not {sorted(builds)}")
        found[name] = {build: {Shape.parse(s) for s in shapes} for build, shapes in builds.items()}
    unknown = {s.name for per in found.values() for shapes in per.values() for s in shapes} - \
        {s.name for s in gf16_rows()}
    if unknown:
        raise PlanError(f"the layouts name shapes the plan has no row for: {', '.join(sorted(unknown))}")
    return found


def build_flags(shape: Shape, slots: dict) -> dict[str, dict[str, int]]:
    """{build: {flag: 0 or 1}} of a shape: the slots' flags (on the generated kernels
    only: the portable kernel table fills none of those slots) and the layouts'."""
    chosen = layouts()
    return {build: {**{flag: value if build == "neon" else 0 for flag, value in layout_flags(slots).items()},
                    **{name.upper(): int(shape in per[build]) for name, per in chosen.items()}}
            for build in LAYOUT_BUILDS}


def shapes_filling(slot: str, round_: int) -> tuple:
    """The (l, r) of round_'s shapes whose row fills `slot` on some class."""
    return tuple(sorted((s.l, s.r) for s, slots in gf16_rows().items()
                        if s.round == round_ and any(slots.get(slot, {}).values())))


def shapes_taking(family_suffix: str, round_: int) -> tuple:
    """The (l, r) of round_'s shapes whose row takes, in some slot on some class,
    a kernel whose family ends with family_suffix (a variant word: _fold)."""
    return tuple(sorted((s.l, s.r) for s, slots in gf16_rows().items() if s.round == round_ and any(
        k and kernel_family(k).endswith(family_suffix) for per in slots.values() for k in per.values())))


def layout_shapes(name: str, build: str = "neon") -> tuple:
    """The (round, l, r) of the shapes that take layout `name` in `build`."""
    return tuple(sorted((s.round, s.l, s.r) for s in layouts()[name][build]))


def kernel_family(kernel: str) -> str:
    """gf16m_rowdot_ptblw_16x4x4 -> rowdot_ptblw"""
    return KERNEL_SIZE.sub("", KERNEL_PREFIX.sub("", kernel))


def names_agree(slot: str, kernel: str) -> bool:
    """Whether `slot` is named after `kernel`'s family, less a variant mark: the
    family itself, or the family, an underscore and what the slot multiplies."""
    family = kernel_family(kernel)
    bases = {family, VARIANT_LETTERS.sub(r"\1", family)}
    bases |= {family[:-len(w)] for w in VARIANT_WORDS if family.endswith(w)}
    name = KERNEL_PREFIX.sub("", slot)
    return any(name == b or name.startswith(b + "_") for b in bases)


def class_blocks(slots: dict) -> tuple[dict, list]:
    """A row's slots as (the assignments every class shares, [(classes, their own
    assignments)]), the classes with the same assignments together; None leaves
    the portable kernel."""
    common = {s: per["default"] for s, per in slots.items() if len(set(per.values())) == 1 and per["default"]}
    groups: dict[tuple, list] = {}
    for c in class_names():
        own = tuple((s, per[c]) for s, per in slots.items() if len(set(per.values())) > 1 and per[c])
        groups.setdefault(own, []).append(c)
    return common, [(classes, dict(own)) for own, classes in groups.items()]


def header_data() -> dict:
    """What plan.h.j2 renders: the classes, and every row as the template takes it."""
    gf16 = {shape: (build_flags(shape, slots), *class_blocks(slots)) for shape, slots in gf16_rows().items()}
    return {"classes": core_classes(), "aes": plan()["aes"], "keccak": keccak_rows(), "ways": KECCAK_WAYS,
            "gf16": gf16}
