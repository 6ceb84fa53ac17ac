#!/usr/bin/python3
"""PyTorch version of the seed model TreeLSTM (BENCHMARKS.md §D; bench/seed/tree_lstm.fx): the
binary TreeLSTM of examples/tree_lstm.fx written with PyTorch operations, one tree per step,
recursively over the tree as the Lantern paper's PyTorch reference does (batch 1), a loss at
every node, Adagrad lr 0.05 (eps 1e-10), float64 on one thread, starting from the initial
weights and the fixed embedding the Fluxion run saved (INIT: arr_0..arr_5 = w_leaf b_leaf
u_node b_node w_out b_out; embedding.npy beside it). Saves the loss of every step
(OUT/losses.npy) and prints `timing steps SECONDS` for the training loop (the file is read and
its trees built before it).
    tree_lstm.py TREES INIT OUT STEPS"""
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)

LEARNING_RATE, EPS = 0.05, 1e-10


class Leaf:
    def __init__(self, label, word):
        self.label, self.word = label, word


class Node:
    def __init__(self, label, left, right):
        self.label, self.left, self.right = label, left, right


def read_trees(path, count):
    """The first `count` trees of the file (../shared/data/seedbench/README.md: `N` then N nodes
    `label left right word` in post-order, the root last)."""
    trees = []
    with open(path) as f:
        for line in f:
            if len(trees) == count:
                break
            nums = [int(x) for x in line.split()]
            nodes = []
            for j in range(nums[0]):
                label, left, right, word = nums[1 + 4 * j:5 + 4 * j]
                nodes.append(Leaf(label, word) if left < 0 else Node(label, nodes[left], nodes[right]))
            trees.append(nodes[-1])
    return trees


def node_loss(p, h, label):
    return -F.log_softmax(p["w_out"] @ h + p["b_out"], dim=0)[label]


def tree_forward(p, embedding, t, hidden):
    """(h, c, summed loss of the subtree)."""
    if isinstance(t, Leaf):
        gates = p["w_leaf"] @ embedding[t.word] + p["b_leaf"]
        i, o, u = torch.sigmoid(gates[:hidden]), torch.sigmoid(gates[hidden:2 * hidden]), torch.tanh(gates[2 * hidden:])
        c = i * u
        h = o * torch.tanh(c)
        return h, c, node_loss(p, h, t.label)
    hl, cl, loss_l = tree_forward(p, embedding, t.left, hidden)
    hr, cr, loss_r = tree_forward(p, embedding, t.right, hidden)
    gates = p["u_node"] @ torch.cat((hl, hr)) + p["b_node"]
    i, fl = torch.sigmoid(gates[:hidden]), torch.sigmoid(gates[hidden:2 * hidden])
    fr, o = torch.sigmoid(gates[2 * hidden:3 * hidden]), torch.sigmoid(gates[3 * hidden:4 * hidden])
    u = torch.tanh(gates[4 * hidden:])
    c = i * u + fl * cl + fr * cr
    h = o * torch.tanh(c)
    return h, c, loss_l + loss_r + node_loss(p, h, t.label)


def train(trees, p, embedding, steps):
    hidden = p["w_out"].shape[1]
    optimizer = torch.optim.Adagrad(list(p.values()), lr=LEARNING_RATE, eps=EPS)
    losses = np.zeros(steps)
    for n in range(steps):
        _, _, loss = tree_forward(p, embedding, trees[n % len(trees)], hidden)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses[n] = loss.item()
    return losses


def main():
    path, init, out, steps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    trees = read_trees(path, steps)
    names = ("w_leaf", "b_leaf", "u_node", "b_node", "w_out", "b_out")
    with np.load(init) as z:
        p = {name: torch.tensor(z["arr_%d" % i]).requires_grad_() for i, name in enumerate(names)}
    embedding = torch.tensor(np.load(os.path.join(os.path.dirname(init), "embedding.npy")))
    start = time.perf_counter()
    losses = train(trees, p, embedding, steps)
    print("timing steps", repr(time.perf_counter() - start))
    np.save(os.path.join(out, "losses.npy"), losses)


if __name__ == "__main__":
    main()
