"""Jinja2 rendering of scheduled kernels into assembly files, of the assembler
header of their object-format conventions and of the C header."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jinja2

from . import abi
from .features import PROBES
from .version import VERSION

TEMPLATES = Path(__file__).parent / "templates"
_env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), trim_blocks=True,
                          lstrip_blocks=True, keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
# the banners name the version of the generator that wrote the file
_env.globals["version"] = VERSION


class TemplateFailure(Exception):
    """A template could not be read or parsed (one-line message)."""


def template(name):
    try:
        return _env.get_template(name)
    except jinja2.TemplateNotFound:
        raise TemplateFailure(f"template {TEMPLATES / name} not found") from None
    except jinja2.TemplateSyntaxError as e:
        raise TemplateFailure(f"template {TEMPLATES / name}, line {e.lineno}: {e.message}") from None
    except OSError as e:
        raise TemplateFailure(f"cannot read template {TEMPLATES / name}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise TemplateFailure(f"template {TEMPLATES / name} is not UTF-8") from None


@dataclass
class RenderedFunction:
    symbol: str
    lines: list       # instructions, directives and "label:" lines, in order
    constants: list   # (label, bytes)
    has_frame: bool   # whether it needs unwind information (Windows: .seh_proc)


def requirement(spec, prefix) -> str:
    """What a file's banner says its kernel needs of the CPU."""
    if not spec.features:
        return "base AArch64 only (ARMv8.0-A, no Advanced SIMD)"
    return ", ".join(f"FEAT_{f} ({prefix}kernels_have_{f.lower()}())" for f in spec.features)


def render_kernel(spec, functions, prefix, cpu, cycles, command) -> str:
    return template("kernel.S.j2").render(
        name=spec.name, doc=spec.doc, symbol_prefix=prefix, functions=functions, cpu=cpu,
        cycles=cycles, command=command, arch=spec.arch, requirement=requirement(spec, prefix))


def render_asm_header() -> str:
    """out/snova_asm.h from the object formats and defaults of abi.py."""
    protected = ((True, True), (True, False), (False, True))
    return template("asm.h.j2").render(
        formats=abi.FORMATS, feature_1_and=abi.FEATURE_1_AND,
        property_bits=[(abi.feature_bits(bti, pac), (bti, pac)) for bti, pac in protected],
        default_landing_pad=abi.DEFAULT_LANDING_PAD, default_sign_return_address=abi.DEFAULT_SIGN_RETURN_ADDRESS,
        default_hidden=abi.DEFAULT_HIDDEN)


def render_header(kernels, prefix, guard) -> str:
    return template("header.h.j2").render(kernels=kernels, probes=PROBES, prefix=prefix, guard=guard,
                                          requirement=lambda spec: requirement(spec, prefix))


def render_plan(prefix, guard, kernels_header, data) -> str:
    """out/snova_plan.h from plan.header_data()."""
    return template("plan.h.j2").render(prefix=prefix, guard=guard, kernels_header=kernels_header, **data)
