"""Jinja2 rendering of scheduled kernels into assembly files and of the C header."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).parent / "templates"
_env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), trim_blocks=True,
                          lstrip_blocks=True, keep_trailing_newline=True, undefined=jinja2.StrictUndefined)

# Symbols: Mach-O prepends an underscore to C names; local labels differ too.
SYMBOL_PREFIX = {"elf": "", "macho": "_"}
LOCAL_LABEL_PREFIX = {"elf": ".L", "macho": "L"}


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


def render_kernel(spec, functions, abi, prefix, cpu, cycles, command) -> str:
    return template("kernel.S.j2").render(
        name=spec.name, doc=spec.doc, symbol_prefix=prefix, functions=functions, abi=abi, cpu=cpu,
        cycles=cycles, command=command, arch=spec.arch)


def render_header(kernels, prefix, guard) -> str:
    return template("header.h.j2").render(kernels=kernels, prefix=prefix, guard=guard)
