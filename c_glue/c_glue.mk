# SNOVA C core (portable C, Rounds 1, 2 and 3, all parameter sets); included by the top-level
# Makefile. Targets:
#   make snova           host build: build/host/<set>/{kat,test_snova}, build/host/test_prims
#   make snova-asan      the same built with AddressSanitizer + UBSan (build/host-asan/...)
#   make snova-aarch64   static AArch64 build, portable kernels (build/aarch64-portable/...)
#   make snova-aarch64-neon  static AArch64 build on the generated kernels of out/, chosen
#                        at run time by the CPU's capabilities (build/aarch64-neon/...)
#   make snova-ct        constant-time check programs for valgrind, gcc and clang at -O2 and -O3
#                        (build/host-ct-<cc>-<opt>/<set>/test_ct)
#   make snova-ct-builds prints the builds the constant-time tests check (host-ct-*: valgrind,
#                        aarch64-*: qemu traces)
#   make snova-list      prints the names of the parameter sets
#   make snova-params    prints each set's name and compiler definitions, one set a line
# Single binaries can be asked for directly, e.g. make build/host/snova-24-5-16-4-esk/kat.
# SNOVA_OBJS.<variant>.<set> lists the objects of the core for that build; other
# programs (tools/bench) link against it.
# Programs whose variant name starts with "aarch64" run under qemu-aarch64 in the tests.

HOST_CC  ?= cc
CLANG    ?= clang-19
CROSS_CC ?= $(CLANG) --target=aarch64-linux-gnu -fuse-ld=lld -static

# The parameter sets: SNOVA_SETS, and each set's compiler definitions
# SNOVA_DEFS.<set> and its round's core source SNOVA_CORE.<set>, generated from
# generator/sets.yaml (the one list of them; make generate).
include c_glue/snova_sets.mk
# the library's and the NEON build's sources (the one list of them, read by CMake too)
include c_glue/snova_sources.mk

# Build variants: compiler and flags per variant.
SNOVA_BUILDS := host host-asan host-tsan host-plant-rng host-hooks host-weak-verify1 host-weak-verify2 \
    aarch64-portable aarch64-neon
SNOVA_CC.host                := $(HOST_CC)
SNOVA_CFLAGS.host            := -O3
SNOVA_CC.host-asan           := $(HOST_CC)
SNOVA_CFLAGS.host-asan       := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
                                -fno-sanitize-recover=all
# ThreadSanitizer (test_random threads), and the same with the library drawing from
# the KAT's global DRBG, which the thread test must catch racing.
SNOVA_CC.host-tsan           := $(CLANG)
SNOVA_CFLAGS.host-tsan       := -O1 -g -fsanitize=thread -pthread
SNOVA_CC.host-plant-rng      := $(CLANG)
SNOVA_CFLAGS.host-plant-rng  := $(SNOVA_CFLAGS.host-tsan) -DSNOVA_PLANT_SHARED_RNG
# Test hooks (-DSNOVA_TEST_HOOKS: verification faults, allocation failures;
# test_verifier, test_stack), and two weakened verifiers test_verifier must catch:
# each target matrix compared but its last element, only target matrix 0.
SNOVA_CC.host-hooks          := $(HOST_CC)
SNOVA_CFLAGS.host-hooks      := -O2 -g -DSNOVA_TEST_HOOKS
SNOVA_CC.host-weak-verify1   := $(HOST_CC)
SNOVA_CFLAGS.host-weak-verify1 := $(SNOVA_CFLAGS.host-hooks) -DSNOVA_PLANT_WEAK_VERIFY=1
SNOVA_CC.host-weak-verify2   := $(HOST_CC)
SNOVA_CFLAGS.host-weak-verify2 := $(SNOVA_CFLAGS.host-hooks) -DSNOVA_PLANT_WEAK_VERIFY=2
SNOVA_CC.aarch64-portable    := $(CROSS_CC)
SNOVA_CFLAGS.aarch64-portable := -O3 -Wno-unused-command-line-argument
SNOVA_CC.aarch64-neon        := $(CROSS_CC)
SNOVA_CFLAGS.aarch64-neon    := $(SNOVA_CFLAGS.aarch64-portable) -DSNOVA_NEON -Iout
# The NEON build adds the run-time choice (compiled per set: it picks the rank's
# kernels) and the generated kernels, assembled as they are shipped.
SNOVA_EXTRA_SRC.aarch64-neon := $(LIB_SHAPE_NEON) $(LIB_PRIM_NEON)
SNOVA_NEON_ASM := $(sort $(wildcard $(SNOVA_NEON_ASM_PATTERNS)))
SNOVA_EXTRA_OBJS.aarch64-neon := $(patsubst out/%.S,build/aarch64-neon/asm/%.o,$(SNOVA_NEON_ASM))

