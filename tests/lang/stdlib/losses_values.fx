# Pins: stdlib mse, nll_loss and cross_entropy against values computed in Python (to 1e-12),
# for a batch (N, C) with i64 labels and for a single example (C,) with one label; the
# gradient of cross_entropy is (softmax - one_hot) / N.
# EXPECT: 1.6666666666666667
# EXPECT: True True
# EXPECT: True True
# EXPECT: True
# EXPECT: True
import "losses.fx"

def close(a, b):
    return abs(a - b) < 1e-12

def main():
    print(mse([1.0, 2.0, 3.0], [1.0, 1.0, 1.0]))
    logits = [[1.0, 2.0, 3.0], [1.0, 1.0, 1.0], [0.5, -1.0, 2.0]]
    labels = [2, 0, 1]
    print(close(cross_entropy(logits, labels), 1.5825098499232155),
          close(nll_loss(log_softmax(logits, axis=1), labels), 1.5825098499232155))
    print(close(cross_entropy([1.0, 2.0, 3.0], 0), 2.4076059644443806),
          close(nll_loss(log_softmax([1.0, 2.0, 3.0], axis=0), 0), 2.4076059644443806))
    g = grad(cross_entropy)(logits, labels)
    expected = (softmax(logits, axis=1) - one_hot(labels, 3)) / 3.0
    print(max(abs(g - expected)) < 1e-12)
    print(max(abs(grad(mse)([1.0, 2.0], [0.0, 0.0]) - [1.0, 2.0])) < 1e-12)
