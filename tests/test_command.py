"""Tests of the snova command's guards and guidance (cli/, docs/libsnova.md):

* outputs: a new file only; an existing regular file only with --force; never a
  symlink, a FIFO, a device node, an input of the same command (same device and
  inode, under any name, standard output included) or the other key file; a
  250-character output name;
* inputs: signature and key files read with a cap (the instance's size), in
  blocks: an endless signature or key file is refused at once;
* key headers: exactly one canonical line; user text in messages escaped;
* standard output: every write checked (/dev/full);
* guidance: --version, -h/--help, COMMAND --help, official names for --set,
  keygen of a broken or withdrawn set only with --allow-insecure, the recommended
  set of each level in `snova list`, no signature written to a terminal unless
  --out - says so.
"""
import os
import pty
import re
import stat
import subprocess

import pytest

from tests.snova_harness import BUILD, ROOT, make
from tests.test_libsnova import Snova


@pytest.fixture(scope="session")
def snova_exe():
    make("lib")
    return BUILD / "lib" / "host" / "snova"


@pytest.fixture
def keys(snova_exe, tmp_path):
    """A snova-r3-i-s key pair a.pk / a.sk, a message m and its signature a.sig in tmp_path."""
    snova = Snova(snova_exe, tmp_path)
    assert snova("keygen", "--set", "snova-r3-i-s", "--pk", "a.pk", "--sk", "a.sk").returncode == 0
    (tmp_path / "m").write_bytes(b"message")
    assert snova("sign", "--sk", "a.sk", "--in", "m", "--out", "a.sig").returncode == 0
    return snova


def one_error(r, status, fragment):
    err = r.stderr.decode()
    assert r.returncode == status and err.count("\n") == 1 and err.startswith("snova: ") and fragment in err, \
        (r.returncode, err)


def listing(d):
    """Every name in d with its kind and, for regular files, its bytes (symlinks not followed)."""
    out = {}
    for p in d.iterdir():
        st = p.lstat()
        out[p.name] = (stat.S_IFMT(st.st_mode), p.read_bytes() if stat.S_ISREG(st.st_mode) else os.readlink(p)
                       if stat.S_ISLNK(st.st_mode) else st.st_rdev)
    return out


def verifies(snova, sig, pk="a.pk", msg="m"):
    return snova("verify", "--pk", pk, "--sig", sig, "--in", msg).returncode == 0


# --------------------------------------------------------------------------
# outputs


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_sign_never_replaces_its_secret_key(keys, force):
    """The reproduction of issue 34: `sign --sk a.sk --out a.sk` replaced the key."""
    d = keys.cwd
    os.link(d / "a.sk", d / "hard.sk")
    os.symlink("a.sk", d / "via-link.sk")
    before = listing(d)
    for sk, out in (("a.sk", "a.sk"), ("a.sk", "./a.sk"), ("a.sk", "hard.sk"), ("via-link.sk", "a.sk")):
        one_error(keys("sign", "--sk", sk, "--in", "m", "--out", out, *force), 2, "input")
    assert listing(d) == before


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_sign_never_replaces_its_message(keys, force):
    d = keys.cwd
    before = listing(d)
    one_error(keys("sign", "--sk", "a.sk", "--in", "m", "--out", "m", *force), 2, "input")
    with open(d / "m", "rb") as m:
        r = subprocess.run([*keys.cmd, "sign", "--sk", "a.sk", "--out", "m", *force], cwd=d, stdin=m,
                           capture_output=True)
    one_error(r, 2, "input")
    assert listing(d) == before


def test_standard_output_never_an_input(keys):
    """`snova sign --sk a.sk >> a.sk` would append the signature to the key."""
    d = keys.cwd
    before = listing(d)
    with open(d / "a.sk", "ab") as out:
        r = subprocess.run([*keys.cmd, "sign", "--sk", "a.sk", "--in", "m", "--out", "-"], cwd=d, stdout=out,
                           stderr=subprocess.PIPE)
    one_error(r, 2, "input")
    assert listing(d) == before


