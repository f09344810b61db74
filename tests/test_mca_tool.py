"""tools/mca.py: body extraction, region markers, llvm-mca runs, the figure store, summary rendering."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.gf16_model import mat_add, mat_mul
from tools import mca

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "data" / "mca" / "sample_kernels.S"

needs_mca = pytest.mark.skipif(shutil.which(mca.LLVM_MCA) is None, reason="llvm-mca-19 not installed")
needs_clang = pytest.mark.skipif(shutil.which(mca.CLANG) is None, reason="clang-19 not installed")


def test_global_symbols():
    assert mca.global_symbols(SAMPLE.read_text()) == ["snova_sample_add_r4", "snova_sample_ctr_loop"]


def test_function_body_straight_line():
    body = mca.function_body(SAMPLE.read_text(), "snova_sample_add_r4")
    assert body == (".arch armv8-a+crypto\n"
                    "\tldr\tq0, [x0]\n"
                    "\tldr\tq1, [x1]\n"
                    "\teor\tv0.16b, v0.16b, v1.16b\n"
                    "\tstr\tq0, [x2]\n"
                    "\tret\n")


def test_function_body_keeps_markers_as_hash_comments():
    body = mca.function_body(SAMPLE.read_text(), "snova_sample_ctr_loop")
    assert body == (".arch armv8-a+crypto\n"
                    "\tadr\tx3, .Lsnova_sample_ctr_loop_consts\n"
                    "\tld1\t{v16.16b-v19.16b}, [x3]\n"
                    "# LLVM-MCA-BEGIN ctr_block\n"
                    "\taese\tv0.16b, v16.16b\n"
                    "\taesmc\tv0.16b, v0.16b\n"
                    "\teor\tv1.16b, v0.16b, v17.16b\n"
                    "\tst1\t{v1.16b}, [x1], #16\n"
                    "\tsubs\tx2, x2, #1\n"
                    "\tb.ne\t.Lsnova_sample_ctr_loop_top\n"
                    "# LLVM-MCA-END\n"
                    "\tret\n")
    assert mca.loop_branches(body) == []    # the loop branch is inside the region


def test_function_body_clang_output_and_unknown_symbol():
    text = ("\t.text\n\t.globl\tf\n\t.type\tf,@function\nf:\t\t\t// @f\n\t.cfi_startproc\n"
            "// %bb.0:\n\tldrb\tw8, [x0]\n.LBB0_1:\n\tadd\tw8, w8, #1 ; ret\n"
            ".Lfunc_end0:\n\t.size\tf, .Lfunc_end0-f\n\t.cfi_endproc\n"
            "g:\n\tnop\n")
    assert mca.function_body(text, "f") == "\tldrb\tw8, [x0]\n\tadd\tw8, w8, #1\n\tret\n"
    with pytest.raises(mca.McaError):
        mca.function_body(text, "h")


def test_loop_branches_outside_region():
    assert mca.loop_branches("\tadd x0, x0, #1\n\tcbnz x0, .L1\n\tret\n") == ["cbnz x0, .L1"]
    assert mca.loop_branches("\tbne .L1\n\tbic x0, x1, x2\n\tbsl v0.16b, v1.16b, v2.16b\n") == ["bne .L1"]


@needs_clang
def test_discover_kernels_and_refs(tmp_path):
    (tmp_path / "b.S").write_text(SAMPLE.read_text())
    kernels = mca.discover_kernels(tmp_path)
    assert [(k.name, k.symbol) for k in kernels] == [("sample_add_r4", "snova_sample_add_r4"),
                                                     ("sample_ctr_loop", "snova_sample_ctr_loop")]
    refs = mca.discover_refs()
    for rank in (2, 3, 4):
        for op in ("add", "mul"):
            path, fn = refs[f"gf16m_{op}_r{rank}"]
            assert path.name == "gf16m_ref.c" and fn == f"ref_gf16m_{op}_r{rank}"


@needs_mca
def test_run_mca_tiny_sequence():
    r = mca.run_mca("\teor v0.16b, v0.16b, v1.16b\n\teor v0.16b, v0.16b, v2.16b\n", "cortex-a72", iterations=100)
    assert len(r.regions) == 1 and r.regions[0].iterations == 100
    assert r.regions[0].instructions == 200
    # two dependent 3-cycle eors per iteration on the A57 model
    assert 5.0 <= r.cycles <= 7.0
    assert r.unit == "cycles/call"


@needs_mca
def test_run_mca_region_from_markers():
    body = mca.function_body(SAMPLE.read_text(), "snova_sample_ctr_loop")
    r = mca.run_mca(body, "cortex-a72", iterations=100)
    assert [g.name for g in r.regions] == ["ctr_block"]
    assert r.regions[0].instructions == 600     # only the 6 instructions of the region
    assert 0 < r.cycles < 50
    assert r.unit == "cycles/iteration of region ctr_block"


@needs_mca
def test_run_mca_rejects_bad_input():
    with pytest.raises(mca.McaError):
        mca.run_mca("\tnot_an_instruction x0\n", "cortex-a72", iterations=10)


@needs_clang
@needs_mca
def test_reference_compiles_to_straight_line_code():
    asm = mca.compile_ref(mca.REF_DIR / "gf16m_ref.c", "cortex-a55")
    for rank in (2, 3, 4):
        for op in ("add", "mul"):
            body = mca.function_body(asm, f"ref_gf16m_{op}_r{rank}")
            assert mca.loop_branches(body) == [], (op, rank)
            assert "bl\t" not in body


@pytest.mark.skipif(shutil.which("cc") is None, reason="no host C compiler")
def test_reference_kernels_compute_gf16_products(tmp_path):
    """The C reference is right: run it natively against a Python model."""
    main = tmp_path / "main.c"
    main.write_text(r"""
