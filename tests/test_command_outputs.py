"""The snova command's outputs whole or not at all, and its standard descriptors
(cli/outputs.h, cli/stdfds.h, docs/libsnova.md), each reproduction of issue 47
run as the issue describes it, through the command the other tests run:

* D1: `keygen --force` with an fsync, a link or a rename failing at each call in
  turn (an LD_PRELOAD shim, tests/harness/fault_shim.c) leaves the old pair
  whole; the key file replaced by another process meanwhile (the shim renames a
  file over it between two calls) is left as that process made it, and the
  other key of the old pair is whole;
* D2: several-message sign refuses two names of one output (the same name, a
  ./ spelling, a hard link, a symlinked directory, a symlink) before anything is
  written; a failure at any fsync, link or rename leaves every output as it was;
  killed at any of those calls, each output is whole or absent and a replaced
  file's old content is still on disk;
* D3: standard output is written only once every file output is in place; a
  failed write there undoes the files;
* D4: a closed standard input or output that the command would use is an error
  (exit 2), never an empty message or a file landing on descriptor 0 or 1; one
  it does not use changes nothing;
* D8: several-message sign under a key that cannot sign says so.
"""
import os
import subprocess

import pytest

from tests.test_command import keys, listing, one_error, snova_exe, verifies  # noqa: F401 (fixtures)

SHIM_SOURCE = "tests/harness/fault_shim.c"


@pytest.fixture(scope="session")
def shim(tmp_path_factory):
    from tests.snova_harness import ROOT
    out = tmp_path_factory.mktemp("shim") / "fault_shim.so"
    subprocess.run(["cc", "-O1", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", str(ROOT / SHIM_SOURCE), "-o",
                    str(out), "-ldl"], check=True)
    return out


def faulty(snova, shim, fault, *args, swap=None):
    """The command under the shim with SNOVA_FAULT=fault (and SNOVA_FAULT_SWAP=swap)."""
    env = dict(os.environ, LD_PRELOAD=str(shim), SNOVA_FAULT=fault)
    if swap:
        env["SNOVA_FAULT_SWAP"] = swap
    return subprocess.run([*snova.cmd, *args], cwd=snova.cwd, env=env, capture_output=True, timeout=600)


def leftovers(d):
    return sorted(p.name for p in d.iterdir() if p.name.startswith(".snova-"))


KEYGEN = ("keygen", "--set", "snova-r3-i-s", "--pk", "k.pk", "--sk", "k.sk", "--force")


def pair_works(snova, pk="k.pk", sk="k.sk"):
    return snova("sign", "--sk", sk, "--in", "m", "--out", "check.sig", "--force").returncode == 0 and \
        verifies(snova, "check.sig", pk=pk)


# --------------------------------------------------------------------------
# D1


@pytest.mark.parametrize("call", ["fsync", "link", "rename"])
def test_keygen_force_never_loses_a_key(keys, shim, call):
    """The reproduction: the new secret key renamed over the old one, then the
    public key's commit failing, left the old public key and no old secret key."""
    d = keys.cwd
    assert keys(*KEYGEN).returncode == 0
    before = listing(d)
    failed = 0
    for n in range(1, 10):
        r = faulty(keys, shim, f"{call}:{n}:fail", *KEYGEN)
        if r.returncode == 0:
            break
        one_error(r, 2, "k.")
        assert listing(d) == before, (call, n)
        failed += 1
    assert failed >= 2 and r.returncode == 0, (call, failed)
    assert listing(d)["k.pk"] != before["k.pk"] and listing(d)["k.sk"] != before["k.sk"]
    assert pair_works(keys) and leftovers(d) == []


# the points before the first move into place (a rename over the name made
# after its last check wins over the other process, as any rename would)
@pytest.mark.parametrize("at", ["fsync:1", "fsync:2", "link:1", "link:2"])
@pytest.mark.parametrize("replaced", ["k.pk", "k.sk"])
def test_keygen_force_key_replaced_meanwhile(keys, shim, at, replaced):
    """The reproduction: another process replacing k.pk while keygen writes."""
    d = keys.cwd
    assert keys(*KEYGEN).returncode == 0
    before = listing(d)
    (d / "theirs").write_bytes(b"another process's file")
    r = faulty(keys, shim, f"{at}:swap", *KEYGEN, swap=f"theirs:{replaced}")
    one_error(r, 2, f"{replaced} changed while being written; not replaced")
    after = listing(d)
    assert after[replaced][1] == b"another process's file"
    other = "k.sk" if replaced == "k.pk" else "k.pk"
    assert after[other] == before[other] and leftovers(d) == []


# --------------------------------------------------------------------------
# D2, D3


