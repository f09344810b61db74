"""llvm-mca figures for the generated kernels, next to the same kernels in plain C.

    python -m tools.mca --cpus cortex-a55 cortex-a72 ...      (what `make mca` runs)
    python -m tools.mca --full build/mca-full [--kernels K ...]   (`make mca-full`)

For every `.globl` symbol of every `out/*.S` (kernel name = symbol without the
`snova_` prefix; read as ELF sees it, tools/asm_formats.py) and every cpu, the
function's instructions are run through
llvm-mca and the figures go to `mca_reports/<cpu>.json` (label: the kernel).
A function that marks a steady-state region with `// LLVM-MCA-BEGIN <name>` /
`// LLVM-MCA-END` is measured on that region only (llvm-mca does it natively);
otherwise the whole function, label through `ret`, is the measured block.
Figure of merit: Total Cycles / Iterations with many iterations, i.e. the
steady-state cycles per call (per loop iteration for a marked region).

The C counterpart of kernel K is the function `ref_K` of any `tools/mca_ref/*.c`,
compiled with clang for the same cpu and measured the same way (label `K.c`).
`mca_reports/summary.md` puts both side by side, one section per kernel family;
sections are registered objects (`register_section`), so a new family (e.g.
AES) adds its own table without touching this code.

Each figure is stored with the sha256 of the instructions and command it was
taken from (FigureStore), and llvm-mca runs again only where those changed: a
run after a change to a few kernels measures those only. `--full` writes
llvm-mca's whole output (timeline, bottleneck analysis) instead, for reading.

Importable: `function_body(asm_text, symbol)`, `run_mca(asm_text, cpu)`,
`measure(label, asm_text, cpu)`, `compile_ref(c_path, cpu)`,
`render_summary(results, cpus)`.

`python -m tools.mca --probe <cpu>` prints llvm-mca's view of one example
instruction per scheduler class (latency, reciprocal throughput, units): the
raw material of generator/schedules/*.yaml.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import re
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from generator.machine import mca_cpus
from tools.asm_formats import rendering

ROOT = Path(__file__).resolve().parent.parent
LLVM_MCA = "llvm-mca-19"
CLANG = "clang-19"
# the llvm-mca models of every machine model in generator/schedules
DEFAULT_CPUS = mca_cpus()
DEFAULT_ITERATIONS = 500
SYMBOL_PREFIX = "snova_"
# the gen.py options of a committed file's banner that a regenerated variant of it keeps
BANNER_KEPT_OPTIONS = ("--prefix", "--cpu")
REF_PREFIX = "ref_"
REF_DIR = ROOT / "tools" / "mca_ref"


class McaError(RuntimeError):
    pass


# --------------------------------------------------------------------------
# Extracting a function's instructions from assembler text
# --------------------------------------------------------------------------

_MARKER_RE = re.compile(r"^\s*(?://|#|;|@)\s*(LLVM-MCA-(?:BEGIN|END))\b\s*(.*)$")
_LABEL_RE = re.compile(r"^\s*([A-Za-z_.$][\w.$]*|\d+)\s*:\s*(.*)$")
_ARCH_RE = re.compile(r"^\s*\.(arch|arch_extension|cpu)\s+\S")


def _strip_comment(line: str) -> str:
    """Drop a `//` comment (AArch64 GNU syntax) and a `/* */` comment on one line."""
    line = re.sub(r"/\*.*?\*/", "", line)
    pos = line.find("//")
    if pos >= 0:
        line = line[:pos]
    return line.rstrip()


def _normalise_marker(line: str) -> str | None:
    """llvm-mca-19 only sees region markers in `#` comments for aarch64 (a `//`
    marker is silently ignored), while a `.S` file wants `//` (a `#` line would
    be a preprocessor directive): accept any spelling and emit the `#` one."""
    m = _MARKER_RE.match(line)
    if not m:
        return None
    kind, rest = m.group(1), _strip_comment(m.group(2)).strip()
    return f"# {kind} {rest}".rstrip() if kind == "LLVM-MCA-BEGIN" else f"# {kind}"


def arch_directives(asm_text: str) -> list[str]:
    """The `.arch` / `.arch_extension` / `.cpu` lines of a file (llvm-mca needs
    them to accept e.g. `aese` or `eor3` under a cpu that lacks the extension)."""
    return [ln.strip() for ln in asm_text.splitlines() if _ARCH_RE.match(_strip_comment(ln))]


def function_body(asm_text: str, symbol: str) -> str:
    """The instructions of `symbol`, one per line, as llvm-mca wants them.

    From the line `symbol:` to the end of the function (`.cfi_endproc`,
    `.size symbol`, clang's `.Lfunc_end` label, or the next function's label
    after a `ret`); labels, directives and comments are dropped; LLVM-MCA region
    markers are kept (normalised to `# LLVM-MCA-...`).  The file's `.arch`-type
    directives are put first so that llvm-mca accepts the instructions."""
    lines = asm_text.splitlines()
    start = None
    for i, ln in enumerate(lines):
        m = _LABEL_RE.match(_strip_comment(ln))
        if m and m.group(1) == symbol:
            start = i
            break
    if start is None:
        raise McaError(f"symbol {symbol!r} not found")
    out = list(arch_directives(asm_text))
    seen_ret = False
    first = True
    for ln in lines[start:]:
        marker = _normalise_marker(ln)
        if marker:
            out.append(marker)
            continue
        text = _strip_comment(ln).strip()
        # a line may carry a label and an instruction: "sym: add x0, x0, x1"
        while True:
            m = _LABEL_RE.match(text)
            if not m:
                break
            label, text = m.group(1), m.group(2).strip()
            if not first and (label.startswith(".Lfunc_end") or (seen_ret and not label.startswith(".L"))):
                return "\n".join(out) + "\n"
            first = False
        if not text:
            continue
        for stmt in (s.strip() for s in text.split(";")):
            if not stmt:
                continue
            if stmt.startswith("."):
                if stmt.startswith(".cfi_endproc") or re.match(rf"\.size\s+{re.escape(symbol)}\s*,", stmt):
                    return "\n".join(out) + "\n"
                continue
            out.append("\t" + stmt)
            if re.match(r"ret\b", stmt):
                seen_ret = True
    return "\n".join(out) + "\n"


def global_symbols(asm_text: str) -> list[str]:
    """Every `.globl`/`.global` symbol of a file, in order of appearance."""
    syms = []
    for ln in asm_text.splitlines():
        m = re.match(r"^\s*\.glob(?:a)?l\s+([\w.$]+)", _strip_comment(ln))
        if m and m.group(1) not in syms:
            syms.append(m.group(1))
    return syms


# condition codes, for branches written without the dot (bne): not bic, bsl, bit, bif
CONDITIONS = "eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al"


def loop_branches(body: str) -> list[str]:
    """Branches other than `ret` in a body without region markers: llvm-mca runs
    the block as straight-line code, so such a figure is not cycles per call."""
    if "LLVM-MCA-BEGIN" in body:
        return []
    return [ln.strip() for ln in body.splitlines()
            if re.match(rf"\s*(b(\.\w+)?|b({CONDITIONS})|cbn?z|tbn?z|br|bl|blr)\s", ln)]


# --------------------------------------------------------------------------
# Running llvm-mca
# --------------------------------------------------------------------------

@dataclass
class McaRegion:
    name: str               # "" for the whole input
    iterations: int
    instructions: int
    total_cycles: int
    total_uops: int
    dispatch_width: int
    ipc: float
    block_rthroughput: float

    @property
    def cycles_per_iteration(self) -> float:
        return self.total_cycles / self.iterations


@dataclass
class McaResult:
    cpu: str
    iterations: int
    command: list
    report: str             # llvm-mca's stdout
    warnings: str           # llvm-mca's stderr
    regions: list = field(default_factory=list)

    @property
    def cycles(self) -> float:
        """Steady-state cycles per call (sum over the marked regions, if any)."""
        return sum(r.cycles_per_iteration for r in self.regions)

    @property
    def instructions_per_iteration(self) -> int:
        return sum(r.instructions // r.iterations for r in self.regions)

    @property
    def region_names(self) -> list:
        return [r.name for r in self.regions if r.name]

    @property
    def unit(self) -> str:
        """What `cycles` counts: a call, or an iteration of the marked region(s)."""
        names = self.region_names
        return f"cycles/iteration of region {'+'.join(names)}" if names else "cycles/call"


def mca_command(cpu: str, iterations: int = DEFAULT_ITERATIONS, timeline: bool = True,
                bottleneck: bool = True, extra=()) -> list:
    cmd = [LLVM_MCA, "-mtriple=aarch64", f"-mcpu={cpu}", f"-iterations={iterations}"]
    if timeline:
        cmd += ["-timeline", "-timeline-max-iterations=3"]
    if bottleneck:
        cmd += ["-bottleneck-analysis"]
    return cmd + list(extra)


def _num(pattern: str, text: str, conv=int):
    m = re.search(pattern, text, re.M)
    return conv(m.group(1)) if m else None


def parse_mca_output(text: str) -> list:
    """The summary block(s) of an llvm-mca report, one per code region."""
    chunks = re.split(r"^\[\d+\] Code Region(?: - (.*))?$", text, flags=re.M)
    if len(chunks) == 1:
        named = [("", chunks[0])]
    else:
        named = [((chunks[i] or "").strip(), chunks[i + 1]) for i in range(1, len(chunks), 2)]
    regions = []
    for name, body in named:
        it = _num(r"^Iterations:\s+(\d+)", body)
        if it is None:
            continue
        regions.append(McaRegion(
            name=name, iterations=it,
            instructions=_num(r"^Instructions:\s+(\d+)", body),
            total_cycles=_num(r"^Total Cycles:\s+(\d+)", body),
            total_uops=_num(r"^Total uOps:\s+(\d+)", body),
            dispatch_width=_num(r"^Dispatch Width:\s+(\d+)", body),
            ipc=_num(r"^IPC:\s+([\d.]+)", body, float),
            block_rthroughput=_num(r"^Block RThroughput:\s+([\d.]+)", body, float)))
    if not regions:
        raise McaError("no summary found in llvm-mca output")
    return regions


def run_mca(asm_text: str, cpu: str, iterations: int = DEFAULT_ITERATIONS, timeline: bool = True,
            bottleneck: bool = True, extra=()) -> McaResult:
    """Run llvm-mca on instruction text (e.g. `function_body(...)`) for `cpu`."""
    cmd = mca_command(cpu, iterations, timeline, bottleneck, extra)
    proc = subprocess.run(cmd + ["-"], input=asm_text, capture_output=True, text=True)
    if proc.returncode != 0:
        raise McaError(f"{' '.join(cmd)} failed:\n{proc.stderr.strip()}")
    return McaResult(cpu=cpu, iterations=iterations, command=cmd, report=proc.stdout,
                     warnings=proc.stderr, regions=parse_mca_output(proc.stdout))


# --------------------------------------------------------------------------
# Figures by label, reused while what was measured is the same
# --------------------------------------------------------------------------

REGION_FIELDS = ("name", "iterations", "instructions", "total_cycles", "total_uops", "dispatch_width", "ipc",
                 "block_rthroughput")


class FigureStore:
    """The figures of llvm-mca runs (no timeline), one JSON file per cpu
    (`<directory>/<cpu>.json`: label -> cycles, unit, regions and the sha256 of
    the command and instructions measured). `measure` runs llvm-mca only where
    the stored entry of that label was taken from other instructions or with
    another command; `save` writes the entries this run measured or reused,
    so that labels no longer measured drop out. Without a directory it only
    remembers the runs of this process. Thread-safe."""

    def __init__(self, directory: Path | None = None, verbose: bool = False):
        self.directory = directory
        self.verbose = verbose
        self._stored = {}       # (cpu, label) -> entry read from disk or measured
        self._used = {}         # (cpu, label) -> entry, this run's
        self._lock = threading.Lock()
        self.measured = self.reused = 0
        if directory is not None:
            for path in sorted(Path(directory).glob("*.json")):
                data = json.loads(path.read_text())
                if isinstance(data.get("figures"), dict):
                    for label, entry in data["figures"].items():
                        self._stored[data["cpu"], label] = entry

    @staticmethod
    def digest(cmd: list, asm_text: str) -> str:
        return hashlib.sha256((" ".join(cmd) + "\n" + asm_text).encode()).hexdigest()

    def measure(self, label: str, asm_text: str, cpu: str, iterations: int = DEFAULT_ITERATIONS) -> McaResult:
        cmd = mca_command(cpu, iterations, timeline=False, bottleneck=False)
        digest = self.digest(cmd, asm_text)
        with self._lock:
            entry = self._stored.get((cpu, label))
        if entry is not None and entry["sha256"] == digest:
            result = McaResult(cpu=cpu, iterations=iterations, command=cmd, report="", warnings="",
                               regions=[McaRegion(**r) for r in entry["regions"]])
            with self._lock:
                self.reused += 1
        else:
            result = run_mca(asm_text, cpu, iterations, timeline=False, bottleneck=False)
            entry = {"cycles": round(result.cycles, 4), "unit": result.unit, "sha256": digest,
                     "regions": [{f: getattr(r, f) for f in REGION_FIELDS} for r in result.regions]}
            with self._lock:
                self.measured += 1
            if self.verbose:
                print(f"mca: {cpu} {label}: {result.cycles:.1f} {result.unit}", flush=True)
        with self._lock:
            self._stored[cpu, label] = self._used[cpu, label] = entry
        return result

    def save(self) -> list:
        """Writes this run's entries, one file per cpu; the paths written."""
        by_cpu = {}
        for (cpu, label), entry in self._used.items():
            by_cpu.setdefault(cpu, {})[label] = entry
        paths = []
        for cpu, figures in sorted(by_cpu.items()):
            lines = [f"  {json.dumps(label)}: {json.dumps(figures[label], sort_keys=True)}"
                     for label in sorted(figures, key=_natural_key)]
            path = Path(self.directory) / f"{cpu}.json"
            path.write_text(f'{{\n "cpu": {json.dumps(cpu)},\n "figures": {{\n' + ",\n".join(lines) + "\n }\n}\n")
            paths.append(path)
        return paths


