"""The committed benchmark figures describe the code as it is: a sample of
(set, operation) pairs, one per round and the expanded-key generation of Rounds
1 and 2 among them, is measured again as `make bench` measures it (same
isolation, repetitions and qemu -cpu max choice) and must execute exactly the
committed instruction count and print the committed digest. A change that
moves those figures without `make bench` fails here: so did, unnoticed, a
refactor of the expanded key's packing that made its key generation 36-52%
slower."""
import json

import pytest

from tests.snova_harness import ROOT, make
from tools.bench import run as bench_run

VARIANT = "aarch64-neon"
SAMPLE = [("snova-24-5-16-4-esk", "keygen"), ("snova-r2-24-5-4-esk", "keygen"), ("snova-r2-24-5-5", "sign"),
          ("snova-r3-i-s", "sign"), ("snova-r3-v-k", "verify")]


@pytest.fixture(scope="module")
def committed():
    return json.loads((ROOT / "bench" / "results.json").read_text())


@pytest.mark.parametrize("set_name, op", SAMPLE)
def test_committed_figures_are_current(committed, set_name, op):
    target = f"build/bench/{VARIANT}/{set_name}/snova_bench"
    make("bench-plugin", target)
    method = committed["method"]
    measured = bench_run.measure(ROOT / target, op, method["reps"], method["base"])
    entry = committed["results"][VARIANT][set_name][op]
    assert (measured.instructions, measured.digest) == (entry["instructions"], entry["digest"]), \
        "bench/results.json is stale: run make bench"
