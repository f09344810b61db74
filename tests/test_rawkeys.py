"""snova export and snova import (cli/rawkeys.c): raw NIST keys in and out of
the command's key files. The official key pairs of the known answers, made
through the Python binding from the NIST draws (their digests checked against
the KAT files), imported: the official signature verifies with the imported
public key, the imported secret key signs what the raw public key verifies;
export then import gives back the key files; bad raw keys and outputs are
refused with one line and leave nothing behind."""
import stat

import pytest

from tests.python_binding import DIGEST_FIELDS, import_snova, kat_digests, nist_draws
from tests.snova_harness import load_kat, official_name
from tests.test_command import one_error, snova_exe  # noqa: F401  (a fixture)
from tests.test_libsnova import Snova

snova_py = import_snova()
# a Round 3, a Round 2 expanded-key and a Round 1 seed-key set
SETS = ["snova-r3-i-k", "snova-r2-24-5-4-shake-esk", "snova-24-5-16-4-ssk"]


@pytest.fixture
def snova(snova_exe, tmp_path):
    return Snova(snova_exe, tmp_path)


def official_pair(set_name, count=3):
    """The key pair, message and signature of a known-answer vector, raw."""
    inst = snova_py.Instance(set_name)
    vector = load_kat(set_name)[count]
    seed, salt = nist_draws((inst.keypair_seed_bytes, inst.salt_bytes), vector["seed"])
    msg = bytes.fromhex(vector["msg"])
    pk, sk = inst.keygen_from_seed(seed)
    sig = inst.sign_with_salt(sk, msg, salt)
    assert kat_digests(pk, sk, sig + msg) == {k: vector[k] for k in DIGEST_FIELDS}
    return inst, pk, sk, msg, sig


@pytest.mark.parametrize("set_name", SETS)
def test_imported_official_keys_verify_and_sign(snova, tmp_path, set_name):
    inst, pk, sk, msg, sig = official_pair(set_name)
    for name, data in (("raw.pk", pk), ("raw.sk", sk), ("m", msg), ("official.sig", sig)):
        (tmp_path / name).write_bytes(data)
    name = official_name(set_name) if set_name.startswith("snova-r3-") else set_name
    assert snova("import", "--set", name, "--public", "--in", "raw.pk", "--out", "a.pk").returncode == 0
    assert snova("import", "--set", name, "--secret", "--in", "raw.sk", "--out", "a.sk").returncode == 0
    assert (tmp_path / "a.pk").read_bytes() == f"SNOVA-PUBLIC-KEY {set_name}\n".encode() + pk
    assert stat.S_IMODE((tmp_path / "a.sk").stat().st_mode) == 0o600
    r = snova("verify", "--pk", "a.pk", "--sig", "official.sig", "--in", "m")
    assert r.returncode == 0 and r.stdout == b"valid\n", r.stderr
    assert snova("sign", "--sk", "a.sk", "--in", "m", "--out", "ours.sig").returncode == 0
    assert inst.verify(pk, msg, (tmp_path / "ours.sig").read_bytes())


def test_export_then_import_gives_the_key_files_back(snova, tmp_path):
    assert snova("keygen", "--set", "snova-r3-i-s", "--pk", "a.pk", "--sk", "a.sk").returncode == 0
    for kind in ("pk", "sk"):
        assert snova("export", "--in", f"a.{kind}", "--out", f"raw.{kind}").returncode == 0
        flag = "--public" if kind == "pk" else "--secret"
        assert snova("import", "--set", "snova-r3-i-s", flag, "--in", f"raw.{kind}", "--out", f"b.{kind}").returncode == 0
        assert (tmp_path / f"b.{kind}").read_bytes() == (tmp_path / f"a.{kind}").read_bytes()
    assert stat.S_IMODE((tmp_path / "raw.sk").stat().st_mode) == 0o600
    assert len((tmp_path / "raw.pk").read_bytes()) == snova_py.Instance("snova-r3-i-s").public_key_bytes
    (tmp_path / "m").write_bytes(b"message")
    assert snova("sign", "--sk", "a.sk", "--in", "m", "--out", "m.sig").returncode == 0
    assert snova("verify", "--pk", "b.pk", "--sig", "m.sig", "--in", "m").returncode == 0
    assert snova_py.Instance("snova-r3-i-s").verify((tmp_path / "raw.pk").read_bytes(), b"message",
                                                    (tmp_path / "m.sig").read_bytes())


def test_import_from_standard_input(snova, tmp_path):
    _, pk, _, _, _ = official_pair("snova-r3-i-k", 0)
    r = snova("import", "--set", "snova-r3-i-k", "--public", "--in", "-", "--out", "a.pk", input=pk)
    assert r.returncode == 0 and (tmp_path / "a.pk").read_bytes().endswith(pk)


@pytest.mark.parametrize("raw, args, fragment", [
    (b"\0" * 375, ["--set", "snova-r3-i-k", "--public"], "a snova-r3-i-k public key"),
    (b"\0" * 377, ["--set", "snova-r3-i-k", "--public"], "a snova-r3-i-k public key"),
    (b"\0" * 95, ["--set", "SNOVA_I_K", "--secret"], "a snova-r3-i-k secret key"),
    (b"\0" * 376, ["--set", "snova-r3-i-k", "--public", "--secret"], "give one of --public and --secret"),
    (b"\0" * 376, ["--set", "snova-r3-i-k"], "give one of --public and --secret"),
    (b"\0" * 376, ["--public"], "missing --set"),
    (b"\0" * 376, ["--set", "snova-r4-i-k", "--public"], "unknown instance"),
    (b"\xff" * 1579, ["--set", "snova-r2-24-5-5", "--public"], "not a valid snova-r2-24-5-5 public key"),
], ids=["short", "long", "short-secret", "both-kinds", "no-kind", "no-set", "unknown-set", "spare-nibble-set"])
def test_bad_raw_keys_are_refused_and_write_nothing(snova, tmp_path, raw, args, fragment):
    (tmp_path / "raw").write_bytes(raw)
    one_error(snova("import", *args, "--in", "raw", "--out", "a.pk"), 2, fragment)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["raw"]


def test_outputs_follow_keygens_rules(snova, tmp_path):
    assert snova("keygen", "--set", "snova-r3-i-k", "--pk", "a.pk", "--sk", "a.sk").returncode == 0
    (tmp_path / "old").write_bytes(b"old")
    one_error(snova("export", "--in", "a.pk", "--out", "old"), 2, "old")
    assert (tmp_path / "old").read_bytes() == b"old"
    one_error(snova("export", "--in", "a.pk", "--out", "a.pk", "--force"), 2, "a.pk")
    one_error(snova("export", "--in", "a.pk", "--out", "-"), 2, "--out must be a file")
    assert snova("export", "--in", "a.pk", "--out", "old", "--force").returncode == 0
    assert (tmp_path / "old").read_bytes() == (tmp_path / "a.pk").read_bytes().split(b"\n", 1)[1]
    one_error(snova("export", "--in", "old", "--out", "x"), 2, "old is not a SNOVA key file")
    one_error(snova("export", "--in", "a.pk"), 2, "missing --out")
    assert not (tmp_path / "x").exists()


def test_help_names_the_commands(snova):
    out = snova("--help").stdout.decode()
    assert "snova export --in KEYFILE" in out and "snova import --set NAME --public|--secret" in out
    assert snova("import", "--help").stdout.decode().startswith("usage: snova import")
