"""Polynomials over GF(2) in algebraic normal form: a polynomial is a
frozenset of monomials, a monomial an int whose set bits are its variables
(0 is the constant monomial 1). Two polynomials are the same function of
their variables exactly when they are the same set, so equality of normal
forms is a proof of equality for every input.

A bit-vector is a tuple of polynomials, bit 0 first."""
from __future__ import annotations

ZERO = frozenset()
ONE = frozenset((0,))


def const(bit: int) -> frozenset:
    return ONE if bit else ZERO


def var(index: int) -> frozenset:
    return frozenset((1 << index,))


def xor(a: frozenset, b: frozenset) -> frozenset:
    return a ^ b


def neg(a: frozenset) -> frozenset:
    return a ^ ONE


def mul(a: frozenset, b: frozenset) -> frozenset:
    if not a or not b:
        return ZERO
    if a == ONE:
        return b
    if b == ONE:
        return a
    out = set()
    for x in a:
        for y in b:
            out ^= {x | y}
    return frozenset(out)


def vec_const(value: int, width: int) -> tuple:
    return tuple(const(value >> i & 1) for i in range(width))


def vec_value(bits) -> int | None:
    """The number a bit-vector of constants holds; None if any bit is not a constant."""
    value = 0
    for i, bit in enumerate(bits):
        if bit == ONE:
            value |= 1 << i
        elif bit:
            return None
    return value


class Variables:
    """Fresh variables, numbered in the order asked for."""

    def __init__(self):
        self.count = 0
        self.applications = {}

    def applied(self, function: str, argument: tuple, width: int) -> tuple:
        """width fresh bits standing for an uninterpreted function of the
        argument: the same bits for the same argument in normal form, so
        that a run and a specification applying it to equal arguments agree
        whatever the function is."""
        key = (function, argument)
        if key not in self.applications:
            self.applications[key] = self.bits(width)
        return self.applications[key]

    def bits(self, width: int, known_zero_above: int | None = None) -> tuple:
        """width fresh bits; those from known_zero_above up are the constant 0."""
        top = width if known_zero_above is None else known_zero_above
        out = tuple(var(self.count + i) if i < top else ZERO for i in range(width))
        self.count += top
        return out