#include <stdint.h>
#include <stdio.h>
#define DECL(L) void ref_gf16m_add_r##L(const uint8_t*, const uint8_t*, uint8_t*); \
                void ref_gf16m_mul_r##L(const uint8_t*, const uint8_t*, uint8_t*);
DECL(2) DECL(3) DECL(4)
int main(void) {
    uint8_t a[16], b[16], c[16];
    for (int i = 0; i < 16; i++) { a[i] = (uint8_t)((7 * i + 3) & 15); b[i] = (uint8_t)((5 * i + 11) & 15); }
    void (*f[6])(const uint8_t*, const uint8_t*, uint8_t*) = {
        ref_gf16m_add_r2, ref_gf16m_add_r3, ref_gf16m_add_r4,
        ref_gf16m_mul_r2, ref_gf16m_mul_r3, ref_gf16m_mul_r4 };
    for (int k = 0; k < 6; k++) {
        f[k](a, b, c);
        int n = (k % 3 + 2) * (k % 3 + 2);
        for (int i = 0; i < n; i++) printf("%d ", c[i]);
        printf("\n");
    }
    for (int i = 0; i < 16; i++) c[i] = a[i];
    ref_gf16m_mul_r4(c, b, c);          /* aliasing: c = c * b */
    for (int i = 0; i < 16; i++) printf("%d ", c[i]);
    printf("\n");
    return 0;
}
""")
    exe = tmp_path / "t"
    subprocess.run(["cc", "-O2", "-o", str(exe), str(main), str(mca.REF_DIR / "gf16m_ref.c")], check=True)
    lines = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.splitlines()
    a = [(7 * i + 3) & 15 for i in range(16)]
    b = [(5 * i + 11) & 15 for i in range(16)]
    expected = []
    for op in ("add", "mul"):
        for L in (2, 3, 4):
            x, y = bytes(a[:L * L]), bytes(b[:L * L])
            c = mat_add(x, y) if op == "add" else mat_mul(x, y, L)
            expected.append(" ".join(map(str, c)))
    expected.append(expected[-1])
    assert [ln.strip() for ln in lines] == expected


def _fake(cycles_x100, cpu, region=""):
    region_obj = mca.McaRegion(name=region, iterations=100, instructions=1000, total_cycles=cycles_x100,
                               total_uops=1000, dispatch_width=2, ipc=1.0, block_rthroughput=1.0)
    return mca.McaResult(cpu=cpu, iterations=100, command=[], report="", warnings="", regions=[region_obj])


def test_render_summary_exact():
    results = [
        mca.KernelResult("gf16m_mul_r4", "cortex-a55", _fake(2310, "cortex-a55"), _fake(31050, "cortex-a55")),
        mca.KernelResult("gf16m_mul_r4", "cortex-a72", _fake(1200, "cortex-a72"), _fake(9600, "cortex-a72")),
        mca.KernelResult("gf16m_add_r2", "cortex-a55", _fake(400, "cortex-a55"), _fake(1000, "cortex-a55")),
        mca.KernelResult("aes128_ctr_keystream", "cortex-a55", _fake(5000, "cortex-a55", "blocks")),
        mca.KernelResult("aes128_ctr_keystream", "cortex-a72", _fake(2500, "cortex-a72", "blocks")),
    ]
    text = mca.render_summary(results, ["cortex-a55", "cortex-a72"], iterations=500, sections=mca.BASE_SECTIONS)
    assert text == """# llvm-mca: generated kernels vs plain C

How to read this: every cell is `generated / C (speed-up×)` in **steady-state
cycles per call** as estimated by llvm-mca's model of that core: Total Cycles /
Iterations, with the function's instructions run 500 times back to back
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

    llvm-mca-19 -mtriple=aarch64 -mcpu=<cpu> -iterations=500

C references compiled with:

    clang-19 --target=aarch64-linux-gnu -O3 -mcpu=<cpu> -S -o - tools/mca_ref/<file>.c

