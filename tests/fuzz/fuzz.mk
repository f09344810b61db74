# Fuzz targets (libFuzzer, clang-19, AddressSanitizer and UBSan; tests/fuzz/README.md),
# included by the top-level Makefile after c_glue/lib.mk. Targets:
#   make fuzz FUZZ_SECONDS=N   every target for N seconds each from its seed corpus
#                              (tests/fuzz/corpus/<target>/); any finding fails it
#   make fuzz-build            the targets only: build/fuzz/<target>
#   make fuzz-aarch64          the random differential driver of the verify target,
#                              on the AArch64 NEON library: build/fuzz/aarch64/verify
#   make lib-host-asan         libsnova and the command built with ASan, UBSan and
#                              libFuzzer's coverage: build/lib/host-asan/
# The library variant host-asan is defined here, on c_glue/lib.mk's rules.
FUZZ_SECONDS ?= 10
FUZZ_TARGETS := verify prepare key_file sig_file
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CC := $(CLANG) -O1 -g -fno-omit-frame-pointer $(FUZZ_SAN)

LIB_CC.host-asan := $(CLANG)
LIB_CFLAGS.host-asan := -O1 -g -fno-omit-frame-pointer $(FUZZ_SAN) -fsanitize=fuzzer-no-link
LIB_LDFLAGS.host-asan := $(FUZZ_SAN)
$(eval $(call lib_variant_rules,host-asan))
$(foreach h,$(LIB_SHAPES),$(eval $(call lib_shape_rules,host-asan,$(h))))
$(foreach s,$(SNOVA_SETS),$(eval $(call lib_set_rules,host-asan,$(s))))

# the command's objects but its main (cli/snova.c): the parsers the targets call
FUZZ_CLI_OBJS := $(patsubst cli/%.c,build/lib/host-asan/cli/%.o,$(filter-out cli/snova.c,$(wildcard cli/*.c)))
FUZZ_LINK.verify := tests/fuzz/fixed_pair.c build/lib/host-asan/libsnova.a
FUZZ_LINK.prepare := tests/fuzz/fixed_pair.c build/lib/host-asan/libsnova.a
FUZZ_LINK.key_file := $(FUZZ_CLI_OBJS) build/lib/host-asan/libsnova.a
FUZZ_LINK.sig_file := $(FUZZ_CLI_OBJS) build/lib/host-asan/libsnova.a

.PHONY: fuzz fuzz-build fuzz-aarch64 lib-host-asan
lib-host-asan: build/lib/host-asan/libsnova.a build/lib/host-asan/snova
fuzz-build: $(addprefix build/fuzz/,$(FUZZ_TARGETS))
fuzz-aarch64: build/fuzz/aarch64/verify

# $(1) = target
define fuzz_target_rule
build/fuzz/$(1): tests/fuzz/$(1).c $(wildcard tests/fuzz/*.h) include/snova.h tests/fuzz/fuzz.mk $(FUZZ_LINK.$(1))
	@mkdir -p $$(@D)
	$(FUZZ_CC) -fsanitize=fuzzer -Iinclude -Icli -Itests/fuzz $(SNOVA_WARN) $$< $(FUZZ_LINK.$(1)) -lpthread -o $$@
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_target_rule,$(t))))

# no libFuzzer runtime for AArch64 here: the target's body under a driver of
# random inputs (tests/fuzz/random_driver.c), linked statically for qemu-aarch64
FUZZ_DRIVER_SRC := tests/fuzz/verify.c tests/fuzz/fixed_pair.c tests/fuzz/random_driver.c
build/fuzz/aarch64/verify: $(FUZZ_DRIVER_SRC) $(wildcard tests/fuzz/*.h) include/snova.h tests/fuzz/fuzz.mk \
    build/lib/aarch64/libsnova.a
	@mkdir -p $(@D)
	$(CLANG) --target=aarch64-linux-gnu -fuse-ld=lld -static -O2 -Iinclude -Itests/fuzz $(SNOVA_WARN) \
	    $(FUZZ_DRIVER_SRC) build/lib/aarch64/libsnova.a -lpthread -o $@

# each target in a scratch copy of its corpus (the committed seeds stay as they
# are); libFuzzer exits non-zero on any finding
fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	    rm -rf build/fuzz/run/$$t && mkdir -p build/fuzz/run/$$t/corpus build/fuzz/run/$$t/findings && \
	    echo "fuzz $$t: $(FUZZ_SECONDS) s" && \
	    build/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
	        -artifact_prefix=build/fuzz/run/$$t/findings/ build/fuzz/run/$$t/corpus tests/fuzz/corpus/$$t \
	        > build/fuzz/run/$$t/log 2>&1 || { tail -40 build/fuzz/run/$$t/log; exit 1; }; \
	    grep -E '^stat::number_of_executed_units' build/fuzz/run/$$t/log; \
	done