def special_files(d):
    """Names of non-regular files in d: symlinks (to standard output, to a file, dangling),
    a FIFO, a character device (the numbers of /dev/full; only root makes one)."""
    (d / "target").write_bytes(b"target")
    os.symlink("/proc/self/fd/1", d / "to-stdout")
    os.symlink("target", d / "to-target")
    os.symlink("nowhere", d / "dangling")
    os.mkfifo(d / "fifo")
    names = ["to-stdout", "to-target", "dangling", "fifo"]
    if os.geteuid() == 0:
        os.mknod(d / "full", 0o666 | stat.S_IFCHR, os.makedev(1, 7))
        names.append("full")
    return names


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_outputs_never_replace_special_files(keys, force):
    d = keys.cwd
    names = special_files(d)
    before = listing(d)
    for name in names:
        r = keys("sign", "--sk", "a.sk", "--in", "m", "--out", name, *force)
        one_error(r, 2, name)
        assert r.stdout == b""
        one_error(keys("keygen", "--set", "snova-r3-i-s", "--pk", name, "--sk", "n.sk", *force), 2, name)
        one_error(keys("keygen", "--set", "snova-r3-i-s", "--pk", "n.pk", "--sk", name, *force), 2, name)
    assert listing(d) == before


def test_existing_file_replaced_only_with_force(keys):
    d = keys.cwd
    (d / "old.sig").write_bytes(b"old")
    before = listing(d)
    one_error(keys("sign", "--sk", "a.sk", "--in", "m", "--out", "old.sig"), 2, "old.sig exists")
    one_error(keys("keygen", "--set", "snova-r3-i-s", "--pk", "a.pk", "--sk", "n.sk"), 2, "a.pk exists")
    assert listing(d) == before
    assert keys("sign", "--sk", "a.sk", "--in", "m", "--out", "old.sig", "--force").returncode == 0
    assert verifies(keys, "old.sig")
    old_pk = (d / "a.pk").read_bytes()
    assert keys("keygen", "--set", "snova-r3-i-b", "--pk", "a.pk", "--sk", "a.sk", "--force").returncode == 0
    assert (d / "a.pk").read_bytes() != old_pk
    assert stat.S_IMODE((d / "a.sk").stat().st_mode) == 0o600
    assert keys("sign", "--sk", "a.sk", "--in", "m", "--out", "b.sig").returncode == 0 and verifies(keys, "b.sig")
    assert sorted(p.name for p in d.iterdir()) == ["a.pk", "a.sig", "a.sk", "b.sig", "m", "old.sig"]


@pytest.mark.parametrize("existing", [False, True])
def test_keygen_refuses_one_file_under_two_names(keys, existing):
    d = keys.cwd
    if existing:
        (d / "k").write_bytes(b"keep")
    before = listing(d)
    one_error(keys("keygen", "--set", "snova-r3-i-s", "--pk", "k", "--sk", "./k", "--force"), 2,
              "--pk k and --sk ./k are one file")
    assert listing(d) == before


def test_long_output_name(keys):
    """The longest legal name (255 bytes here: 250 + .sig) is written; the
    temporary name beside it must fit too."""
    name = "s" * 251 + ".sig"
    assert keys("sign", "--sk", "a.sk", "--in", "m", "--out", name).returncode == 0
    assert verifies(keys, name)
    assert keys("keygen", "--set", "snova-r3-i-s", "--pk", "p" * 252 + ".pk", "--sk", "k" * 252 + ".sk").returncode == 0
    assert sorted(len(p.name) for p in keys.cwd.iterdir()) == [1, 4, 4, 5, 255, 255, 255]


def test_standard_output_by_dash(keys):
    r = keys("sign", "--sk", "a.sk", "--in", "m", "--out", "-")
    assert r.returncode == 0 and len(r.stdout) == 272
    assert keys("verify", "--pk", "a.pk", "--sig", "-", "--in", "m", input=r.stdout).returncode == 0


# --------------------------------------------------------------------------
# inputs


def test_endless_signature_is_refused_at_once(keys):
    r = subprocess.run([*keys.cmd, "verify", "--pk", "a.pk", "--sig", "/dev/zero", "--in", "m"], cwd=keys.cwd,
                       capture_output=True, timeout=20)
    one_error(r, 2, "/dev/zero: a snova-r3-i-s signature has 272 bytes, the file holds more")