## GF(16) matrix kernels

C reference: `tools/mca_ref/gf16m_ref.c` (add: XOR loop; mul: triple loop over a 256-byte product table, fully unrolled by clang).

| kernel | cortex-a55 | cortex-a72 |
|---|---|---|
| gf16m_add_r2 | 4.0 / 10.0 (2.5×) | — |
| gf16m_mul_r4 | 23.1 / 310.5 (13.4×) | 12.0 / 96.0 (8.0×) |

## Other kernels

| kernel | cortex-a55 | cortex-a72 |
|---|---|---|
| aes128_ctr_keystream | 50.0 / — | 25.0 / — |

- aes128_ctr_keystream: cycles/iteration of region blocks (marked with LLVM-MCA-BEGIN/END), not per call
"""


def test_sections_registry_is_extensible():
    class AesSection(mca.Section):
        title = "AES-128"
        order = 20

        def matches(self, kernel):
            return kernel.startswith("aes128_")

        def render(self, results, cpus):
            return "## AES-128\n\n" + ", ".join(f"{r.kernel}@{r.cpu}" for r in results) + "\n"

    section = mca.register_section(AesSection())
    try:
        assert section in mca.SECTIONS
        results = [mca.KernelResult("aes128_ctr_keystream", "cortex-a55", _fake(5000, "cortex-a55")),
                   mca.KernelResult("gf16m_add_r2", "cortex-a55", _fake(400, "cortex-a55"))]
        text = mca.render_summary(results, ["cortex-a55"], sections=[*mca.BASE_SECTIONS, section])
        assert "## AES-128\n\naes128_ctr_keystream@cortex-a55\n" in text
        assert "## Other kernels" not in text
        assert text.index("## GF(16) matrix kernels") < text.index("## AES-128")
    finally:
        mca.SECTIONS.remove(section)


def _count_runs(monkeypatch):
    """A list that grows by one cpu per llvm-mca run of tools.mca."""
    runs, real = [], mca.run_mca
    monkeypatch.setattr(mca, "run_mca", lambda text, cpu, *a, **kw: runs.append(cpu) or real(text, cpu, *a, **kw))
    return runs


@needs_mca
def test_figure_store_measures_only_what_changed(tmp_path, monkeypatch):
    """A figure is kept while its instructions and command are the same, in this
    process and across runs (the store's files); changed instructions, another
    cpu or iteration count are measured again; save() drops labels not measured."""
    runs = _count_runs(monkeypatch)
    add = mca.function_body(SAMPLE.read_text(), "snova_sample_add_r4")
    first = mca.FigureStore(tmp_path)
    cycles = first.measure("add", add, "cortex-a72", 100).cycles
    first.measure("add", add, "cortex-a72", 100)
    first.measure("gone", add, "cortex-a55", 100)
    assert runs == ["cortex-a72", "cortex-a55"]
    first.save()

    second = mca.FigureStore(tmp_path)
    again = second.measure("add", add, "cortex-a72", 100)
    assert runs == ["cortex-a72", "cortex-a55"] and again.cycles == cycles and again.unit == "cycles/call"
    second.measure("add", add.replace("eor", "and"), "cortex-a72", 100)
    second.measure("add", add, "cortex-a72", 50)
    assert runs == ["cortex-a72", "cortex-a55", "cortex-a72", "cortex-a72"]
    assert (second.measured, second.reused) == (2, 1)
    assert second.save() == [tmp_path / "cortex-a72.json"]
    assert list(json.loads((tmp_path / "cortex-a72.json").read_text())["figures"]) == ["add"]
    assert (tmp_path / "cortex-a55.json").exists()     # another cpu's file: left as it is


@needs_mca
@needs_clang
def test_run_all_then_nothing_to_measure(tmp_path, monkeypatch):
    """`make mca` after `make mca`: every figure comes from the store, and the
    summary is the same; a kernel whose code changed is the only one measured."""
    out, reports = tmp_path / "out", tmp_path / "reports"
    out.mkdir()
    (out / "b.S").write_text(SAMPLE.read_text())
    monkeypatch.setattr(mca, "STORE", mca.FigureStore(reports))
    cpus = ["cortex-a72"]
    ran = mca.run_all(cpus, out, 100, 2)
    reports.mkdir()
    mca.STORE.save()
    runs = _count_runs(monkeypatch)
    monkeypatch.setattr(mca, "STORE", mca.FigureStore(reports))
    again = mca.run_all(cpus, out, 100, 2)
    assert runs == []
    assert mca.render_summary(again, cpus, 100) == mca.render_summary(ran, cpus, 100)
    (out / "b.S").write_text(SAMPLE.read_text().replace("eor\tv0.16b, v0.16b, v1.16b", "and\tv0.16b, v0.16b, v1.16b"))
    mca.run_all(cpus, out, 100, 2)
    assert runs == ["cortex-a72"]