# What the tool's sections measure through: a store of this process's runs,
# which `main` replaces by the one of mca_reports/.
STORE = FigureStore()


def measure(label: str, asm_text: str, cpu: str, iterations: int = DEFAULT_ITERATIONS) -> McaResult:
    """llvm-mca's figures of asm_text on cpu (no timeline) under `label`, from STORE."""
    return STORE.measure(label, asm_text, cpu, iterations)


# --------------------------------------------------------------------------
# Kernels and their C references
# --------------------------------------------------------------------------

@dataclass
class Kernel:
    name: str           # e.g. gf16m_mul_r4
    symbol: str         # e.g. snova_gf16m_mul_r4
    path: Path
    body: str


def discover_kernels(out_dir: Path) -> list:
    kernels = []
    for path in sorted(Path(out_dir).glob("*.S")):
        text = rendering(path)
        for sym in global_symbols(text):
            name = sym[len(SYMBOL_PREFIX):] if sym.startswith(SYMBOL_PREFIX) else sym
            kernels.append(Kernel(name, sym, path, function_body(text, sym)))
    return sorted(kernels, key=lambda k: _natural_key(k.name))


def discover_refs(ref_dir: Path = REF_DIR, cpu: str = "generic") -> dict:
    """kernel name -> (C file, function name), from the global `ref_<kernel>`
    functions of `ref_dir/*.c` (read from clang's output, so that functions made
    by macros count too)."""
    refs = {}
    for path in sorted(Path(ref_dir).glob("*.c")):
        for sym in global_symbols(compile_ref(path, cpu)):
            if sym.startswith(REF_PREFIX):
                refs.setdefault(sym[len(REF_PREFIX):], (path, sym))
    return refs


