# libsnova: every parameter set of every round in one library (include/snova.h,
# docs/libsnova.md), and the `snova` command on it; included by the top-level
# Makefile after c_glue.mk. Targets:
#   make lib            for $(CC)'s target: build/lib/host/{libsnova.a,libsnova.so.0,snova};
#                       an AArch64 target (native, CC=aarch64-linux-gnu-gcc, or
#                       CC="clang-19 --target=aarch64-linux-gnu") gets the NEON kernels
#                       chosen at run time, any other the portable C kernels;
#                       LIB_KERNELS=portable keeps portable C on AArch64 too
#   make lib-aarch64    AArch64 with clang-19 from any host, NEON kernels chosen at
#                       run time, snova linked statically: build/lib/aarch64/...
#   make install PREFIX=/usr/local DESTDIR=   installs the host build
#                       (LIB_VARIANT=aarch64: the AArch64 one)
#   make uninstall PREFIX=/usr/local DESTDIR=  removes what install put there
#   make build/lib/<variant>/libsnova-randombytes.a   the static library in
#                       embedded-source mode: its randomness from the host's
#                       randombytes (c_glue/primitives/os_random.c, SNOVA_RANDOMBYTES_EXTERN)
#
# How the instances share one library: source-level namespacing
# (c_glue/snova_namespace.h). A set's own code (its round's core, the NIST API of
# sign.c, its descriptor lib_instance.c) is compiled with the set's definitions and
# the prefix <id>_ (<id>: the set name, '-' written '_'), so crypto_sign_* become
# <id>_crypto_sign_* and the descriptor <id>_instance. The kernel table and its
# run-time choice depend on the block shape only (round, l, r): compiled once per
# shape with the prefix snova_<shape>_, which its sets' code calls. Everything else
# (SHAKE, AES, nibbles, the rank kernels, the generated kernels, the OS randomness,
# the generic API) is compiled once and keeps its names (an empty common prefix).
# Everything is compiled with hidden visibility but the NIST API (api.h, with
# SNOVA_NIST_API_EXPORT), so the shared library exports the generic API and the
# per-instance NIST API only.

# the version, from its one place: include/snova.h
LIB_VERSION := $(shell sed -n 's/^\#define SNOVA_VERSION_STRING "\(.*\)"$$/\1/p' include/snova.h)
LIB_SOVERSION := 0
# relocatable links through the variant's compiler (its own linker: native GNU ld
# on an Arm machine without LLVM); llvm-ar-19 where installed (it indexes any
# target's objects), else the system's ar. A sanitizer's flags stay for the final
# links: given to a relocatable link, they would put its runtime into every part.
LIB_LD       = $(LIB_CC.$(1)) $(filter-out -fsanitize%,$(LIB_LDFLAGS.$(1))) -nostdlib -r
LIB_AR      := $(or $(shell command -v llvm-ar-19 2>/dev/null),ar)

LIB_VARIANTS := host aarch64
# what the NEON library adds to the portable one
LIB_NEON_CFLAGS := -DSNOVA_NEON -Iout

