# jacfwd at a vector of one element of a lambda over a captured vector of three: the argument
# broadcasts against u, so no product rule applies to one_hot(k, 1) * u and the row loop is not
# normalised. The direction loop is counted with the constant trip count 1: one-trip
# (opt/one_trip_loops.cpp) writes its body once where the loop was, projection takes the env
# tuple apart, and the closures of the loop's cond and body, and the lambda's closure its env
# held, go: no loop, no closure, no call through a value.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: jacfwd,
# IR-NOT: while|make_closure|call %
# IR-COUNT: 1 = rows_append\(
# EXPECT: [6.0]
# EXPECT: [6.0]
def micro_dot(v1, v2):
    return sum(v1 * v2)

def main():
    u = [1.0, 2.0, 3.0]
    h = lambda v: micro_dot(v, u)
    print(jacfwd(h)([1.5]))
    print(jacrev(h)([1.5]))