# The constant-time matrix (tests/test_constant_time.py): every compiler at every
# optimisation level. host-ct-<cc>-<opt> are checked under valgrind memcheck
# (tests/programs/test_ct.c, secrets undefined), the AArch64 builds (aarch64-portable and
# aarch64-neon above at -O3, -O2 below) by qemu traces across secrets. The
# -plant-<leak> builds carry a planted leak (ct.h) that the tests must report;
# nothing else defines SNOVA_CT_PLANT_*. DWARF 4: valgrind 3.19 cannot read clang-19's DWARF 5.
SNOVA_CT_OPTS := O2 O3
SNOVA_CT_CC.gcc := gcc
SNOVA_CT_CC.clang := $(CLANG)
SNOVA_CT_PLANTS := branch load
# $(1) = variant, $(2) = compiler, $(3) = flags, $(4) = variant whose extra sources and objects it takes
define snova_variant
SNOVA_BUILDS += $(1)
SNOVA_CC.$(1) := $(2)
SNOVA_CFLAGS.$(1) := $(3)
SNOVA_EXTRA_SRC.$(1) := $$(SNOVA_EXTRA_SRC.$(4))
SNOVA_EXTRA_OBJS.$(1) := $$(SNOVA_EXTRA_OBJS.$(4))
endef
$(foreach c,gcc clang,$(foreach o,$(SNOVA_CT_OPTS),\
    $(eval $(call snova_variant,host-ct-$(c)-$(o),$(SNOVA_CT_CC.$(c)),-$(o) -gdwarf-4 -DSNOVA_CT_VALGRIND,host))))
$(foreach b,aarch64-portable aarch64-neon,$(eval $(call snova_variant,$(b)-O2,$(SNOVA_CC.$(b)),\
    $(patsubst -O3,-O2,$(SNOVA_CFLAGS.$(b))),$(b))))
$(foreach p,$(SNOVA_CT_PLANTS),\
    $(eval $(call snova_variant,host-ct-gcc-O3-plant-$(p),gcc,-O3 -gdwarf-4 -DSNOVA_CT_VALGRIND -DSNOVA_CT_PLANT_$(p),host))\
    $(eval $(call snova_variant,aarch64-portable-plant-$(p),$(SNOVA_CC.aarch64-portable),\
        $(SNOVA_CFLAGS.aarch64-portable) -DSNOVA_CT_PLANT_$(p),aarch64-portable)))