def ref_compile_command(c_path: Path, cpu: str) -> list:
    return [CLANG, "--target=aarch64-linux-gnu", "-O3", f"-mcpu={cpu}", "-S", "-o", "-", str(c_path)]


def compile_ref(c_path: Path, cpu: str) -> str:
    """clang's assembly for a reference C file, tuned for `cpu`."""
    cmd = ref_compile_command(c_path, cpu)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise McaError(f"{' '.join(cmd)} failed:\n{proc.stderr.strip()}")
    return proc.stdout


def _natural_key(s: str):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)]


# --------------------------------------------------------------------------
# Summary: a registry of report sections
# --------------------------------------------------------------------------

@dataclass
class KernelResult:
    kernel: str
    cpu: str
    gen: McaResult | None           # the generated kernel
    ref: McaResult | None = None    # its C reference, if any
    note: str = ""                  # e.g. a warning shown under the table

    @property
    def ratio(self) -> float | None:
        if self.gen is None or self.ref is None or self.gen.cycles <= 0:
            return None
        return self.ref.cycles / self.gen.cycles


def fmt_cycles(x: float | None) -> str:
    return "—" if x is None else f"{x:.1f}"


def fmt_ratio(x: float | None) -> str:
    return "—" if x is None else f"{x:.1f}×"


