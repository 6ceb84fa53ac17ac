"""fluxion from Python: loading, calls, NumPy without copies, derivatives, errors."""
import dataclasses
import resource
import tracemalloc

import numpy as np
import pytest

import fluxion

PROGRAM = """struct Linear:
    w: Tensor[f64, 1]
    b: f64

def poly(x, y):
    return x * x * y + 3.0 * y

def total(v):
    return sum(v * v)

def scaled(v):
    return v * 2.0

def predict(p, x):
    return sum(p.w * x) + p.b

def halve(n):
    return 10 // n

def loss(w, x, y):
    p = 1.0 / (1.0 + exp(-(x @ w)))
    return -mean(y * log(p) + (1.0 - y) * log(1.0 - p))

def dot(a: Tensor[f64, 1], b: Tensor[f64, 1]):
    return sum(a * b)

def reduce(v):
    return sum(v)
"""


@pytest.fixture(scope="module")
def m():
    return fluxion.loads(PROGRAM, "prog.fx")


@dataclasses.dataclass
class Linear:
    w: np.ndarray
    b: float


def test_functions_are_attributes(m):
    assert m.poly(3.0, 2.0) == 24.0
    assert isinstance(m.poly(3.0, 2.0), float)
    assert "poly" in dir(m)
    with pytest.raises(AttributeError):
        m.nothing


def test_scalar_and_tensor_functions_run_natively(m):
    assert m.poly.backend(1.0, 2.0) == "native"
    assert m.total.backend(np.ones(3)) == "native"
    p = Linear(w=np.array([1.0, 2.0]), b=0.5)
    assert m.predict.backend(p, np.ones(2)) == "native"  # a struct holding a tensor


def test_derivatives_run_natively_as_the_interpreter_computes_them(m):
    reference = fluxion.loads(PROGRAM, "prog.fx", engine="interpreter")
    v = np.array([0.5, -1.0, 2.0])
    x = np.array([[1.0, 2.0, 0.0], [0.0, 1.0, -1.0]])
    y = np.array([1.0, 0.0])
    cases = [
        (lambda mod: fluxion.grad(mod.poly, argnums=(0, 1)), (1.5, -0.5)),
        (lambda mod: fluxion.value_and_grad(mod.poly), (3.0, 2.0)),
        (lambda mod: fluxion.hessian(mod.poly, argnums=(0, 1)), (1.0, 2.0)),
        (lambda mod: fluxion.grad(mod.loss), (v, x, y)),
        (lambda mod: fluxion.jacrev(mod.scaled), (v,)),
    ]
    for make, args in cases:
        native, interpreted = make(m), make(reference)
        assert native.backend(*args) == "native"
        assert interpreted.backend(*args) == "interpreter"
        a, b = native(*args), interpreted(*args)
        np.testing.assert_allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float), rtol=1e-12)
    # The native gradient against central finite differences.
    g = fluxion.grad(m.loss)(v, x, y)
    eps = 1e-6
    for i in range(3):
        d = np.zeros(3)
        d[i] = eps
        assert abs(g[i] - (m.loss(v + d, x, y) - m.loss(v - d, x, y)) / (2 * eps)) < 1e-6


def test_native_gradient_reads_numpy_input_in_place(m):
    w = np.zeros(2)
    x = np.ones((6_250_000, 2))  # 10^8 bytes
    y = np.zeros(6_250_000)
    g_loss = fluxion.grad(m.loss)
    assert g_loss.backend(w, x[:3], y[:3]) == "native"
    g_loss(w, x[:3], y[:3])  # compiled before measuring
    before = x.copy()
    tracemalloc.start()
    g = g_loss(w, x, y)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    np.testing.assert_allclose(g, [0.5, 0.5])
    np.testing.assert_array_equal(x, before)  # the derivative wrote nothing
    assert peak < 10_000_000  # no 10^8-byte copy through NumPy
    assert not np.shares_memory(g, x) and not np.shares_memory(g, w)


def test_numpy_in_and_out(m):
    v = np.arange(4.0)
    assert m.total(v) == 14.0
    assert m.total(v[::2]) == 4.0  # strided: viewed, not copied
    assert m.total(np.arange(6.0).reshape(2, 3).T) == 55.0
    r = m.scaled(v)
    assert isinstance(r, np.ndarray) and r.dtype == np.float64
    np.testing.assert_array_equal(r, [0.0, 2.0, 4.0, 6.0])
    assert r.flags.owndata or r.base is not None and not np.shares_memory(r, v)


def test_structs_both_ways(m):
    p = Linear(w=np.array([1.0, 2.0]), b=0.5)
    x = np.array([3.0, 4.0])
    assert m.predict(p, x) == 11.5
    g = fluxion.grad(m.predict)(p, x)
    assert g.b == 1.0
    np.testing.assert_array_equal(g.w, x)


