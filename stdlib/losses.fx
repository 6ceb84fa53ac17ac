# Loss functions. Each returns a scalar of its inputs' precision (f64 for f64 inputs, f32 for
# f32 ones) and is differentiable in its first argument.
#
#   mse(pred, target)               mean of (pred - target)^2 over every element
#   nll_loss(log_probs, labels)     -mean_n log_probs[n, labels[n]]
#   cross_entropy(logits, labels)   nll_loss(log_softmax(logits, axis=-1), labels)
#
# Class scores are along the last axis: `log_probs` / `logits` of shape (N, C) take `labels`
# as a Tensor[i64] of N class indices in [0, C), and the loss is the mean over the batch (as
# PyTorch's default reduction). A single example of shape (C,) takes one i64 label.

def mse(pred, target):
    diff = pred - target
    return mean(diff * diff)

# The log-probability of each label is picked with a one-hot mask rather than by indexing, so
# that a batch needs no loop and the gradient is one dense select. `where` keeps log_probs'
# dtype (a product with the f64 one-hot would make an f32 model's loss f64).
def nll_loss(log_probs, labels):
    classes = log_probs.shape[-1]
    picked = sum(where(one_hot(labels, classes) > 0.5, log_probs, 0.0), axis=-1)
    return -mean(picked)

def cross_entropy(logits, labels):
    return nll_loss(log_softmax(logits, axis=-1), labels)