class Section:
    """One part of summary.md.  Subclass it (or instantiate it with a prefix)
    and `register_section()` it; every kernel goes to the first section (by
    `order`) whose `matches()` accepts it."""
    title = "Kernels"
    intro = ""
    order = 100

    def __init__(self, title: str | None = None, prefixes=(), intro: str | None = None, order: int | None = None):
        if title is not None:
            self.title = title
        self.prefixes = tuple(prefixes)
        if intro is not None:
            self.intro = intro
        if order is not None:
            self.order = order

    def matches(self, kernel: str) -> bool:
        return any(kernel.startswith(p) for p in self.prefixes)

    def render(self, results: list, cpus: list) -> str:
        """Default table: one row per kernel, one column per cpu, each cell
        `generated / C (C÷generated ×)`."""
        by_kernel = {}
        for r in results:
            by_kernel.setdefault(r.kernel, {})[r.cpu] = r
        lines = [f"## {self.title}", ""]
        if self.intro:
            lines += [self.intro, ""]
        lines.append("| kernel | " + " | ".join(cpus) + " |")
        lines.append("|---|" + "---|" * len(cpus))
        notes = []
        for kernel in sorted(by_kernel, key=_natural_key):
            cells = []
            for cpu in cpus:
                r = by_kernel[kernel].get(cpu)
                if r is None:
                    cells.append("—")
                    continue
                gen = fmt_cycles(r.gen.cycles if r.gen else None)
                ref = fmt_cycles(r.ref.cycles if r.ref else None)
                cells.append(f"{gen} / {ref} ({fmt_ratio(r.ratio)})" if r.ref else f"{gen} / —")
                if r.note:
                    notes.append(f"- {kernel} on {cpu}: {r.note}")
                if r.gen and r.gen.region_names and cpu == cpus[0]:
                    notes.append(f"- {kernel}: {r.gen.unit} (marked with LLVM-MCA-BEGIN/END), not per call")
            lines.append(f"| {kernel} | " + " | ".join(cells) + " |")
        if notes:
            lines += [""] + notes
        return "\n".join(lines) + "\n"


class FallbackSection(Section):
    title = "Other kernels"
    order = 10_000

    def matches(self, kernel: str) -> bool:
        return True


