#!/usr/bin/env python3
"""The AOT acceptance test (docs/codegen.md "AOT libraries"): a C program links a library that
`fluxion compile` wrote and calls its exported functions on caller-owned arrays and scalars.

Usage: run_aot_test.py PATH/TO/fluxion WORK_DIR [--sanitize]

  1. `fluxion compile model.fx --export ... -o WORK_DIR/libmodel.so` writes the library and
     WORK_DIR/model.h;
  2. the header compiles as C and as C++;
  3. host.c, compiled with the system C compiler against the header and linked with
     -lmodel alone, runs every check it holds (values, errors, ownership) and exits 0;
  4. `ldd` shows no Fluxion library, only libc, libm, libstdc++ (with libgcc_s) and OpenBLAS
     (with what OpenBLAS itself needs);
  5. the library exports only the exported functions and its model_* helpers, not the
     runtime's symbols.
--sanitize: a FLUXION_SANITIZE build, whose runtime archive needs the sanitizers' libraries:
the host is built with them too, and steps 4-5 allow their symbols and libraries.
Only the Python standard library is used. Exit status: 0 pass, 1 fail.
"""

import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXPORTS = ["dot", "power", "predict", "step", "sum_and_product", "floor_div", "same", "count_positive"]
# What an AOT library may need at run time: the C and C++ runtimes and OpenBLAS, whose
# Fortran parts bring libgfortran and libquadmath.
ALLOWED = re.compile(r"^(linux-vdso|ld-linux[-\w.]*|libc|libm|libstdc\+\+|libgcc_s|libopenblas[\w.]*|"
                     r"libgfortran|libquadmath|libpthread|libdl)\.so")
SANITIZER_LIBS = re.compile(r"^lib(asan|ubsan)\.so")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 1
    fluxion, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    sanitize = "--sanitize" in sys.argv[3:]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    failures = []

    def check(ok, what, detail=""):
        print(("ok " if ok else "FAILED ") + what)
        if not ok:
            failures.append(what)
            if detail:
                print(detail)
        return ok

    library = os.path.join(work, "libmodel.so")
    cmd = [fluxion, "compile", os.path.join(HERE, "model.fx"), "-o", library]
    for name in EXPORTS:
        cmd += ["--export", name]
    r = run(cmd)
    if not check(r.returncode == 0 and os.path.exists(library) and os.path.exists(os.path.join(work, "model.h")),
                 "fluxion compile writes libmodel.so and model.h", r.stdout + r.stderr):
        return 1

    header = os.path.join(work, "model.h")
    for lang, compiler in (("c", "cc"), ("c++", "c++")):
        r = run([compiler, "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-x", lang, header])
        check(r.returncode == 0, f"model.h compiles as {lang}", r.stderr)

    host = os.path.join(work, "host")
    flags = ["-fsanitize=address,undefined"] if sanitize else []
    r = run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", *flags, "-o", host, os.path.join(HERE, "host.c"),
             "-I", work, "-L", work, "-lmodel", "-Wl,-rpath," + work, "-lm"])
    if check(r.returncode == 0, "host.c compiles and links with -lmodel", r.stderr):
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1") if sanitize else None
        r = run([host], env=env)
        print(r.stdout, end="")
        check(r.returncode == 0 and "all checks passed" in r.stdout, "host.c's checks pass", r.stderr)

    r = run(["ldd", library])
    needed = [line.split()[0] for line in r.stdout.splitlines() if line.strip()]
    check(r.returncode == 0 and not any("fluxion" in line for line in r.stdout.splitlines()),
          "ldd shows no Fluxion library", r.stdout)
    unexpected = [n for n in needed if not ALLOWED.match(os.path.basename(n))
                  and not (sanitize and SANITIZER_LIBS.match(os.path.basename(n)))]
    check(not unexpected, "the library needs only libc, libm, libstdc++ and OpenBLAS at run time",
          "unexpected: " + ", ".join(unexpected))

    if not sanitize:
        r = run(["nm", "-D", "--defined-only", library])
        symbols = [line.split()[-1] for line in r.stdout.splitlines() if line.strip()]
        foreign = [s for s in symbols if s not in EXPORTS and not s.startswith("model_")]
        check(r.returncode == 0 and set(EXPORTS) <= set(symbols) and not foreign,
              "the library exports its functions and model_* helpers only", "also exported: " + ", ".join(foreign[:20]))

    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
