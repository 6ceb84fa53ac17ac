"""Random tensor expressions with their NumPy values, for tensor_numpy_test.py.

An expression is built bottom-up as Nodes that carry the Fluxion text (leaves as placeholders
`@k`) and the NumPy value. Every operator checks that NumPy accepts its operands and that the
result is finite and moderate (so float tolerances stay meaningful and i64 never overflows);
otherwise the generator draws again. Only operations whose NumPy 1.24 semantics are also
Fluxion's (LANGUAGE.md §5, docs/tensors.md) are generated: no bool arithmetic, no integer
division by zero, no negative integer powers, no empty results (which print as `[]` for any
shape).
"""

import numpy as np

LIMIT = 1e6


class Node:
    def __init__(self, fx, val):
        self.fx = fx
        self.val = val

    @property
    def ndim(self):
        return np.ndim(self.val)

    @property
    def shape(self):
        return np.shape(self.val)

    @property
    def dtype(self):
        d = np.asarray(self.val).dtype
        return "bool" if d == np.bool_ else ("i64" if d == np.int64 else "f64")

    def is_tensor(self):
        return self.ndim >= 1

    def numeric(self):
        return self.dtype != "bool"


class Case:
    def __init__(self, expr, program, call, value):
        self.expr = expr          # readable, with the constants' names
        self.program = program    # the .fx file
        self.call = call          # what `fluxion eval` evaluates
        self.value = value        # NumPy's answer


class Reject(Exception):
    pass


def ok(val):
    a = np.asarray(val)
    if a.size == 0:
        raise Reject()
    if a.dtype == np.float64 and not (np.all(np.isfinite(a)) and np.all(np.abs(a) < LIMIT)):
        raise Reject()
    if a.dtype == np.int64 and np.any(np.abs(a) > LIMIT):
        raise Reject()
    if a.dtype not in (np.float64, np.int64, np.bool_):
        raise Reject()
    return val


def lit_scalar(v):
    text = repr(v) if isinstance(v, float) else str(int(v))
    return f"({text})" if text.startswith("-") else text


def lit_tensor(a):
    if a.ndim == 0:
        return lit_scalar(a.item())
    return "[" + ", ".join(lit_tensor(a[i]) for i in range(a.shape[0])) + "]"


