# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# One of two lambdas that capture different values (k, or the tensor t, or nothing), called
# twice: the derivative of the value is that of the env of whichever lambda it holds, so the
# two calls' env derivatives are added as one of two structures, tag by tag (natively,
# codegen/prims_ad.cpp sum_of_alternatives). Defined inside the differentiated function and
# outside it (captured by the differentiated lambda).
# g = h(k) + h(v): k*k + v*k for k > 1 (d/dv k, d/dk 2k + v), else exp(k) + exp(v).
# EXPECT: (3.0, 7.0)
# EXPECT: (2.718281828459045, 1.6487212707001282)
# EXPECT: 0.0
# EXPECT: ([9.0, 30.0], 14.0)
# EXPECT: ([8.154845485377136, 225.78165623150758], 0.0)
# EXPECT: [9.0, 30.0]
# EXPECT: 1.0
# EXPECT: 2.0
# EXPECT: 5.0
# EXPECT: 2.0
# EXPECT: 4.0
# EXPECT: 2.0
def g(v: f64, k: f64) -> f64:
    h = (lambda x: x * k) if k > 1.0 else (lambda x: exp(x))
    return h(k) + h(v)

# sum(v*t) + sum(v²*t) with t = [k, 2k] for k > 1: d/dv t + 2vt, d/dk sum([1, 2] * (v + v²)).
def g2(v: Tensor[f64, 1], k: f64) -> f64:
    t = [k, 2.0 * k]
    h = (lambda x: x * t) if k > 1.0 else (lambda x: exp(x))
    return sum(h(v)) + sum(h(v * v))

def captured(c: f64):
    a = 2.0
    b = [3.0, 1.0]
    f1 = lambda x: x * a
    f2 = lambda x: x + sum(b)
    f = f1 if c > 1.0 else f2
    print(grad(lambda t: f(t))(0.5))
    print(grad(lambda t: sum(f([t, t])))(0.5))
    print(grad(lambda t, fn: fn(t) * t)(0.5, f))

def main():
    print(grad(g, argnums=(0, 1))(1.0, 3.0))
    print(grad(g, argnums=(0, 1))(1.0, 0.5))
    print(hessian(g)(1.0, 3.0))
    print(grad(g2, argnums=(0, 1))([1.0, 2.0], 3.0))
    print(grad(g2, argnums=(0, 1))([1.0, 2.0], 0.5))
    print(jacfwd(g2)([1.0, 2.0], 3.0))
    captured(0.0)
    captured(2.0)
