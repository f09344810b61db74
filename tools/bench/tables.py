"""Figures out of results.json and markdown cells and tables for the benchmark reports."""
from __future__ import annotations

PORTABLE, NEON = "aarch64-portable", "aarch64-neon"
DASH = "—"


def get(data: dict, variant: str, sname: str, op: str, cpu: str | None = None):
    """Instructions (cpu None) or estimated cycles on `cpu` of one measurement, or None."""
    r = data["results"].get(variant, {}).get(sname, {}).get(op)
    if r is None:
        return None
    return r["instructions"] if cpu is None else r["cycles"][cpu]


def ratio(official: float | None, neon: float | None) -> float | None:
    if official is None or not neon:
        return None
    return official / neon


def improvement(new: float | None, old: float | None) -> float | None:
    if new is None or not old:
        return None
    return 1.0 - new / old


def fmt_int(x: float | None) -> str:
    return DASH if x is None else f"{x:,.0f}"


def fmt_thousands(x: float | None) -> str:
    """cycles in thousands, for the tables with a cell per model"""
    return DASH if x is None else f"{x / 1000:,.0f}k"


def fmt_pct(x: float | None) -> str:
    return DASH if x is None else f"{100 * x:.1f}%"


def fmt_ratio(x: float | None) -> str:
    return DASH if x is None else f"{x:.2f}×"


def bar_cell(x: float | None, need: float | None) -> str:
    """A ratio, marked ✗ when short of `need` (None: not judged)."""
    return fmt_ratio(x) + (" ✗" if x is not None and need is not None and x < need else "")


def table(head: list[str], rows: list[list[str]], right_from: int = 2) -> list[str]:
    """Markdown table; columns from `right_from` on are right-aligned."""
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join("---" if i < right_from else "---:" for i in range(len(head))) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out
