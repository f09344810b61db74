"""The variant plan (generator/plan.yaml) and the core classes
(generator/schedules/core_classes.yaml): out/ holds exactly the kernels the plan
uses and the drop-in API forms, gen.py --list says which is which, every variant
records what earned it its place, and the walkthrough of docs/variants.md holds:
a new core class or core model is data only."""
import re
import shutil
import subprocess
import sys

import pytest
import yaml

from generator import kernels, machine, plan
from generator.render import render_plan
from tests.aarch64 import OUT, ROOT
from tools import core_rooms

# The least gain (in % of an operation's estimated cycles) that keeps a variant.
VARIANT_BAR = 3.0


def gen_list(*args):
    r = subprocess.run([sys.executable, str(ROOT / "gen.py"), "--list", *args], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return [line.split() for line in r.stdout.splitlines()]


def test_list_names_every_generated_kernel_plan_or_api():
    rows = gen_list()
    assert {row[0] for row in rows} == {p.stem for p in OUT.glob("*.S")}
    assert {row[1] for row in rows} == {"plan", "api"}
    used = plan.slots_by_kernel()
    for name, kind, *rest in rows:
        if kind == "plan":
            assert rest and set(rest[0].split(",")) == used[name], name
        else:
            assert name in kernels.api_kernel_names(), name


def test_all_shapes_adds_only_catalogue_kernels():
    every = gen_list("--all-shapes")
    assert {row[0] for row in every} == {k.name for k in kernels.all_kernels()}
    extra = {row[0] for row in every if row[1] == "catalogue"}
    assert extra and not extra & {p.stem for p in OUT.glob("*.S")}


def test_plan_names_only_catalogue_kernels():
    plan.check({k.name: k for k in kernels.all_kernels()})
    with pytest.raises(plan.PlanError, match="gf16m_add_r4"):
        plan.check({k.name: k for k in kernels.all_kernels() if k.name != "gf16m_add_r4"})


def class_varying_slots():
    """[(slot, {class: kernel})] of every slot whose kernel differs between classes
    on some shape, or in the Keccak rows."""
    found = [(slot, per) for slots in plan.gf16_rows().values() for slot, per in slots.items()
             if len(set(per.values())) > 1]
    rows = plan.keccak_rows()
    for slot in rows["default"]:
        per = {c: rows[c][slot] for c in plan.class_names()}
        if len(set(per.values())) > 1:
            found.append((slot, per))
    return found


def test_every_variant_is_recorded_and_earns_its_place():
    """Where a slot's kernel depends on the core class, the classes that no variant
    record names for it share one kernel (the simpler form), and each class a
    variant names has its own figure, on its own model, that clears the bar."""
    recorded = {(s, c) for v in plan.plan()["variants"] for s in v["slots"] for c in v["classes"]}
    for slot, per in class_varying_slots():
        baseline = {per[c] for c in per if (slot, c) not in recorded}
        assert len(baseline) <= 1, f"{slot}: classes with different kernels and no variant record: {per}"
    model = {c.name: c.mca_cpu for c in plan.core_classes()}
    for v in plan.plan()["variants"]:
        assert set(v["earned"]) == set(v["classes"]), v["name"]
        for c, figure in v["earned"].items():
            assert set(figure) == {"set", "op", "core", "change", "commit"}, (v["name"], c)
            assert figure["core"] == model[c] and figure["change"] <= -VARIANT_BAR, (v["name"], c)


def test_layout_flags_follow_the_slots():
    rows = plan.gf16_rows()
    r3l4r8 = rows[plan.Shape(3, 4, 8)]
    assert plan.layout_flags(r3l4r8) == {"UNPACK_RUNS": 1, "INTERLEAVE_RUNS": 0, "ROWDOT_PTBL_WSUM": 1,
                                         "ROWDOT_RREP_LLR": 1, "ROWDOT_PTBL_ZT": 1, "INTERLEAVE_TRANSPOSES": 0}
    assert plan.layout_flags(rows[plan.Shape(3, 5, 6)])["INTERLEAVE_TRANSPOSES"] == 1
    assert plan.layout_flags(rows[plan.Shape(1, 4, 4)]) == {s.upper(): 0 for s in plan.LAYOUT_SLOTS}


def plan_entries():
    """[(slot, kernel)] of every row of the plan, every class."""
    entries = [(slot, k) for slots in plan.gf16_rows().values() for slot, per in slots.items()
               for k in per.values() if k]
    entries += list(plan.plan()["aes"].items())
    entries += [(slot, k) for row in plan.keccak_rows().values() for slot, k in row.items() if slot != plan.KECCAK_WAYS]
    return entries


def test_layouts_are_per_build_and_name_rows_of_the_plan(monkeypatch):
    """The plan's layouts reach the C core per build: stacked Round 3 shapes in both,
    the quadratic forms of rank 3 stacked on the generated kernels only, the slots'
    flags on the generated kernels only; a layout naming a shape without a row is
    refused."""
    rows = plan.gf16_rows()
    flags = {s: plan.build_flags(s, rows[s]) for s in (plan.Shape(3, 4, 4), plan.Shape(3, 4, 8), plan.Shape(2, 3, 3))}
    assert [flags[plan.Shape(3, 4, 4)][b]["STACKED"] for b in plan.LAYOUT_BUILDS] == [1, 1]
    assert [flags[plan.Shape(3, 4, 8)][b]["STACKED"] for b in plan.LAYOUT_BUILDS] == [0, 0]
    assert [flags[plan.Shape(2, 3, 3)][b]["QUAD_STACKED"] for b in plan.LAYOUT_BUILDS] == [1, 0]
    assert [flags[plan.Shape(3, 4, 8)][b]["UNPACK_RUNS"] for b in plan.LAYOUT_BUILDS] == [1, 0]
    assert plan.layout_shapes("stacked") == ((3, 4, 4), (3, 4, 5), (3, 4, 6), (3, 5, 5))
    bad = {**plan.plan(), "layouts": {"stacked": {"neon": ["r3-l4-r7"], "portable": []}}}
    monkeypatch.setattr(plan, "plan", lambda: bad)
    with pytest.raises(plan.PlanError, match="r3-l4-r7"):
        plan.layouts()


def test_every_slot_is_named_after_its_kernels_family():
    """docs/variants.md, one vocabulary: every slot of every row is its kernels'
    family (less a variant mark) or that family and what the slot multiplies; the
    struct's fields are the plan's slots, and each layout flag is its slot's name or
    a layout of the plan's."""
    for slot, kernel in plan_entries():
        assert plan.names_agree(slot, kernel), (slot, kernel)
    fields = set(re.findall(r"^\s+snova_\w+_fn ([\w, ]+);", core_rooms.source("kernels.h").read_text(), re.M))
    fields = {f.strip() for group in fields for f in group.split(",")}
    assert {slot for slot, _ in plan_entries()} <= fields | {plan.KECCAK_WAYS}
    assert set(plan.LAYOUT_SLOTS) <= {slot for slot, _ in plan_entries()}
    header = (OUT / plan.PLAN_HEADER).read_text()
    assert set(re.findall(r"#define SNOVA_PLAN_(\w+) [01]$", header, re.M)) == \
        {s.upper() for s in (*plan.LAYOUT_SLOTS, *plan.layouts())}


@pytest.mark.parametrize("slot, kernel", [("rowdot_wsum", "gf16m_rowdot_ptbl_8x1x64"),
                                          ("rowdot_ptzt", "gf16m_rowdot_ptblt_16x4x4"),
                                          ("scale_ll", "gf16m_dot_1x1x16"),
                                          ("rowdot_ptbl_ll", "gf16m_rowdot_tbl_9x3x3"),
                                          ("rowdot_rll", "gf16m_rowdot_rrep_5x4x4"),
                                          ("keccakf1600_x2", "keccakf1600_x3_gpr")])
def test_a_slot_named_otherwise_is_refused(slot, kernel, monkeypatch):
    """The names the plan had before they agreed, and a kernel of another family
    in a slot, fail the rule and gen.py's check."""
    assert not plan.names_agree(slot, kernel)
    base = plan.plan()
    row = {**base["gf16"]["r3-l4-r8"], slot: kernel}
    with_slot = {**base, "gf16": {**base["gf16"], "r3-l4-r8": row}}
    monkeypatch.setattr(plan, "plan", lambda: with_slot)
    with pytest.raises(plan.PlanError, match=slot):
        plan.check({k.name: k for k in kernels.all_kernels()})


# The bar of issue 33: preprocessor conditions left where code cannot compile otherwise.
IF_LINE = re.compile(r"^\s*#\s*(if|elif)", re.M)


def test_the_c_choice_holds_few_conditions_and_no_midr_constants():
    """kernels_neon.c and keccak_neon.c together hold at most 8 #if/#elif lines
    and no MIDR constants (the plan's generated header recognises the cores);
    snova_r3.c at most 20 (layout flags are C conditions on constants)."""
    choice = [core_rooms.source(name).read_text() for name in ("kernels_neon.c", "keccak_neon.c")]
    assert sum(len(IF_LINE.findall(text)) for text in choice) <= 8
    assert not any(re.search(r"0x41\b|0x[0-9a-fA-F]*[dD][0-9a-fA-F]{2}\b|part\s*==", text) for text in choice)
    assert len(IF_LINE.findall(core_rooms.source("snova_r3.c").read_text())) <= 20


def test_core_classes_are_the_bench_and_mca_models():
    models = machine.mca_cpus()
    for c in plan.core_classes():
        assert machine.load_model(c.mca_cpu).llvm_mca_cpu in models
    assert plan.core_classes()[-1].name == "default"


@pytest.fixture
def scratch_schedules(tmp_path, monkeypatch):
    """A copy of generator/schedules that the generator reads instead."""
    schedules = tmp_path / "schedules"
    shutil.copytree(machine.SCHEDULES_DIR, schedules)
    monkeypatch.setattr(machine, "SCHEDULES_DIR", schedules)
    monkeypatch.setattr(plan, "CORE_CLASSES_FILE", schedules / machine.CORE_CLASSES_NAME)
    plan.core_classes.cache_clear()
    yield schedules
    plan.core_classes.cache_clear()


def test_walkthrough_new_core_model_is_its_yaml_only(scratch_schedules):
    """docs/variants.md: a new Arm core model is one YAML file; make mca and gen.py --cpu see it."""
    data = yaml.safe_load((scratch_schedules / "neoverse-v1.yaml").read_text())
    data["cpu"] = "neoverse-v2"
    (scratch_schedules / "neoverse-v2.yaml").write_text(yaml.safe_dump(data))
    assert "neoverse-v2" in machine.available_cpus()
    assert machine.load_model("neoverse-v2").llvm_mca_cpu in machine.mca_cpus()


def test_walkthrough_new_core_class_is_data_only(scratch_schedules, tmp_path, monkeypatch):
    """docs/variants.md: a new core class is an entry of core_classes.yaml (and, for
    choices of its own, the plan's per-class maps); the generated C recognises its
    parts and takes the default row for every slot the plan does not give it."""
    path = scratch_schedules / machine.CORE_CLASSES_NAME
    data = yaml.safe_load(path.read_text())
    data["classes"].insert(-1, {"name": "big", "doc": "a planted class", "parts": {0x41: [0xd4f]},
                                "mca_cpu": "neoverse-v1", "qemu_cpu": "neoverse-v1",
                                "presents": {"hwcap": ["asimd", "aes", "cpuid"], "midr": 0x410FD4F0}})
    path.write_text(yaml.safe_dump(data))
    plan.core_classes.cache_clear()
    keccak = plan.plan()["keccak"]
    with_big = {**plan.plan(), "keccak": {**keccak, "big": keccak["default"]}}
    monkeypatch.setattr(plan, "plan", lambda: with_big)
    text = render_plan("snova_", "SNOVA_PLAN_H", "snova_kernels.h", plan.header_data())
    assert "SNOVA_CORE_BIG" in text and "part == 0xd4f" in text
    driver = tmp_path / "driver.c"
    driver.write_text('#include <stdio.h>\n#include "kernels_neon.h"\n#include "params.h"\n#include "snova_plan.h"\n'
                      "int main(void) { printf(\"%s\\n\", snova_core_class_name(snova_core_class_of(0x410FD4F0))); }\n")
    (tmp_path / "snova_plan.h").write_text(text)
    shutil.copy(OUT / "snova_kernels.h", tmp_path / "snova_kernels.h")
    exe = tmp_path / "driver"
    cc = subprocess.run(["cc", "-Wall", "-Werror", "-DSNOVA_NEON", "-DSNOVA_ROUND=3", "-DSNOVA_V=27", "-DSNOVA_O=5",
                         "-DSNOVA_L=4", "-DSNOVA_R=4", "-DSNOVA_M1=5", "-DSNOVA_SET=I_S", f"-I{tmp_path}",
                         *core_rooms.include_flags(),
                         str(driver), "-o", str(exe)], capture_output=True, text=True)
    assert cc.returncode == 0, cc.stderr
    assert subprocess.run([str(exe)], capture_output=True, text=True).stdout.strip() == "big"


def test_kernels_under_c_functions_are_emitted(monkeypatch):
    """A kernel that only a C function of the plan calls (keccak_neon.c's
    multi-state entries) is still emitted: with no row naming the carried
    Keccak-f[1600] itself, the general-register composites keep it."""
    keccak = plan.plan()["keccak"]
    rows = {c: {**keccak[c], "keccakf1600": "keccakf1600"} for c in ("little", "wide")}
    with_rows = {**plan.plan(), "keccak": {**keccak, **rows}}
    monkeypatch.setattr(plan, "plan", lambda: with_rows)
    assert "keccakf1600_carried" not in {k for row in plan.keccak_rows().values() for k in row.values()}
    assert "keccakf1600_carried" in plan.used_kernels()


def test_c_functions_are_those_keccak_neon_defines():
    """Each C function of the plan calls exactly the kernels the plan says,
    itself or through another of them."""
    text = core_rooms.source("keccak_neon.c").read_text()
    composites = plan.c_functions()
    kernel_names = {k.name for k in kernels.all_kernels()}

    def calls(name):
        body = text[text.index(f"void snova_{name}("):]
        body = body[body.index("{"):body.index("\n}\n")]
        called = set(re.findall(r"snova_(\w+)\(", body))
        return {k for k in called if k in kernel_names} | {k for c in called & set(composites) for k in calls(c)}

    for name, kernels_called in composites.items():
        assert calls(name) == set(kernels_called), name
