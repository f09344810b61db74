"""The report's section for a SNOVA round after Round 1 (Round 1 keeps the layout of
report.py): per set and operation, the portable, NEON and reference (official optimized, or
liboqs for Round 2) builds' instructions and estimated cycles, reference / NEON against the
round's target, and the
round's anchor set beside other signature schemes (anchors.py)."""
from __future__ import annotations

from .anchors import heading, summary as anchor_summary
from .official import TARGETS, digest_differences, method_differences, official_status, official_value, round_sets
from .tables import NEON, PORTABLE, bar_cell, fmt_int, fmt_ratio, get, ratio, table


def target_sentence(rnd: int) -> str:
    t = TARGETS[rnd]
    by_need = {}
    for op, need in t.bar.items():
        by_need.setdefault(need, []).append(op)
    asks = " and ".join(f"{' and '.join(ops)} at least {need:g}×" for need, ops in sorted(by_need.items(), reverse=True))
    ranks = " or ".join([", ".join(str(r) for r in t.ranks[:-1]), str(t.ranks[-1])] if len(t.ranks) > 1
                        else [str(t.ranks[0])])
    return (f"{t.short} / NEON estimated cycles per operation, {asks}, every set with l = {ranks} "
            "and every core")


def section(data: dict, rnd: int, off: dict | None, anchors: dict | None) -> list[str]:
    """Markdown lines of round `rnd`'s section (empty when data has none of its sets)."""
    sets = round_sets(data, rnd)
    if not sets:
        return []
    cpus, ops = data["cpus"], data["ops"]
    target = TARGETS.get(rnd)
    need = target.need if target else (lambda s, op: None)
    build, short = (target.build, target.short) if target else ("official optimized", "official")
    L = [f"## SNOVA Round {rnd}: portable, NEON" + (f" and the {build} code" if target else ""), ""]
    intro = f"The {len(sets)} Round {rnd} sets measured."
    if off:
        o = off["official"]
        intro += (f" *{target.title}*: `{o['repository']}` at `{o['commit']}`, {o['configuration']} "
                  f"Built outside this project and measured the same way (figures only: "
                  f"`bench/{target.official.name}`).")
    else:
        intro += f" No {build} figures for this round: their columns are empty."
    L += [intro, ""]
    if target:
        covered = [s for s in sets if any(need(s, op) is not None for op in ops)]
        rows, verdict = official_status(data, off, covered, need, short)
        L += [f"Target: {target_sentence(rnd)}: **{verdict}**.", ""]

    L += [f"### Round {rnd}: executed instructions per operation (exact)", ""]
    body = [[f"`{s}`", op, fmt_int(get(data, PORTABLE, s, op)), fmt_int(get(data, NEON, s, op)),
             fmt_int(official_value(off, s, op)),
             fmt_ratio(ratio(official_value(off, s, op), get(data, NEON, s, op)))]
            for s in sets for op in ops]
    head = ["set", "op", "portable", "NEON", build, f"{short}/NEON"]
    L += table(head, body) + [""]

    for c in cpus:
        L += [f"### Round {rnd}: estimated cycles per operation: `{c}`", ""]
        body = [[f"`{s}`", op, fmt_int(get(data, PORTABLE, s, op, c)), fmt_int(get(data, NEON, s, op, c)),
                 fmt_int(official_value(off, s, op, c)),
                 bar_cell(ratio(official_value(off, s, op, c), get(data, NEON, s, op, c)), need(s, op))]
                for s in sets for op in ops]
        L += table(head, body) + [""]

    if target:
        L += [f"### Round {rnd} target: {short} / NEON estimated cycles", "", "✗ marks a shortfall.", ""]
        L += table(["set", "op", "needed"] + [f"`{c}`" for c in cpus], rows) + [""]
    if off:
        compared, differ = digest_differences(data, off, sets)
        if compared:
            L += ["Outputs: " + (f"the {short} build prints the same digest of keys and signature as the "
                                 "NEON build for every set and operation compared." if not differ else
                                 f"**the {short} build's digest differs from the NEON build's** for "
                                 + ", ".join(differ) + "."), ""]
        diffs = method_differences(data, off)
        if diffs:
            L += ["**Measured differently** from our builds: " + "; ".join(diffs) + ".", ""]
    summary = anchor_summary(data, off, anchors) if anchors and anchors.get("round") == rnd else []
    if summary:
        L += [f"### Round {rnd} beside {heading(anchors)}: estimated cycles per model", "", *summary]
    return L