def key_use(kind, path):
    """The arguments of a command that reads the key file path of the kind."""
    if kind == "SECRET":
        return ["sign", "--sk", path, "--in", "m"]
    return ["verify", "--pk", path, "--sig", "a.sig", "--in", "m"]


@pytest.mark.parametrize("kind,size", [("SECRET", 96), ("PUBLIC", 1016)])
def test_endless_key_is_refused_at_once(keys, kind, size):
    """/dev/zero (no header line in its first bytes), and a FIFO giving a valid
    header line, then zeros without end."""
    d = keys.cwd
    r = subprocess.run([*keys.cmd, *key_use(kind, "/dev/zero")], cwd=d, capture_output=True, timeout=20)
    one_error(r, 2, "/dev/zero is not a SNOVA key file")
    os.mkfifo(d / "endless")
    p = subprocess.Popen([*keys.cmd, *key_use(kind, "endless")], cwd=d, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    w = os.open(d / "endless", os.O_WRONLY)
    try:
        os.write(w, f"SNOVA-{kind}-KEY snova-r3-i-s\n".encode())
        while True:
            os.write(w, bytes(1 << 16))
    except BrokenPipeError:
        pass
    finally:
        os.close(w)
    out, err = p.communicate(timeout=20)
    one_error(subprocess.CompletedProcess(p.args, p.returncode, out, err), 2,
              f"endless: a snova-r3-i-s {kind.lower()} key has {size} bytes, the file holds more than {size}")


def read_calls(snova, *args):
    """How many read system calls the command makes on files of the working directory."""
    r = subprocess.run(["strace", "-f", "-e", "trace=read,openat", "-o", "trace", *snova.cmd, *args],
                       cwd=snova.cwd, capture_output=True)
    fds, calls = set(), 0
    for line in (snova.cwd / "trace").read_text().splitlines():
        m = re.search(r'openat\(AT_FDCWD, "([^/"]+)".* = (\d+)$', line)
        if m and m.group(1) != "trace":
            fds.add(m.group(2))
        m = re.search(r"read\((\d+),", line)
        calls += bool(m and m.group(1) in fds)
    (snova.cwd / "trace").unlink()
    return calls


def test_inputs_are_read_in_blocks(keys):
    """A key and a signature file take a few reads each (their bytes, then one past
    them), not one per byte: a 1 MiB signature file is refused after its first bytes."""
    (keys.cwd / "long.sig").write_bytes(bytes(1 << 20))
    assert read_calls(keys, "verify", "--pk", "a.pk", "--sig", "a.sig", "--in", "m") <= 8
    assert read_calls(keys, "verify", "--pk", "a.pk", "--sig", "long.sig", "--in", "m") <= 8


# --------------------------------------------------------------------------
# key headers and messages


def key_body(d, name="a.sk"):
    return (d / name).read_bytes().split(b"\n", 1)[1]


@pytest.mark.parametrize("header", [
    b"SNOVA-SECRET-KEY snova-r3-i-s\0GARBAGE\n",
    b"SNOVA-SECRET-KEY  snova-r3-i-s\n",
    b"SNOVA-SECRET-KEY snova-r3-i-s \n",
    b"SNOVA-SECRET-KEY snova-r3-i-s\r\n",
    b"SNOVA-SECRET-KEY\tsnova-r3-i-s\n",
    b"snova-secret-key snova-r3-i-s\n",
    b"SNOVA-SECRET-KEY SNOVA_I_S\n",
    b"SNOVA-SECRET-KEY snova-r3-i-s\nSNOVA-SECRET-KEY snova-r3-i-s\n",
], ids=["nul", "two-spaces", "trailing-space", "crlf", "tab", "lower-case", "official-name", "two-lines"])
def test_key_header_must_be_canonical(keys, header):
    d = keys.cwd
    (d / "odd.sk").write_bytes(header + key_body(d))
    r = keys("sign", "--sk", "odd.sk", "--in", "m", "--out", "n.sig")
    one_error(r, 2, "odd.sk")
    assert not (d / "n.sig").exists()


def printable_line(data):
    """One line of printable ASCII (the terminal interprets nothing in it)."""
    return data.endswith(b"\n") and all(0x20 <= c < 0x7f for c in data[:-1])


def test_messages_escape_user_text(keys):
    d = keys.cwd
    (d / "esc.sk").write_bytes(b"SNOVA-SECRET-KEY \x1b[2J\x1b]0;owned\x07\x9b1m\n" + key_body(d))
    r = keys("sign", "--sk", "esc.sk", "--in", "m")
    one_error(r, 2, "unknown instance '\\x1b[2J\\x1b]0;owned\\x07\\x9b1m'")
    assert printable_line(r.stderr)
    (d / "nul.sk").write_bytes(b"SNOVA-SECRET-KEY snova-r3-i-s\0GARBAGE\n" + key_body(d))
    r = keys("sign", "--sk", "nul.sk", "--in", "m")
    one_error(r, 2, "unknown instance 'snova-r3-i-s\\x00GARBAGE'")
    for args, shown in ((["sign", "--sk", "\x1b[31mred\r", "--in", "m"], "cannot open \\x1b[31mred\\x0d"),
                        (["keygen", "--set", "\x1b[31m", "--pk", "p", "--sk", "s"], "unknown instance '\\x1b[31m'"),
                        (["\x1b[31m"], "unknown command '\\x1b[31m'"), (["list", "\x07"], "unknown option '\\x07'")):
        r = keys(*args)
        one_error(r, 2, shown)
        assert printable_line(r.stderr)


# --------------------------------------------------------------------------
# standard output


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["--version"], ["list"], ["sign", "--help"],
                                  ["verify", "--pk", "a.pk", "--sig", "a.sig", "--in", "m"],
                                  ["sign", "--sk", "a.sk", "--in", "m", "--out", "-"]],
                         ids=lambda a: " ".join(a[:2]))