# host: the compiler's own target (`$(CC) -dumpmachine`, so that a cross compiler
# counts as its target, not as the machine make runs on). LIB_KERNELS: neon on an
# AArch64 target, portable elsewhere; LIB_KERNELS=portable chooses portable C there.
LIB_CC.host := $(CC)
LIB_TARGET.host := $(shell $(CC) -dumpmachine 2>/dev/null)
LIB_KERNELS ?= $(if $(filter aarch64% arm64%,$(LIB_TARGET.host)),neon,portable)
ifeq ($(filter neon portable,$(LIB_KERNELS)),)
$(error LIB_KERNELS=$(LIB_KERNELS): neon or portable)
endif
ifeq ($(LIB_KERNELS)$(filter aarch64% arm64%,$(LIB_TARGET.host)),neon)
$(error LIB_KERNELS=neon needs an AArch64 compiler; $(CC) targets $(LIB_TARGET.host))
endif
LIB_CFLAGS.host := -O3 $(if $(filter neon,$(LIB_KERNELS)),$(LIB_NEON_CFLAGS))
LIB_PRIM_EXTRA.host := $(if $(filter neon,$(LIB_KERNELS)),$(LIB_PRIM_NEON))
LIB_SHAPE_EXTRA.host := $(if $(filter neon,$(LIB_KERNELS)),$(LIB_SHAPE_NEON))
LIB_ASM.host := $(if $(filter neon,$(LIB_KERNELS)),$(SNOVA_NEON_ASM))
# a change of compiler or kernels rebuilds build/lib/host/: the objects depend on
# this file, rewritten only when its content changes
LIB_CONFIG.host := build/lib/host/config
LIB_CONFIG_TEXT := $(CC) $(LIB_TARGET.host) $(LIB_KERNELS)
$(shell mkdir -p build/lib/host && if [ "$$(cat $(LIB_CONFIG.host) 2>/dev/null)" != '$(LIB_CONFIG_TEXT)' ]; then \
    echo '$(LIB_CONFIG_TEXT)' > $(LIB_CONFIG.host); fi)

LIB_CC.aarch64 := $(CLANG) --target=aarch64-linux-gnu
LIB_CFLAGS.aarch64 := -O3 $(LIB_NEON_CFLAGS)
LIB_LDFLAGS.aarch64 := -fuse-ld=lld
# the command is linked statically on AArch64, so that it runs under qemu-aarch64
LIB_EXE_FLAGS.aarch64 := -static
LIB_PRIM_EXTRA.aarch64 := $(LIB_PRIM_NEON)
LIB_SHAPE_EXTRA.aarch64 := $(LIB_SHAPE_NEON)
LIB_ASM.aarch64 := $(SNOVA_NEON_ASM)

LIB_PRIM_SRC = $(LIB_PRIM_COMMON) $(LIB_PRIM_EXTRA.$(1))
LIB_SHAPE_SRC = $(LIB_SHAPE_COMMON) $(LIB_SHAPE_EXTRA.$(1))
LIB_SET_SRC = $(SNOVA_CORE.$(1)) $(LIB_SET_COMMON)
LIB_FLAGS = $(LIB_CFLAGS.$(1)) -fPIC -fvisibility=hidden -Iinclude $(SNOVA_WARN)
# the namespace of code compiled for shape $(1) and for set $(2) (the shape's own
# code: $(2) empty)
LIB_NAMESPACE = -DSNOVA_COMMON_NAMESPACE= -DSNOVA_SHAPE_NAMESPACE=snova_$(call lib_id,$(1))_ \
    -DSNOVA_NAMESPACE=$(call lib_id,$(or $(2),snova_$(1)))_

# a set's block shape r<round>-l<l>-r<r>, from its definitions (Round 1: no
# SNOVA_ROUND; Rounds 1 and 2: no SNOVA_R, square blocks)
lib_def = $(patsubst -D$(2)=%,%,$(filter -D$(2)=%,$(SNOVA_DEFS.$(1))))
lib_shape = r$(or $(call lib_def,$(1),SNOVA_ROUND),1)-l$(call lib_def,$(1),SNOVA_L)-r$(or \
    $(call lib_def,$(1),SNOVA_R),$(call lib_def,$(1),SNOVA_L))
lib_id = $(subst -,_,$(1))
LIB_SHAPES := $(sort $(foreach s,$(SNOVA_SETS),$(call lib_shape,$(s))))
# the set whose definitions compile a shape's kernel table (any of the shape's sets)
lib_shape_set = $(firstword $(foreach s,$(SNOVA_SETS),$(if $(filter $(1),$(call lib_shape,$(s))),$(s))))
# SHAKE takes its Keccak-f[1600] from snova_kernels(); the Keccak and AES entries
# are the same in every shape's table, so the primitives call the first shape's.
LIB_PRIMS_SHAPE := $(firstword $(LIB_SHAPES))