# the flags c_glue/lib.mk adds for libsnova (position-independent, hidden)
SNOVA_CT_PIC := -fPIC -fvisibility=hidden
$(eval $(call snova_variant,host-ct-gcc-O3-pic,gcc,-O3 $(SNOVA_CT_PIC) -gdwarf-4 -DSNOVA_CT_VALGRIND,host))
SNOVA_CT_NEON_PIC_FLAGS := $(SNOVA_CFLAGS.aarch64-neon) $(SNOVA_CT_PIC)
$(eval $(call snova_variant,aarch64-neon-pic,$(SNOVA_CC.aarch64-neon),$(SNOVA_CT_NEON_PIC_FLAGS),aarch64-neon))
# A leak planted in a kernel that only the in-order little cores run (the variant
# plan's l = 4 pair tables in runs of eight, which snova-r3-i-k's signing takes
# there; the other cores take runs of four): a load at an address given by a byte
# of the signature's factors' pair tables (x1; byte 1, as byte 0 is the product by
# 0), from the public map's blocks (x3). Traces under -cpu cortex-a53 must report
# it, those under -cpu max cannot reach it.
SNOVA_CT_LITTLE_KERNEL := gf16m_rowdot_ptblw_8x4x4
$(eval $(call snova_variant,aarch64-neon-plant-little,$(SNOVA_CC.aarch64-neon),$(SNOVA_CFLAGS.aarch64-neon),aarch64-neon))
SNOVA_EXTRA_OBJS.aarch64-neon-plant-little := build/aarch64-neon-plant-little/asm/$(SNOVA_CT_LITTLE_KERNEL).o \
    $(filter-out %/$(SNOVA_CT_LITTLE_KERNEL).o,$(SNOVA_EXTRA_OBJS.aarch64-neon))
build/aarch64-neon-plant-little/asm/$(SNOVA_CT_LITTLE_KERNEL).o: out/$(SNOVA_CT_LITTLE_KERNEL).S c_glue/c_glue.mk
	@mkdir -p $(@D)
	awk '{ print } /^\tSNOVA_ASM_BTI(_FRAME)?$$/ && !planted { print "\tldrb\tw16, [x1, #1]\n\tldrb\tw16, [x3, x16]"; planted = 1 }' \
	    $< > $(@:.o=.S)
	$(CLANG) --target=aarch64-linux-gnu -Iout -c $(@:.o=.S) -o $@

SNOVA_CT_HOST_BUILDS := $(foreach c,gcc clang,$(foreach o,$(SNOVA_CT_OPTS),host-ct-$(c)-$(o))) host-ct-gcc-O3-pic
SNOVA_CT_AARCH64_BUILDS := aarch64-portable aarch64-portable-O2 aarch64-neon aarch64-neon-O2 aarch64-neon-pic

# libsnova as shipped under the same checks (tools/ct/lib_ct.c) and the scan of
# its stack for secrets (tests/harness/lib_stack.c): each program linked against
# build/lib/<variant>/libsnova.a (static) or .so (shared); memcheck runs the
# host lib_ct, qemu traces the AArch64 one.
SNOVA_CT_LIB_CC.host := $(HOST_CC) -O2 -g -DSNOVA_CT_VALGRIND
SNOVA_CT_LIB_CC.aarch64 := $(CLANG) --target=aarch64-linux-gnu -fuse-ld=lld -O2
# (AArch64's static program is linked statically whole, as the snova command is)
SNOVA_CT_LIB_LINK.static = $(if $(filter aarch64,$(1)),-static) build/lib/$(1)/libsnova.a
# (the shared one not position-independent itself, so that its segment mark
# sits where the trace looks for it)
SNOVA_CT_LIB_LINK.shared = -no-pie build/lib/$(1)/libsnova.so.0 -Wl,-rpath,$(abspath build/lib/$(1))
# $(1) = library variant, $(2) = static or shared, $(3) = program, $(4) = its source
define snova_ct_lib_rule
build/ct/lib/$(1)-$(2)/$(3): $(4) tools/ct/fixed_random.c tools/ct/fixed_random.h c_glue/primitives/ct_marks.h include/snova.h \
    build/lib/$(1)/libsnova.$(if $(filter static,$(2)),a,so.0)
	@mkdir -p $$(@D)
	$$(SNOVA_CT_LIB_CC.$(1)) -Iinclude -Itools/ct $$(SNOVA_WARN) $(4) tools/ct/fixed_random.c \
	    $(call SNOVA_CT_LIB_LINK.$(2),$(1)) -lpthread -o $$@
