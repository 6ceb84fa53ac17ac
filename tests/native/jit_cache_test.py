#!/usr/bin/env python3
"""The JIT's cache and its security points (docs/codegen.md "Cache").

Usage: jit_cache_test.py PATH/TO/fluxion

Each check runs `fluxion` with its own XDG_CACHE_HOME in a fresh temporary directory:
  * the cache directory is created with mode 0700, one entry per program, and a second run
    takes the entry (it is not rewritten);
  * a truncated or corrupt entry is detected, removed and rebuilt, with the right output;
  * concurrent runs of one program on an empty cache all succeed and leave one entry and no
    temporary files;
  * --no-cache writes nothing; `fluxion cache clear` removes the entries;
  * the limits are part of the key: another --max-depth is another entry;
  * a compiler that fails is an internal error (exit 70) that keeps the C file and names it;
  * the compiler is started without a shell: a file name full of shell syntax is only a name;
  * the run index (docs/codegen.md "Cache"): a run records KEY.run; a later run takes the code
    it names without compiling again (shown by a record edited to name another program's code);
    editing an imported file or changing an option finds another record; a run-time error
    reported through a record has the location a compiling run reports; a corrupt record is
    removed and written again.
Only the Python standard library is used. Exit status: 0 pass, 1 fail.
"""

import concurrent.futures
import hashlib
import os
import re
import stat
import subprocess
import sys
import tempfile

TIMEOUT_S = 120 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile

PROGRAM = """
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

def main():
    print(fib(20), 1.0 / 3.0)
"""
EXPECTED = "6765 0.3333333333333333\n"

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}")


def run(fluxion, args, cache_home, env_extra=None):
    env = dict(os.environ, XDG_CACHE_HOME=cache_home)
    env.update(env_extra or {})
    p = subprocess.run([fluxion] + args, capture_output=True, env=env, stdin=subprocess.DEVNULL, timeout=TIMEOUT_S)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def entries(cache_dir, suffix=".so"):
    return sorted(f for f in os.listdir(cache_dir) if f.endswith(suffix)) if os.path.isdir(cache_dir) else []


def seal(data):
    """A cache file's bytes with their trailer (codegen/cache.cpp): SHA-256, then FXCACHE1."""
    return data + hashlib.sha256(data).digest() + b"FXCACHE1"


def check_run_index(fluxion, tmp):
    home = os.path.join(tmp, "xdg-index")
    cache = os.path.join(home, "fluxion")
    lib = os.path.join(tmp, "picks.fx")
    main = os.path.join(tmp, "index_main.fx")
    with open(lib, "w") as f:
        f.write("def pick(xs, i):\n    return xs[i]\n")
    with open(main, "w") as f:
        f.write('import "picks.fx"\n\ndef main():\n    print(pick([1.5, 2.5], arg(0, 1)))\n')
    code, out, err = run(fluxion, ["run", main], home)
    check(code == 0 and out == "2.5\n", f"run index, first run: exit {code}, stdout {out!r}, stderr {err!r}")
    check(len(entries(cache, ".run")) == 1, f"a run writes one record: {entries(cache, '.run')}")
    code, out, err = run(fluxion, ["run", main, "7"], home)
    located = "picks.fx:2:14: error: index 7 is out of range for axis 0 of size 2"
    check(code == 2 and located in err, f"an error through the record is located: exit {code}, stderr {err!r}")
    check(len(entries(cache, ".run")) == 1, "a second run adds no record")

    with open(lib, "w") as f:  # the imported file changes: another record, the new code
        f.write("def pick(xs, i):\n    return xs[i] * 2.0\n")
    code, out, _ = run(fluxion, ["run", main], home)
    check(code == 0 and out == "5.0\n", f"an edited import is compiled again: stdout {out!r}")
    code, out, _ = run(fluxion, ["run", "--opt=0", main], home)
    check(code == 0 and out == "5.0\n" and len(entries(cache, ".run")) == 3, "another --opt is another record")

    record = os.path.join(cache, entries(cache, ".run")[0])
    with open(record, "r+b") as f:
        f.seek(10)
        f.write(b"#")
    code, out, _ = run(fluxion, ["run", main], home)
    code0, out0, _ = run(fluxion, ["run", "--opt=0", main], home)
    check(code == 0 and out == "5.0\n" and code0 == 0 and out0 == "5.0\n", "a corrupt record is not used")
    check(len(entries(cache, ".run")) == 3, "the corrupt record is written again")

    # White box: a record names the code a run takes, without compiling the sources again.
    other = os.path.join(tmp, "index_other.fx")
    with open(other, "w") as f:
        f.write('def main():\n    print("the other program")\n')
    before = set(entries(cache, ".run"))
    run(fluxion, ["run", other], home)
    (other_record,) = set(entries(cache, ".run")) - before
    with open(os.path.join(cache, other_record), "rb") as f:
        other_code_key = f.read()[:-40].split(b"\n")[1]  # "fluxion-run-index 1", then "64 KEY"
    for name in before:
        path = os.path.join(cache, name)
        with open(path, "rb") as f:
            lines = f.read()[:-40].split(b"\n")
        lines[1] = other_code_key
        with open(path, "wb") as f:
            f.write(seal(b"\n".join(lines)))
    code, out, _ = run(fluxion, ["run", main], home)
    check(code == 0 and out == "the other program\n", f"a run takes the code its record names: stdout {out!r}")


