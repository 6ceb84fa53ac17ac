#!/usr/bin/env python3
"""Runs the walk-throughs of docs/embedding.md as written: the ```cpp block is compiled against
include/ and libfluxion.so and run, its output checked against the text after it; the ```python
blocks run in order in one interpreter (Debian's /usr/bin/python3 with the built module).

usage: check_embedding_doc.py DOC INCLUDE_DIR LIBRARY PYTHON PYTHONPATH
"""
import os
import re
import subprocess
import sys
import tempfile


def blocks(text, lang):
    return re.findall(r"^```%s\n(.*?)^```" % lang, text, flags=re.S | re.M)


def main():
    doc, include_dir, library, python, python_path = map(os.path.abspath, sys.argv[1:6])
    text = open(doc, encoding="utf-8").read()
    cpp = blocks(text, "cpp")
    py = blocks(text, "python")
    if len(cpp) != 1 or len(py) < 1:
        sys.exit("expected one C++ walk-through and Python ones in %s" % doc)
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))
        src = os.path.join(work, "walkthrough.cpp")
        exe = os.path.join(work, "walkthrough")
        open(src, "w").write(cpp[0])
        subprocess.run(["c++", "-std=c++20", "-I", include_dir, src, library,
                        "-Wl,-rpath," + os.path.dirname(library), "-o", exe], check=True)
        out = subprocess.run([exe], check=True, capture_output=True, text=True, env=env).stdout
        # The prose after the block names each line it prints, in `backticks`.
        after = text.split(cpp[0], 1)[1][len("```"):].split("```cmake", 1)[0]
        expected = re.findall(r"`([^`]+)`", after)
        lines = out.splitlines()
        if lines != expected:
            sys.exit("the C++ walk-through printed %r, the text says %r" % (lines, expected))
        env["PYTHONPATH"] = python_path
        script = os.path.join(work, "walkthrough.py")  # a file: @fluxion.jit reads its source
        open(script, "w").write("\n".join(py))
        subprocess.run([python, script], check=True, env=env, cwd=work, stdout=subprocess.DEVNULL)
    print("docs/embedding.md: the C++ and %d Python blocks ran as documented" % len(py))


if __name__ == "__main__":
    main()
