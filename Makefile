# Fluxion: top-level entry points. See README.md.
BUILD_DIR ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?= -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo

.PHONY: deps build test demo clean test-asan fuzz

deps:
	./scripts/install-deps.sh

$(BUILD_DIR)/build.ninja:
	cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS)

build: deps $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS)

test: build
	cd $(BUILD_DIR) && ctest -j $(JOBS) --output-on-failure --timeout 600

demo: build
	./$(BUILD_DIR)/fluxion run examples/showcase.fx

test-asan: deps
	cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DFLUXION_SANITIZE=ON
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=0 ctest -j $(JOBS) --output-on-failure --timeout 900

# Coverage-guided fuzzing with libFuzzer (clang): each target runs FUZZ_SECONDS.
# New inputs go to build-fuzz/corpus-*; the seeds in fuzz/corpus/ are only read.
FUZZ_SECONDS ?= 600
FUZZ_CXX = clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -Isrc
FRONT_SRCS = $(wildcard src/support/*.cpp src/syntax/*.cpp)
CHECK_SRCS = $(FRONT_SRCS) $(wildcard src/ir/*.cpp src/lower/*.cpp src/types/*.cpp)
fuzz: deps
	mkdir -p build-fuzz/corpus-parser build-fuzz/corpus-check
	$(FUZZ_CXX) fuzz/parser_fuzz.cpp $(FRONT_SRCS) -o build-fuzz/parser_fuzz -lpthread
	$(FUZZ_CXX) fuzz/check_fuzz.cpp $(CHECK_SRCS) -o build-fuzz/check_fuzz -lpthread
	./build-fuzz/parser_fuzz build-fuzz/corpus-parser fuzz/corpus/parser -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096
	./build-fuzz/check_fuzz build-fuzz/corpus-check fuzz/corpus/parser -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096

clean:
	rm -rf $(BUILD_DIR) build-asan build-fuzz
