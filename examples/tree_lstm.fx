# A binary TreeLSTM sentiment model (Tai et al. 2015, as in the Lantern paper §5.4): every
# node of a parse tree gets a hidden state computed from its children (leaves from their word
# embedding), a 5-class classifier reads every node's state, and the loss is the sum of the
# nodes' cross-entropies. Hidden 150, embedding 300, vocabulary 5000, Adagrad lr 0.05, one
# tree per step, trees in file order.
#
#   build/fluxion run examples/tree_lstm.fx            # one epoch over trees.txt
#   build/fluxion run examples/tree_lstm.fx ../shared/data/seedbench/trees.txt 50 1 10
#   build/fluxion run examples/tree_lstm.fx generated 50 1 10     # generated trees
#   build/fluxion run examples/tree_lstm.fx generated 50 1 10 f32 # ... DTYPE (f64 or f32)
#
# The command-line arguments are those of train(path, max_trees, epochs, print_every, cast),
# the precision (f64, the default, or f32) chosen by `cast` (to_f64 or to_f32, init.fx). The tree file's format is described in
# ../shared/data/seedbench/README.md. Fluxion cannot test whether a file exists, so the
# fallback to generated trees is chosen by passing "generated" (or "") as the path.
# Prints `uniform-guess loss U` (U = ln 5, the loss per node of a model that learnt nothing),
# then `step N loss L` every print_every trees: L is the mean loss per node over them.
#
# As in the Lantern and Tai et al. set-ups, the word embeddings are fixed (there they are
# pretrained GloVe vectors; here a fixed random table), so only the cell and the classifier
# are trained.
import "optim.fx"
import "init.fx"

DEFAULT_TREES = "../shared/data/seedbench/trees.txt"  # relative to the repository root
VOCAB = 5000
EMBED = 300
HIDDEN = 150
CLASSES = 5
LEARNING_RATE = 0.05

enum Tree:
    Leaf(label: i64, word: i64)
    Node(label: i64, left: Tree, right: Tree)

# The parameters are a tuple (w_leaf, b_leaf, u_node, b_node, w_out, b_out) rather than a
# struct, whose fields would fix one dtype:
#   w_leaf (3 * hidden, embed): input, output and update gates of a leaf, and b_leaf;
#   u_node (5 * hidden, 2 * hidden): input, forget left, forget right, output and update gates
#     of a node, from [h_left; h_right], and b_node;
#   w_out (classes, hidden), b_out: the classifier.

# ---- Reading trees.txt ---------------------------------------------------------------------

# The file's whitespace-separated integers, in order. read_numbers parses the whole file in
# the runtime (a loop here writing each number into a tensor would copy the tensor at every
# write: an update inside an if/else branch is not in place today).
def file_numbers(path):
    return astype(read_numbers(path), i64)

# Where each tree starts in the numbers: a line is `N` and then N nodes of 4 numbers.
def tree_starts(nums):
    count = 0
    at = 0
    while at < len(nums):
        count += 1
        at += 1 + 4 * nums[at]
    starts = full(count, 0)
    at = 0
    for t in range(count):
        starts[t] = at
        at += 1 + 4 * nums[at]
    return starts

# Node j of the tree whose numbers start at `start` (post-order; the root is the last node).
def build_tree(nums, start, j):
    at = start + 1 + 4 * j
    label = nums[at]
    left = nums[at + 1]
    right = nums[at + 2]
    if left < 0:
        return Leaf(label, nums[at + 3])
    return Node(label, build_tree(nums, start, left), build_tree(nums, start, right))

def file_tree(nums, start):
    return build_tree(nums, start, nums[start] - 1)

# ---- Generated trees (when there is no file) -------------------------------------------------

def random_int(k, n):
    return int(uniform(k, 1)[0] * float(n))

# A random binary tree with `leaves` leaves; returns (tree, label). A leaf's label is its word
# mod 5 and a node's the rounded-down mean of its children's, so there is something to learn.
def generated_tree(k, leaves):
    k1, k2 = split(k)
    if leaves == 1:
        word = random_int(k1, VOCAB)
        return Leaf(word % CLASSES, word), word % CLASSES
    k3, k4 = split(k2)
    left_leaves = 1 + random_int(k1, leaves - 1)
    left, left_label = generated_tree(k3, left_leaves)
    right, right_label = generated_tree(k4, leaves - left_leaves)
    label = (left_label + right_label) // 2
    return Node(label, left, right), label

def nth_generated_tree(t):
    k1, k2 = split(key(1000 + t))
    tree, label = generated_tree(k2, 5 + random_int(k1, 36))
    return tree

