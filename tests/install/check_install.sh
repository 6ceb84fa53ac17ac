#!/bin/sh
# Installs Fluxion from BUILD_DIR into a fresh temporary prefix, then configures, builds and runs
# examples/cpp against that package (find_package(Fluxion)), and runs the installed CLI (run, and
# compile with a C host of the library it writes), the Python module and the example under
# valgrind's leak check when valgrind is there.
set -eu
build_dir=$1
source_dir=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/fluxion-install-XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cmake --install "$build_dir" --prefix "$prefix" >/dev/null
export XDG_CACHE_HOME=$work/cache
# The installed CLI finds its standard library and headers relative to itself.
printf 'import "optim.fx"\ndef main():\n    print(sgd(1.0, 0.5, 0.1))\n' > "$work/uses_stdlib.fx"
"$prefix/bin/fluxion" run "$work/uses_stdlib.fx"
# The installed CLI writes AOT libraries with the installed runtime archive and headers.
printf 'def twice(x: f64):\n    return 2.0 * x\n\ndef main():\n    pass\n' > "$work/aot.fx"
"$prefix/bin/fluxion" compile "$work/aot.fx" --export twice -o "$work/libaot.so" >/dev/null
printf '#include "aot.h"\nint main(void) {\n  double r = 0;\n  return !(twice(21.0, &r) == aot_OK && r == 42.0);\n}\n' > "$work/aot_host.c"
cc -o "$work/aot_host" "$work/aot_host.c" -I"$work" -L"$work" -laot -Wl,-rpath,"$work"
"$work/aot_host"
echo "aot: ok"
cmake -S "$source_dir/examples/cpp" -B "$work/example" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/example" >/dev/null
(cd "$work/example" && ctest --output-on-failure)
if command -v valgrind >/dev/null 2>&1; then
  valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=3 "$work/example/logistic" >/dev/null
  echo "valgrind: no definite leak"
fi
if [ -d "$prefix/lib/python3/dist-packages/fluxion" ]; then
  PYTHONPATH=$prefix/lib/python3/dist-packages /usr/bin/python3 -c \
    'import fluxion; m = fluxion.loads("def f(x):\n    return x * x\n"); assert fluxion.grad(m.f)(3.0) == 6.0; print("python: ok")'
fi
