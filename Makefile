# snova-neon-gen. `make` sets the machine up, brings out/ up to date with the
# generator and builds libsnova and the `snova` command; `make help` lists every
# target. See README.md.
PYTHON      := .venv/bin/python
# parallel jobs of `make`, `make mca` and `make mca-full`
JOBS        ?= $(shell nproc)

# AArch64 cross toolchain (Debian packages installed by tools/setup.sh).
CLANG       := clang-19
CROSS_CC    := $(CLANG) --target=aarch64-linux-gnu -fuse-ld=lld -static
HOST_CC     := cc

.PHONY: all setup generate mca mca-full test clean help speed
all:
	@$(MAKE) --no-print-directory -j$(JOBS) generate lib

# The goals that need the machine set up get it before anything else, even under
# make -j: make brings an included makefile up to date before it starts on the
# goals, and this one's recipe is the set-up (again when setup.sh or the Python
# requirements change, or .venv is removed).
SETUP_GOALS := all generate lib lib-aarch64 speed install mca mca-full test prove bench bench-quick bench-keccak bench-signing \
    export-liboqs liboqs-meta
SETUP_STAMP := .venv/setup.mk
ifneq ($(filter $(SETUP_GOALS),$(or $(MAKECMDGOALS),all)),)
include $(SETUP_STAMP)
endif
$(SETUP_STAMP): tools/setup.sh requirements.txt
	@./tools/setup.sh
	@echo '# tools/setup.sh has run; see the top-level Makefile' > $@

setup:
	@./tools/setup.sh

# out/: the kernels (one .S file each, for ELF, Mach-O and COFF alike), the
# assembler header of the object formats' conventions and the C headers, brought
# up to date when the generator (its code, templates, schedules, or the version in
# include/snova.h) changes. gen.py leaves a file whose content is the same
# untouched, so what depends on out/ is rebuilt only where a kernel changed.
GENERATOR_SRC := gen.py include/snova.h $(shell find generator -name '*.py' -o -name '*.yaml' -o -name '*.j2')
GEN_STAMP := build/stamps/generate
generate: $(GEN_STAMP)
$(GEN_STAMP): $(GENERATOR_SRC)
	$(PYTHON) gen.py --out out
	@mkdir -p $(@D) && touch $@
# the files that list the parameter sets, from generator/sets.yaml (gen.py --sets)
generate: build/stamps/generate-sets
build/stamps/generate-sets: $(GENERATOR_SRC)
	$(PYTHON) gen.py --sets .
	@mkdir -p $(@D) && touch $@

