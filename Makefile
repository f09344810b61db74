# snova-neon-gen: `make` sets up, generates out/ and writes the llvm-mca reports;
# `make test` runs every test. See README.md.
PYTHON      := .venv/bin/python
CPU_LIST    := cortex-a55 cortex-a72 cortex-a76 neoverse-n1 neoverse-v1 apple-a15

# AArch64 cross toolchain (Debian packages installed by tools/setup.sh).
CLANG       := clang-19
CROSS_CC    := $(CLANG) --target=aarch64-linux-gnu -fuse-ld=lld -static
HOST_CC     := cc

.PHONY: all setup generate mca test clean
all: setup generate mca

setup:
	@./tools/setup.sh

generate: setup
	$(PYTHON) gen.py
	$(PYTHON) gen.py --abi macho --out out/macho
	$(PYTHON) gen.py --abi coff --out out/coff

mca: setup
	$(PYTHON) -m tools.mca --cpus $(CPU_LIST)

test: setup
	$(PYTHON) -m pytest -n 2 -q tests

clean:
	rm -rf build

# the SNOVA core and kernels as liboqs's neon implementation (docs/liboqs.md)
.PHONY: export-liboqs
export-liboqs:
	$(if $(DEST),,$(error export-liboqs: set DEST, the directory to write))
	$(PYTHON) -m tools.export_liboqs $(DEST)

-include c_glue/c_glue.mk
-include c_glue/lib.mk
-include tools/bench/bench.mk