endef
$(foreach v,host aarch64,$(foreach l,static shared,$(eval $(call snova_ct_lib_rule,$(v),$(l),lib_ct,tools/ct/lib_ct.c))\
    $(eval $(call snova_ct_lib_rule,$(v),$(l),lib_stack,tests/harness/lib_stack.c))))

build/aarch64-neon/asm/%.o: out/%.S
	@mkdir -p $(@D)
	$(CLANG) --target=aarch64-linux-gnu -c $< -o $@

# The core's rooms (SNOVA_ROOMS, c_glue/snova_sources.mk) and the programs that
# test the core (tests/programs/). Sources are named by file name alone (vpath),
# headers through the include path; c_glue/ itself holds the namespace header
# every room includes.
SNOVA_PROGRAMS_DIR := tests/programs
vpath %.c $(SNOVA_ROOMS) $(SNOVA_PROGRAMS_DIR)
SNOVA_INCLUDES := -Ic_glue $(addprefix -I,$(SNOVA_ROOMS))

# WERROR=-Werror turns warnings into errors (`make test` sets it for the tests' builds)
WERROR ?=
# (out/: the variant plan's layouts, snova_plan.h, which params.h includes)
SNOVA_WARN := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wvla -Wpointer-arith $(WERROR) $(SNOVA_INCLUDES) -Iout

# set-independent sources (primitives), and sources compiled for each set $(1)
SNOVA_PRIM_SRC := shake.c aes_ct.c sha256.c util.c nibbles.c kernels_portable.c os_random.c
SNOVA_SET_SRC   = $(SNOVA_CORE.$(1)) sign.c kernels_shape.c kernels_select.c
# The NIST KAT generator and the API on its bytes (drbg_sign.c): only the KAT tool,
# tests and benchmarks link them (SNOVA_DRBG_OBJS.<variant>.<set>), never the library.

.PHONY: snova snova-asan snova-aarch64 snova-aarch64-neon snova-ct snova-ct-builds snova-list snova-params
snova: $(foreach s,$(SNOVA_SETS),build/host/$(s)/kat build/host/$(s)/test_snova) build/host/test_prims
snova-asan: $(foreach s,$(SNOVA_SETS),build/host-asan/$(s)/kat build/host-asan/$(s)/test_snova) \
    build/host-asan/test_prims
snova-aarch64: $(foreach s,$(SNOVA_SETS),build/aarch64-portable/$(s)/kat \
    build/aarch64-portable/$(s)/test_snova) build/aarch64-portable/test_prims
snova-aarch64-neon: $(foreach s,$(SNOVA_SETS),build/aarch64-neon/$(s)/kat \
    build/aarch64-neon/$(s)/test_snova build/aarch64-neon/$(s)/test_select) build/aarch64-neon/test_prims
snova-ct: $(foreach b,$(SNOVA_CT_HOST_BUILDS),$(foreach s,$(SNOVA_SETS),build/$(b)/$(s)/test_ct))
snova-ct-builds:
	@echo $(SNOVA_CT_HOST_BUILDS) $(SNOVA_CT_AARCH64_BUILDS)
snova-list:
	@echo $(SNOVA_SETS)
snova-params:
	@$(foreach s,$(SNOVA_SETS),echo "$(s) $(strip $(SNOVA_DEFS.$(s)))";)

# $(1) = build variant
define snova_build_rules
build/$(1)/common/%.o: %.c c_glue/c_glue.mk
	@mkdir -p $$(@D)
	$$(SNOVA_CC.$(1)) $$(SNOVA_WARN) $$(SNOVA_CFLAGS.$(1)) -MMD -MP -c $$< -o $$@
endef

# $(1) = build variant, $(2) = set name
define snova_set_rules
build/$(1)/$(2)/%.o: %.c c_glue/c_glue.mk c_glue/snova_sets.mk
	@mkdir -p $$(@D)
	$$(SNOVA_CC.$(1)) $$(SNOVA_WARN) $$(SNOVA_CFLAGS.$(1)) $(SNOVA_DEFS.$(2)) -MMD -MP -c $$< -o $$@