def test_full_standard_output_is_an_error(keys, args):
    with open("/dev/full", "wb") as full:
        r = subprocess.run([*keys.cmd, *args], cwd=keys.cwd, stdout=full, stderr=subprocess.PIPE)
    one_error(r, 2, "cannot write standard output")


# --------------------------------------------------------------------------
# guidance


def header_version():
    text = (ROOT / "include" / "snova.h").read_text()
    parts = [re.search(rf"#define SNOVA_VERSION_{p} (\d+)", text).group(1) for p in ("MAJOR", "MINOR", "PATCH")]
    string = re.search(r'#define SNOVA_VERSION_STRING "([^"]+)"', text).group(1)
    assert string == ".".join(parts)
    return string


def test_version(keys):
    r = keys("--version")
    assert (r.returncode, r.stdout, r.stderr) == (0, f"snova {header_version()}\n".encode(), b"")


COMMANDS = ["list", "keygen", "sign", "verify"]


@pytest.mark.parametrize("flag", ["--help", "-h", "help"])
def test_help(keys, flag):
    r = keys(flag)
    text = r.stdout.decode()
    assert r.returncode == 0 and r.stderr == b""
    for c in COMMANDS:
        assert f"snova {c}" in text
    assert "--version" in text and "recommended" in text


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_command_help(keys, command, flag):
    r = keys(command, flag)
    text = r.stdout.decode()
    assert r.returncode == 0 and r.stderr == b"" and text.startswith(f"usage: snova {command}")
    assert text != keys("--help").stdout.decode()
    options = {"list": [], "keygen": ["--set", "--pk", "--sk", "--force", "--allow-insecure"],
               "sign": ["--sk", "--set", "--in", "--out", "--force"], "verify": ["--pk", "--sig", "--set", "--in"]}
    for option in options[command]:
        assert option in text, (command, option)


def key_set(d, name):
    return (d / name).read_bytes().split(b"\n", 1)[0].decode().split(" ", 1)[1]


