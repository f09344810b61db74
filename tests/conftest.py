import contextlib
import os
import re
import tempfile
from pathlib import Path

import pytest

from generator.kernels import KernelSpec
from generator.machine import load_model
from generator.pipeline import generate_kernel
from tests.aarch64 import BUILD, HARNESS, OUT, assembled, cross_build

GF16_SOURCES = sorted(OUT.glob("gf16m_*.S"))


def kernel_table(directory, symbols) -> Path:
    """directory/kernel_table.h: declares the given kernels (test name -> symbol)
    and defines KERNEL_TABLE(X) as X(name, symbol) for each, so that the
    runners find a kernel by the name a test gives. Returns the directory."""
    text = "".join(f"void {symbol}(void);\n" for symbol in symbols.values())
    text += "#define KERNEL_TABLE(X) " + " ".join(f'X("{n}", {sym})' for n, sym in symbols.items()) + "\n"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "kernel_table.h"
    if not path.exists() or path.read_text() != text:
        tmp = path.with_name(f".kernel_table.h.{os.getpid()}")    # workers may race
        tmp.write_text(text)
        tmp.replace(path)
    return directory


def written_sources(directory, texts) -> list:
    """Writes directory/<name> for each name -> text (renamed into place: workers
    may race); returns the paths."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in texts.items():
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{name}.")
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, directory / name)
        paths.append(directory / name)
    return paths


def mutant_kernel(spec, kind, patches, describe=None):
    """The assembly of a deliberately broken variant of the kernel `spec`: described
    (by `describe`, default spec.describe) with the mock patches `patches` active,
    its symbol prefixed mutant_<kind>_."""
    def broken(b):
        with contextlib.ExitStack() as stack:
            for patch in patches:
                stack.enter_context(patch)
            (describe or spec.describe)(b)
    mutant = KernelSpec(spec.name, spec.params, spec.c_signature, spec.doc, broken)
    return generate_kernel(mutant, f"mutant_{kind}_", load_model("generic"), "test mutant")


def generated_kernels():
    """Every GF(16) matrix kernel the generated header declares, by its name without the prefix."""
    names = re.findall(r"\bsnova_(gf16m_\w+)\(", (OUT / "snova_kernels.h").read_text())
    return kernel_table(BUILD, {n: f"snova_{n}" for n in names})


@pytest.fixture(scope="session")
def gf16_runner():
    """The GF(16) kernel runner linked with the committed out/*.S kernels."""
    return cross_build("gf16_runner", [HARNESS / "gf16_runner.c", HARNESS / "guard.c", HARNESS / "canary.S",
                                       HARNESS / "faulty_kernels.S", *assembled(GF16_SOURCES)],
                       include_dirs=[OUT, HARNESS, generated_kernels()])


@pytest.fixture(scope="session")
def dot_runner():
    """The runner of the strided dot-product kernels (out/gf16m_dot_*.S, gf16m_rowdot_*.S)."""
    return cross_build("dot_runner", [HARNESS / "dot_runner.c", HARNESS / "guard.c", HARNESS / "canary.S",
                                      *assembled(GF16_SOURCES)], include_dirs=[OUT, HARNESS, generated_kernels()])