SNOVA_OBJS.$(1).$(2) := $(addprefix build/$(1)/$(2)/,$(patsubst %.c,%.o,$(call SNOVA_SET_SRC,$(2)) $(SNOVA_EXTRA_SRC.$(1)))) \
    $(addprefix build/$(1)/common/,$(SNOVA_PRIM_SRC:.c=.o)) $(SNOVA_EXTRA_OBJS.$(1))
SNOVA_DRBG_OBJS.$(1).$(2) := build/$(1)/common/rng.o build/$(1)/$(2)/drbg_sign.o

build/$(1)/$(2)/kat: build/$(1)/$(2)/kat_main.o $$(SNOVA_OBJS.$(1).$(2)) $$(SNOVA_DRBG_OBJS.$(1).$(2))
	$$(SNOVA_CC.$(1)) $$(SNOVA_CFLAGS.$(1)) $$^ -o $$@

build/$(1)/$(2)/test_ct: build/$(1)/$(2)/test_ct.o $$(SNOVA_OBJS.$(1).$(2))
	$$(SNOVA_CC.$(1)) $$(SNOVA_CFLAGS.$(1)) $$^ -o $$@

build/$(1)/$(2)/test_snova: build/$(1)/$(2)/test_snova.o $$(SNOVA_OBJS.$(1).$(2)) build/$(1)/common/rng.o
	$$(SNOVA_CC.$(1)) $$(SNOVA_CFLAGS.$(1)) $$^ -o $$@

build/$(1)/$(2)/test_random: build/$(1)/$(2)/test_random.o $$(SNOVA_OBJS.$(1).$(2)) \
    $(if $(filter host-plant-rng,$(1)),build/$(1)/common/rng.o)
	$$(SNOVA_CC.$(1)) $$(SNOVA_CFLAGS.$(1)) -pthread $$^ -o $$@

build/$(1)/$(2)/test_prepared: build/$(1)/$(2)/test_prepared.o $$(SNOVA_OBJS.$(1).$(2))
	$$(SNOVA_CC.$(1)) $$(SNOVA_CFLAGS.$(1)) -pthread $$^ -o $$@

build/$(1)/$(2)/test_verifier: build/$(1)/$(2)/test_verifier.o $$(SNOVA_OBJS.$(1).$(2))
	$$(SNOVA_CC.$(1)) $$(SNOVA_CFLAGS.$(1)) $$^ -o $$@

build/$(1)/$(2)/test_stack: build/$(1)/$(2)/test_stack.o $$(SNOVA_OBJS.$(1).$(2))
	$$(SNOVA_CC.$(1)) $$(SNOVA_CFLAGS.$(1)) -pthread $$^ -o $$@

build/$(1)/$(2)/test_select: build/$(1)/$(2)/test_select.o $$(SNOVA_OBJS.$(1).$(2))
	$$(SNOVA_CC.$(1)) $$(SNOVA_CFLAGS.$(1)) $$^ -o $$@
endef

$(foreach b,$(SNOVA_BUILDS),$(eval $(call snova_build_rules,$(b))))
$(foreach b,$(SNOVA_BUILDS),$(foreach s,$(SNOVA_SETS),$(eval $(call snova_set_rules,$(b),$(s)))))

# test_prims and test_keccak drive the primitives through the kernel table (SHAKE's
# Keccak-f[1600], AES), which comes with a parameter set: that of the first set, the
# same in all.
SNOVA_PRIMS_SET := $(firstword $(SNOVA_SETS))
define snova_prims_rule
build/$(1)/test_%: build/$(1)/common/test_%.o $(SNOVA_OBJS.$(1).$(SNOVA_PRIMS_SET)) build/$(1)/common/rng.o
	$$(SNOVA_CC.$(1)) $$(SNOVA_CFLAGS.$(1)) $$^ -o $$@
endef
$(foreach b,$(SNOVA_BUILDS),$(eval $(call snova_prims_rule,$(b))))

-include $(wildcard build/*/common/*.d build/*/snova-*/*.d)