# ---- The model ---------------------------------------------------------------------------------

# `cast` (to_f64 or to_f32) rounds the parameters to the model's precision.
def init_tree_lstm(k, cast):
    k1, rest = split(k)
    k2, rest = split(rest)
    k3, rest = split(rest)
    k4, rest = split(rest)
    k5, k6 = split(rest)
    return cast((fan_in_uniform(k1, (3 * HIDDEN, EMBED), EMBED), fan_in_uniform(k2, 3 * HIDDEN, EMBED),
                 fan_in_uniform(k3, (5 * HIDDEN, 2 * HIDDEN), 2 * HIDDEN), fan_in_uniform(k4, 5 * HIDDEN, 2 * HIDDEN),
                 fan_in_uniform(k5, (CLASSES, HIDDEN), HIDDEN), fan_in_uniform(k6, CLASSES, HIDDEN)))

def node_loss(p, h, label):
    w_leaf, b_leaf, u_node, b_node, w_out, b_out = p
    return -log_softmax(w_out @ h + b_out, axis=0)[label]

# (h, c, summed loss of the subtree, number of nodes).
def tree_forward(p, embedding, t):
    w_leaf, b_leaf, u_node, b_node, w_out, b_out = p
    match t:
        case Leaf(label, word):
            gates = w_leaf @ embedding[word] + b_leaf
            i = sigmoid(gates[0:HIDDEN])
            o = sigmoid(gates[HIDDEN:2 * HIDDEN])
            u = tanh(gates[2 * HIDDEN:3 * HIDDEN])
            c = i * u
            h = o * tanh(c)
            return h, c, node_loss(p, h, label), 1
        case Node(label, left, right):
            hl, cl, loss_l, n_l = tree_forward(p, embedding, left)
            hr, cr, loss_r, n_r = tree_forward(p, embedding, right)
            gates = u_node @ concat((hl, hr), 0) + b_node
            i = sigmoid(gates[0:HIDDEN])
            fl = sigmoid(gates[HIDDEN:2 * HIDDEN])
            fr = sigmoid(gates[2 * HIDDEN:3 * HIDDEN])
            o = sigmoid(gates[3 * HIDDEN:4 * HIDDEN])
            u = tanh(gates[4 * HIDDEN:5 * HIDDEN])
            c = i * u + fl * cl + fr * cr
            h = o * tanh(c)
            return h, c, loss_l + loss_r + node_loss(p, h, label), n_l + n_r + 1

def tree_loss(p, embedding, t):
    h, c, loss, n = tree_forward(p, embedding, t)
    return loss

def count_nodes(t):
    match t:
        case Leaf(label, word):
            return 1
        case Node(label, left, right):
            return 1 + count_nodes(left) + count_nodes(right)

# One pass of Adagrad over trees 0..count-1, given by tree_at(i).
def train_on(tree_at, count, epochs, print_every, cast):
    params = init_tree_lstm(key(7), cast)
    embedding = cast(normal_std(key(8), (VOCAB, EMBED), 0.1))
    cache = adagrad_init(params)
    window_loss = 0.0
    window_nodes = 0
    last = 0.0
    # What a model that learnt nothing scores per node: every class equally likely.
    print("uniform-guess loss", log(float(CLASSES)))
    for epoch in range(epochs):
        for n in range(count):
            t = tree_at(n)
            loss, grads = value_and_grad(tree_loss)(params, embedding, t)
            params, cache = adagrad(params, grads, cache, LEARNING_RATE, 1e-10)
            window_loss += float(loss)
            window_nodes += count_nodes(t)
            step = epoch * count + n + 1
            if step % print_every == 0:
                last = window_loss / float(window_nodes)
                print("step", step, "loss", last)
                window_loss = 0.0
                window_nodes = 0
    return last

def train(path, max_trees, epochs, print_every, cast):
    if path == "" or path == "generated":
        print("generated", max_trees, "trees")
        return train_on(nth_generated_tree, max_trees, epochs, print_every, cast)
    nums = file_numbers(path)
    starts = tree_starts(nums)
    starts = starts[0:min(max_trees, len(starts))]
    print("read", len(starts), "trees from", path)
    return train_on(lambda i: file_tree(nums, starts[i]), len(starts), epochs, print_every, cast)

def main():
    dtype = arg(4, "f64")
    if dtype == "f32":
        train(arg(0, DEFAULT_TREES), arg(1, 1000000), arg(2, 1), arg(3, 100), to_f32)
    else:
        assert dtype == "f64", "DTYPE must be f64 or f32"
        train(arg(0, DEFAULT_TREES), arg(1, 1000000), arg(2, 1), arg(3, 100), to_f64)
