import os
import sys
import tempfile

# The package built in the build tree (build/python), unless one is importable already.
build_python = os.environ.get("FLUXION_PYTHON_PATH")
if build_python:
    sys.path.insert(0, build_python)
os.environ.setdefault("XDG_CACHE_HOME", tempfile.mkdtemp(prefix="fluxion-pytest-"))
