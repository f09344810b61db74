"""Plot the SNOVA benchmark results (results.json) to results.png.

    python -m tools.bench.plot DIR/results.json [--published TSV]

Round 1 sets only. Top row, per operation: estimated cycles on the apple-a15 model (portable and
NEON) beside the published Apple M2 cycles (reference and NEON), log scale.
Bottom row: improvement 1 - NEON/portable on each modelled core, beside the
published improvement.  Rendering is deterministic (Agg, fixed size, fonts and
metadata; PNG without a date or software version): the same JSON gives the
same bytes.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .official import round_sets
from .published import PUBLISHED, load_published
from .tables import NEON, PORTABLE, get, improvement

STYLE = {
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "svg.hashsalt": "snova-bench",
    "path.simplify": False,
}
COLORS = {"portable": "#9e9e9e", "neon": "#1f77b4", "pub-ref": "#f2b48c", "pub-neon": "#d95f02",
          "cortex-a72": "#4c72b0", "neoverse-n1": "#55a868", "apple-a15": "#1f77b4",
          "cortex-a55": "#8172b2", "published": "#d95f02"}


def figure(data: dict, published: dict):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    plt.rcdefaults()
    plt.rcParams.update(STYLE)
    sets, ops, cpus = round_sets(data, 1), data["ops"], data["cpus"]   # beside the published Round 1 figures
    labels = [s.removeprefix("snova-") for s in sets]
    y = np.arange(len(sets))
    fig, axes = plt.subplots(2, len(ops), figsize=(5 * len(ops), 0.32 * len(sets) * 2 + 3),
                             sharey=True, squeeze=False, layout="constrained")
    a15 = "apple-a15"
    imps = [improvement(get(data, NEON, s, op, c), get(data, PORTABLE, s, op, c))
            for s in sets for op in ops for c in cpus]
    imps += [improvement(n, r) for (s, _), (r, n) in published.items() if s in sets]
    lowest = min([-20.0] + [10 * np.floor(10 * x) for x in imps if x is not None])
    for j, op in enumerate(ops):
        # cycles: markers on a log axis (bars from an arbitrary log origin mislead)
        ax = axes[0][j]
        series = [
            ("portable, est. apple-a15", dict(marker="o", color=COLORS["portable"]),
             [get(data, PORTABLE, s, op, a15) for s in sets]),
            ("NEON, est. apple-a15", dict(marker="o", color=COLORS["neon"]),
             [get(data, NEON, s, op, a15) for s in sets]),
            ("published reference, M2", dict(marker="s", color=COLORS["pub-ref"], markerfacecolor="none"),
             [published.get((s, op), (None, None))[0] for s in sets]),
            ("published NEON, M2", dict(marker="s", color=COLORS["pub-neon"]),
             [published.get((s, op), (None, None))[1] for s in sets]),
        ]
        for name, kw, vals in series:
            v = np.array([np.nan if x is None else x for x in vals], dtype=float)
            ax.plot(v, y, linestyle="none", markersize=6, label=name, **kw)
        ax.set_xscale("log")
        ax.set_title(f"{op}: cycles per operation")
        ax.grid(axis="x", which="both", linewidth=0.4, alpha=0.4)
        ax.grid(axis="y", linewidth=0.4, alpha=0.2)
        if j == len(ops) - 1:
            ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8)
        # improvement
        ax = axes[1][j]
        series = [(f"ours, est. {c}", COLORS.get(c, None),
                   [improvement(get(data, NEON, s, op, c), get(data, PORTABLE, s, op, c)) for s in sets])
                  for c in cpus]
        series.append(("published, M2", COLORS["published"],
                       [improvement(*reversed(published.get((s, op), (None, None)))) for s in sets]))
        h = 0.8 / len(series)
        for k, (name, color, vals) in enumerate(series):
            v = np.array([np.nan if x is None else 100 * x for x in vals], dtype=float)
            ax.barh(y - 0.4 + h * (k + 0.5), v, height=h, color=color, label=name)
        ax.axvline(0, color="black", linewidth=0.6)
        ax.set_xlim(lowest, 100)
        ax.set_title(f"{op}: improvement 1 − NEON/portable (%)")
        ax.grid(axis="x", linewidth=0.4, alpha=0.5)
        if NEON not in data["variants"]:
            ax.text((lowest + 100) / 2, (len(sets) - 1) / 2, "no NEON build measured yet", ha="center", va="center",
                    fontsize=10, color="#555555",
                    bbox=dict(facecolor="white", alpha=0.9, edgecolor="none"))
        if j == len(ops) - 1:
            ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8)
    axes[0][0].set_yticks(y, labels)
    axes[0][0].set_ylim(len(sets) - 0.5, -0.5)   # first set on top (y is shared)
    fig.suptitle("SNOVA on AArch64: estimated cycles (llvm-mca, static) and published Apple M2 "
                 "cycles; not measured time", fontsize=11)
    return fig


def write(json_path: str | os.PathLike, published: str | os.PathLike = PUBLISHED) -> Path:
    """Write results.png beside results.json."""
    import matplotlib.pyplot as plt
    json_path = Path(json_path)
    data = json.loads(json_path.read_text())
    fig = figure(data, load_published(published))
    png = json_path.with_suffix(".png")
    fig.savefig(png, dpi=100, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return png


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json")
    ap.add_argument("--published", default=str(PUBLISHED))
    a = ap.parse_args(argv)
    print(f"wrote {write(a.json, a.published)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
