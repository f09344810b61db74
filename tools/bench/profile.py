"""Profile: what the insncount plugin wrote, as Python objects.

A profile is a list of executed blocks (start address, execution count,
instruction words) and the total executed instructions, which equals
sum(execs * len(words)) by construction of the plugin.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

Words = tuple[int, ...]  # a block's 32-bit instruction encodings, in order


@dataclass(frozen=True)
class Block:
    vaddr: int
    execs: int              # may be negative in a difference of profiles
    words: tuple[int, ...]  # 32-bit instruction encodings, in order

    @property
    def n(self) -> int:
        return len(self.words)

    @property
    def key(self) -> tuple[int, tuple[int, ...]]:
        """Identity of a block: the plugin merges retranslations by it."""
        return (self.vaddr, self.words)

    @property
    def insns(self) -> int:
        """Instructions this block executed in total."""
        return self.execs * self.n


@dataclass
class Profile:
    total: int
    blocks: list[Block] = field(default_factory=list)

    def __sub__(self, other: Profile) -> Profile:
        """Block-wise difference of execution counts (blocks at 0 dropped)."""
        execs: dict = {}
        for b in self.blocks:
            execs[b.key] = execs.get(b.key, 0) + b.execs
        for b in other.blocks:
            execs[b.key] = execs.get(b.key, 0) - b.execs
        blocks = [Block(v, e, w) for (v, w), e in sorted(execs.items()) if e]
        return Profile(self.total - other.total, blocks)

    def dumps(self) -> str:
        lines = ["# insncount 1: vaddr executions instructions words...",
                 f"total {self.total}", f"blocks {len(self.blocks)}"]
        for b in self.blocks:
            lines.append(" ".join([hex(b.vaddr), str(b.execs), str(b.n)]
                                  + [f"{w:08x}" for w in b.words]))
        return "\n".join(lines) + "\n"


def parse(text: str) -> Profile:
    """Parse the plugin's output format (see insncount.c) and check it."""
    total = nblocks = None
    blocks = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        f = line.split()
        if f[0] == "total":
            total = int(f[1])
        elif f[0] == "blocks":
            nblocks = int(f[1])
        else:
            n = int(f[2])
            words = tuple(int(w, 16) for w in f[3:])
            if len(words) != n:
                raise ValueError(f"block line has {len(words)} words, says {n}: {line}")
            blocks.append(Block(int(f[0], 16), int(f[1]), words))
    if total is None or nblocks != len(blocks):
        raise ValueError("truncated insncount output")
    if total != sum(b.insns for b in blocks):
        raise ValueError("insncount total does not match its blocks")
    return Profile(total, blocks)


def load(path: str | Path) -> Profile:
    return parse(Path(path).read_text())


def hot_blocks(profile: Profile, coverage: float) -> tuple[list[Block], list[Block]]:
    """Split blocks into (hot, cold): the fewest blocks, largest first, whose
    executed instructions reach `coverage` of all executed instructions.
    Ranked by magnitude so that differences of profiles work too."""
    ranked = sorted(profile.blocks, key=lambda b: (-abs(b.insns), b.key))
    need = coverage * sum(abs(b.insns) for b in ranked)
    covered = 0
    for i, b in enumerate(ranked):
        if covered >= need:
            return ranked[:i], ranked[i:]
        covered += abs(b.insns)
    return ranked, []


PAGE = 4096
# AArch64 encodings that end a basic block: (mask, value) of B/BL, B.cond,
# CBZ/CBNZ, TBZ/TBNZ, and BR/BLR/RET and the other unconditional register branches.
BRANCHES = ((0x7C000000, 0x14000000), (0xFF000010, 0x54000000), (0x7E000000, 0x34000000),
            (0x7E000000, 0x36000000), (0xFE000000, 0xD6000000))


def is_branch(word: int) -> bool:
    return any(word & mask == value for mask, value in BRANCHES)


def join_page_splits(profile: Profile) -> Profile:
    """The profile with the basic blocks that qemu cut at a page boundary made
    whole again. qemu ends a translation block where a page ends, so a loop whose
    body crosses a 4 KiB boundary is profiled as two blocks; llvm-mca would then
    run each half back to back on its own, and the estimate would move with code
    layout alone. Each block that falls through into a block starting on a page
    boundary (it ends right before it, not in a branch) is joined to it, with its
    own execution count; the block at the boundary keeps the executions that no
    such predecessor accounts for (entered by a branch). The total is unchanged."""
    starts = Counter(b.vaddr for b in profile.blocks)
    at_page = {b.vaddr: b for b in profile.blocks if b.vaddr % PAGE == 0 and starts[b.vaddr] == 1}

    def continuation(b):
        nxt = at_page.get(b.vaddr + 4 * b.n)
        return nxt if nxt is not None and nxt is not b and not is_branch(b.words[-1]) else None

    follows = {id(b): continuation(b) for b in profile.blocks}
    entered = Counter()
    for b in profile.blocks:
        if follows[id(b)] is not None:
            entered[follows[id(b)].vaddr] += b.execs
    blocks = []
    for b in profile.blocks:
        nxt = follows[id(b)]
        if nxt is not None:
            b = Block(b.vaddr, b.execs, b.words + nxt.words)
        elif at_page.get(b.vaddr) is b:
            b = Block(b.vaddr, b.execs - entered[b.vaddr], b.words)
        if b.execs:
            blocks.append(b)
    return Profile(profile.total, blocks)