@pytest.mark.parametrize("name,instance", [
    ("SNOVA_I_S", "snova-r3-i-s"), ("snova_i_s", "snova-r3-i-s"), ("Snova_V_x_Aes", "snova-r3-v-x-aes"),
    ("SNOVA_24_5_4_SHAKE_esk", "snova-r2-24-5-4-shake-esk"), ("snova_24_5_4_shake", "snova-r2-24-5-4-shake"),
    ("snova-r3-i-s", "snova-r3-i-s"), ("SNOVA-R3-III-B", "snova-r3-iii-b"),
    ("SNOVA_24_5_4_esk", "snova-r2-24-5-4-esk"), ("snova_56_25_2", "snova-r2-56-25-2"),
])
def test_set_takes_official_names(keys, name, instance):
    d = keys.cwd
    r = keys("keygen", "--set", name, "--pk", "n.pk", "--sk", "n.sk", "--allow-insecure")
    assert r.returncode == 0, r.stderr
    assert key_set(d, "n.pk") == key_set(d, "n.sk") == instance


def test_set_official_name_of_several_instances(keys):
    """SNOVA_24_5_4 is Round 1's esk and ssk forms and Round 2's instance: the message names them."""
    r = keys("keygen", "--set", "SNOVA_24_5_4", "--pk", "n.pk", "--sk", "n.sk")
    one_error(r, 2, "'SNOVA_24_5_4' names snova-24-5-16-4-esk, snova-24-5-16-4-ssk, snova-r2-24-5-4")
    assert not (keys.cwd / "n.pk").exists()


def test_set_checks_the_key_by_any_name(keys):
    for name in ("SNOVA_I_S", "snova_i_s", "snova-r3-i-s"):
        assert keys("sign", "--sk", "a.sk", "--set", name, "--in", "m", "--out", "-").returncode == 0
        assert keys("verify", "--pk", "a.pk", "--set", name, "--sig", "a.sig", "--in", "m").returncode == 0
    one_error(keys("sign", "--sk", "a.sk", "--set", "SNOVA_I_S_AES", "--in", "m"), 2,
              "a.sk is a key of snova-r3-i-s, not of snova-r3-i-s-aes")


@pytest.mark.parametrize("instance,status", [("snova-r2-24-5-5", "broken"), ("snova-28-17-16-2-ssk", "withdrawn")])
def test_keygen_of_insecure_set_needs_allow_insecure(keys, instance, status):
    d = keys.cwd
    r = keys("keygen", "--set", instance, "--pk", "n.pk", "--sk", "n.sk")
    one_error(r, 2, f"{instance} is {status}")
    assert "--allow-insecure" in r.stderr.decode()
    assert not (d / "n.pk").exists() and not (d / "n.sk").exists()
    r = keys("keygen", "--set", instance, "--pk", "n.pk", "--sk", "n.sk", "--allow-insecure")
    assert r.returncode == 0 and key_set(d, "n.sk") == instance


def list_rows(snova):
    r = snova("list")
    assert r.returncode == 0
    return [line.split() for line in r.stdout.decode().splitlines()[1:]]


def test_list_recommends_one_set_per_level(keys):
    """The recommended set of each level: of Round 3's standing sets, the smallest
    public key plus signature, SHAKE before AES."""
    rows = list_rows(keys)
    marked = {r[0]: r[7:] for r in rows if len(r) > 7}
    assert marked == {"snova-r3-i-k": ["recommended", "(level", "I)"],
                      "snova-r3-iii-k": ["recommended", "(level", "III)"],
                      "snova-r3-v-k": ["recommended", "(level", "V)"]}
    best = {}
    for r in rows:
        if r[1] == "3" and r[6] == "stands":
            level = r[2].split("_")[1]
            cost = int(r[3]) + int(r[5])
            if level not in best or cost < best[level][0]:
                best[level] = (cost, r[0])
    assert sorted(name for _, name in best.values()) == sorted(marked)
    assert "smallest" in keys("list", "--help").stdout.decode()


def test_signature_never_written_to_a_terminal(keys):
    d = keys.cwd
    for out, status in (([], 2), (["--out", "-"], 0)):
        master, slave = pty.openpty()
        try:
            r = subprocess.run([*keys.cmd, "sign", "--sk", "a.sk", "--in", "m", *out], cwd=d, stdout=slave,
                               stderr=subprocess.PIPE)
        finally:
            os.close(slave)
            os.close(master)
        assert r.returncode == status, r.stderr
        if status:
            one_error(r, 2, "terminal")
