# tools/bench: measurement tools and the SNOVA benchmark (see tools/bench/README.md).
# Included by the top Makefile (after c_glue/c_glue.mk); the plugin rules also work
# alone: make -f tools/bench/bench.mk bench-plugin
#
#   make bench          all sets x keygen/sign/verify x BENCH_VARIANTS:
#                       bench/results.{json,md,png}, then docs/benchmarks.md from them
#                       (BENCH_MERGE=1 BENCH_SETS=...: only those sets' entries replaced)
#   make bench-quick    one set per rank: bench/quick/results.{json,md,png} (minutes)
#   make bench-report   re-render results.md, results.png and docs/benchmarks.md from bench/results.json
#   make bench-docs     only docs/benchmarks.md (tools/bench/docs.py)
#   make bench-progs    only build the benchmark programs
#   make bench-keccak   SHAKE-expanded sets' keygen/verify, generated vs portable C
#                       Keccak: bench/keccak/results.{json,md} (tools/bench/keccak_gain.py), then
#                       docs/benchmarks.md
#   make bench-signing  sign over 64 distinct messages (expected cost, attempts' distribution) of
#                       BENCH_SIGNING_SETS: bench/signing.json (tools/bench/signing.py), then
#                       docs/benchmarks.md
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

# --- the SNOVA benchmark ------------------------------------------------------
# AArch64 build variants to compare (defined in c_glue/c_glue.mk).
BENCH_VARIANTS   ?= aarch64-portable aarch64-neon
BENCH_SETS       ?= $(SNOVA_SETS)
BENCH_QUICK_SETS ?= snova-24-5-16-4-esk snova-25-8-16-3-esk snova-28-17-16-2-esk snova-r3-i-s
BENCH_OUT        ?= bench
BENCH_QUICK_OUT  ?= bench/quick
BENCH_JOBS       ?= 2

# aarch64-neon-ckeccak: the NEON build with the portable C Keccak-f[1600] under SHAKE
# (-DSNOVA_BENCH_C_KECCAK), the baseline of `make bench-keccak`. A benchmark build
# only: it is not in SNOVA_BUILDS, so no shipped or tested program gets it.
# aarch64-neon-attempts: the NEON build counting its signing attempts
# (-DSNOVA_BENCH_ATTEMPTS: derive_vinegar's calls, for `make bench-signing`'s
# distribution), likewise a benchmark build only.
BENCH_ONLY_BUILDS := aarch64-neon-ckeccak aarch64-neon-attempts
BENCH_FLAG.aarch64-neon-ckeccak  := -DSNOVA_BENCH_C_KECCAK
BENCH_FLAG.aarch64-neon-attempts := -DSNOVA_BENCH_ATTEMPTS
$(foreach b,$(BENCH_ONLY_BUILDS),\
    $(eval SNOVA_CC.$(b)         := $(SNOVA_CC.aarch64-neon))\
    $(eval SNOVA_CFLAGS.$(b)     := $(SNOVA_CFLAGS.aarch64-neon) $(BENCH_FLAG.$(b)))\
    $(eval SNOVA_EXTRA_SRC.$(b)  := $(SNOVA_EXTRA_SRC.aarch64-neon))\
    $(eval SNOVA_EXTRA_OBJS.$(b) := $(SNOVA_EXTRA_OBJS.aarch64-neon)))
$(foreach b,$(BENCH_ONLY_BUILDS),$(eval $(call snova_build_rules,$(b)))\
    $(foreach s,$(SNOVA_SETS),$(eval $(call snova_set_rules,$(b),$(s)))))

bench_prog = $(BENCH_BUILD)/$(1)/$(2)/snova_bench
bench_progs = $(foreach v,$(BENCH_VARIANTS),$(foreach s,$(1),$(call bench_prog,$(v),$(s))))

# $(1) = build variant, $(2) = set name, $(3) = program (tools/bench/$(3).c)
define bench_prog_rules
$(BENCH_BUILD)/$(1)/$(2)/$(3).o: tools/bench/$(3).c tools/bench/bench.mk c_glue/c_glue.mk c_glue/snova_sets.mk
	@mkdir -p $$(@D)
	$$(SNOVA_CC.$(1)) $$(SNOVA_WARN) $$(SNOVA_CFLAGS.$(1)) $(SNOVA_DEFS.$(2)) -MMD -MP -c $$< -o $$@

