#!/usr/bin/env bash
# Installs what Fluxion needs to build and test, from Debian's packages. Idempotent:
# packages already present are not fetched again, and apt is only updated when needed.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  python3
  libgtest-dev libgmock-dev
  clang libclang-rt-14-dev   # fuzzing (libFuzzer) and sanitizers
  libopenblas-dev zlib1g-dev # tensor runtime: matrix products, gzip-compressed IDX files
  libssl-dev                 # native back end: SHA-256 keys of the compiled-program cache
  python3-numpy              # tests: tensor programs are checked against NumPy; the Python module
  pybind11-dev python3-pybind11 python3-dev  # the Python module `fluxion` (python/, docs/embedding.md)
  python3-pytest             # its tests (tests/python)
  valgrind                   # the installed package's example is checked for leaks (tests/install)
  dataset-fashion-mnist      # examples/cnn_mnist.fx
)

# `install-deps.sh --bench` adds the peers that bench/ measures Fluxion against; `make test`
# does not need them.
if [ "${1:-}" = "--bench" ]; then
  packages+=(
    python3-torch        # PyTorch 1.13 (CPU): the seed models and ADBench peers
    libadolc-dev         # ADOL-C: taping AD peer for GMM, LSTM, BA
    libbenchmark-dev     # Google Benchmark: hand-written C++ peers
    python3-matplotlib   # loss curves and plots
    linux-perf           # perf: the profiles behind bench/SHORTFALLS.md
  )
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
