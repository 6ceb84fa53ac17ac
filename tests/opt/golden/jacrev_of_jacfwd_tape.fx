# jacfwd's loop over the basis vectors is a counted loop (src/ad/jacobian.cpp): its trip count,
# max(n, 0) for n directions, is known at entry. So reverse mode over it (jacrev of jacfwd,
# a Hessian) makes its tape as list_empty(trips), typed as the stack of the pullbacks the
# loop pushes, and native code lays it out once for n entries (fx_linear_tape_L: only the loop
# pushes onto it, once per iteration; docs/ad.md §4, docs/codegen.md "Linear tapes").
# f = sum(x^3): the Hessian is diag(6x), x = sin(0.37 k).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: jacfwd,argnums=0,n=1,shapes=T[f64;r1];[J].
# IR-COUNT: 1 %trips\.\d+ = maximum\(%\d+, 0\) : i64
# IR-COUNT: 1 = list_empty\(%trips\.\d+\) : List\[<closure jacfwd\.directions\.body\[J\]\[back\]
# IR-COUNT: 1 = while\(%\d+, %\d+, %\d+, %trips\.\d+\)
# C-COUNT: 1 ^  L_\w+ t_\d+ = fx_linear_tape_L_\w+\(trips_\d+, \d+\);$
# EXPECT: [[0.0, 0.0, 0.0], [0.0, 2.169692591789772, 0.0], [0.0, 0.0, 4.04572746976887]]
def f(x):
    return sum(x * x * x)

def main():
    x = sin(0.37 * arange(int(arg(0, 3))))
    print(jacrev(jacfwd(f))(x))
