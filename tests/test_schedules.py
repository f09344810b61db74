"""generator/schedules/*.yaml: every machine model is complete and well-formed."""
from pathlib import Path

import pytest
import yaml

from generator.machine import CORE_CLASSES_NAME

SCHEDULES = Path(__file__).resolve().parent.parent / "generator" / "schedules"

# The instruction classes the generator uses; every model defines each of them
# (a "<class>_q" entry, for the 128-bit form, is optional).
BASE_CLASSES = [
    "gpr_alu", "gpr_alu_shift", "gpr_ror", "gpr_addr", "gpr_cmp", "branch",
    "load_gpr", "store_gpr", "load_vec", "load_vec_pair", "load_vec_multi", "load_vec_lane", "store_vec",
    "store_vec_lane",
    "vec_logic", "vec_sha3", "vec_shift", "vec_alu", "vec_movi", "vec_mov",
    "vec_dup_elem", "vec_dup_gpr", "vec_ins_gpr", "vec_ins_elem", "vec_umov",
    "vec_tbl1", "vec_tbl2", "vec_tbl3", "vec_tbl4", "vec_tbx1", "vec_tbx2", "vec_tbx3", "vec_tbx4",
    "vec_pmul", "vec_pmull", "vec_ext", "vec_zip", "vec_rev",
    "aese", "aesmc",
]
TOP_KEYS = {"cpu", "llvm_mca_cpu", "in_order", "issue_width", "pipes", "classes"}
OPTIONAL_KEYS = {"late_reads"}
CLASS_KEYS = {"latency", "pipes", "occupancy"}
EXPECTED_CPUS = {"generic", "cortex-a55", "cortex-a72", "cortex-a76", "neoverse-n1", "neoverse-v1", "apple-a15"}
LLVM_MCA_CPUS = {"cortex-a55", "cortex-a72", "cortex-a76", "neoverse-n1", "neoverse-v1", "apple-a15"}

FILES = sorted(p for p in SCHEDULES.glob("*.yaml") if p.name != CORE_CLASSES_NAME)


def _load(path):
    with open(path) as f:
        return yaml.safe_load(f)


def _is_pos_int(x):
    return isinstance(x, int) and not isinstance(x, bool) and x > 0


def test_every_expected_cpu_has_a_model():
    assert {p.stem for p in FILES} >= EXPECTED_CPUS


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_model_is_complete(path):
    data = _load(path)
    assert isinstance(data, dict)
    assert TOP_KEYS <= set(data) <= TOP_KEYS | OPTIONAL_KEYS, f"keys: {sorted(data)}"
    assert data["cpu"] == path.stem
    assert data["llvm_mca_cpu"] in LLVM_MCA_CPUS
    assert isinstance(data["in_order"], bool)
    assert _is_pos_int(data["issue_width"])

    pipes = data["pipes"]
    assert isinstance(pipes, dict) and pipes
    for name, count in pipes.items():
        assert isinstance(name, str) and _is_pos_int(count), (name, count)

    classes = data["classes"]
    missing = [c for c in BASE_CLASSES if c not in classes]
    assert not missing, f"missing classes: {missing}"
    for name, timing in classes.items():
        base = name[:-2] if name.endswith("_q") else name
        assert base in BASE_CLASSES, f"unknown class {name}"
        assert set(timing) == CLASS_KEYS, (name, sorted(timing))
        assert _is_pos_int(timing["latency"]), (name, timing)
        assert _is_pos_int(timing["occupancy"]), (name, timing)
        assert isinstance(timing["pipes"], list) and timing["pipes"], (name, timing)
        for p in timing["pipes"]:
            assert p in pipes, f"{name}: pipe {p} not declared"
        assert len(set(timing["pipes"])) == len(timing["pipes"]), (name, timing)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_model_says_where_its_numbers_come_from(path):
    lines = path.read_text().splitlines()
    assert lines[0].startswith("# ") and sum(1 for ln in lines if ln.startswith("#")) >= 3


def test_generic_is_in_order_and_no_faster_than_any_model():
    models = {p.stem: _load(p) for p in FILES}
    generic = models.pop("generic")
    assert generic["in_order"] is True and generic["issue_width"] == 2

    def latency(classes, name):
        return (classes.get(name) or classes[name[:-2]])["latency"]

    for name in generic["classes"]:
        worst = max(latency(m["classes"], name) for m in models.values())
        assert latency(generic["classes"], name) >= worst, name


def test_generator_loads_every_model():
    machine = pytest.importorskip("generator.machine")
    for path in FILES:
        model = machine.load_model(path.stem)
        assert model.cpu == path.stem
        assert all(t.latency > 0 and t.occupancy > 0 for t in model.classes.values())
