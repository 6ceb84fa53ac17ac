"""@fluxion.jit: Python functions written in the Fluxion language, compiled by Fluxion.

The source of a decorated function is read with `inspect`. Its program holds it and the
decorated functions of the same Python file whose names it uses (transitively), each placed at
its own lines of a Fluxion program named after that file, so that diagnostics point at the
Python file and line. The program is built when the function is first called (or
differentiated), after every helper it names has been decorated.
"""
import inspect
import re
import textwrap

from fluxion import _native

_files = {}  # Python file -> {name: (first line, lines)} of its decorated functions
_modules = {}  # (file, the functions' names and lines, options) -> Module
_versions = {}  # Python file -> how many functions were decorated in it so far


def _strip_decorators(lines):
    # The Python decorators (@fluxion.jit, @jit) are not Fluxion; they become blank lines.
    out = []
    in_header = True
    for line in lines:
        stripped = line.strip()
        if in_header and stripped.startswith("@") and "jit" in stripped:
            out.append("\n")
            continue
        if stripped.startswith("def "):
            in_header = False
        out.append(line)
    return out


class JitFunction:
    """A decorated function: calls, fluxion.grad & co. and fluxion.source work on it as on a
    function of a loaded module."""

    def __init__(self, fn, **options):
        self.__wrapped__ = fn
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self._file = inspect.getsourcefile(fn) or "<python>"
        lines, first = inspect.getsourcelines(fn)
        text = textwrap.dedent("".join(_strip_decorators(lines)))
        self._options = options
        self._source = (max(first, 1), text.splitlines(keepends=True))
        _files.setdefault(self._file, {})[fn.__name__] = self._source
        _versions[self._file] = _versions.get(self._file, 0) + 1
        self._resolved = (None, None)  # (the file's version, the Function built for it)

    def _helpers(self):
        # This function and the decorated functions of its file that it names, transitively.
        functions = _files[self._file]
        names, todo = {self.__name__}, [self._source]
        while todo:
            text = "".join(todo.pop()[1])
            for name, source in functions.items():
                if name not in names and re.search(r"\b%s\b" % re.escape(name), text):
                    names.add(name)
                    todo.append(source)
        return sorted(names)

    def _fluxion_function(self):
        version = _versions[self._file]
        if self._resolved[0] == version:
            return self._resolved[1]
        functions = _files[self._file]
        names = self._helpers()
        key = (self._file, tuple((n, functions[n][0]) for n in names), tuple(sorted(self._options.items())))
        module = _modules.get(key)
        if module is None:
            chosen = [functions[n] for n in names]
            program = ["\n"] * max(first + len(lines) for first, lines in chosen)
            for first, lines in chosen:
                for i, line in enumerate(lines):
                    program[first - 1 + i] = line if line.endswith("\n") else line + "\n"
            module = _modules[key] = _native.loads("".join(program), self._file, **self._options)
        function = getattr(module, self.__name__)
        self._resolved = (version, function)
        return function

    def __call__(self, *args):
        return self._fluxion_function()(*args)

    def __repr__(self):
        return "<fluxion.jit function %s>" % self.__name__


def jit(fn=None, **options):
    """Decorator: compile `fn` (written in the Fluxion language) with Fluxion. Options are
    those of fluxion.loads (engine, cache_dir, check_nan)."""
    if fn is None:
        return lambda f: JitFunction(f, **options)
    return JitFunction(fn, **options)
