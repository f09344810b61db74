"""The coefficient block of SNOVA's signing system, for one equation i and one
oil index c: with r = (ra, rb) and v = (ve, vf) ranging over the l·l entries of
an l×l matrix,

    coef[r][v] = Σ_a  lx_a[ra][ve]·B_a[vf][rb]  ⊕  A_a[ra][vf]·rx_a[ve][rb]

for a = 0 .. l²-1, where lx_a, rx_a are the left and right factors the signer
computed for a, and A_a, B_a the public matrices. The reference evaluates this
with 2·l⁶ scalar products; here every product of the sum is formed 16 at a
time: the l⁴ entries of coef are cut into 16-byte chunks, and for each chunk
TBL gathers the left and right factor of each term (index vectors from a
literal pool), PMUL multiplies, EOR accumulates. Sums stay unreduced (at most
7 bits) across all a and are reduced once. Chunks are handled a few at a time
so their accumulators and index vectors fit the register file; the inputs are
reloaded for each group. Constant time: no address or branch depends on data.
"""
from __future__ import annotations

from .gf16 import load_matrix, reduce_mod_poly

CHUNK = 16
# Chunks per pass: accumulators + 4 index vectors per chunk + the four matrices
# of one a and their gathered factors must fit in 32 vector registers.
CHUNKS_PER_PASS = 4


def gather_indices(rank):
    """Per chunk of coef, the four TBL index vectors (lx, B, A, rx) that gather the
    factors of each entry's two terms; lanes past the end select nothing (0xff)."""
    lsq = rank * rank
    n = lsq * lsq
    chunks = []
    for start in range(0, n, CHUNK):
        cols = {"lx": [], "B": [], "A": [], "rx": []}
        for e in range(start, min(start + CHUNK, n)):
            r, v = divmod(e, lsq)
            ra, rb = divmod(r, rank)
            ve, vf = divmod(v, rank)
            cols["lx"].append(ra * rank + ve)
            cols["B"].append(vf * rank + rb)
            cols["A"].append(ra * rank + vf)
            cols["rx"].append(ve * rank + rb)
        chunks.append([bytes(cols[k]).ljust(CHUNK, b"\xff") for k in ("lx", "B", "A", "rx")])
    return chunks


def store_chunk(b, vec, ptr, offset, count):
    """Stores the first `count` bytes of vec (16, or the 1-byte tail of rank 3)."""
    if count == CHUNK:
        b.store("q", vec, ptr, offset)
    elif count == 1:
        b.store_byte(b.umov(vec, "b", 0), ptr, offset)
    else:
        raise ValueError(f"no store shape for {count} bytes")


def describe_linsys_coeffs(b, rank):
    coef_ptr, lx_ptr, bm_ptr, am_ptr, rx_ptr = b.params
    lsq = rank * rank
    n = lsq * lsq
    chunks = gather_indices(rank)
    for first in range(0, len(chunks), CHUNKS_PER_PASS):
        group = range(first, min(first + CHUNKS_PER_PASS, len(chunks)))
        index = {k: [b.load_literal("q", b.constant(f"gather{k}_{m}", chunks[k][m])) for m in range(4)]
                 for k in group}
        acc = {}
        for a in range(lsq):
            lx, bm, am, rx = (load_matrix(b, p, rank, a * lsq) for p in (lx_ptr, bm_ptr, am_ptr, rx_ptr))
            for k in group:
                ilx, ib, ia, irx = index[k]
                term = b.eor(b.pmul(b.tbl(lx, ilx), b.tbl(bm, ib)), b.pmul(b.tbl(am, ia), b.tbl(rx, irx)))
                acc[k] = b.eor(acc[k], term) if k in acc else term
        for k in group:
            store_chunk(b, reduce_mod_poly(b, acc[k], "16b"), coef_ptr, k * CHUNK, min(CHUNK, n - k * CHUNK))
    b.ret()