def test_derivatives_follow_jax(m):
    assert fluxion.grad(m.poly)(3.0, 2.0) == 12.0
    assert fluxion.grad(m.poly, argnums=1)(3.0, 2.0) == 12.0
    assert fluxion.grad(m.poly, argnums=(0, 1))(3.0, 2.0) == (12.0, 12.0)
    assert fluxion.value_and_grad(m.poly)(3.0, 2.0) == (24.0, 12.0)
    assert fluxion.jvp(m.poly, (3.0, 2.0), (1.0, 0.0)) == (24.0, 12.0)
    out, pullback = fluxion.vjp(m.poly, 3.0, 2.0)
    assert out == 24.0 and pullback(1.0) == (12.0, 12.0)
    assert fluxion.hessian(m.poly, argnums=(0, 1))(1.0, 2.0) == ((4.0, 2.0), (2.0, 0.0))
    np.testing.assert_array_equal(fluxion.jacfwd(m.scaled)(np.ones(2)), 2.0 * np.eye(2))
    np.testing.assert_array_equal(fluxion.jacrev(m.scaled)(np.ones(2)), 2.0 * np.eye(2))


def test_logistic_regression_trains(m):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 3))
    y = (x @ np.array([1.5, -2.0, 0.5]) > 0).astype(np.float64)
    w = np.zeros(3)
    g_loss = fluxion.grad(m.loss)
    first = m.loss(w, x, y)
    for _ in range(100):
        w = w - 0.5 * g_loss(w, x, y)
    assert m.loss(w, x, y) < 0.5 * first
    # The gradient against central finite differences.
    g = g_loss(w, x, y)
    eps = 1e-6
    for i in range(3):
        d = np.zeros(3)
        d[i] = eps
        fd = (m.loss(w + d, x, y) - m.loss(w - d, x, y)) / (2 * eps)
        assert abs(g[i] - fd) < 1e-6


def test_numpy_input_is_not_copied(m):
    v = np.ones(12_500_000)  # 10^8 bytes
    before = v.copy()
    m.reduce(np.ones(3))  # compiled before measuring
    # Neither NumPy (tracemalloc sees its buffers) nor Fluxion's runtime (the process's peak
    # resident memory would grow by 10^8 bytes) copies the input.
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    tracemalloc.start()
    total = m.reduce(v)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    assert total == 12_500_000.0
    assert rss_after - rss_before < 50_000_000
    np.testing.assert_array_equal(v, before)  # the function wrote nothing
    assert peak < 10_000_000  # no 10^8-byte copy through NumPy
    r = m.scaled(v[:10])
    assert not np.shares_memory(r, v)  # the result aliases nothing


def test_bad_input_gives_located_errors(m):
    with pytest.raises(fluxion.Error) as e:
        m.poly(1.0)
    assert (e.value.file, e.value.line) == ("prog.fx", 5)
    assert "takes 2 arguments, got 1" in e.value.message
    with pytest.raises(fluxion.Error) as e:
        m.predict(1.0, np.ones(2))  # a float where a struct is expected
    assert e.value.file == "prog.fx" and e.value.line > 0
    with pytest.raises(fluxion.Error) as e:
        m.total(np.ones(3, dtype=np.int32))
    assert "int32" in e.value.message and e.value.line == 8
    with pytest.raises(fluxion.Error) as e:
        m.predict(Linear(w=np.ones((2, 2)), b=0.0), np.ones(2))  # wrong rank for Tensor[f64, 1]
    assert e.value.file == "prog.fx" and e.value.line > 0
    with pytest.raises(fluxion.Error) as e:
        m.dot(np.ones((2, 2)), np.ones(2))  # wrong rank for an annotated parameter
    assert e.value.file == "prog.fx" and e.value.line == 24
    with pytest.raises(fluxion.Error) as e:
        m.dot(np.ones(2, dtype=np.float32), np.ones(2))  # wrong dtype for it
    assert e.value.file == "prog.fx" and e.value.line == 24
    with pytest.raises(fluxion.Error) as e:
        m.halve(0)
    assert e.value.kind == "runtime" and e.value.line == 18
    with pytest.raises(fluxion.Error) as e:
        fluxion.loads("def f(x):\n    return x +\n", "bad.fx")
    assert (e.value.file, e.value.line) == ("bad.fx", 2)
    assert str(e.value).startswith("bad.fx:2:")
    with pytest.raises(fluxion.Error):
        m.total(object())
    with pytest.raises(fluxion.Error) as e:
        fluxion.grad(m.poly)(1.0)  # a derivative called with too few arguments
    assert (e.value.file, e.value.line) == ("prog.fx", 5)
    with pytest.raises(fluxion.Error) as e:
        fluxion.grad(m.dot)(np.ones((2, 2)), np.ones(2))  # wrong rank, for a derivative
    assert e.value.file == "prog.fx" and e.value.line == 24
    for f in (m.dot, fluxion.grad(m.dot)):  # wrong dtype: refused alike by a call and a derivative
        with pytest.raises(fluxion.Error) as e:
            f(np.ones(2, dtype=np.float32), np.ones(2))
        assert (e.value.file, e.value.line) == ("prog.fx", 24)
        assert "expects Tensor[f64, 1], found Tensor[f32, 1]" in e.value.message
    with pytest.raises(fluxion.Error) as e:
        fluxion.grad(m.poly, argnums=5)(1.0, 2.0)
    assert (e.value.file, e.value.line) == ("prog.fx", 5) and "argnums" in e.value.message
    assert issubclass(fluxion.Error, Exception)
    # The module goes on working after every one of these.
    assert m.poly(3.0, 2.0) == 24.0 and fluxion.grad(m.poly)(3.0, 2.0) == 12.0


