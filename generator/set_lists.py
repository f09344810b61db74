"""Every file that lists the parameter sets, rendered from generator/sets.yaml
(gen.py --sets): the make fragment, the CMake one, the public header's instance list, the
library's status table, the command's table, and the tables of the docs (a
marked region of a Markdown file, the rest of the file kept)."""
from __future__ import annotations

import re
from pathlib import Path

from . import sets as set_data
from .output import write_files_atomically

CHECKOUT = Path(__file__).resolve().parents[1]

BANNER = f"generated from {set_data.SOURCE} by gen.py --sets (make generate): edit that file, not this one"
ROUND_TITLES = {1: "Round 1", 2: "Round 2 (liboqs's instances)", 3: "Round 3 (NIST Round 3)"}
LIB_STATUS = {"recommended": "SNOVA_STATUS_STANDS", "stands": "SNOVA_STATUS_STANDS",
              "withdrawn": "SNOVA_STATUS_WITHDRAWN", "broken": "SNOVA_STATUS_BROKEN"}
# the status as snova list and snova_status_name show it
SHOWN_STATUS = {"recommended": "stands (recommended)", "stands": "stands", "withdrawn": "**withdrawn**",
                "broken": "**broken**"}
STANDS_MEANING = "no attack known below its claimed level"
# a Round 1 build name's secret-key form
KEY_SUFFIX = re.compile(r"-[es]sk$")


def make_fragment(sets) -> str:
    lines = [f"# {BANNER}.", "# Every parameter set in the library's order (SNOVA_SETS), each with its compiler",
             "# definitions (SNOVA_DEFS.<set>) and its round's core source (SNOVA_CORE.<set>).",
             "SNOVA_SETS := \\", *[f"    {s.name} \\" for s in sets[:-1]], f"    {sets[-1].name}"]
    for s in sets:
        lines += [f"SNOVA_CORE.{s.name} := {s.core}", f"SNOVA_DEFS.{s.name} := {' '.join(s.definitions)}"]
    return "\n".join(lines) + "\n"


def shape_name(s) -> str:
    """The block shape a set's kernel table is compiled for, as c_glue/lib.mk names it."""
    return "r{}-l{}-r{}".format(*s.shape)


def cmake_fragment(sets) -> str:
    """The sets for CMakeLists.txt: the make fragment's lists, each set's block shape,
    and the shapes (sorted, as make's LIB_SHAPES) each with the first of its sets,
    whose definitions compile the shape's kernel table."""
    shapes = {}
    for s in sets:
        shapes.setdefault(shape_name(s), s)
    lines = [f"# {BANNER}.", "# Every parameter set in the library's order (SNOVA_SETS), each with its compiler",
             "# definitions (SNOVA_DEFS.<set>, without -D), its round's core source (SNOVA_CORE.<set>),",
             "# its block shape (SNOVA_SHAPE.<set>) and its known answers below ../shared (SNOVA_KAT.<set>);",
             "# the shapes (SNOVA_SHAPES), each with the set",
             "# whose definitions compile its kernel table (SNOVA_SHAPE_SET.<shape>).",
             "set(SNOVA_SETS", *[f"  {s.name}" for s in sets], ")"]
    for s in sets:
        definitions = " ".join(d.removeprefix("-D") for d in s.definitions)
        lines += [f"set(SNOVA_CORE.{s.name} {s.core})", f"set(SNOVA_DEFS.{s.name} {definitions})",
                  f"set(SNOVA_SHAPE.{s.name} {shape_name(s)})", f"set(SNOVA_KAT.{s.name} {s.kat})"]
    lines += ["set(SNOVA_SHAPES", *[f"  {h}" for h in sorted(shapes)], ")"]
    lines += [f"set(SNOVA_SHAPE_SET.{h} {shapes[h].name})" for h in sorted(shapes)]
    return "\n".join(lines) + "\n"


def by_round(sets):
    return {rnd: [s for s in sets if s.round == rnd] for rnd in sorted({s.round for s in sets})}


