"""Command line of gen.py: parses and validates every option before anything is
written, so that a bad option leaves the output directory untouched."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from . import kernels, plan, set_lists
from .machine import UnknownCpu, available_cpus, load_model
from .output import OutputError, write_files_atomically
from .pipeline import generate_kernel
from .render import TemplateFailure, render_asm_header, render_header, render_plan
from .sets import SetsError
from .version import VERSION

DEFAULT_CPU = "generic"
HEADER_NAME = "snova_kernels.h"
ASM_HEADER_NAME = "snova_asm.h"


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""
    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def parse_args(argv):
    p = OneLineParser(prog="gen.py", description="Generate AArch64 NEON kernels for SNOVA.")
    p.add_argument("--version", action="version", version=f"gen.py (snova-neon-gen) {VERSION}")
    p.add_argument("--rank", default="all", choices=[*map(str, kernels.RANKS), "all"],
                   help="only the square GF(16) kernels of this rank, l x l (default: all)")
    p.add_argument("--shape", metavar="LxR",
                   help="only the GF(16) kernels one SNOVA Round 3 (l, r) pair needs: rank l's, the products "
                        "of its rectangular shapes, its signing system; one of "
                        f"{', '.join(f'{l}x{r}' for l, r in kernels.PAIRS)}")
    p.add_argument("--kernel", default="all", choices=[*kernels.RANK_FAMILIES, "all"],
                   help="kernel family: add, mul, dot, rowdot (GF(16) matrices), linsys "
                        "(the signing system's coefficients), mac (c += a*b), tmul (c = a^T*b, c = a*b^T), "
                        "tmac (c += a^T*b, c += a*b^T; these three take (c, a, b), result first) (default: all)")
    p.add_argument("--aes", action="store_true",
                   help="generate the AES-128 kernels only (the default run, --rank all --kernel all, "
                        "includes them)")
    p.add_argument("--aes-ways", type=int, default=kernels.AES_DEFAULT_WAYS, choices=kernels.AES_WAYS,
                   metavar="N", help=f"counter blocks per iteration of the AES-128-CTR loops, one of "
                                     f"{', '.join(map(str, kernels.AES_WAYS))} "
                                     f"(default: {kernels.AES_DEFAULT_WAYS})")
    p.add_argument("--keccak", action="store_true",
                   help="generate the Keccak-f[1600] kernels only (the default run includes them)")
    p.add_argument("--keccak-lazy", default=str(kernels.KECCAK_DEFAULT_LAZY),
                   choices=[str(c) for c in kernels.KECCAK_LAZY], metavar="N",
                   help="general-register Keccak: rho rotations per chi row left to the chi instructions, "
                        f"{', '.join(map(str, kernels.KECCAK_LAZY[:-1]))}, or all (carried across rounds) "
                        f"(default: {kernels.KECCAK_DEFAULT_LAZY})")
    p.add_argument("--keccak-mixed-lazy", default=str(kernels.KECCAK_MIXED_DEFAULT_LAZY),
                   choices=[str(c) for c in kernels.KECCAK_LAZY], metavar="N",
                   help="the same for the general-register states of the three- and four-state Keccak "
                        f"(default: {kernels.KECCAK_MIXED_DEFAULT_LAZY})")
    p.add_argument("--prefix", default="snova_", help="symbol prefix (default: snova_)")
    p.add_argument("--cpu", default=DEFAULT_CPU,
                   help=f"machine model to schedule for (default: {DEFAULT_CPU}, but for the kernels the "
                        f"kernel table takes only on one kind of core, scheduled for it; "
                        f"known: {', '.join(available_cpus())})")
    p.add_argument("--all-shapes", action="store_true",
                   help="emit every kernel the generator has, not only those the variant plan "
                        "(generator/plan.yaml) uses and the drop-in API forms")
    p.add_argument("--list", action="store_true",
                   help="print the kernels a run with these options emits, one a line: the name, then plan "
                        "(a row of the variant plan takes it, with the slots it fills) or api (a drop-in "
                        "form); write nothing")
    p.add_argument("--out", default="out", type=Path, help="output directory (default: out/)")
    p.add_argument("--sets", metavar="DIR", type=Path,
                   help="instead of kernels, write the files that list the parameter sets, generated from "
                        "generator/sets.yaml, each at its path below DIR (the checkout: make generate gives .)")
    args = p.parse_args(argv)
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", args.prefix):
        p.error(f"--prefix {args.prefix!r} is not a C identifier prefix")
    if args.aes and (args.rank != "all" or args.kernel != "all" or args.shape):
        p.error("--aes selects the AES kernels only; it takes no --rank, --shape or --kernel")
    if args.keccak and (args.aes or args.rank != "all" or args.kernel != "all" or args.shape):
        p.error("--keccak selects the Keccak kernels only; it takes no --aes, --rank, --shape or --kernel")
    args.keccak_lazy, args.keccak_mixed_lazy = (lazy if lazy == "all" else int(lazy)
                                                for lazy in (args.keccak_lazy, args.keccak_mixed_lazy))
    if args.shape is not None:
        if args.rank != "all":
            p.error("--shape and --rank select different kernels; give one of them")
        pair = re.fullmatch(r"([0-9])x([0-9])", args.shape)
        args.pair = pair and (int(pair[1]), int(pair[2]))
        if args.pair not in kernels.PAIRS:
            p.error(f"--shape {args.shape!r} is not a SNOVA Round 3 (l, r) pair "
                    f"({', '.join(f'{l}x{r}' for l, r in kernels.PAIRS)})")
    families = kernels.RANK_FAMILIES if args.kernel == "all" else (args.kernel,)
    if args.rank != "all" and not kernels.ranked_kernels((int(args.rank),), families):
        p.error(f"rank {args.rank} has no {args.kernel} kernel")
    return p, args


def catalogue_selection(args):
    """The kernels of the catalogue the options select."""
    if args.aes:
        return kernels.aes_kernels(args.aes_ways)
    if args.keccak:
        return kernels.keccak_kernels(args.keccak_lazy, args.keccak_mixed_lazy)
    families = kernels.RANK_FAMILIES if args.kernel == "all" else (args.kernel,)
    if args.shape is not None:
        return kernels.pair_kernels((args.pair,), families)
    if args.rank != "all":
        return kernels.ranked_kernels((int(args.rank),), families)
    selected = kernels.gf16_kernels(families)
    if args.kernel == "all":
        selected += (kernels.aes_kernels(args.aes_ways) + kernels.solve_kernels()
                     + kernels.keccak_kernels(args.keccak_lazy, args.keccak_mixed_lazy))
    return selected


def emitted(args, specs):
    """Those of specs a run emits: with --all-shapes all, else those the variant
    plan uses and the drop-in API forms."""
    if args.all_shapes:
        return specs
    wanted = plan.used_kernels() | kernels.api_kernel_names()
    return [spec for spec in specs if spec.name in wanted]


def selected_kernels(args):
    return emitted(args, catalogue_selection(args))


def listing(specs) -> str:
    """--list: a line per kernel, its name, then plan and the slots it fills, or api."""
    slots = plan.slots_by_kernel()
    return "".join(f"{spec.name} plan {','.join(sorted(slots[spec.name]))}\n" if spec.name in slots
                   else f"{spec.name} api\n" if spec.name in kernels.api_kernel_names()
                   else f"{spec.name} catalogue\n" for spec in specs)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    parser, args = parse_args(argv)
    if args.sets is not None:
        try:
            count = set_lists.write(args.sets)
        except (SetsError, OutputError) as e:
            parser.error(str(e))
        print(f"gen.py: wrote {count} files below {args.sets}/")
        return 0
    catalogue = kernels.all_kernels()
    try:
        plan.check({k.name: k for k in catalogue})
    except plan.PlanError as e:
        parser.error(str(e))
    selected = selected_kernels(args)
    if args.list:
        sys.stdout.write(listing(selected))
        return 0
    try:
        models = {cpu: load_model(cpu) for cpu in {args.cpu, *(spec.cpu for spec in selected if spec.cpu)}}
    except UnknownCpu as e:
        parser.error(str(e))

    def model_for(spec):
        """--cpu's model, or the kernel's own where --cpu is the generic one (KernelSpec.cpu)."""
        return models[spec.cpu if spec.cpu and args.cpu == DEFAULT_CPU else args.cpu]

    # The banner records only the options that shape a file's content, so the same
    # kernel is byte-identical whichever subset of kernels a run selects.
    command = f"--prefix {args.prefix} --cpu {args.cpu}"
    try:
        files = {f"{spec.name}.S": generate_kernel(spec, args.prefix, model_for(spec),
                                                   f"{command} {spec.options}".rstrip())
                 for spec in selected}
        guard = f"{args.prefix.upper()}KERNELS_H"
        files[ASM_HEADER_NAME] = render_asm_header()
        files[HEADER_NAME] = render_header(emitted(args, catalogue), args.prefix, guard)
        files[plan.PLAN_HEADER] = render_plan(args.prefix, f"{args.prefix.upper()}PLAN_H", HEADER_NAME,
                                              plan.header_data())
        write_files_atomically(args.out, files)
    except (TemplateFailure, OutputError) as e:
        parser.error(str(e))
    print(f"gen.py: wrote {len(files)} files to {args.out}/")
    return 0
