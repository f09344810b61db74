"""Per-core kernel choice in the benchmark.

Every build runs under `qemu-aarch64 -cpu max`, whose CPU has every extension: left
alone, the NEON build's kernel table would pick the FEAT_SHA3 Keccak-f[1600] kernels
(c_glue/kernels/keccak_neon.c) for every core model, including the cores that lack SHA3.
CORES says what each modelled core reports to that choice: its AT_HWCAP features and
its MIDR_EL1 (None where the OS gives none: macOS on Apple cores), as the core classes
declare them. snova_bench's
`--cpu HWCAP MIDR` makes the table choose as that core would, everything else (the
emulator, glibc's own choices, set-up) staying the same; `snova_bench kernels` prints
the choice, so the cores whose choices are the same share one profile (plan()). The
choices that differ between these cores: the Keccak-f[1600] forms (FEAT_SHA3, MIDR of
the in-order little cores) and, for l = 4, the table-form products (MIDR: not on
Cortex-A72 nor on the little cores).

The Keccak and table-form functions a profile ran (ran()) are kept with the results,
and unrunnable() names those that need an extension the core lacks, from the `.arch`
line of the generated file that defines each (out/keccakf1600*.S).
"""
from __future__ import annotations

import functools
import re
import subprocess
from dataclasses import dataclass

from generator.plan import core_classes
from tools import core_rooms

from .count import QEMU, ROOT
from .estimate import DEFAULT_CPUS
from .profile import Profile
from .symbols import function_at, function_starts

HEADER = core_rooms.source("kernels_neon.h")
OUT = ROOT / "out"


@dataclass(frozen=True)
class Core:
    features: tuple[str, ...]   # AT_HWCAP features the choice reads (kernels_neon.h names, lower case)
    midr: int | None            # MIDR_EL1, None: not readable (no HWCAP_CPUID)


# The llvm-mca core models of the benchmark, one for each core class of the variant plan
# (generator/schedules/core_classes.yaml: mca_cpu), as the CPUs they model present
# themselves there (Linux; Apple's: macOS, where kernels_select.c assumes Advanced SIMD,
# AES and SHA3), in the reports' column order.
_PRESENTED = {c.mca_cpu: Core(c.hwcap, c.midr) for c in core_classes()}
CORES = {cpu: _PRESENTED[cpu] for cpu in DEFAULT_CPUS}


@functools.cache
def hwcap_bits() -> dict[str, int]:
    """{feature: AT_HWCAP bit} as c_glue/kernels/kernels_neon.h spells them."""
    return {m[1].lower(): 1 << int(m[2])
            for m in re.finditer(r"#define SNOVA_HWCAP_(\w+)\s+\(1UL << (\d+)\)", HEADER.read_text())}


def cpu_args(cpu: str) -> list[str]:
    """snova_bench's arguments that make the kernel table choose as `cpu` does."""
    core = CORES[cpu]
    return ["--cpu", str(sum(hwcap_bits()[f] for f in core.features)), str(core.midr or 0)]


def choice(binary: str, args=()) -> str:
    """The kernel table `binary` chooses under `args` (snova_bench's `kernels` line)."""
    p = subprocess.run(QEMU + [str(binary), *args, "kernels", "0"], capture_output=True, text=True,
                       env={}, check=True)
    return p.stdout.strip()


def plan(binary: str, cpus) -> list[tuple[list[str], tuple[str, ...]]]:
    """[(snova_bench arguments, cores)] covering every core of `cpus` once: one entry per
    distinct choice. The choice the emulator's own CPU gets is run without arguments and
    comes first (its instruction count is the build's); builds that choose nothing
    (portable, the C-Keccak baseline) get one entry."""
    native = choice(binary)
    groups: dict[str, list[str]] = {native: []}
    first: dict[str, list[str]] = {native: []}
    for cpu in cpus:
        c = choice(binary, cpu_args(cpu))
        groups.setdefault(c, []).append(cpu)
        first.setdefault(c, cpu_args(cpu))
    return [(first[c], tuple(cores)) for c, cores in groups.items()]