$(BENCH_BUILD)/$(1)/$(2)/$(3): $(BENCH_BUILD)/$(1)/$(2)/$(3).o $$(SNOVA_OBJS.$(1).$(2)) \
    $$(SNOVA_DRBG_OBJS.$(1).$(2))
	$$(SNOVA_CC.$(1)) $$(SNOVA_CFLAGS.$(1)) $$^ -o $$@
endef
$(foreach v,$(sort $(BENCH_VARIANTS) aarch64-neon $(BENCH_ONLY_BUILDS)),\
    $(foreach s,$(SNOVA_SETS),$(foreach p,snova_bench sign_messages,$(eval $(call bench_prog_rules,$(v),$(s),$(p))))))

# BENCH_MERGE=1: the sets measured replace their entries in $(BENCH_OUT)/results.json
BENCH_RUN = $(PYTHON) -m tools.bench.run --build $(BENCH_BUILD) --jobs $(BENCH_JOBS) \
    --variants $(BENCH_VARIANTS) $(if $(BENCH_MERGE),--merge)

.PHONY: bench bench-quick bench-report bench-docs bench-progs bench-quick-progs bench-keccak bench-signing
bench-progs: $(call bench_progs,$(BENCH_SETS))
bench-quick-progs: $(call bench_progs,$(BENCH_QUICK_SETS))

bench: setup
	@$(MAKE) -s -j$(BENCH_JOBS) bench-plugin bench-progs
	$(BENCH_RUN) --sets $(BENCH_SETS) --out $(BENCH_OUT)
	$(BENCH_DOCS)

bench-quick: setup
	@$(MAKE) -s -j$(BENCH_JOBS) bench-plugin bench-quick-progs
	$(BENCH_RUN) --sets $(BENCH_QUICK_SETS) --out $(BENCH_QUICK_OUT)

BENCH_KECCAK_SETS = $(shell $(PYTHON) -c 'from tools.bench.keccak_gain import shake_sets; print(*shake_sets())')
bench-keccak: setup
	@$(MAKE) -s -j$(BENCH_JOBS) bench-plugin $(foreach v,aarch64-neon-ckeccak aarch64-neon,\
	    $(foreach s,$(BENCH_KECCAK_SETS),$(call bench_prog,$(v),$(s))))
	$(PYTHON) -m tools.bench.keccak_gain --build $(BENCH_BUILD) --jobs $(BENCH_JOBS)
	$(BENCH_DOCS)

# Signing first attempt and expected (64 distinct messages, the attempts' distribution):
# bench/signing.json (tools/bench/signing.py), then docs/benchmarks.md
BENCH_SIGNING_SETS ?= snova-r3-i-s snova-r3-i-s-aes snova-r3-i-b snova-r3-i-b-aes snova-r3-i-k snova-r3-i-k-aes
bench-signing: setup
	@$(MAKE) -s -j$(BENCH_JOBS) bench-plugin $(foreach s,$(BENCH_SIGNING_SETS),$(call bench_prog,aarch64-neon,$(s)) \
	    $(BENCH_BUILD)/aarch64-neon/$(s)/sign_messages $(BENCH_BUILD)/aarch64-neon-attempts/$(s)/sign_messages)
	$(PYTHON) -m tools.bench.signing --build $(BENCH_BUILD) --jobs $(BENCH_JOBS) --sets $(BENCH_SIGNING_SETS)
	$(BENCH_DOCS)

# docs/benchmarks.md shows the committed bench/results.json and bench/keccak/results.json,
# whatever BENCH_OUT is
BENCH_DOCS = $(PYTHON) -m tools.bench.docs bench/results.json --out docs/benchmarks.md

bench-report:
	$(PYTHON) -m tools.bench.report $(BENCH_OUT)/results.json
	$(BENCH_DOCS)

bench-docs:
	$(BENCH_DOCS)

-include $(wildcard $(BENCH_BUILD)/*/snova-*/*.d)
