#!/usr/bin/env python3
"""The AOT acceptance test (docs/codegen.md "AOT libraries"): a C program links a library that
`fluxion compile` wrote and calls its exported functions on caller-owned arrays and scalars.

Usage: run_aot_test.py PATH/TO/fluxion PATH/TO/libfluxion_rt.a WORK_DIR [--sanitize]

  1. `fluxion compile model.fx --export ... -o WORK_DIR/libmodel.so` writes the library and
     WORK_DIR/model.h;
  2. the header compiles as C and as C++;
  3. host.c, compiled with the system C compiler against the header and linked with
     -lmodel alone, runs every check it holds (values, errors, ownership) and exits 0;
  4. `ldd` shows no Fluxion library, only libc, libm, libstdc++ (with libgcc_s) and OpenBLAS
     (with what OpenBLAS itself needs);
  5. the library exports only the exported functions and its model_* helpers, not the
     runtime's symbols;
  6. the runtime archive (libfluxion_rt.a) defines nothing of the front end, type checker,
     optimiser, AD transforms, emitter or interpreter machine.
--sanitize: a FLUXION_SANITIZE build, whose runtime archive needs the sanitizers' libraries:
the host is built with them too, and steps 4-5 allow their symbols and libraries.
Only the Python standard library is used. Exit status: 0 pass, 1 fail.
"""

import os
import re
import shutil
import subprocess
import sys

TIMEOUT_S = 300 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile

HERE = os.path.dirname(os.path.abspath(__file__))
EXPORTS = ["dot", "power", "predict", "step", "sum_and_product", "floor_div", "same", "count_positive", "report",
           "f_power=power", "dpower=grad(power)", "ddot=grad(dot, argnums=1)"]
NAMES = [e.split("=")[0] for e in EXPORTS]
# What the runtime archive must not define: the front end, the type checker, the optimiser,
# the expansion, the emitter, the driver and the interpreter's machine. Of the AD library it
# holds only the names of derived functions' kinds (src/ad/generic.cpp).
# Matched against a symbol's qualified name (what comes before its parameters).
FORBIDDEN = re.compile(r"^(fx::(ast|syntax_detail|lower|types|opt|expand|codegen|driver|api)::|fx::interp::Machine::|"
                       r"fx::ir::(Module|Graph|Node|verify|print_)|"
                       r"fx::ad::(?!generic_name|generic_from_name|generic_of_prim|argnums_slot|needs_shapes|"
                       r"shape_ignored|Argnums::key))")
# What an AOT library may need at run time: the C and C++ runtimes and OpenBLAS, whose
# Fortran parts bring libgfortran and libquadmath.
ALLOWED = re.compile(r"^(linux-vdso|ld-linux[-\w.]*|libc|libm|libstdc\+\+|libgcc_s|libopenblas[\w.]*|"
                     r"libgfortran|libquadmath|libpthread|libdl)\.so")
SANITIZER_LIBS = re.compile(r"^lib(asan|ubsan)\.so")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S, **kw)


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 1
    fluxion, archive, work = (os.path.abspath(a) for a in sys.argv[1:4])
    sanitize = "--sanitize" in sys.argv[4:]
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
        check("report 2.5\n" in r.stdout, "print in an exported function writes to stdout")

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
        foreign = [s for s in symbols if s not in NAMES and not s.startswith("model_")]
        check(r.returncode == 0 and set(NAMES) <= set(symbols) and not foreign,
              "the library exports its functions and model_* helpers only", "also exported: " + ", ".join(foreign[:20]))

    r = run(["nm", "-C", "--defined-only", archive])
    # Strong definitions only: weak ones (W, V) are inline functions and templates of headers
    # the runtime includes, instantiated in every library that calls them (unoptimised builds).
    defined = [line for line in r.stdout.splitlines() if re.match(r"^[0-9a-f]+ [TDBR] ", line)]
    names = [line.split(" ", 2)[2] for line in defined]
    leaked = [n for n in names if FORBIDDEN.match(n.split("(")[0])]
    check(r.returncode == 0 and defined and not leaked,
          "libfluxion_rt.a holds no front end, type checker, AD transform, emitter or interpreter machine",
          "\n".join(leaked[:20]))

    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