def sign_many(snova, outs, force=(), **kw):
    args = ["sign", "--sk", "a.sk"]
    for k, out in enumerate(outs):
        (snova.cwd / f"m{k}").write_bytes(b"message %d" % k)
        args += ["--in", f"m{k}", "--out", out]
    return [*args, *force]


@pytest.mark.parametrize("outs,force,message", [
    (["a.sig", "./a.sig"], [], "a.sig exists"),
    (["n.sig", "./n.sig"], [], "--out n.sig and --out ./n.sig are one file"),
    (["a.sig", "./a.sig"], ["--force"], "--out a.sig and --out ./a.sig are one file"),
    (["a.sig", "hard.sig"], ["--force"], "--out a.sig and --out hard.sig are one file"),
    (["sub/n.sig", "alias/n.sig"], [], "--out sub/n.sig and --out alias/n.sig are one file"),
    (["n.sig", "n.sig"], [], "--out n.sig given twice"),
    (["-", "-"], [], "--out - given twice"),
    (["a.sig", "to-a.sig"], ["--force"], "to-a.sig is not a regular file"),
    (["n.sig", "a.sig"], [], "a.sig exists"),
], ids=["dot-existing", "dot-new", "dot-force", "hard-link", "symlinked-dir", "twice", "stdout-twice", "symlink",
        "one-refused"])
def test_several_outputs_checked_before_anything_is_written(keys, outs, force, message):
    """The reproductions: `--out a.sig --out ./a.sig` left a.sig; with --force,
    `--out b.sig --out ./b.sig` replaced b.sig; hard-linked outputs passed."""
    d = keys.cwd
    os.link(d / "a.sig", d / "hard.sig")
    os.symlink("a.sig", d / "to-a.sig")
    (d / "sub").mkdir()
    os.symlink("sub", d / "alias")
    args = sign_many(keys, outs, force)
    before = listing(d)
    r = keys(*args)
    one_error(r, 2, message)
    assert r.stdout == b"" and listing(d) == before and listing(d / "sub") == {}


def outputs_case(snova):
    """Three outputs: two new names and, with --force, an existing file."""
    d = snova.cwd
    (d / "old.sig").write_bytes(b"old content")
    return sign_many(snova, ["n1.sig", "n2.sig", "old.sig"], ["--force"])


@pytest.mark.parametrize("call", ["fsync", "link", "rename"])
def test_several_outputs_all_or_nothing(keys, shim, call):
    d = keys.cwd
    args = outputs_case(keys)
    before = listing(d)
    for n in range(1, 12):
        r = faulty(keys, shim, f"{call}:{n}:fail", *args)
        if r.returncode == 0:
            break
        one_error(r, 2, ".sig")
        assert listing(d) == before, (call, n)
    assert r.returncode == 0 and n > 1
    assert all(verifies(keys, f"{name}.sig", msg=f"m{k}") for k, name in enumerate(["n1", "n2", "old"]))
    assert leftovers(d) == []


@pytest.mark.parametrize("call", ["fsync", "link", "rename"])
def test_several_outputs_killed_between_commits(keys, shim, call):
    """Killed at each call in turn: every output whole (verifies) or as it was
    (absent, or the old content), and the old content of a replaced file still
    on disk (under its name or its .snova- backup)."""
    d = keys.cwd
    args = outputs_case(keys)
    for n in range(1, 12):
        for p in list(d.iterdir()):
            if p.name.startswith(".snova-") or p.name in ("n1.sig", "n2.sig"):
                p.unlink()
        (d / "old.sig").write_bytes(b"old content")
        r = faulty(keys, shim, f"{call}:{n}:kill", *args)
        if r.returncode == 0:
            break
        assert r.returncode == -9, r.stderr
        for k, name in enumerate(["n1.sig", "n2.sig", "old.sig"]):
            if (d / name).exists() and (d / name).read_bytes() != b"old content":
                assert verifies(keys, name, msg=f"m{k}"), (call, n, name)
        assert b"old content" in [(d / p).read_bytes() for p in ["old.sig", *leftovers(d)]], (call, n)
    assert r.returncode == 0 and n > 1


def test_standard_output_written_only_when_every_file_is_in_place(keys, shim):
    """The reproduction: `--out -` wrote the signature before a later output was
    opened, then the command failed."""
    d = keys.cwd
    (d / "taken.sig").write_bytes(b"taken")
    args = sign_many(keys, ["-", "n.sig", "taken.sig"])
    before = listing(d)
    r = keys(*args)
    one_error(r, 2, "taken.sig exists")
    assert r.stdout == b"" and listing(d) == before
    for fault in ("fsync:1:fail", "link:1:fail"):
        r = faulty(keys, shim, fault, *sign_many(keys, ["-", "n.sig"]))
        one_error(r, 2, "n.sig")
        assert r.stdout == b"" and not (d / "n.sig").exists()
    r = keys(*sign_many(keys, ["-", "n.sig"]))
    assert r.returncode == 0 and len(r.stdout) == 272 and verifies(keys, "n.sig", msg="m1")