def test_non_contiguous_and_odd_layouts_are_accepted(m):
    v = np.arange(8.0)
    assert m.total(v[::-1]) == 140.0  # negative strides: viewed
    big_endian = np.arange(3.0).astype(">f8")
    assert m.total(big_endian) == 5.0  # byte-swapped: copied (documented)


def test_source_and_emit_c(m):
    assert fluxion.source(m.poly).startswith("def poly(x, y):")
    assert "fx_call" in fluxion.emit_c(m.poly)
    assert "poly" in fluxion.source(fluxion.grad(m.poly))
    derivative = fluxion.emit_c(fluxion.grad(m.poly))  # f64 arguments, as for poly itself
    assert "fx_call" in derivative and derivative != fluxion.emit_c(m.poly)


def test_one_module_from_several_threads(m):
    import threading

    wrong = []

    def work(k):
        v = np.arange(3.0) + k
        for i in range(50):
            x = k + i * 0.01
            if m.poly(x, 2.0) != 2 * x * x + 6.0:
                wrong.append(("poly", x))
            if i % 10 == 0 and fluxion.grad(m.total)(v).tolist() != (2 * v).tolist():
                wrong.append(("grad", k))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def test_load_a_file_that_imports_the_standard_library(tmp_path):
    path = tmp_path / "model.fx"
    path.write_text('import "optim.fx"\n\ndef step(w, g):\n    return sgd(w, g, 0.5)\n')
    m = fluxion.load(str(path))
    np.testing.assert_array_equal(m.step(np.ones(2), np.ones(2)), [0.5, 0.5])
    with pytest.raises(fluxion.Error) as e:
        fluxion.load(str(tmp_path / "missing.fx"))
    assert "cannot open file" in e.value.message


def test_plain_calls_are_optimised():
    # The specialisation a call compiles runs the optimiser (docs/opt.md), as `fluxion run`
    # does for main(): the helper is inlined and `* 1.0` dropped.
    m = fluxion.loads("def helper(x):\n    return x * x\n\ndef f(x):\n    return helper(x) * 1.0\n", "o.fx")
    assert m.f(3.0) == 9.0 and m.f.backend(3.0) == "native"
    c = fluxion.emit_c(m.f, 3.0)
    assert "f_f(" in c and "f_helper" not in c and "* 1.0" not in c


def test_check_nan_runs_natively_with_the_interpreters_report():
    source = "def logarithm(x):\n    return log(x)\n"
    checked = fluxion.loads(source, "nan.fx", check_nan=True)
    assert checked.logarithm.backend(2.0) == "native"
    assert fluxion.grad(checked.logarithm).backend(2.0) == "native"
    assert fluxion.grad(checked.logarithm)(2.0) == 0.5
    with pytest.raises(fluxion.Error) as native:
        checked.logarithm(-1.0)
    interpreted = fluxion.loads(source, "nan.fx", check_nan=True, engine="interpreter")
    with pytest.raises(fluxion.Error) as reference:
        interpreted.logarithm(-1.0)
    assert native.value.kind == "runtime" and (native.value.file, native.value.line) == ("nan.fx", 2)
    assert str(native.value) == str(reference.value)


def test_a_string_result_is_a_located_error():
    m = fluxion.loads("def greeting(x):\n    return \"hello\"\n", "s.fx")
    with pytest.raises(fluxion.Error) as e:
        m.greeting(1.0)
    assert (e.value.file, e.value.line) == ("s.fx", 1) and "greeting() returns a value of type" in e.value.message


def test_enums_and_functions_cross_through_the_interpreter():
    # No slots for them in a native call: engine="auto" runs such calls in the interpreter
    # (docs/embedding.md "Which engine runs a call"), engine="native" is a located error.
    source = ("def square(x):\n    return x * x\n\ndef apply_twice(f, x):\n    return f(f(x))\n\n"
              "enum Shape:\n    Circle(r: f64)\n    Square(s: f64)\n\ndef circle(r):\n    return Circle(r)\n")
    m = fluxion.loads(source, "f.fx")
    assert m.apply_twice(m.square, 3.0) == 81.0 and m.apply_twice.backend(m.square, 3.0) == "interpreter"
    c = m.circle(2.0)
    assert type(c).__name__ == "Circle" and c.r == 2.0 and m.circle.backend(2.0) == "interpreter"
    native = fluxion.loads(source, "f.fx", engine="native")
    for f, args, line in ((native.apply_twice, (native.square, 3.0), 4), (native.circle, (2.0,), 11)):
        with pytest.raises(fluxion.Error) as e:
            f(*args)
        assert (e.value.file, e.value.line) == ("f.fx", line)
        assert "the native back end does not support" in e.value.message