def instances_header(sets) -> str:
    rows = []
    for before, s in zip((None, *sets), sets):    # in the file's order: a round's title where it starts
        rows += [f"    /* {ROUND_TITLES[s.round]} */ \\"] if before is None or before.round != s.round else []
        rows.append(f"    X({s.id}) \\")
    rows[-1] = rows[-1].removesuffix(" \\")
    return "\n".join([f"/* {BANNER}.",
                      " * Every instance of libsnova, in the library's order (snova_id): for include/snova.h. */",
                      "#ifndef SNOVA_INSTANCES_H", "#define SNOVA_INSTANCES_H", "",
                      "#define SNOVA_INSTANCES(X) \\", *rows, "", "#endif", ""])


# the NIST security category as snova_instance_level gives it
LIB_LEVEL = {"I": 1, "III": 3, "V": 5}


def lib_status_table(sets) -> str:
    return "\n".join([f"/* {BANNER}.", " * Each instance's status (include/snova.h) and NIST security level by its id,",
                      " * for lib_instance.c. */",
                      *[f"#define SNOVA_LIB_STATUS_{s.id} {LIB_STATUS[s.status]}" for s in sets],
                      *[f"#define SNOVA_LIB_LEVEL_{s.id} {LIB_LEVEL[s.level]}" for s in sets], ""])


def cli_table(sets) -> str:
    return "\n".join([f"/* {BANNER}.", " * Rows of instances.c's table, by snova_id: the NIST security level, and 1 if",
                      " * snova list recommends the instance. */",
                      *[f"[SNOVA_ID_{s.id}] = {{\"{s.level}\", {int(s.status == 'recommended')}}}," for s in sets],
                      ""])


def table(header, rows) -> list[str]:
    """A Markdown table; a header cell ending with ':' is right-aligned (the ':' dropped)."""
    return ["| " + " | ".join(h.removesuffix(":") for h in header) + " |",
            "|" + "|".join("---:" if h.endswith(":") else "---" for h in header) + "|",
            *["| " + " | ".join(map(str, row)) + " |" for row in rows]]


def round1_table(sets) -> list[str]:
    """Round 1: a row per v-o-l, with the secret-key size of each form it has (- for none)."""
    pairs = {}
    for s in sets:
        pairs.setdefault((s.v, s.o, s.l), {})[s.key] = s
    rows = []
    for pair in pairs.values():
        s = next(iter(pair.values()))
        sk = [pair[k].sk_bytes if k in pair else "-" for k in ("expanded", "seed")]
        rows.append([f"`{KEY_SUFFIX.sub('', s.name)}`", s.l, s.pk_bytes, *sk, s.sig_bytes,
                     SHOWN_STATUS[s.status]])
    return table(["set", "l", "pk:", "sk (esk):", "sk (ssk):", "signature:", "status"], rows)


def round2_table(sets) -> list[str]:
    return table(["set", "l", "NIST level", "pk:", "sk:", "signature:", "status"],
                 [[f"`{s.name}`", s.l, s.level, s.pk_bytes, s.sk_bytes, s.sig_bytes, SHOWN_STATUS[s.status]]
                  for s in sets])


def round3_table(sets) -> list[str]:
    """Round 3: a row per set; its -aes twin has the same sizes (the statuses: the
    README's choice table and libsnova.md's status table)."""
    rows = [[f"`{s.name}`", s.official, s.v, s.o, s.l, s.r, s.m1, s.pk_bytes, s.sk_bytes, s.sig_bytes]
            for s in sets if s.expansion == "shake"]
    return table(["set (and `-aes`)", "official name", "v", "o", "l", "r", "m1", "pk:", "sk:", "signature:"], rows)


