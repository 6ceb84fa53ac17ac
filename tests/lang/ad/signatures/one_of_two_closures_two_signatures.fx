# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# A value that is one of two lambdas (chosen at run time) called at f64 and at a vector inside
# the differentiated function: each call switches the value to the clones typed for its own
# arguments (closure_at), also in derivative code, where the value is one of the two converted
# closures. The derivative of the vector call once took the f64 clones (an internal compiler
# error in the type verifier; a wrong gradient with the verifier off).
# f = h(w) + sum(h([w, 2w])): with x*x*k it is 6kw² (d/dw 12kw, d/dk 6w²); with sin(x)+k it is
# 2 sin(w) + sin(2w) + 3k (d/dw 2cos(w) + 2cos(2w), d/dk 3).
# EXPECT: (12.0, 1.5)
# EXPECT: (2.835769735517025, 3.0)
# EXPECT: (3.0, 12.75)
# EXPECT: 24.0
# EXPECT: -4.324735016439992
# EXPECT: -2.8496103069028202
# EXPECT: [27.0, 27.0]
# EXPECT: 16.66418303104154
def f(w: f64, k: f64) -> f64:
    h = (lambda x: x * x * k) if k > 1.0 else (lambda x: sin(x) + k)
    return h(w) + sum(h([w, 2.0 * w]))

# The same with a tensor argument and a number call: h(k) * sum(h(v)).
def g(v: Tensor[f64, 1], k: f64) -> f64:
    h = (lambda x: x * k) if k > 1.0 else (lambda x: exp(x))
    return h(k) * sum(h(v))

def main():
    print(grad(f, argnums=(0, 1))(0.5, 2.0))
    print(grad(f, argnums=(0, 1))(0.5, 0.5))
    print(jvp(f, (0.5, 2.0), (1.0, 0.5)))
    print(hessian(f)(0.5, 2.0))
    print(hessian(f)(0.5, 0.5))
    print(grad(grad(f))(0.3, 0.7))
    print(grad(g)([1.0, 2.0], 3.0))
    print(grad(g, argnums=1)([1.0, 2.0], 0.5))