SECTIONS: list = []


def register_section(section: Section) -> Section:
    SECTIONS.append(section)
    SECTIONS.sort(key=lambda s: s.order)
    return section


register_section(Section("GF(16) matrix kernels", prefixes=("gf16m_",), order=10, intro=(
    "C reference: `tools/mca_ref/gf16m_ref.c` (add: XOR loop; mul: triple loop over a "
    "256-byte product table, fully unrolled by clang).")))
register_section(FallbackSection())
# This module's own sections; other modules (tools/mca_*.py) add theirs to SECTIONS.
BASE_SECTIONS = tuple(SECTIONS)


SUMMARY_HEAD = """# llvm-mca: generated kernels vs plain C

How to read this: every cell is `generated / C (speed-up×)` in **steady-state
cycles per call** as estimated by llvm-mca's model of that core: Total Cycles /
Iterations, with the function's instructions run {iterations} times back to back
(for a kernel that marks a loop with `LLVM-MCA-BEGIN`, cycles per iteration of
that region). The speed-up is C ÷ generated: above 1× the generated kernel is
faster. "—" means there is no C counterpart. These are static
model figures, not measurements: llvm-mca ignores caches and branch prediction,
does not fuse AESE+AESMC, models `apple-a15` with the old Cyclone data and
`cortex-a76` with the Cortex-A57 model; cortex-a55 is in-order, so instruction
order matters most there. Every figure, per kernel and core: `mca_reports/<cpu>.json`
(label `<kernel>` generated, `<kernel>.c` C). llvm-mca's whole output with the
timelines: `make mca-full` (`build/mca-full/<cpu>/<kernel>.txt`).

Command (per kernel and cpu; the function's instructions on stdin):

    {mca_cmd}

C references compiled with:

    {cc_cmd}
"""


def render_summary(results: list, cpus: list, iterations: int = DEFAULT_ITERATIONS, sections=None) -> str:
    """summary.md for a list of KernelResult (deterministic: no timestamps), with
    the registered sections or the given ones."""
    sections = SECTIONS if sections is None else sorted(sections, key=lambda s: s.order)
    mca_cmd = " ".join(mca_command("<cpu>", iterations, timeline=False, bottleneck=False))
    cc_cmd = " ".join(ref_compile_command(Path("tools/mca_ref/<file>.c"), "<cpu>"))
    parts = [SUMMARY_HEAD.format(iterations=iterations, mca_cmd=mca_cmd, cc_cmd=cc_cmd)]
    claimed = {}
    for r in results:
        section = next(s for s in sections if s.matches(r.kernel))
        claimed.setdefault(id(section), []).append(r)
    for section in sections:
        if id(section) in claimed:
            parts.append(section.render(claimed[id(section)], cpus))
    return "\n".join(parts)


# --------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------

def _report_text(title: str, result: McaResult, extra_lines=()) -> str:
    head = [f"# {title}",
            f"# command: {' '.join(result.command)}",
            f"# {result.unit}: {result.cycles:.2f} (Total Cycles / Iterations)"]
    head += [f"# {ln}" for ln in extra_lines]
    return "\n".join(head) + "\n\n" + result.report


def kernel_notes(k: Kernel, ref_body: str | None) -> list[str]:
    """Warnings shown under the summary's table for one kernel and its C reference."""
    notes = []
    loops = loop_branches(k.body)
    if loops:
        notes.append(f"generated code has branches outside an LLVM-MCA region ({loops[0]}): "
                     "figure is one pass, not per call")
    loops = loop_branches(ref_body) if ref_body else []
    if loops:
        notes.append(f"C reference still has a loop ({loops[0]}): C figure is one pass")
    return notes


def _with_refs(kernels, cpus, pool) -> tuple[dict, list]:
    """(discover_refs(), [(cpu, kernel, instructions of its C reference or None)
    for every cpu and kernel]), the references compiled in `pool`."""
    refs = discover_refs()
    paths = sorted({refs[k.name][0] for k in kernels if k.name in refs})
    asm = {(path, cpu): pool.submit(compile_ref, path, cpu) for cpu in cpus for path in paths}
    return refs, [(cpu, k, function_body(asm[refs[k.name][0], cpu].result(), refs[k.name][1])
                   if k.name in refs else None) for cpu in cpus for k in kernels]