.PHONY: lib lib-aarch64 install uninstall
lib: build/lib/host/libsnova.a build/lib/host/libsnova.so.$(LIB_SOVERSION) build/lib/host/snova
lib-aarch64: build/lib/aarch64/libsnova.a build/lib/aarch64/libsnova.so.$(LIB_SOVERSION) build/lib/aarch64/snova

# $(1) = variant
define lib_variant_rules
build/lib/$(1)/prim/%.o: %.c c_glue/c_glue.mk c_glue/lib.mk $(LIB_CONFIG.$(1))
	@mkdir -p $$(@D)
	$$(LIB_CC.$(1)) $$(call LIB_FLAGS,$(1)) $$(call LIB_NAMESPACE,$(LIB_PRIMS_SHAPE)) -MMD -MP -c $$< -o $$@

build/lib/$(1)/prim/%.o: c_glue/lib/%.c c_glue/lib.mk $(LIB_CONFIG.$(1))
	@mkdir -p $$(@D)
	$$(LIB_CC.$(1)) $$(call LIB_FLAGS,$(1)) -MMD -MP -c $$< -o $$@

build/lib/$(1)/asm/%.o: out/%.S out/snova_asm.h $(LIB_CONFIG.$(1))
	@mkdir -p $$(@D)
	$$(LIB_CC.$(1)) -c $$< -o $$@

build/lib/$(1)/prim/os_random-randombytes.o: c_glue/primitives/os_random.c c_glue/c_glue.mk c_glue/lib.mk $(LIB_CONFIG.$(1))
	@mkdir -p $$(@D)
	$$(LIB_CC.$(1)) $$(call LIB_FLAGS,$(1)) $$(call LIB_NAMESPACE,$(LIB_PRIMS_SHAPE)) -DSNOVA_RANDOMBYTES_EXTERN \
	    -MMD -MP -c $$< -o $$@

LIB_PRIM_OBJS.$(1) := $(addprefix build/lib/$(1)/prim/,$(patsubst %.c,%.o,$(call LIB_PRIM_SRC,$(1)))) \
    $(patsubst out/%.S,build/lib/$(1)/asm/%.o,$(LIB_ASM.$(1)))
build/lib/$(1)/prims.o: $$(LIB_PRIM_OBJS.$(1))
build/lib/$(1)/prims-randombytes.o: $$(subst /os_random.o,/os_random-randombytes.o,$$(LIB_PRIM_OBJS.$(1)))
build/lib/$(1)/prims.o build/lib/$(1)/prims-randombytes.o:
	$(call LIB_LD,$(1)) $$^ -o $$@

LIB_OBJS.$(1) := build/lib/$(1)/prims.o $(patsubst %.c,build/lib/$(1)/prim/%.o,$(LIB_API)) \
    $(foreach h,$(LIB_SHAPES),build/lib/$(1)/shape-$(h).o) $(foreach s,$(SNOVA_SETS),build/lib/$(1)/set-$(s).o)

build/lib/$(1)/libsnova.a: $$(LIB_OBJS.$(1))
build/lib/$(1)/libsnova-randombytes.a: $$(subst /prims.o,/prims-randombytes.o,$$(LIB_OBJS.$(1)))
build/lib/$(1)/libsnova.a build/lib/$(1)/libsnova-randombytes.a:
	@rm -f $$@
	$(LIB_AR) rcs $$@ $$^

build/lib/$(1)/libsnova.so.$(LIB_SOVERSION): $$(LIB_OBJS.$(1))
	$$(LIB_CC.$(1)) $$(LIB_LDFLAGS.$(1)) -shared -Wl,-soname,libsnova.so.$(LIB_SOVERSION) -Wl,-z,noexecstack -Wl,--no-undefined $$^ -o $$@ -lpthread

