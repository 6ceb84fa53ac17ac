# jacfwd of a lambda that captures a vector, with extents the types know (issue #13). The
# template calls the lambda for the primal before its direction loop: a call through the
# closure value, whose code is a clone nested in main. known-calls calls a converted copy of
# the clone instead, cc(lambda)(closure_env(f), x) (opt/converted_clones.cpp), which is inlined:
# the lambda's body, a call of micro_dot with the captured w read from the env. The body reads
# the captured w and its zero tangent through the closure in its env; env-chains passes them
# as env elements of their own (opt/loop_env_chains.cpp), where x * zeros_like(w) is a zero,
# sum(one_hot(k, 4) * w + 0.0) is w[k] + 0.0 and the row loop is w + 0.0: no loop, no
# closure, no call through a value. jacrev's forward transform, called with x : Tensor[f64,
# (4,)] for a parameter Tensor[f64, 1], is inlined (derivative code into derivative code) and
# its pullback closure goes.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: jacfwd,
# IR-NOT: make_closure|call %|while|one_hot
# IR-COUNT: 1 = call @micro_dot\[.*\]\.\d+\(%x0\.\d+, %w\.\d+\) : f64
# IR-HAS: = add\(%w\.\d+, 0\.0\) : Tensor\[f64, \(4,\)\]
# GOLDEN-GRAPH: jacrev,
# IR-NOT: make_closure|call %|while
# EXPECT: [0.5, 1.5, -2.0, 4.0]
# EXPECT: [0.5, 1.5, -2.0, 4.0]
def micro_dot(v1, v2):
    return sum(v1 * v2)

def main():
    v1 = sin(0.37 * arange(4))
    w = [0.5, 1.5, -2.0, 4.0]
    f = lambda v: micro_dot(v, w)
    print(jacfwd(f)(v1))
    print(jacrev(f)(v1))