# mca_reports/: llvm-mca's figures of every generated kernel and its C reference
# on the llvm-mca model of every machine model in generator/schedules (<cpu>.json)
# and summary.md. tools/mca.py keeps a
# figure while the instructions it was taken from are the same, so after a change
# only the kernels whose code changed are measured again.
MCA_SRC := $(wildcard tools/mca*.py tools/mca_ref/*.c) mca_reports/keccak_openssl.json
mca: mca_reports/summary.md
mca_reports/summary.md: $(GEN_STAMP) $(wildcard out/*.S) $(MCA_SRC)
	$(PYTHON) -m tools.mca --jobs $(JOBS)

# llvm-mca's whole output (timelines, bottleneck analysis), for reading, in
# build/mca-full/<cpu>/<kernel>.txt; MCA_KERNELS="k1 k2" for a few kernels only.
MCA_FULL_DIR := build/mca-full
MCA_KERNELS ?=
mca-full: $(GEN_STAMP)
	$(PYTHON) -m tools.mca --full $(MCA_FULL_DIR) --jobs $(JOBS) \
	    $(if $(MCA_KERNELS),--kernels $(MCA_KERNELS))

# The tests' builds turn warnings into errors (WERROR=, on the command line,
# turns that off).
test: export WERROR := -Werror
test:
	$(PYTHON) -m pytest -n 2 -q --durations=25 tests

clean:
	rm -rf build

# the kernels' object code checked (docs/proofs.md); unchanged kernels are
# read from the committed cache tools/prove/proved.json
.PHONY: prove
prove: $(GEN_STAMP)
	$(PYTHON) -m tools.prove --jobs 2

# snova speed (cli/speed.c) of the library `make lib` builds, on this machine
SPEED_ARGS ?=
speed: lib
	build/lib/host/snova speed $(SPEED_ARGS)

help:
	@echo 'make                 set up (tools/setup.sh), bring out/ up to date and build libsnova'
	@echo '                     and the snova command (build/lib/host/)'
	@echo 'make setup           install what is missing: apt packages, the Python venv .venv'
	@echo 'make generate        regenerate out/ (one tree for ELF, Mach-O, COFF) where the generator changed'
	@echo '                     and the files that list the sets, from generator/sets.yaml'
	@echo 'make lib             libsnova.{a,so} and snova for $$(CC)'"'"'s target: build/lib/host/ (AArch64:'
	@echo '                     the NEON kernels chosen at run time; LIB_KERNELS=portable: portable C)'
	@echo 'make lib-aarch64     AArch64 with clang-19 and the NEON kernels, snova static: build/lib/aarch64/'
	@echo 'make speed           snova speed on this machine (SPEED_ARGS="--json --seconds 2 ...")'
	@echo 'make install         install the host build: PREFIX=$(PREFIX) DESTDIR= (LIB_VARIANT=aarch64)'
	@echo 'make uninstall       remove what make install put there (same PREFIX and DESTDIR)'
	@echo 'make cross           libsnova with CMake and zig cc for macOS and Windows (arm64, x86-64): build/cross/<target>/'
	@echo 'make cross-aarch64-macos  one of them (also cross-x86_64-macos, cross-aarch64-windows, cross-x86_64-windows)'
	@echo 'make mca             llvm-mca figures of every kernel (measures the changed ones): mca_reports/'
	@echo 'make mca-full        llvm-mca output with timelines: $(MCA_FULL_DIR)/ (MCA_KERNELS="k ...")'
	@echo 'make prove           every kernel of out/ checked on its object code (docs/proofs.md):'
	@echo '                     functional correctness, memory safety, constant time; cached in tools/prove/proved.json'
	@echo 'make test            every test (WERROR=-Werror; long: run single files with pytest instead)'
	@echo 'make snova           the C core and its test programs per set: build/host/'
	@echo 'make snova-asan      the same with AddressSanitizer and UBSan: build/host-asan/'
	@echo 'make snova-aarch64   the same for AArch64 on the portable kernels: build/aarch64-portable/'
	@echo 'make snova-aarch64-neon  the same for AArch64 on the generated kernels: build/aarch64-neon/'
	@echo 'make snova-ct        the constant-time check programs (valgrind; gcc, clang at -O2, -O3)'
	@echo 'make snova-ct-builds the builds the constant-time tests check'
	@echo 'make snova-list      the parameter sets'
	@echo 'make snova-params    each set with its compiler definitions, one a line'
	@echo 'make bench           the SNOVA benchmark under qemu: bench/results.{json,md,png}'
	@echo 'make bench-quick     one set per rank: bench/quick/'
	@echo 'make fuzz FUZZ_SECONDS=N  every fuzz target (libFuzzer, ASan, UBSan) N seconds: build/fuzz/'
	@echo 'make fuzz-build      the fuzz targets only; make fuzz-aarch64: the verify target'"'"'s random'
	@echo '                     driver on the AArch64 NEON library (qemu-aarch64)'
	@echo 'make lib-host-asan   libsnova and snova with ASan, UBSan and fuzzer coverage: build/lib/host-asan/'
	@echo 'make bench-report    results.md, results.png and docs/benchmarks.md again from bench/results.json'
	@echo 'make bench-keccak    generated vs portable C Keccak in the SHAKE sets: bench/keccak/'
	@echo 'make bench-signing   sign over 64 distinct messages, expected cost and attempts: bench/signing.json'
	@echo 'make clean           remove build/'
	@echo 'make -C examples     the drop-in example for AArch64 (examples/README.md)'
	@echo 'make export-liboqs DEST=dir  the core and kernels as the SNOVA neon implementation of liboqs'
	@echo 'make liboqs-meta     liboqs/META/ again from generator/sets.yaml (what liboqs'"'"'s copy_from_upstream reads)'
	@echo 'make help            this list'

# the SNOVA core and kernels as liboqs's neon implementation (docs/liboqs.md)
.PHONY: export-liboqs
export-liboqs:
	$(if $(DEST),,$(error export-liboqs: set DEST, the directory to write))
	$(PYTHON) -m tools.export_liboqs $(DEST)

-include c_glue/c_glue.mk
-include c_glue/lib.mk
-include cmake/cross.mk
-include tools/bench/bench.mk
-include tests/fuzz/fuzz.mk

# liboqs/META/: the META files liboqs's copy_from_upstream reads (docs/liboqs.md)
.PHONY: liboqs-meta
liboqs-meta:
	$(PYTHON) -m tools.liboqs_meta