def run_all(cpus, out_dir: Path, iterations: int, jobs: int) -> list:
    """KernelResults of every kernel of out_dir/*.S and its C reference on every
    cpu, measured through STORE (in parallel, `jobs` llvm-mca runs at a time)."""
    kernels = discover_kernels(out_dir)
    if not kernels:
        raise McaError(f"no kernels (.globl symbols) found in {out_dir}/*.S")
    print(f"mca: {len(kernels)} kernels on {' '.join(cpus)}", flush=True)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        _, measurements = _with_refs(kernels, cpus, pool)
        futures = [(cpu, k, ref_body, pool.submit(measure, k.name, k.body, cpu, iterations),
                    ref_body and pool.submit(measure, f"{k.name}.c", ref_body, cpu, iterations))
                   for cpu, k, ref_body in measurements]
        results = []
        for cpu, k, ref_body, gen, ref in futures:
            notes = kernel_notes(k, ref_body)
            for n in notes:
                print(f"mca: warning: {cpu} {k.name}: {n}", file=sys.stderr)
            results.append(KernelResult(k.name, cpu, gen.result(), ref and ref.result(), "; ".join(notes)))
    return results


def write_full_reports(cpus, out_dir: Path, full_dir: Path, iterations: int, jobs: int, only=None) -> int:
    """llvm-mca's whole output, timeline and bottleneck analysis included, of
    every kernel (or those named in `only`) and its C reference: full_dir/<cpu>/
    <kernel>.txt and <kernel>.c.txt. The number of reports written."""
    kernels = [k for k in discover_kernels(out_dir) if not only or k.name in only]
    if not kernels:
        raise McaError(f"no kernel of {out_dir}/*.S is named {' '.join(only)}" if only
                       else f"no kernels (.globl symbols) found in {out_dir}/*.S")

    def report(path: Path, title: str, body: str, cpu: str, extra_lines=()) -> None:
        result = run_mca(body, cpu, iterations)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_report_text(title, result, extra_lines))
        print(f"mca-full: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}", flush=True)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        refs, measurements = _with_refs(kernels, cpus, pool)
        futures = []
        for cpu, k, ref_body in measurements:
            rel = k.path.relative_to(ROOT) if k.path.is_relative_to(ROOT) else k.path
            futures.append(pool.submit(report, full_dir / cpu / f"{k.name}.txt",
                                       f"llvm-mca: {k.symbol} ({rel}) on {cpu}", k.body, cpu))
            if ref_body:
                path, fn = refs[k.name]
                futures.append(pool.submit(
                    report, full_dir / cpu / f"{k.name}.c.txt",
                    f"llvm-mca: C reference {fn} ({path.relative_to(ROOT)}) on {cpu}", ref_body, cpu,
                    ["compiled with: " + " ".join(ref_compile_command(path.relative_to(ROOT), cpu))]))
        for f in futures:
            f.result()
    return len(futures)


# --------------------------------------------------------------------------
# --probe: llvm-mca's figures for one example of each scheduler class
# --------------------------------------------------------------------------