def choice_table(sets) -> list[str]:
    """Per level, the recommended set and the other Round 3 sets that stand (SHAKE: the
    -aes twins have the same sizes)."""
    rows = []
    for level in set_data.LEVELS:
        at_level = [s for s in sets if s.round == 3 and s.level == level and s.stands and s.expansion == "shake"]
        chosen = [s for s in at_level if s.status == "recommended"]
        for s in chosen:
            others = ", ".join(f"`{o.name.removeprefix('snova-r3')}` {o.pk_bytes} + {o.sig_bytes}"
                               for o in at_level if o is not s)
            rows.append([level, f"`{s.name}`", s.l, f"{s.pk_bytes} + {s.sig_bytes} = {s.pk_bytes + s.sig_bytes}",
                         others])
    return table(["NIST level", "set", "l", "pk + signature (bytes)",
                  "the level's other Round 3 sets (pk + signature)"], rows)


def name_list(names) -> str:
    """Names in a row, each after the first without the prefix it shares with the first
    (`snova-r2-24-5-5`, `-25-8-3`), a Round 1 pair as one (`snova-28-17-16-2-{esk,ssk}`)."""
    shown = []
    for n in names:
        base = KEY_SUFFIX.sub("", n)
        pair = base != n and {f"{base}-esk", f"{base}-ssk"} <= set(names)
        shown.append(f"{base}-{{esk,ssk}}" if pair else n)
    names = list(dict.fromkeys(shown))
    prefix = re.match(r"snova-(r\d+-)?", names[0])[0]
    return ", ".join([f"`{names[0]}`", *(f"`-{n.removeprefix(prefix)}`" for n in names[1:])])


def status_table(sets) -> list[str]:
    rows = [["`stands`", "the others", STANDS_MEANING]]
    for status in ("withdrawn", "broken"):
        members = [s for s in sets if s.status == status]
        for reason in dict.fromkeys(s.reason_text for s in members):
            rows.append([f"`{status}`", name_list([s.name for s in members if s.reason_text == reason]), reason])
    return table(["status", "instances", "why"], rows)


# the generated regions of the docs: (file, region name) -> its lines
def doc_regions(sets):
    rounds = by_round(sets)
    return {("README.md", "choice"): choice_table(sets),
            ("docs/core.md", "round-1"): round1_table(rounds[1]),
            ("docs/core.md", "round-2"): round2_table(rounds[2]),
            ("docs/core.md", "round-3"): round3_table(rounds[3]),
            ("docs/libsnova.md", "status"): status_table(sets)}


def region_pattern(name: str):
    return re.compile(rf"(<!-- {re.escape(name)} table: generated from {re.escape(set_data.SOURCE)} -->\n)(.*?)"
                      r"(<!-- end of table -->\n)", re.S)


def render_region(text: str, path: str, name: str, lines) -> str:
    pattern = region_pattern(name)
    if len(pattern.findall(text)) != 1:
        raise set_data.SetsError(f"{path}: no region <!-- {name} table: generated from {set_data.SOURCE} --> ... "
                                 "<!-- end of table --> (or more than one)")
    return pattern.sub(lambda m: m[1] + "\n".join(lines) + "\n" + m[3], text)


# the generated files, by their path in the checkout
FILES = {"c_glue/snova_sets.mk": make_fragment, "cmake/snova_sets.cmake": cmake_fragment, "include/snova_instances.h": instances_header,
         "c_glue/lib/lib_instance_table.h": lib_status_table, "cli/instance_table.h": cli_table}


def generated_files(root: Path) -> dict[str, str]:
    """{path in the checkout: its text}: every file that lists sets, the docs' from
    their text under root with their regions rendered."""
    sets = set_data.load()
    files = {path: render(sets) for path, render in FILES.items()}
    for (path, name), lines in doc_regions(sets).items():
        files[path] = render_region(files.get(path) or (root / path).read_text(), path, name, lines)
    return files


def write(out_root: Path) -> int:
    """Writes the generated files below out_root, each directory's at once
    (write_files_atomically); the docs' other text comes from the checkout. The
    number of files."""
    files = generated_files(CHECKOUT)
    by_dir = {}
    for path, text in files.items():
        by_dir.setdefault(Path(path).parent, {})[Path(path).name] = text
    for directory, members in sorted(by_dir.items()):
        write_files_atomically(out_root / directory, members)
    return len(files)