def main(argv):
    fluxion = os.path.abspath(argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "fib.fx")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        home = os.path.join(tmp, "xdg")
        cache = os.path.join(home, "fluxion")

        code, out, err = run(fluxion, ["run", "--native", prog], home)
        check(code == 0 and out == EXPECTED, f"first run: exit {code}, stdout {out!r}, stderr {err!r}")
        check(stat.S_IMODE(os.stat(cache).st_mode) == 0o700, "the cache directory has mode 0700")
        check(len(entries(cache)) == 1, f"one entry after the first run: {entries(cache)}")
        entry = os.path.join(cache, entries(cache)[0]) if entries(cache) else None
        mtime = os.stat(entry).st_mtime_ns if entry else 0

        code, out, _ = run(fluxion, ["run", prog], home)
        check(code == 0 and out == EXPECTED, "second run (default engine) prints the same")
        check(entry and os.stat(entry).st_mtime_ns == mtime, "the second run takes the entry without rewriting it")

        for damage in ("truncate", "flip"):
            with open(entry, "r+b") as f:
                data = f.read()
                f.seek(0)
                if damage == "truncate":
                    f.truncate(len(data) // 2)
                else:
                    f.seek(len(data) // 3)
                    f.write(bytes([data[len(data) // 3] ^ 0xFF]))
            code, out, err = run(fluxion, ["run", "--native", prog], home)
            check(code == 0 and out == EXPECTED, f"{damage}d entry: exit {code}, stdout {out!r}, stderr {err!r}")
            with open(entry, "rb") as f:
                check(f.read().endswith(b"FXCACHE1"), f"{damage}d entry is rebuilt")

        code, _, _ = run(fluxion, ["run", "--native", "--max-depth", "50", prog], home)
        check(code == 0 and len(entries(cache)) == 2, "another --max-depth is another entry")

        # Concurrent runs on an empty cache.
        home2 = os.path.join(tmp, "xdg2")
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            results = list(pool.map(lambda _: run(fluxion, ["run", "--native", prog], home2), range(4)))
        check(all(c == 0 and o == EXPECTED for c, o, _ in results), f"concurrent runs: {results}")
        left = os.listdir(os.path.join(home2, "fluxion"))
        check(len([f for f in left if f.endswith(".so")]) == 1 and not [f for f in left if f.startswith("tmp-")],
              f"concurrent runs leave one entry and no temporary file: {left}")

        home3 = os.path.join(tmp, "xdg3")
        code, out, _ = run(fluxion, ["run", "--native", "--no-cache", prog], home3)
        check(code == 0 and out == EXPECTED, "--no-cache runs")
        check(entries(os.path.join(home3, "fluxion")) == [], "--no-cache writes no entry")

        code, out, _ = run(fluxion, ["cache", "clear"], home)
        check(code == 0 and entries(cache) == [] and entries(cache, ".run") == [] and out.startswith("removed 4 files"),
              f"cache clear removes the 2 entries and their 2 records: {out!r}")

        # A failing compiler: exit 70, the C file kept and named.
        code, out, err = run(fluxion, ["run", "--native", prog], home, {"FLUXION_CC": "false"})
        kept = re.search(r"the generated C file is kept at (\S+\.c)", err)
        check(code == 70 and kept and os.path.isfile(kept.group(1)),
              f"failing compiler: exit {code}, stderr {err!r}")
        code, out, err = run(fluxion, ["run", "--native", prog], home, {"FLUXION_CC": "no-such-cc-fluxion"})
        check(code == 70 and "was not found" in err, f"missing compiler: exit {code}, stderr {err!r}")

        # No shell: a path that a shell would run commands from.
        odd_dir = os.path.join(tmp, "a;touch pwned;$(touch pwned2)`touch pwned3`*")  # "*/" in the path too
        os.mkdir(odd_dir)
        odd = os.path.join(odd_dir, "p r*/o'g\".fx".replace("/", "_"))
        with open(odd, "w") as f:
            f.write(PROGRAM)
        code, out, err = run(fluxion, ["run", "--native", "--no-cache", odd], home, {})
        check(code == 0 and out == EXPECTED, f"odd file name: exit {code}, stderr {err!r}")
        check(not any(os.path.exists(os.path.join(d, n)) for d in (tmp, os.getcwd(), odd_dir)
                      for n in ("pwned", "pwned2", "pwned3")), "no shell ran the file name")

        check_run_index(fluxion, tmp)

    print("PASS" if not failures else f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