def test_failed_standard_output_undoes_the_files(keys):
    d = keys.cwd
    (d / "n.sig").unlink(missing_ok=True)
    args = sign_many(keys, ["n.sig", "-", "a.sig"], ["--force"])
    before = listing(d)
    with open("/dev/full", "wb") as full:
        r = subprocess.run([*keys.cmd, *args], cwd=d, stdout=full, stderr=subprocess.PIPE)
    one_error(r, 2, "cannot write standard output")
    assert listing(d) == before and leftovers(d) == []


# --------------------------------------------------------------------------
# D4


def closed(snova, redirect, *args):
    """The command with the standard descriptors of redirect closed (bash: <&-, >&-)."""
    return subprocess.run(["bash", "-c", f'exec "$@" {redirect}', "bash", *snova.cmd, *args], cwd=snova.cwd,
                          capture_output=True, timeout=600)


def test_closed_standard_input_is_no_message(keys):
    """The reproduction: under `<&-` the key file opened as descriptor 0 and `-`
    read it at its end, so sign signed the empty message and verify said valid."""
    d = keys.cwd
    (d / "empty").write_bytes(b"")
    assert keys("sign", "--sk", "a.sk", "--in", "empty", "--out", "empty.sig").returncode == 0
    r = closed(keys, "<&-", "sign", "--sk", "a.sk", "--out", "e.sig")
    one_error(r, 2, "standard input is closed")
    assert not (d / "e.sig").exists()
    r = closed(keys, "<&-", "verify", "--pk", "a.pk", "--sig", "empty.sig")
    one_error(r, 2, "standard input is closed")
    assert r.stdout == b""
    one_error(closed(keys, "<&-", "verify", "--pk", "a.pk", "--sig", "-", "--in", "m"), 2,
              "standard input is closed")
    one_error(closed(keys, "<&-", "sign", "--sk", "-", "--in", "m", "--out", "x.sig"), 2, "standard input is closed")


def test_closed_standard_output_is_an_error(keys):
    d = keys.cwd
    before = listing(d)
    one_error(closed(keys, ">&-", "sign", "--sk", "a.sk", "--in", "m", "--out", "-"), 2, "standard output is closed")
    one_error(closed(keys, ">&-", "sign", "--sk", "a.sk", "--in", "m", "--out", "n.sig", "--in", "m", "--out", "-"),
              2, "standard output is closed")
    for args in (["verify", "--pk", "a.pk", "--sig", "a.sig", "--in", "m"], ["list"], ["--version"]):
        one_error(closed(keys, ">&-", *args), 2, "standard output is closed")
    assert listing(d) == before


def test_closed_descriptors_the_command_does_not_use(keys):
    """Files opened with 0, 1 and 2 closed never land there: the outputs are
    whole and nothing goes to a closed descriptor."""
    d = keys.cwd
    r = closed(keys, "<&- >&- 2>&-", "keygen", "--set", "snova-r3-i-s", "--pk", "c.pk", "--sk", "c.sk")
    assert r.returncode == 0
    r = closed(keys, "<&- >&- 2>&-", "sign", "--sk", "c.sk", "--in", "m", "--out", "c.sig")
    assert r.returncode == 0 and verifies(keys, "c.sig", pk="c.pk")
    r = closed(keys, "<&- >&- 2>&-", "sign", "--sk", "nowhere.sk", "--in", "m", "--out", "x.sig")
    assert r.returncode == 2 and not (d / "x.sig").exists()


# --------------------------------------------------------------------------
# D8


def test_several_messages_under_a_key_that_cannot_sign(keys):
    """The reproduction: a key that cannot sign was reported as 'no randomness'."""
    d = keys.cwd
    name = "snova-24-5-16-4-esk"
    (d / "zero.sk").write_bytes(f"SNOVA-SECRET-KEY {name}\n".encode() + bytes(34160))
    for args in (["--in", "m", "--out", "z1.sig", "--in", "m", "--out", "z2.sig"], ["--in", "m", "--out", "z.sig"]):
        r = keys("sign", "--sk", "zero.sk", *args)
        one_error(r, 2, "this secret key cannot sign")
    assert not any((d / n).exists() for n in ("z.sig", "z1.sig", "z2.sig"))
