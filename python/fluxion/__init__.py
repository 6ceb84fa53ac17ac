"""Fluxion from Python (docs/embedding.md).

    m = fluxion.loads(source)           # or fluxion.load(path)
    m.loss(w, x, y)                     # floats, ints, NumPy arrays (not copied), tuples, structs
    fluxion.grad(m.loss)(w, x, y)       # grad, value_and_grad, jvp, vjp, jacfwd, jacrev, hessian

Functions run as native code where Fluxion's C back end supports them (f.backend(*args) says
which engine a call takes) and in its interpreter otherwise. Errors are fluxion.Error.
"""
from fluxion import _native
from fluxion._errors import Error
from fluxion._jit import jit, JitFunction
from fluxion._native import Function, Module, load, loads

__all__ = ["Error", "Function", "Module", "load", "loads", "jit", "grad", "value_and_grad", "jvp", "vjp",
           "jacfwd", "jacrev", "hessian", "source", "emit_c"]


def _function(f):
    if isinstance(f, Function):
        return f
    if isinstance(f, JitFunction):
        return f._fluxion_function()
    raise TypeError("expected a Fluxion function (of a loaded module or @fluxion.jit), got %r" % (f,))


def grad(f, argnums=0):
    """The gradient of scalar-valued f with respect to argument(s) argnums (as jax.grad)."""
    return _native.grad(_function(f), argnums)


def value_and_grad(f, argnums=0):
    """A function returning (f(*args), grad(f)(*args)) (as jax.value_and_grad)."""
    return _native.value_and_grad(_function(f), argnums)


def jacfwd(f, argnums=0):
    """The Jacobian of f in forward mode (as jax.jacfwd)."""
    return _native.jacfwd(_function(f), argnums)


def jacrev(f, argnums=0):
    """The Jacobian of f in reverse mode (as jax.jacrev)."""
    return _native.jacrev(_function(f), argnums)


def hessian(f, argnums=0):
    """The Hessian of scalar-valued f (as jax.hessian)."""
    return _native.hessian(_function(f), argnums)


def jvp(f, primals, tangents):
    """(f(*primals), the derivative of f at primals along tangents) (as jax.jvp)."""
    return _native.jvp(_function(f), tuple(primals), tuple(tangents))


def vjp(f, *primals):
    """(f(*primals), pullback): pullback(ct) is the tuple of cotangents (as jax.vjp)."""
    return _native.vjp(_function(f), *primals)


def source(f):
    """Readable code of f: its Fluxion source, or for a derivative the forward and reverse
    transforms Fluxion built (as `fluxion ir --stage ad`)."""
    return _function(f).source()


def emit_c(f, *args):
    """The C code Fluxion compiles f to, specialised for args (by default, f64 for every
    parameter); a fluxion.Error where the native back end does not support f yet."""
    f = _function(f)
    if not args:
        args = (0.0,) * f.arity
    return f.emit_c(*args)
