# The seed model CNN (BENCHMARKS.md §D; the network of examples/cnn_mnist.fx, PyTorch's MNIST
# example: conv-pool-relu twice, fc-relu, dropout, fc, log_softmax, NLL; SGD momentum 0.5 at
# lr 0.01) trained on Fashion-MNIST for STEPS batches of BATCH images in file order, in float64,
# with dropout probability DROPOUT (0.5 in the model; 0.0 for the loss-curve check, since the
# PyTorch version draws its masks from another generator). Saves the initial weights
# (OUT/init.npz, the tuple (conv1_w, conv1_b, conv2_w, conv2_b, fc1_w, fc1_b, fc2_w, fc2_b) as
# arr_0..arr_7) and the loss of every step (OUT/losses.npy, the batch's mean), and prints
# `timing steps SECONDS` for the training loop alone (reading the files is outside it).
#   fluxion run bench/seed/cnn.fx IMAGES LABELS BATCH DROPOUT OUT STEPS
import "optim.fx"
import "init.fx"
import "../lib/timing.fx"
import "../../examples/cnn_mnist.fx"

# examples/cnn_mnist.fx's fit, with the loss of every step kept instead of printed.
def train_losses(params, images, labels, batch, drop, steps):
    velocity = momentum_init(params)
    k = key(2)
    losses = zeros(steps)
    start = 0
    for n in range(steps):
        if start + batch > len(images):
            start = 0                 # next epoch
        x = image_batch(images, start, batch, to_f64)
        y = labels[start:start + batch]
        k, k_drop = split(k)
        loss, grads = value_and_grad(batch_loss)(params, x, y, k_drop, drop)
        params, velocity = momentum(params, grads, velocity, LEARNING_RATE, MOMENTUM)
        losses[n] = loss
        start += batch
    return losses

def main():
    images = read_idx(arg(0, TRAIN_IMAGES))
    labels = read_idx(arg(1, TRAIN_LABELS))
    batch = arg(2, 100)
    drop = arg(3, 0.5)
    out = arg(4, ".")
    params = init_net(key(1), to_f64)
    save(out + "/init.npz", params)
    losses = time_runs("steps", lambda: train_losses(params, images, labels, batch, drop, arg(5, 10)), 1, 0.0)
    save(out + "/losses.npy", losses)
