"""The AES-128 section of the llvm-mca report (`make mca`): `python -m tools.mca`
loads this module, which registers the section. For every cpu it adds:

- cycles per 16-byte block of the CTR loop (the `LLVM-MCA-BEGIN` region of
  `aes128_ctr_keystream`) for N = 1, 2, 4, 8 blocks per iteration: region
  cycles per iteration / N, the N variants generated into a temporary
  directory with the options of the committed out/ file (same --cpu);
- the same with a fusion estimate: llvm-mca-19 does not model AESE+AESMC
  fusion, so the region is measured again without every AESMC that directly
  follows the AESE producing its input (what a core that fuses the pair
  issues as one instruction);
- the key expansion's cycles per call (`aes128_key_expand`, straight-line).

Importable: `ctr_region(asm_text, symbol)`, `without_fused_aesmc(lines)`,
`loop_cycles_per_block(asm_text, symbol, ways, cpu)`, `generate_variants(dir)`.
"""
from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tools import mca
from tools.asm_formats import rendering

ROOT = mca.ROOT
WAYS = (1, 2, 4, 8)
CTR_KERNEL = "aes128_ctr_keystream"
KEY_KERNEL = "aes128_key_expand"

_AESE = re.compile(r"^\s*aese\s+(v\d+)\.16b\s*,")
_AESMC = re.compile(r"^\s*aesmc\s+(v\d+)\.16b\s*,\s*(v\d+)\.16b\s*$")


def ctr_region(asm_text: str, symbol: str) -> tuple[list, list]:
    """(.arch lines, instructions of the LLVM-MCA region) of `symbol`."""
    body = mca.function_body(asm_text, symbol).splitlines()
    begin = [i for i, ln in enumerate(body) if "LLVM-MCA-BEGIN" in ln]
    end = [i for i, ln in enumerate(body) if "LLVM-MCA-END" in ln]
    if len(begin) != 1 or len(end) != 1 or end[0] < begin[0]:
        raise mca.McaError(f"{symbol}: expected one LLVM-MCA region")
    arch = [ln for ln in body[:begin[0]] if ln.lstrip().startswith(".")]
    return arch, [ln for ln in body[begin[0] + 1:end[0]] if ln.strip()]


def without_fused_aesmc(lines: list) -> list:
    """The instructions without each AESMC that immediately follows the AESE
    writing its source: what a core that fuses the pair issues."""
    kept, prev_aese = [], None
    for ln in lines:
        mc = _AESMC.match(ln)
        if mc and prev_aese is not None and mc.group(2) == prev_aese:
            prev_aese = None
            continue
        e = _AESE.match(ln)
        prev_aese = e.group(1) if e else None
        kept.append(ln)
    return kept


def region_cycles(label: str, arch: list, lines: list, cpu: str, iterations: int = mca.DEFAULT_ITERATIONS) -> float:
    text = "\n".join(arch + lines) + "\n"
    return mca.measure(label, text, cpu, iterations).cycles


def loop_cycles_per_block(asm_text: str, symbol: str, ways: int, cpu: str,
                          iterations: int = mca.DEFAULT_ITERATIONS) -> tuple[float, float]:
    """(as llvm-mca sees it, fusion estimate), in cycles per 16-byte block;
    stored as `aes128_ctr_keystream --aes-ways N` (and `... fused`)."""
    arch, lines = ctr_region(asm_text, symbol)
    label = f"{CTR_KERNEL} --aes-ways {ways}"
    return (region_cycles(label, arch, lines, cpu, iterations) / ways,
            region_cycles(f"{label} fused", arch, without_fused_aesmc(lines), cpu, iterations) / ways)


def banner_options(asm_text: str) -> list:
    """The gen.py options recorded in a generated file's banner."""
    m = re.search(r"python gen\.py ([^)]*)\)", asm_text)
    return m.group(1).split() if m else []


def generate_variants(dest: Path, out_dir: Path = ROOT / "out") -> dict:
    """ways -> path of aes128_ctr_keystream.S generated into dest/w<ways>/ with
    the options of the committed file (cpu, prefix) but --aes-ways."""
    from generator.cli import main as gen_main

    committed = (out_dir / f"{CTR_KERNEL}.S").read_text()
    opts = banner_options(committed)
    keep = []
    for flag in mca.BANNER_KEPT_OPTIONS:
        if flag in opts:
            keep += [flag, opts[opts.index(flag) + 1]]
    paths = {}
    for ways in WAYS:
        d = dest / f"w{ways}"
        print(f"mca: generating {CTR_KERNEL} with --aes-ways {ways}", flush=True)
        with contextlib.redirect_stdout(io.StringIO()):
            status = gen_main(["--aes", "--aes-ways", str(ways), *keep, "--out", str(d)])
        if status:
            raise mca.McaError(f"gen.py --aes --aes-ways {ways} failed")
        paths[ways] = d / f"{CTR_KERNEL}.S"
    return paths


def _symbol(asm_text: str, name: str) -> str:
    return next(s for s in mca.global_symbols(asm_text) if s.endswith(name))


class AesSection(mca.Section):
    title = "AES-128 (SNOVA public-key expansion)"
    order = 20
    intro = ("CTR loop in **cycles per 16-byte block** (region cycles per iteration ÷ N) for N "
             "blocks per iteration (`gen.py --aes-ways N`; the committed out/ is N = 4), each cell "
             "`llvm-mca / fusion estimate`: llvm-mca-19 does not fuse AESE+AESMC, so the second "
             "figure is the same loop measured without every AESMC that directly follows the AESE "
             "producing its input. Key expansion in cycles per call.")

    def matches(self, kernel: str) -> bool:
        return kernel.startswith("aes128_")

    def render(self, results: list, cpus: list) -> str:
        lines = [f"## {self.title}", "", self.intro, ""]
        with tempfile.TemporaryDirectory(prefix="mca_aes_") as tmp:
            paths = generate_variants(Path(tmp))
            texts = {w: rendering(p) for w, p in paths.items()}
            with ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
                jobs = {(w, cpu): pool.submit(loop_cycles_per_block, texts[w], _symbol(texts[w], CTR_KERNEL),
                                              w, cpu)
                        for w in WAYS for cpu in cpus}
                figures = {k: f.result() for k, f in jobs.items()}
        lines.append("| CTR loop, cycles/block | " + " | ".join(cpus) + " |")
        lines.append("|---|" + "---|" * len(cpus))
        for w in WAYS:
            label = f"N = {w}" + (" (out/)" if w == 4 else "")
            cells = [f"{figures[w, cpu][0]:.2f} / {figures[w, cpu][1]:.2f}" for cpu in cpus]
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
        by = {(r.kernel, r.cpu): r for r in results}
        cells = [mca.fmt_cycles(by[KEY_KERNEL, cpu].gen.cycles) if (KEY_KERNEL, cpu) in by and by[KEY_KERNEL, cpu].gen
                 else "—" for cpu in cpus]
        lines += ["", "| key expansion, cycles/call | " + " | ".join(cpus) + " |",
                  "|---|" + "---|" * len(cpus),
                  f"| {KEY_KERNEL} | " + " | ".join(cells) + " |"]
        lines += ["", "The committed kernels' figures: `aes128_*` in `mca_reports/<cpu>.json` "
                      "(`aes128_ctr_keystream` and `aes128_ctr_prng`: per iteration of their 4-way loop)."]
        return "\n".join(lines) + "\n"


SECTION = mca.register_section(AesSection())

