# Fluxion: top-level entry points. See README.md.
BUILD_DIR ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?= -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo

.PHONY: deps bench-deps build test install demo clean test-asan fuzz fuzz-short fuzz-build bench bench-quick

deps:
	./scripts/install-deps.sh

# The benchmark peers (PyTorch, ADOL-C, Google Benchmark, matplotlib) as well: bench/README.md.
bench-deps:
	./scripts/install-deps.sh --bench

$(BUILD_DIR)/build.ninja:
	cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS)

build: deps $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS)

test: build
	cd $(BUILD_DIR) && ctest -j $(JOBS) --output-on-failure --timeout 600

# The CLI, libfluxion.so and its headers, the standard library, the Python module and the CMake
# package (find_package(Fluxion)) under PREFIX (docs/embedding.md).
PREFIX ?= /usr/local
install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)

# The benchmarks against the peers, side by side (bench/README.md): they write bench/RESULTS.md,
# bench/results/latest.json and plots. bench-quick runs the smallest size of each workload.
bench: build bench-deps
	bench/run.py

bench-quick: build bench-deps
	bench/run.py --quick

demo: build
	./$(BUILD_DIR)/fluxion run examples/showcase.fx

# Leaks are errors too: the interpreter frees its reference cycles (src/interp/cycles.hpp).
test-asan: deps
	cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DFLUXION_SANITIZE=ON
	cmake --build build-asan -j $(JOBS)
	# FX_TIMEOUT_SCALE: the factor CMakeLists.txt gives sanitizer builds, for the scripts' own limits;
	# --timeout: 900 s times that factor for the tests without a TIMEOUT of their own.
	# intercept_tls_get_addr=0: GCC 12's sanitizer runtime (GCC 14 and LLVM 17 fixed it) takes a
	# dynamic TLS block that lands at a certain page offset for a pre-2.25 glibc header and reads
	# the words before it, so LeakSanitizer's exit-time tracer now and then dies ("Tracer caught
	# signal 11") after the test itself passed: one Api test in each of two full runs.
	cd build-asan && ASAN_OPTIONS=detect_leaks=1:intercept_tls_get_addr=0 FX_TIMEOUT_SCALE=6 \
	  ctest -j $(JOBS) --output-on-failure --timeout 5400

# Coverage-guided fuzzing with libFuzzer (clang): each target runs FUZZ_SECONDS.
#   parser_fuzz  bytes -> lexer and parser
#   check_fuzz   bytes -> parse, lower, verify, type-check
#   ad_fuzz      bytes -> a generated program (fuzz/program_gen.hpp) run through the whole
#                pipeline, derivatives included, with --check-nan on half the inputs
# Objects are compiled once per FUZZ_DIR (in parallel: make -j); new inputs go to
# FUZZ_DIR/corpus-*, crashes to FUZZ_DIR/crash-*; the seeds in fuzz/corpus/ are only read.
# `make fuzz-short` runs every target FUZZ_SHORT_SECONDS (CI, when clang is installed).
FUZZ_SECONDS ?= 600
FUZZ_SHORT_SECONDS ?= 20
FUZZ_DIR ?= build-fuzz
FUZZ_CLANG ?= clang++
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CXXFLAGS = -std=c++20 -g -O1 $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Isrc -Iruntime/include -MMD -MP
FUZZ_RUN_FLAGS = -rss_limit_mb=4096 -timeout=30 -print_final_stats=1
FRONT_SRCS = $(wildcard src/support/*.cpp src/syntax/*.cpp)
# Type inference reads the tensor runtime's dtype rules, so the checker links the runtime.
CHECK_SRCS = $(FRONT_SRCS) $(wildcard src/ir/*.cpp src/lower/*.cpp src/types/*.cpp runtime/src/*.cpp)
AD_SRCS = $(CHECK_SRCS) $(wildcard src/ad/*.cpp src/ad/rules/*.cpp src/interp/*.cpp src/expand/*.cpp src/opt/*.cpp) \
          fuzz/program_gen.cpp fuzz/tensor_program_gen.cpp
fuzz_objs = $(patsubst %.cpp,$(FUZZ_DIR)/obj/%.o,$(1))
FUZZ_TARGETS = parser check ad

$(FUZZ_DIR)/obj/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(FUZZ_CLANG) $(FUZZ_CXXFLAGS) -c $< -o $@

$(FUZZ_DIR)/parser_fuzz: $(call fuzz_objs,fuzz/parser_fuzz.cpp $(FRONT_SRCS))
	$(FUZZ_CLANG) -fsanitize=fuzzer $(FUZZ_SAN) $^ -o $@ -lpthread
$(FUZZ_DIR)/check_fuzz: $(call fuzz_objs,fuzz/check_fuzz.cpp $(CHECK_SRCS))
	$(FUZZ_CLANG) -fsanitize=fuzzer $(FUZZ_SAN) $^ -o $@ -lopenblas -lz -lpthread
$(FUZZ_DIR)/ad_fuzz: $(call fuzz_objs,fuzz/ad_fuzz.cpp $(AD_SRCS))
	$(FUZZ_CLANG) -fsanitize=fuzzer $(FUZZ_SAN) $^ -o $@ -lopenblas -lz -lpthread

ifneq ($(filter fuzz%,$(MAKECMDGOALS)),)
-include $(shell find $(FUZZ_DIR)/obj -name '*.d' 2>/dev/null)
endif

fuzz-build: $(foreach t,$(FUZZ_TARGETS),$(FUZZ_DIR)/$(t)_fuzz)

# Runs target $(1) for $(2) seconds; the parser seeds also feed check_fuzz.
fuzz_seeds = $(if $(filter ad,$(1)),fuzz/corpus/ad,fuzz/corpus/parser)
define fuzz_run
	mkdir -p $(FUZZ_DIR)/corpus-$(1)
	cd $(FUZZ_DIR) && ./$(1)_fuzz corpus-$(1) $(CURDIR)/$(call fuzz_seeds,$(1)) -max_total_time=$(2) $(FUZZ_RUN_FLAGS)

endef

fuzz: deps
	$(MAKE) -j $(JOBS) fuzz-build
	$(foreach t,$(FUZZ_TARGETS),$(call fuzz_run,$(t),$(FUZZ_SECONDS)))

fuzz-short:
	$(MAKE) -j $(JOBS) fuzz-build
	$(foreach t,$(FUZZ_TARGETS),$(call fuzz_run,$(t),$(FUZZ_SHORT_SECONDS)))

clean:
	rm -rf $(BUILD_DIR) build-asan $(FUZZ_DIR)
