# A tree recursion whose pullback returns a cotangent of every parameter matrix: leaves read `w`
# only, inner nodes `u` only. Unoptimised, every node's pullback adds its children's cotangent
# tuples into a new one (add_tangent of tuples), and a leaf returns a zero of `u`. The
# recursion-acc pass (opt/recursive_accumulators.cpp) threads one accumulator per parameter
# through copies of the pullback (`[acc]`): a node's code passes the running sum to the first
# child's pullback, whose result it passes to the second (three arguments: env, cotangent,
# accumulators), so no tuple sum is left and no zero is made; the pullback's copy hands the
# accumulators to its `if` branches in their env. The values are exact in binary, so the
# sums' new order prints the same numbers as --opt=0.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: match_next[][cc][J][back][acc]
# IR-COUNT: 2 = call @forward\[.*\]\[back\]\[acc\]\.\d+\(%\S+, %\S+, %\S+\)
# IR-NOT: = add_tangent\(%\d+, %\d+\) : \(Tensor
# IR-NOT: zeros_like
# GOLDEN-GRAPH: forward[(Tensor[f64, 2], Tensor[f64, 2]),Tensor[f64, 2],Tree][cc][J][back][acc]
# IR-HAS: = make_closure\(@case\[acc\]\.\d+, %\d+\)
# IR-HAS: = if\(%\S+, %\S+, %\S+\)
# IR-NOT: add_tangent
# EXPECT: (0.62109375, ([[0.46875, -0.03125], [1.140625, 0.140625]], [[1.09375, 0.546875], [1.125, 0.75]]))
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def forward(p, table, t):
    w, u = p
    match t:
        case Leaf(word):
            return w @ table[word]
        case Node(l, r):
            return u @ (forward(p, table, l) + forward(p, table, r))

def loss(p, table, t):
    return sum(forward(p, table, t))

def main():
    table = [[0.5, -0.25], [0.75, 0.5], [1.0, 0.25]]
    w = [[0.5, -1.0], [0.25, 0.5]]
    u = [[1.0, 0.5], [-0.5, 0.25]]
    t = Node(Leaf(0), Node(Leaf(2), Leaf(1)))
    print(value_and_grad(loss)((w, u), table, t))
