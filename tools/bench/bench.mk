# tools/bench: measurement tools (see tools/bench/README.md).
# Included by the top Makefile; also works alone: make -f tools/bench/bench.mk bench-plugin
HOST_CC     ?= cc
PYTHON      ?= .venv/bin/python
BENCH_BUILD ?= build/bench
BENCH_PLUGIN := $(BENCH_BUILD)/insncount.so

.PHONY: bench-plugin bench-tools-test
bench-plugin: $(BENCH_PLUGIN)

# Host-built qemu plugin. Written to a temporary name first so that parallel
# builds (pytest -n 2 workers) never load a half-written .so.
$(BENCH_PLUGIN): tools/bench/insncount.c tools/bench/bench.mk
	@mkdir -p $(@D)
	$(HOST_CC) -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden -pthread \
	    -o $@.tmp$$$$ $< && mv -f $@.tmp$$$$ $@

bench-tools-test: $(BENCH_PLUGIN)
	$(PYTHON) -m pytest -q tests/test_bench_tools.py
