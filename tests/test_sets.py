"""generator/sets.yaml, the one hand-kept list of the parameter sets
(generator/sets.py checks it, generator/set_lists.py renders from it, gen.py --sets):

* the data: every set's sizes, derived from v, o, l, r, m1 and its key form, are
  those of each of its official known answers in shared/; the recommended sets are
  those the rule picks;
* every file generated from it is current, byte for byte, and gen.py --sets writes
  the same files into an empty directory; make builds exactly the data's sets with
  their compiler definitions (the header, the library's and the command's tables
  and the bench are checked against the data in test_libsnova.py and
  test_bench_tools.py);
* a malformed row is refused with a message that names the row and what is wrong
  with it, and gen.py --sets then writes nothing.
"""
import json
import shutil
import subprocess
import sys

import pytest
import yaml

from generator import set_lists
from generator import sets as set_data
from tests.snova_harness import ROOT, SHARED_DIR

SETS = set_data.load()


@pytest.mark.parametrize("s", SETS, ids=lambda s: s.name)
def test_sizes_are_those_of_the_known_answers(s):
    with open(SHARED_DIR / s.kat) as f:
        vectors = [json.loads(line) for line in f if line.strip()]
    assert vectors
    for v in vectors:
        assert (v["pk_len"], v["sk_len"], v["sm_len"] - v["mlen"]) == (s.pk_bytes, s.sk_bytes, s.sig_bytes)


def test_recommended_sets_are_the_rules():
    """Per level, of the Round 3 sets that stand, the smallest public key plus
    signature; the first in the library's order on a tie (SHAKE before AES)."""
    chosen = set()
    for level in set_data.LEVELS:
        standing = [s for s in SETS if s.round == 3 and s.level == level and s.stands]
        chosen.add(min(standing, key=lambda s: s.pk_bytes + s.sig_bytes).name)
    assert {s.name for s in SETS if s.status == "recommended"} == chosen
    assert len(chosen) == 3


def test_generated_files_are_current():
    for path, text in set_lists.generated_files(ROOT).items():
        assert (ROOT / path).read_text() == text, f"{path} differs from gen.py --sets: run make generate"
        # a Markdown file's regions say it in their opening marker (set_lists.region_pattern)
        assert path.endswith(".md") or f"generated from {set_data.SOURCE}" in text.splitlines()[0], path


def test_gen_sets_writes_the_same_files(tmp_path):
    r = subprocess.run([sys.executable, str(ROOT / "gen.py"), "--sets", str(tmp_path)], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert written == sorted(set_lists.generated_files(ROOT))
    for path in written:
        assert (tmp_path / path).read_bytes() == (ROOT / path).read_bytes(), path


def test_make_builds_the_sets_of_the_data():
    out = subprocess.run(["make", "-s", "--no-print-directory", "snova-params"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    assert out.splitlines() == [" ".join((s.name, *s.definitions)) for s in SETS]


def first_row(data):
    return data["sets"][0]


def row(data, name):
    return next(r for r in data["sets"] if r["name"] == name)


# (what to do to the data, what the message must say)
MALFORMED = {
    "missing-o": (lambda d: first_row(d).pop("o"), "set 1 (snova-24-5-16-4-esk): missing o"),
    "negative-v": (lambda d: first_row(d).update(v=-1), "set 1 (snova-24-5-16-4-esk): v is -1, not a positive"),
    "level": (lambda d: first_row(d).update(level="II"), "level 'II' is none of I, III, V"),
    "r-in-round-1": (lambda d: first_row(d).update(r=4), "unknown r (Round 3 only)"),
    "m1-missing-in-round-3": (lambda d: row(d, "snova-r3-v-x-aes").pop("m1"), "(snova-r3-v-x-aes): missing m1"),
    "broken-without-reason": (lambda d: first_row(d).update(status="broken"), "missing reason"),
    "unknown-reason": (lambda d: row(d, "snova-28-17-16-2-esk").update(reason="folklore"),
                       "reason 'folklore' is none of the reasons"),
    "reason-for-stands": (lambda d: first_row(d).update(reason="wedge-product"), "a set that stands takes no reason"),
    "round-1-shake": (lambda d: first_row(d).update(expansion="shake"),
                      "expansion 'shake' is none of aes (what Round 1 has)"),
    "round": (lambda d: first_row(d).update(round=4), "round 4 is none of the rounds (1, 2, 3)"),
    "same-name": (lambda d: d["sets"][1].update(name="snova-24-5-16-4-esk"),
                  "snova-24-5-16-4-esk and snova-24-5-16-4-esk have the same name"),
    "name": (lambda d: first_row(d).update(name="SNOVA 24"), "name 'SNOVA 24' is not a build name"),
    "aes-without-_AES": (lambda d: row(d, "snova-r3-v-x-aes").update(official="SNOVA_V_X"),
                         "official 'SNOVA_V_X' of an AES-expanded Round 3 set ends with _AES"),
    "kat": (lambda d: first_row(d).update(kat="/etc/passwd"), "kat '/etc/passwd' is not <directory>/<file>.jsonl"),
    "row-not-a-mapping": (lambda d: d["sets"].insert(0, "snova-1-2-3"), "set 1: a row is a mapping"),
}


@pytest.mark.parametrize("plant", MALFORMED, ids=str)
def test_a_malformed_row_is_refused_with_a_clear_message(plant):
    data = yaml.safe_load(set_data.SETS_FILE.read_text())
    change, message = MALFORMED[plant]
    change(data)
    with pytest.raises(set_data.SetsError) as e:
        set_data.parse(yaml.safe_dump(data))
    assert message in str(e.value) and str(e.value).startswith(f"{set_data.SOURCE}: ")


def test_not_yaml_is_refused():
    with pytest.raises(set_data.SetsError, match="not YAML"):
        set_data.parse("sets: [\n")


def test_gen_sets_refuses_a_malformed_file_and_writes_nothing(tmp_path):
    """gen.py --sets on a copy of the generator whose data has a bad row: exit
    status 2, the message on one line, nothing written."""
    shutil.copy(ROOT / "gen.py", tmp_path)
    (tmp_path / "include").mkdir()
    shutil.copy(ROOT / "include" / "snova.h", tmp_path / "include")   # the version (generator/version.py)
    shutil.copytree(ROOT / "generator", tmp_path / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    data = tmp_path / "generator" / "sets.yaml"
    data.write_text(data.read_text().replace("v: 29,", "v: 29.5,", 1))
    r = subprocess.run([sys.executable, str(tmp_path / "gen.py"), "--sets", str(tmp_path / "written")],
                       cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == ("gen.py: error: generator/sets.yaml: set 25 (snova-r2-29-6-5): "
                        "v is 29.5, not a positive integer\n")
    assert not (tmp_path / "written").exists()


def test_a_doc_without_its_region_is_refused():
    with pytest.raises(set_data.SetsError, match="README.md: no region <!-- choice table: generated from generator/sets.yaml -->"):
        set_lists.render_region("# no table here\n", "README.md", "choice", ["| a |"])