class Generator:
    def __init__(self, rng):
        self.r = rng

    # ------------------------------------------------------------------ leaves
    def values(self, shape, dtype):
        n = int(np.prod(shape)) if shape else 1
        if dtype == "i64":
            vals = [self.r.randint(-5, 5) for _ in range(n)]
            return np.array(vals, dtype=np.int64).reshape(shape)
        vals = [round(self.r.uniform(-3.0, 3.0), self.r.choice([1, 2, 17])) for _ in range(n)]
        return np.array(vals, dtype=np.float64).reshape(shape)

    def leaf(self, shape=None, dtype=None, nonzero=False):
        if shape is None:
            shape = tuple(self.r.randint(1, 4) for _ in range(self.r.randint(1, 3)))
        dtype = dtype or self.r.choice(["f64", "f64", "i64"])
        a = self.values(shape, dtype)
        if nonzero:
            a = np.where(np.abs(a) < 0.25, a * 0 + (2 if dtype == "i64" else 1.5), a).astype(a.dtype)
        k = len(self.leaves)
        self.leaves.append(a)
        return Node(f"@{k}", a)

    def scalar(self, nonzero=False):
        if self.r.random() < 0.5:
            v = self.r.choice([1, 2, 3, -2] if nonzero else [0, 1, 2, 3, -2])
        else:
            v = self.r.choice([0.5, 1.5, -2.25, 3.0] if nonzero else [0.0, 0.5, 1.5, -2.25, 3.0])
        return Node(lit_scalar(v), v)

    def partner(self, a, nonzero=False):
        """An operand that broadcasts with a: a scalar, or a leaf of a broadcast-compatible shape."""
        if not a.is_tensor():
            return self.leaf(nonzero=nonzero) if self.r.random() < 0.7 else self.scalar(nonzero)
        if self.r.random() < 0.25:
            return self.scalar(nonzero)
        shape = list(a.shape)
        style = self.r.randint(0, 3)
        if style == 1 and len(shape) > 1:
            shape = shape[self.r.randint(1, len(shape) - 1):]      # fewer leading axes
        elif style == 2:
            shape = [1 if self.r.random() < 0.5 else d for d in shape]  # some extents 1
        elif style == 3 and len(shape) < 3:
            shape = [self.r.randint(1, 3)] + shape                  # a new leading axis
        if self.r.random() < 0.3 and a.shape[-1] == 1:
            shape[-1] = self.r.randint(2, 3)                        # a broadcasts too
        return self.leaf(tuple(shape), nonzero=nonzero)

    # ------------------------------------------------------------------ operators
    def binary(self, a, b, op):
        if not (a.numeric() and b.numeric()):
            raise Reject()
        if op in ("/", "//", "%") and np.any(np.abs(np.asarray(b.val)) < 0.25):
            raise Reject()
        fns = {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.true_divide,
               "//": np.floor_divide, "%": np.remainder}
        with np.errstate(all="raise"):
            try:
                val = fns[op](a.val, b.val)
            except (ValueError, FloatingPointError):
                raise Reject()
        return Node(f"({a.fx} {op} {b.fx})", ok(val))

    def compare(self, a, b, op):
        if not (a.numeric() and b.numeric()):
            raise Reject()
        fns = {"<": np.less, "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal,
               "==": np.equal, "!=": np.not_equal}
        try:
            val = fns[op](a.val, b.val)
        except ValueError:
            raise Reject()
        return Node(f"({a.fx} {op} {b.fx})", ok(val))

    def function2(self, a, b, name):
        if not (a.numeric() and b.numeric()):
            raise Reject()
        try:
            val = {"maximum": np.maximum, "minimum": np.minimum}[name](a.val, b.val)
        except ValueError:
            raise Reject()
        return Node(f"{name}({a.fx}, {b.fx})", ok(val))

    def where(self, c, a, b):
        if c.dtype != "bool" or not (a.numeric() and b.numeric()):
            raise Reject()
        if not (c.is_tensor() or a.is_tensor() or b.is_tensor()):
            raise Reject()
        try:
            val = np.where(c.val, a.val, b.val)
        except ValueError:
            raise Reject()
        return Node(f"where({c.fx}, {a.fx}, {b.fx})", ok(val))

    def unary(self, a):
        if not a.numeric():
            return self.cast(a)
        x = np.asarray(a.val)
        choices = ["neg", "abs", "relu", "tanh", "sin", "sqrtabs", "logabs", "square", "sign",
                   "clip", "sigmoid", "powhalf", "trunc"]
        if np.all(np.abs(x) <= 4):
            choices.append("exp")
        if a.dtype == "f64":
            choices += ["floor", "ceil"]
        name = self.r.choice(choices)
        v = a.val
        table = {
            "neg": (f"(-{a.fx})", lambda: -v),
            "abs": (f"abs({a.fx})", lambda: np.abs(v)),
            "relu": (f"relu({a.fx})", lambda: np.maximum(v, np.zeros((), dtype=x.dtype))),
            "tanh": (f"tanh({a.fx})", lambda: np.tanh(v)),
            "sin": (f"sin({a.fx})", lambda: np.sin(v)),
            "sqrtabs": (f"sqrt(abs({a.fx}))", lambda: np.sqrt(np.abs(v))),
            "logabs": (f"log(abs({a.fx}) + 1.0)", lambda: np.log(np.abs(v) + 1.0)),
            "square": (f"({a.fx} ** 2)", lambda: v ** 2),
            "exp": (f"exp({a.fx})", lambda: np.exp(v)),
            "floor": (f"floor({a.fx})", lambda: np.floor(v)),
            "ceil": (f"ceil({a.fx})", lambda: np.ceil(v)),
            "sign": (f"sign({a.fx})", lambda: np.sign(v)),
            "clip": (f"clip({a.fx}, -1, 2)", lambda: np.clip(v, -1, 2)),
            "sigmoid": (f"sigmoid({a.fx})", lambda: 1.0 / (1.0 + np.exp(-np.asarray(v, dtype=np.float64)))),
            "powhalf": (f"(abs({a.fx}) ** 0.5)", lambda: np.abs(v) ** 0.5),
            "trunc": (f"astype({a.fx}, i64)" if a.is_tensor() else f"int({a.fx})",
                      lambda: np.asarray(v).astype(np.int64) if a.is_tensor() else np.int64(int(v))),
        }
        text, fn = table[name]
        return Node(text, ok(fn()))

    def cast(self, a):
        to = self.r.choice(["i64", "f64"])
        val = np.asarray(a.val).astype(np.int64 if to == "i64" else np.float64)
        if a.is_tensor():
            return Node(f"astype({a.fx}, {to})", ok(val))
        return Node(f"{'int' if to == 'i64' else 'float'}({a.fx})", ok(val[()]))

    def reduce(self, a):
        if not a.is_tensor():
            raise Reject()
        names = ["sum", "mean"]
        if a.numeric():
            names += ["max", "min", "argmax", "argmin", "norm", "sum", "mean"]
            x = np.asarray(a.val)
            if np.all(np.abs(x) <= 10):
                names.append("logsumexp")
            if np.all(np.abs(x) <= 2) and x.size <= 12:
                names.append("prod")
        name = self.r.choice(names)
        axis = None if self.r.random() < 0.3 else self.r.randint(-a.ndim, a.ndim - 1)
        keep = self.r.random() < 0.3
        val = self.np_reduce(name, np.asarray(a.val), axis, keep)
        args = [a.fx]
        if axis is not None:
            args.append(f"axis={axis}")
        if keep:
            args.append("keepdims=True")
        return Node(f"{name}({', '.join(args)})", ok(val))

    @staticmethod
    def np_reduce(name, x, axis, keep):
        if name in ("logsumexp", "norm"):
            if name == "norm":
                s = np.sqrt(np.sum(x.astype(np.float64) ** 2, axis=axis, keepdims=True))
            else:
                m = np.max(x, axis=axis, keepdims=True)
                s = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
            if keep:
                return s
            return np.squeeze(s, axis=axis) if axis is not None else s.reshape(())[()]
        fn = {"sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min, "prod": np.prod,
              "argmax": np.argmax, "argmin": np.argmin}[name]
        return fn(x, axis=axis, keepdims=keep)

    def index(self, a):
        if not a.is_tensor():
            raise Reject()
        k = self.r.randint(1, a.ndim)
        items, key = [], []
        for axis in range(k):
            n = a.shape[axis]
            if self.r.random() < 0.45:
                i = self.r.randint(-n, n - 1)
                items.append(str(i))
                key.append(i)
            else:
                start = self.r.choice([None, self.r.randint(-n - 1, n + 1)])
                stop = self.r.choice([None, self.r.randint(-n - 1, n + 1)])
                step = self.r.choice([None, None, 1, 2, -1, -2])
                text = ("" if start is None else str(start)) + ":" + ("" if stop is None else str(stop))
                if step is not None:
                    text += ":" + str(step)
                items.append(text)
                key.append(slice(start, stop, step))
        val = np.asarray(a.val)[tuple(key)]
        return Node(f"{self.postfix(a)}[{', '.join(items)}]", ok(val))

    @staticmethod
    def postfix(a):
        return a.fx if a.fx.startswith("@") else f"({a.fx})"

    def matmul(self, a):
        if not a.is_tensor() or not a.numeric() or a.ndim > 3:
            raise Reject()
        k = a.shape[-1]
        n = self.r.randint(1, 3)
        if a.ndim == 1:
            shape = self.r.choice([(k,), (k, n), (2, k, n)])
        elif a.ndim == 2:
            shape = self.r.choice([(k,), (k, n), (2, k, n)])
        else:
            shape = self.r.choice([(k,), (k, n), (a.shape[0], k, n), (1, k, n)])
        b = self.leaf(shape)
        if self.r.random() < 0.5:
            val = np.matmul(a.val, b.val)
            return Node(f"({a.fx} @ {b.fx})", ok(val))
        # b @ a.T-like: put the fresh operand on the left, contracting with a's first matrix axis.
        if a.ndim == 1:
            left = self.leaf(self.r.choice([(a.shape[0],), (n, a.shape[0])]))
        else:
            left = self.leaf((n, a.shape[-2]))
        val = np.matmul(left.val, a.val)
        return Node(f"matmul({left.fx}, {a.fx})", ok(val))

    def dot(self, a):
        if not a.is_tensor() or not a.numeric() or a.ndim > 2:
            raise Reject()
        b = self.leaf(self.r.choice([(a.shape[-1],), (a.shape[-1], 2)]))
        return Node(f"dot({a.fx}, {b.fx})", ok(np.dot(a.val, b.val)))

    def shape_op(self, a):
        if not a.is_tensor():
            raise Reject()
        x = np.asarray(a.val)
        kind = self.r.choice(["T", "transpose", "flat", "rows", "concat", "stack", "outer",
                              "softmax", "log_softmax", "diag", "trace"])
        if kind in ("outer", "softmax", "log_softmax", "diag", "trace") and not a.numeric():
            raise Reject()
        if kind == "outer":
            b = self.leaf((self.r.randint(1, 3),))
            return Node(f"outer({a.fx}, {b.fx})", ok(np.outer(x, b.val)))
        if kind in ("softmax", "log_softmax"):
            axis = self.r.randint(-x.ndim, x.ndim - 1)
            xf = x.astype(np.float64)
            s = xf - np.max(xf, axis=axis, keepdims=True)
            lse = np.log(np.sum(np.exp(s), axis=axis, keepdims=True))
            val = np.exp(s - lse) if kind == "softmax" else s - lse
            return Node(f"{kind}({a.fx}, axis={axis})", ok(val))
        if kind in ("diag", "trace"):
            if x.ndim > 2:
                raise Reject()
            if kind == "trace":
                if x.ndim != 2:
                    raise Reject()
                return Node(f"trace({a.fx})", ok(np.trace(x)))
            k = self.r.randint(-1, 1)
            return Node(f"diag({a.fx}, {k})", ok(np.diag(x, k)))
        if kind == "T":
            return Node(f"{self.postfix(a)}.T", ok(x.T))
        if kind == "transpose":
            return Node(f"transpose({a.fx})", ok(np.transpose(x)))
        if kind == "flat":
            return Node(f"reshape({a.fx}, (-1,))", ok(x.reshape(-1)))
        if kind == "rows":
            rows = self.r.choice([d for d in range(1, x.size + 1) if x.size % d == 0])
            return Node(f"reshape({a.fx}, ({rows}, -1))", ok(x.reshape(rows, -1)))
        if not a.numeric() and kind in ("concat", "stack"):
            raise Reject()
        if kind == "concat":
            axis = self.r.randint(-x.ndim, x.ndim - 1)
            shape = list(x.shape)
            shape[axis] = self.r.randint(1, 3)
            b = self.leaf(tuple(shape), dtype=a.dtype)
            return Node(f"concat(({a.fx}, {b.fx}), axis={axis})",
                        ok(np.concatenate((x, b.val), axis=axis)))
        axis = self.r.randint(-x.ndim - 1, x.ndim)
        b = self.leaf(x.shape, dtype=a.dtype)
        return Node(f"stack(({a.fx}, {b.fx}), axis={axis})", ok(np.stack((x, b.val), axis=axis)))

    # ------------------------------------------------------------------ trees
    def expr(self, depth):
        if depth == 0:
            return self.leaf() if self.r.random() < 0.9 else self.scalar()
        kind = self.r.choice(["binary", "binary", "binary", "compare", "fn2", "unary", "reduce",
                              "reduce", "index", "index", "matmul", "dot", "shape", "where"])
        a = self.expr(depth - 1)
        if kind == "binary":
            op = self.r.choice(["+", "-", "*", "/", "//", "%"])
            dividing = op in ("/", "//", "%")
            b = self.expr(depth - 1) if self.r.random() < 0.3 else self.partner(a, nonzero=dividing)
            if not dividing and self.r.random() < 0.5:
                a, b = b, a
            return self.binary(a, b, op)
        if kind == "compare":
            b = self.partner(a)
            return self.compare(a, b, self.r.choice(["<", "<=", ">", ">=", "==", "!="]))
        if kind == "fn2":
            return self.function2(a, self.partner(a), self.r.choice(["maximum", "minimum"]))
        if kind == "unary":
            return self.unary(a)
        if kind == "reduce":
            return self.reduce(a)
        if kind == "index":
            return self.index(a)
        if kind == "matmul":
            return self.matmul(a)
        if kind == "dot":
            return self.dot(a)
        if kind == "shape":
            return self.shape_op(a)
        c = self.compare(a, self.partner(a), self.r.choice(["<", ">"]))
        return self.where(c, a, self.partner(a))

    def case(self, index):
        while True:
            self.leaves = []
            try:
                node = self.expr(self.r.choice([1, 1, 2, 2, 2, 3]))
            except Reject:
                continue
            if not self.leaves:
                continue
            return self.render(index, node)

    def render(self, index, node):
        through_function = index % 2 == 1
        consts = "".join(f"A{k} = {lit_tensor(a)}\n" for k, a in enumerate(self.leaves))
        names = [f"a{k}" if through_function else f"A{k}" for k in range(len(self.leaves))]
        text = node.fx
        for k in reversed(range(len(self.leaves))):   # @10 before @1
            text = text.replace(f"@{k}", names[k])
        readable = node.fx
        for k in reversed(range(len(self.leaves))):
            readable = readable.replace(f"@{k}", f"A{k}")
        if through_function:
            params = ", ".join(names)
            program = consts + f"\ndef f({params}):\n    return {text}\n"
            call = f"f({', '.join(f'A{k}' for k in range(len(self.leaves)))})"
        else:
            program = consts
            call = text
        return Case(readable, program, call, node.val)