KECCAK = ("keccak",)
TABLES = ("_tbl_", "_rtbl_", "mul_tables")   # the table-form products and the tables they read
# Round 3's products by pair tables, every core, and the public map's blocks interleaved or
# unpacked into runs for them
PAIRED = ("_ptbl_", "_ptblt_", "_ptblw_", "_ptbli_", "_ptblwi_", "pair_tables", "interleave_runs",
          "interleave_transposes", "unpack_runs")
FOLDED = ("_fold_",)                          # the l = 5 sets' folded r x l products
REPLICATED = ("_rrep_",)                      # the l = 4 products by replicated right factors


def ran(binary: str, profile: Profile, fragments) -> list[str]:
    """The functions with one of `fragments` in their name that ran in `profile`, sorted."""
    starts = function_starts(binary)
    return sorted({name for b in profile.blocks if b.execs > 0
                   for name in [function_at(starts, b.vaddr)]
                   if any(f in name.lower() for f in fragments)})


@functools.cache
def required_features(name: str) -> frozenset[str]:
    """AT_HWCAP features the generated kernel `name` needs, from its file's `.arch`
    line (Advanced SIMD unless +nosimd; each further +extension); none for a
    function out/ does not define (C, compiled for the base architecture)."""
    for path in OUT.glob("*.S"):
        text = path.read_text()
        if re.search(rf"^\s*\.globl\s+{re.escape(name)}\s*$", text, re.M):
            arch = re.search(r"^\s*\.arch\s+(\S+)", text, re.M)[1].split("+")
            exts = {e for e in arch[1:] if not e.startswith("no")}
            return frozenset(exts | (set() if "nosimd" in arch else {"asimd"}))
    return frozenset()


def unrunnable(cpu: str, functions) -> list[str]:
    """Those of `functions` that need a feature `cpu` does not have."""
    return [f for f in functions if not required_features(f) <= set(CORES[cpu].features)]


def forms_by_core(data: dict, variant: str, kind: str = "keccak") -> dict[str, list[str]]:
    """{core: the functions of `kind` ("keccak", "tables", "paired", "folded", "replicated") its profiles of
    `variant` ran,
    over every set and op}."""
    runs = [r for by_op in data["results"].get(variant, {}).values() for r in by_op.values()]
    return {c: sorted({f for r in runs for f in r.get("profiles", {}).get(c, {}).get(kind, [])})
            for c in data["cpus"]}


def describe(data: dict, variant: str) -> str:
    """A sentence for the reports: how each core's figures of `variant` were chosen and
    which Keccak functions they ran (empty for results without the per-core choice)."""
    table, forms = data.get("dispatch"), forms_by_core(data, variant)
    tables, paired, folded, replicated = (forms_by_core(data, variant, kind)
                                          for kind in ("tables", "paired", "folded", "replicated"))
    if not table or not any(forms.values()):
        return ""

    def core(c):
        d = table[c]
        return (f"{c} ({'FEAT_SHA3' if 'sha3' in d['features'] else 'no FEAT_SHA3'}, "
                + (f"MIDR {d['midr']}" if d["midr"] else "no MIDR") + "): "
                + ", ".join(f"`{f}`" for f in forms[c])
                + (", table-form products" if tables[c] else "")
                + (", paired table-form products" if paired[c] else "")
                + (", folded products" if folded[c] else "")
                + (", products by replicated right factors" if replicated[c] else ""))
    return (f"Kernel choice per core (`tools/bench/dispatch.py`): each core's `{variant}` figures come "
            "from a profile in which the kernel table chose as that core does (`snova_bench --cpu`, "
            "same emulator and set-up; cores with the same choice share one); Keccak-f[1600] functions "
            "run, and where the table-form products (single or, Round 3's l = 4, paired), the l = 5 "
            "sets' folded r x l products and the l = 4 products by replicated right factors ran: "
            + "; ".join(core(c) for c in data["cpus"]) + ".")