build/lib/$(1)/cli/%.o: cli/%.c c_glue/lib.mk $(LIB_CONFIG.$(1))
	@mkdir -p $$(@D)
	$$(LIB_CC.$(1)) $$(LIB_CFLAGS.$(1)) -Iinclude $(SNOVA_WARN) -MMD -MP -c $$< -o $$@

build/lib/$(1)/snova: $(patsubst cli/%.c,build/lib/$(1)/cli/%.o,$(wildcard cli/*.c)) build/lib/$(1)/libsnova.a
	$$(LIB_CC.$(1)) $$(LIB_LDFLAGS.$(1)) $$(LIB_EXE_FLAGS.$(1)) $$^ -o $$@ -lpthread
endef

# $(1) = variant, $(2) = shape
define lib_shape_rules
build/lib/$(1)/shape/$(2)/%.o: %.c c_glue/c_glue.mk c_glue/snova_sets.mk c_glue/lib.mk $(LIB_CONFIG.$(1))
	@mkdir -p $$(@D)
	$$(LIB_CC.$(1)) $$(call LIB_FLAGS,$(1)) $(SNOVA_DEFS.$(call lib_shape_set,$(2))) $$(call LIB_NAMESPACE,$(2)) \
	    -MMD -MP -c $$< -o $$@

build/lib/$(1)/shape-$(2).o: $(addprefix build/lib/$(1)/shape/$(2)/,$(patsubst %.c,%.o,$(call LIB_SHAPE_SRC,$(1))))
	$(call LIB_LD,$(1)) $$^ -o $$@
endef

# $(1) = variant, $(2) = set
define lib_set_rules
build/lib/$(1)/set/$(2)/%.o: %.c c_glue/c_glue.mk c_glue/snova_sets.mk c_glue/lib.mk $(LIB_CONFIG.$(1))
	@mkdir -p $$(@D)
	$$(LIB_CC.$(1)) $$(call LIB_FLAGS,$(1)) $(SNOVA_DEFS.$(2)) $$(call LIB_NAMESPACE,$(call lib_shape,$(2)),$(2)) \
	    -DSNOVA_NIST_API_EXPORT -MMD -MP -c $$< -o $$@

build/lib/$(1)/set/$(2)/lib_instance.o: c_glue/lib/lib_instance.c c_glue/c_glue.mk c_glue/snova_sets.mk c_glue/lib.mk $(LIB_CONFIG.$(1))
	@mkdir -p $$(@D)
	$$(LIB_CC.$(1)) $$(call LIB_FLAGS,$(1)) $(SNOVA_DEFS.$(2)) $$(call LIB_NAMESPACE,$(call lib_shape,$(2)),$(2)) \
	    -DSNOVA_LIB_NAME='"$(2)"' -DSNOVA_LIB_ID=$(call lib_id,$(2)) -MMD -MP -c $$< -o $$@

build/lib/$(1)/set-$(2).o: $(addprefix build/lib/$(1)/set/$(2)/,$(patsubst %.c,%.o,$(call LIB_SET_SRC,$(2))) lib_instance.o)
	$(call LIB_LD,$(1)) $$^ -o $$@
endef

$(foreach v,$(LIB_VARIANTS),$(eval $(call lib_variant_rules,$(v))))
$(foreach v,$(LIB_VARIANTS),$(foreach h,$(LIB_SHAPES),$(eval $(call lib_shape_rules,$(v),$(h)))))
$(foreach v,$(LIB_VARIANTS),$(foreach s,$(SNOVA_SETS),$(eval $(call lib_set_rules,$(v),$(s)))))

-include $(wildcard build/lib/*/*/*.d build/lib/*/*/*/*.d)

# make install: PREFIX (where the files will live, written into snova.pc), DESTDIR
# (a staging root put before PREFIX), LIB_VARIANT (host or aarch64). Outside the
# system prefixes (LIB_SYSTEM_PREFIXES, in the dynamic loader's path), snova.pc
# links with an rpath to PREFIX/lib, so that a pkg-config consumer finds
# libsnova.so at run time; in them, install runs ldconfig (as root, without
# DESTDIR: a staged tree's packager does that).
PREFIX ?= /usr/local
DESTDIR ?=
LIB_VARIANT ?= host
LIB_SYSTEM_PREFIXES ?= /usr /usr/local
LIB_INSTALL_ROOT = $(DESTDIR)$(PREFIX)
LIB_RPATH = $(if $(filter $(LIB_SYSTEM_PREFIXES),$(patsubst %/,%,$(PREFIX))),,-Wl,-rpath,$${libdir} )
LIB_SUBST = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(LIB_VERSION)|g' -e 's|@SOVERSION@|$(LIB_SOVERSION)|g' \
    -e 's|@RPATH@|$(LIB_RPATH)|g' -e 's|@LIBS_PRIVATE@|-lpthread|g' -e 's|@SHARED_LIB@|lib/libsnova.so.$(LIB_SOVERSION)|g' \
    -e 's|@SHARED_SONAME@|libsnova.so.$(LIB_SOVERSION)|g' -e 's|@STATIC_LIB@|lib/libsnova.a|g' -e 's|@IMPORT_LIB@||g'
# every file install writes, below LIB_INSTALL_ROOT
LIB_INSTALLED := bin/snova include/snova.h include/snova_instances.h lib/libsnova.a \
    lib/libsnova.so.$(LIB_SOVERSION) lib/libsnova.so \
    lib/pkgconfig/snova.pc lib/cmake/snova/snova-config.cmake lib/cmake/snova/snova-config-version.cmake
install: build/lib/$(LIB_VARIANT)/libsnova.a build/lib/$(LIB_VARIANT)/libsnova.so.$(LIB_SOVERSION) \
    build/lib/$(LIB_VARIANT)/snova
	install -d $(LIB_INSTALL_ROOT)/bin $(LIB_INSTALL_ROOT)/include $(LIB_INSTALL_ROOT)/lib/pkgconfig \
	    $(LIB_INSTALL_ROOT)/lib/cmake/snova
	install -m 755 build/lib/$(LIB_VARIANT)/snova $(LIB_INSTALL_ROOT)/bin/snova
	install -m 644 include/snova.h include/snova_instances.h $(LIB_INSTALL_ROOT)/include/
	install -m 644 build/lib/$(LIB_VARIANT)/libsnova.a $(LIB_INSTALL_ROOT)/lib/libsnova.a
	install -m 755 build/lib/$(LIB_VARIANT)/libsnova.so.$(LIB_SOVERSION) \
	    $(LIB_INSTALL_ROOT)/lib/libsnova.so.$(LIB_SOVERSION)
	ln -sf libsnova.so.$(LIB_SOVERSION) $(LIB_INSTALL_ROOT)/lib/libsnova.so
	$(LIB_SUBST) c_glue/lib/snova.pc.in > $(LIB_INSTALL_ROOT)/lib/pkgconfig/snova.pc
	$(LIB_SUBST) c_glue/lib/snova-config.cmake > $(LIB_INSTALL_ROOT)/lib/cmake/snova/snova-config.cmake
	$(LIB_SUBST) c_glue/lib/snova-config-version.cmake \
	    > $(LIB_INSTALL_ROOT)/lib/cmake/snova/snova-config-version.cmake
	$(if $(or $(DESTDIR),$(LIB_RPATH)),,if [ "$$(id -u)" = 0 ]; then ldconfig; fi)

uninstall:
	rm -f $(addprefix $(LIB_INSTALL_ROOT)/,$(LIB_INSTALLED))
	-rmdir $(LIB_INSTALL_ROOT)/lib/cmake/snova 2>/dev/null
