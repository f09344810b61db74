"""Verifier strength (tests/programs/test_verifier.c on the -DSNOVA_TEST_HOOKS build,
every set): a valid signature is rejected once any single element of its target
hash changes, and once one element of P11, P12, P21 or P22 of a public matrix
changes (up to 8 public matrices per set; on one set per round, one element of
every l x l block of the map: 4,205 to 5,120 verifications). Proof the test can
fail: two weakened verifiers (-DSNOVA_PLANT_WEAK_VERIFY: each target matrix compared but its last
element; target matrix 0 only) are caught, on one set per round."""
import pytest

from tests.snova_harness import make, run, run_passing, snova_sets

SETS = snova_sets()
PLANT_SETS = ["snova-24-5-16-4-esk", "snova-r2-24-5-4", "snova-r3-i-s"]


@pytest.fixture(scope="module")
def hooks_build():
    make(*[f"build/host-hooks/{s}/test_verifier" for s in SETS])
    return "host-hooks"


@pytest.mark.parametrize("set_name", SETS)
def test_every_single_change_is_rejected(hooks_build, set_name):
    stdout = run_passing(hooks_build, set_name, "test_verifier")
    assert "ok target hash, every element changed" in stdout


@pytest.mark.parametrize("set_name", PLANT_SETS)
def test_a_change_in_every_public_map_block_is_rejected(hooks_build, set_name):
    stdout = run_passing(hooks_build, set_name, "test_verifier", ["--all-blocks"])
    assert "ok every block of the public map, one element" in stdout


@pytest.mark.parametrize("plant", [1, 2])
@pytest.mark.parametrize("set_name", PLANT_SETS)
def test_weakened_verifier_is_caught(set_name, plant):
    build = f"host-weak-verify{plant}"
    make(f"build/{build}/{set_name}/test_verifier")
    r = run(build, set_name, "test_verifier")
    assert r.returncode == 1 and "FAIL target hash, every element changed" in r.stdout, r.stdout + r.stderr