# {d}: destination register number of copy i; {d1}/{d3}: d+1 / d+3 (register
# lists); {o1}, {o8}, {o16}, {o32}: per-copy memory offsets.
CLASS_EXAMPLES = {
    "gpr_alu": ["add x{d}, x20, x21", "eor x{d}, x20, x21", "lsr x{d}, x20, #4", "ubfx x{d}, x20, #4, #4",
                "movz x{d}, #0x1234", "movk x{d}, #0x1234, lsl #16", "mov x{d}, x20"],
    "gpr_alu_shift": ["eor x{d}, x20, x21, ror #7", "bic x{d}, x20, x21, ror #7", "orn x{d}, x20, x21, ror #7"],
    "gpr_ror": ["ror x{d}, x20, #7"],
    "gpr_addr": ["adr x{d}, .Lprobe", "adrp x{d}, .Lprobe"],
    "gpr_cmp": ["cmp x{d}, x21", "subs x{d}, x{d}, #1", "tst x{d}, #0xf"],
    "branch": ["b.ne .Lprobe", "cbnz x{d}, .Lprobe", "ret"],
    "load_gpr": ["ldr x{d}, [x20, #{o8}]", "ldrb w{d}, [x20, #{o1}]", "ldp x{d}, x{d1}, [x20, #{o16}]"],
    "store_gpr": ["str x{d}, [x20, #{o8}]", "strb w{d}, [x20, #{o1}]", "stp x{d}, x{d1}, [x20, #{o16}]"],
    "load_vec": ["ldr d{d}, [x20, #{o8}]", "ldr s{d}, [x20, #{o4}]", "ld1 {{v{d}.8b}}, [x20]"],
    "load_vec_q": ["ldr q{d}, [x20, #{o16}]", "ld1 {{v{d}.16b}}, [x20]", "ldp q{d}, q{d1}, [x20, #{o32}]"],
    "load_vec_multi": ["ld1 {{v{d}.16b-v{d3}.16b}}, [x20]"],
    "load_vec_lane": ["ld1 {{v{d}.b}}[3], [x20]", "ld1r {{v{d}.16b}}, [x20]"],
    "store_vec": ["str d{d}, [x20, #{o8}]", "st1 {{v{d}.8b}}, [x20]"],
    "store_vec_q": ["str q{d}, [x20, #{o16}]", "st1 {{v{d}.16b}}, [x20]", "stp q{d}, q{d1}, [x20, #{o32}]"],
    "store_vec_lane": ["st1 {{v{d}.b}}[3], [x20]"],
    "vec_logic": ["eor v{d}.8b, v20.8b, v21.8b", "bic v{d}.8b, v20.8b, v21.8b", "not v{d}.8b, v20.8b"],
    "vec_logic_q": ["eor v{d}.16b, v20.16b, v21.16b", "bic v{d}.16b, v20.16b, v21.16b", "not v{d}.16b, v20.16b"],
    "vec_sha3": ["eor3 v{d}.16b, v20.16b, v21.16b, v22.16b", "bcax v{d}.16b, v20.16b, v21.16b, v22.16b",
                 "rax1 v{d}.2d, v20.2d, v21.2d", "xar v{d}.2d, v20.2d, v21.2d, #7"],
    "vec_shift": ["ushr v{d}.8b, v20.8b, #4", "shl v{d}.8b, v20.8b, #4", "sli v{d}.8b, v20.8b, #4"],
    "vec_shift_q": ["ushr v{d}.16b, v20.16b, #4", "shl v{d}.16b, v20.16b, #4", "sli v{d}.16b, v20.16b, #4"],
    "vec_alu": ["add v{d}.8b, v20.8b, v21.8b", "cmeq v{d}.8b, v20.8b, v21.8b", "cmtst v{d}.8b, v20.8b, v21.8b"],
    "vec_alu_q": ["add v{d}.16b, v20.16b, v21.16b", "cmeq v{d}.16b, v20.16b, v21.16b",
                  "cmtst v{d}.16b, v20.16b, v21.16b"],
    "vec_movi": ["movi v{d}.8b, #0x0f", "mvni v{d}.2s, #0x0f"],
    "vec_movi_q": ["movi v{d}.16b, #0x0f", "mvni v{d}.4s, #0x0f"],
    "vec_mov": ["mov v{d}.8b, v20.8b"],
    "vec_mov_q": ["mov v{d}.16b, v20.16b"],
    "vec_dup_elem": ["dup v{d}.2s, v20.s[1]", "dup v{d}.8b, v20.b[3]"],
    "vec_dup_elem_q": ["dup v{d}.4s, v20.s[1]", "dup v{d}.16b, v20.b[3]"],
    "vec_dup_gpr": ["dup v{d}.8b, w20"],
    "vec_dup_gpr_q": ["dup v{d}.16b, w20"],
    "vec_ins_gpr": ["mov v{d}.b[3], w20"],
    "vec_ins_elem": ["mov v{d}.s[1], v20.s[2]"],
    "vec_umov": ["umov w{d}, v20.b[3]", "fmov w{d}, s20"],
    "vec_pmul": ["pmul v{d}.8b, v20.8b, v21.8b"],
    "vec_pmul_q": ["pmul v{d}.16b, v20.16b, v21.16b"],
    "vec_pmull": ["pmull v{d}.8h, v20.8b, v21.8b", "pmull2 v{d}.8h, v20.16b, v21.16b",
                  "pmull v{d}.1q, v20.1d, v21.1d"],
    "vec_ext": ["ext v{d}.8b, v20.8b, v21.8b, #3"],
    "vec_ext_q": ["ext v{d}.16b, v20.16b, v21.16b, #3"],
    "vec_zip": ["zip1 v{d}.8b, v20.8b, v21.8b", "uzp2 v{d}.8b, v20.8b, v21.8b", "trn1 v{d}.8b, v20.8b, v21.8b"],
    "vec_zip_q": ["zip1 v{d}.16b, v20.16b, v21.16b", "uzp2 v{d}.16b, v20.16b, v21.16b",
                  "trn1 v{d}.16b, v20.16b, v21.16b"],
    "vec_rev": ["rev64 v{d}.8b, v20.8b", "rev32 v{d}.8b, v20.8b", "rev16 v{d}.8b, v20.8b"],
    "vec_rev_q": ["rev64 v{d}.16b, v20.16b", "rev32 v{d}.16b, v20.16b", "rev16 v{d}.16b, v20.16b"],
    "aese": ["aese v{d}.16b, v20.16b"],
    "aesmc": ["aesmc v{d}.16b, v{d}.16b"],
}
for _n in range(1, 5):
    _tab = "v20.16b" if _n == 1 else f"v20.16b-v{19 + _n}.16b"
    for _op in ("tbl", "tbx"):
        CLASS_EXAMPLES[f"vec_{_op}{_n}"] = [f"{_op} v{{d}}.8b, {{{{{_tab}}}}}, v24.8b"]
        CLASS_EXAMPLES[f"vec_{_op}{_n}_q"] = [f"{_op} v{{d}}.16b, {{{{{_tab}}}}}, v24.16b"]


def _example(template: str, i: int) -> str:
    d = i * 4 if "{d3}" in template else (i * 2 if "{d1}" in template else i)
    return template.format(d=d, d1=d + 1, d3=d + 3, o1=i, o4=4 * i, o8=8 * i, o16=16 * i, o32=32 * i)


