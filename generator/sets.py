"""The SNOVA parameter sets (generator/sets.yaml): loaded, every row checked, and
what follows from a row's parameters: its sizes, its id, its compiler
definitions. A malformed file is a SetsError whose message names the row and
what is wrong with it."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

SETS_FILE = Path(__file__).parent / "sets.yaml"
SOURCE = "generator/sets.yaml"    # how generated files name it

LEVELS = ("I", "III", "V")
STATUSES = ("recommended", "stands", "withdrawn", "broken")
EXPANSIONS = ("shake", "aes")
KEYS = ("expanded", "seed")
# the parameters only Round 3 has; Rounds 1 and 2 have square blocks (r = l) and m1 = o
RECTANGULAR = ("r", "m1")
REQUIRED = ("round", "name", "official", "v", "o", "l", "expansion", "key", "level", "status", "kat")

# bytes every round shares (c_glue/core/params.h)
PK_SEED_BYTES = 16
SEED_BYTES = 48
SALT_BYTES = 16
PK_HASH_BYTES = 48    # the public key's hash a Round 3 secret key carries for l > 2


class SetsError(Exception):
    """generator/sets.yaml is malformed; the message says where and how."""


@dataclass(frozen=True)
class SnovaSet:
    round: int
    name: str
    official: str
    v: int
    o: int
    l: int
    r: int
    m1: int
    expansion: str
    key: str
    level: str
    status: str
    reason: str | None
    reason_text: str | None
    kat: str
    core: str

    @property
    def id(self) -> str:
        """The C identifier of the set: SNOVA_ID_<id>, <id>_crypto_sign_*."""
        return self.name.replace("-", "_")

    @property
    def shape(self) -> tuple[int, int, int]:
        """(round, l, r): what the kernel table of a set depends on."""
        return self.round, self.l, self.r

    @property
    def stands(self) -> bool:
        return self.status in ("recommended", "stands")

    @property
    def pk_bytes(self) -> int:
        return PK_SEED_BYTES + nibble_bytes(self.m1 * self.o * self.o * self.l * self.l)

    @property
    def sig_bytes(self) -> int:
        """With its salt."""
        return nibble_bytes((self.v + self.o) * self.l * self.r) + SALT_BYTES

    @property
    def sk_bytes(self) -> int:
        if self.key == "seed":
            return SEED_BYTES + (PK_HASH_BYTES if self.round == 3 and self.l > 2 else 0)
        # A, B, Q1, Q2 of every term, T12, F11, F12, F21, then both seeds (c_glue/core/params_square.h)
        terms = self.l * self.l if self.round == 1 else self.o * (self.l * self.l + self.l)
        v, o = self.v, self.o
        return self.l * self.l * (4 * terms + v * o + o * v * v + 2 * o * v * o) // 2 + SEED_BYTES

    @property
    def definitions(self) -> tuple[str, ...]:
        """The compiler definitions that make the C core this set (c_glue/params_r<round>.h)."""
        aes, expanded = int(self.expansion == "aes"), int(self.key == "expanded")
        if self.round == 1:
            pairs = [("V", self.v), ("O", self.o), ("L", self.l), ("SSK", 1 - expanded)]
        elif self.round == 2:
            pairs = [("ROUND", 2), ("V", self.v), ("O", self.o), ("L", self.l), ("AES", aes), ("ESK", expanded)]
        else:
            pairs = [("ROUND", 3), ("SET", round3_set(self.official, self.expansion)), ("V", self.v),
                     ("O", self.o), ("L", self.l), ("R", self.r), ("M1", self.m1), ("AES", aes)]
        return tuple(f"-DSNOVA_{k}={v}" for k, v in pairs)


def nibble_bytes(nibbles: int) -> int:
    return (nibbles + 1) // 2


def round3_set(official: str, expansion: str) -> str:
    """SNOVA_SET of a Round 3 set: its official name without SNOVA_ and, for the
    AES-expanded twin, _AES (SNOVA_I_K_AES is I_K)."""
    return official.removeprefix("SNOVA_").removesuffix("_AES" if expansion == "aes" else "")


def check_row(row, index: int, rounds: dict, reasons: dict) -> SnovaSet:
    where = f"{SOURCE}: set {index + 1}" + (f" ({row['name']})" if isinstance(row, dict) and "name" in row else "")

    def fail(problem):
        raise SetsError(f"{where}: {problem}")

    if not isinstance(row, dict):
        fail(f"a row is a mapping of {', '.join(REQUIRED)}, not {row!r}")
    if row.get("round") not in rounds:
        fail(f"round {row.get('round')!r} is none of the rounds ({', '.join(map(str, rounds))})")
    rnd = rounds[row["round"]]
    optional = RECTANGULAR if row["round"] == 3 else ()
    needed = REQUIRED + optional
    missing = [k for k in needed if k not in row] + ([] if row.get("status") == "stands" or "reason" in row
                                                     else ["reason"])
    if missing:
        fail(f"missing {', '.join(missing)}")
    unknown = sorted(set(row) - set(needed) - {"reason"})
    if unknown:
        fail(f"unknown {', '.join(unknown)}" + (" (Round 3 only)" if set(unknown) & set(RECTANGULAR) else ""))
    for k in ("v", "o", "l") + optional:
        if type(row[k]) is not int or row[k] < 1:
            fail(f"{k} is {row[k]!r}, not a positive integer")
    if not isinstance(row["name"], str) or not re.fullmatch(r"snova-[a-z0-9]+(-[a-z0-9]+)*", row["name"]):
        fail(f"name {row['name']!r} is not a build name (snova-, then lower-case words joined by -)")
    if not isinstance(row["official"], str) or not re.fullmatch(r"SNOVA_[A-Za-z0-9]+(_[A-Za-z0-9]+)*",
                                                                row["official"]):
        fail(f"official {row['official']!r} is not an official name (SNOVA_, then words joined by _)")
    for k, allowed in (("expansion", rnd["expansions"]), ("key", rnd["keys"]), ("level", LEVELS),
                       ("status", STATUSES)):
        if row[k] not in allowed:
            fail(f"{k} {row[k]!r} is none of {', '.join(map(str, allowed))}"
                 + (f" (what Round {row['round']} has)" if k in ("expansion", "key") else ""))
    reason = row.get("reason")
    if row["status"] == "stands" and reason is not None:
        fail(f"a set that stands takes no reason (reason {reason!r})")
    if reason is not None and reason not in reasons:
        fail(f"reason {reason!r} is none of the reasons ({', '.join(reasons)})")
    if not isinstance(row["kat"], str) or not re.fullmatch(r"[a-z0-9-]+/[A-Za-z0-9_-]+\.jsonl", row["kat"]):
        fail(f"kat {row['kat']!r} is not <directory>/<file>.jsonl below ../shared")
    if row["round"] == 3 and round3_set(row["official"], row["expansion"]).endswith("_AES"):
        fail(f"official {row['official']!r} ends with _AES but the expansion is {row['expansion']}")
    if row["round"] == 3 and row["expansion"] == "aes" and not row["official"].endswith("_AES"):
        fail(f"official {row['official']!r} of an AES-expanded Round 3 set ends with _AES")
    return SnovaSet(round=row["round"], name=row["name"], official=row["official"], v=row["v"], o=row["o"],
                    l=row["l"], r=row.get("r", row["l"]), m1=row.get("m1", row["o"]), expansion=row["expansion"],
                    key=row["key"], level=row["level"], status=row["status"], reason=reason,
                    reason_text=reasons.get(reason), kat=row["kat"], core=rnd["core"])


def check_unique(sets: list[SnovaSet]):
    for what, key in (("name", lambda s: s.name), ("kat", lambda s: s.kat)):
        seen = {}
        for s in sets:
            if key(s) in seen:
                raise SetsError(f"{SOURCE}: {seen[key(s)]} and {s.name} have the same {what}")
            seen[key(s)] = s.name


def parse(text: str) -> tuple[SnovaSet, ...]:
    """Every set of a sets file's text, checked."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise SetsError(f"{SOURCE}: not YAML: {' '.join(str(e).split())}") from None
    if not isinstance(data, dict) or sorted(data) != ["reasons", "rounds", "sets"]:
        raise SetsError(f"{SOURCE}: the file maps rounds, reasons and sets")
    rounds, reasons, rows = data["rounds"], data["reasons"], data["sets"]
    for rnd, shared in (rounds or {}).items() if isinstance(rounds, dict) else ():
        if not isinstance(shared, dict) or sorted(shared) != ["core", "expansions", "keys"]:
            raise SetsError(f"{SOURCE}: round {rnd} maps core, expansions and keys")
    if not isinstance(rounds, dict) or not rounds or not isinstance(reasons, dict):
        raise SetsError(f"{SOURCE}: rounds and reasons are mappings")
    if not isinstance(rows, list) or not rows:
        raise SetsError(f"{SOURCE}: sets is a list of rows")
    sets = [check_row(row, i, rounds, reasons) for i, row in enumerate(rows)]
    check_unique(sets)
    return tuple(sets)


@lru_cache(maxsize=None)
def load(path: Path = SETS_FILE) -> tuple[SnovaSet, ...]:
    """Every set of generator/sets.yaml (or path), in the library's order."""
    return parse(Path(path).read_text())


def by_name() -> dict[str, SnovaSet]:
    return {s.name: s for s in load()}
