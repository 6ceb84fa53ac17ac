# A recursion over an enum tree that captures a table it reads at the leaves, differentiated
# with respect to the weights only (the TreeLSTM's fixed embedding, examples/tree_lstm.fx). Its
# pullback returns a cotangent for every argument, and the recursive pullback reads its calls'
# cotangents of the table and the tree only to add them into the ones it returns: nobody reads
# them (opt/dead_results.cpp). They become (), and with them go the leaf's scatter into a zero of
# the table and the tree's zero: the call of the recursive pullback (in main, where value_and_grad is inlined) returns the weights' part.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-HAS: = call @forward\[Tensor\[f64, 1\],Tensor\[f64, 2\],Tree\]\[cc\]\[J\]\[back\]\.\d+\(%\d+, %\d+\) : \(\(\), Tensor\[f64, 1\], \(\), \(\)\)
# GOLDEN-GRAPH: case
# IR-NOT: zeros_like\(%table
# IR-NOT: set_index
# IR-NOT: zeros_like\(%\S+\) : Tree
# IR-HAS: = make_tuple\(%\d+, %\d+, %\d+\) : \(Tensor\[f64, 1\], \(\), \(\)\)
# EXPECT: 0.8333757841644894 0.097147662185 0.731426364823
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def forward(w, table, t):
    match t:
        case Leaf(word):
            return tanh(w * table[word])
        case Node(l, r):
            a = forward(w, table, l)
            b = forward(w, table, r)
            return tanh(w * (a + b))

def loss(w, table, t):
    return sum(forward(w, table, t))

def main():
    table = [[0.5, -0.25], [0.75, 0.5], [0.1, 0.2]]
    w = [1.5, -0.5]
    t = Node(Leaf(0), Node(Leaf(2), Leaf(1)))
    value, g = value_and_grad(loss)(w, table, t)
    # To 12 digits: recursion-acc adds the nodes' cotangents of w in another order than --opt=0
    # (opt/recursive_accumulators.cpp), which changes the last bits.
    print(value, floor(g[0] * 1e12 + 0.5) / 1e12, floor(g[1] * 1e12 + 0.5) / 1e12)