def _pressure_by_unit(report: str) -> dict:
    """Resource name -> total pressure, from 'Resource pressure by instruction'."""
    units = re.findall(r"^\[(\d+(?:\.\d+)?)\]\s+- (\S+)", report, re.M)
    m = re.search(r"Resource pressure by instruction:\n[^\n]*\n(.*?)(?:\n\n|\Z)", report, re.S)
    total = {}
    for line in m.group(1).splitlines():
        for (_, unit), cell in zip(units, line.split()[:len(units)]):
            if cell != "-":
                total[unit] = total.get(unit, 0.0) + float(cell)
    return total


def probe_class(cpu: str, template: str, copies: int = 12, iterations: int = 200) -> dict:
    """latency / uops from -instruction-info on one instance; reciprocal
    throughput and per-unit pressure from `copies` independent instances."""
    attrs = ["-mattr=+aes,+sha3"]
    one = run_mca(".Lprobe:\n\t" + _example(template, 0) + "\n", cpu, 1, False, False,
                  attrs + ["-instruction-info"])
    row = re.search(r"Instructions:\n\s*(\d+)\s+(\d+)\s+([\d.]+)", one.report)
    n = copies // 4 if "{d3}" in template else copies
    block = ".Lprobe:\n" + "".join("\t" + _example(template, i) + "\n" for i in range(n))
    many = run_mca(block, cpu, iterations, False, False, attrs + ["-resource-pressure"])
    return {"instr": _example(template, 0), "uops": int(row.group(1)), "latency": int(row.group(2)),
            "rthroughput": many.regions[0].total_cycles / (n * iterations),
            "units": {u: round(p / n, 2) for u, p in sorted(_pressure_by_unit(many.report).items())}}


def probe(cpu: str) -> None:
    for cls, templates in CLASS_EXAMPLES.items():
        for t in templates:
            try:
                r = probe_class(cpu, t)
            except McaError as e:
                print(f"{cls:16} {_example(t, 0):44} error: {str(e).splitlines()[-1]}")
                continue
            units = " ".join(f"{u}={p:g}" for u, p in r["units"].items())
            print(f"{cls:16} {r['instr']:44} lat={r['latency']:<3} uops={r['uops']:<2} "
                  f"rthr={r['rthroughput']:.2f}  {units}")


# --------------------------------------------------------------------------

def main(argv=None) -> int:
    global STORE
    ap = argparse.ArgumentParser(prog="python -m tools.mca", description=__doc__.split("\n\n")[0])
    ap.add_argument("--cpus", nargs="+", default=DEFAULT_CPUS, help="llvm-mca -mcpu names")
    ap.add_argument("--out", type=Path, default=ROOT / "out", help="directory of generated *.S")
    ap.add_argument("--reports", type=Path, default=ROOT / "mca_reports",
                    help="where summary.md and the figures (<cpu>.json) go")
    ap.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    ap.add_argument("--full", type=Path, metavar="DIR",
                    help="write llvm-mca's whole output (timelines) to DIR/<cpu>/<kernel>.txt instead")
    ap.add_argument("--kernels", nargs="+", metavar="KERNEL", help="with --full: only these kernels")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="llvm-mca runs at a time")
    ap.add_argument("--probe", metavar="CPU", help="print llvm-mca's figures per scheduler class and exit")
    args = ap.parse_args(argv)
    if args.probe:
        probe(args.probe)
        return 0
    if args.kernels and not args.full:
        ap.error("--kernels goes with --full (the figures and summary always cover every kernel)")
    try:
        if args.full:
            count = write_full_reports(args.cpus, args.out, args.full, args.iterations, args.jobs, args.kernels)
            print(f"mca-full: wrote {count} reports to {args.full}")
            return 0
        args.reports.mkdir(parents=True, exist_ok=True)
        STORE = FigureStore(args.reports, verbose=True)
        results = run_all(args.cpus, args.out, args.iterations, args.jobs)
        summary_text = render_summary(results, args.cpus, args.iterations)
    except McaError as e:
        print(f"mca: error: {e}", file=sys.stderr)
        return 1
    STORE.save()
    summary = args.reports / "summary.md"
    summary.write_text(summary_text)
    print(f"mca: {STORE.measured} figures measured, {STORE.reused} unchanged; "
          f"wrote {summary.relative_to(ROOT) if summary.is_relative_to(ROOT) else summary}")
    return 0


def load_section_modules():
    """Imports every tools/mca_*.py: each registers its report section here."""
    for path in sorted(Path(__file__).parent.glob("mca_*.py")):
        importlib.import_module(f"tools.{path.stem}")


if __name__ == "__main__":
    # Run the importable copy of this module: section modules register with
    # `tools.mca`, which is not the `__main__` copy.
    from tools import mca as importable
    importable.load_section_modules()
    sys.exit(importable.main())
