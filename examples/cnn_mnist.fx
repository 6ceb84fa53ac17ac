# The convolutional network of PyTorch's MNIST example, trained on Fashion-MNIST:
#   conv 1->10 5x5, max-pool 2, relu, conv 10->20 5x5, max-pool 2, relu,
#   fc 320->50, relu, dropout 0.5, fc 50->10, log_softmax, negative log-likelihood,
# with PyTorch's default initialisation and its optimiser, SGD with momentum 0.5 at lr 0.01,
# batches taken in file order, in f64 or f32.
#
#   build/fluxion run examples/cnn_mnist.fx       # one epoch at batch 64, then test accuracy
#   build/fluxion run examples/cnn_mnist.fx IMAGES LABELS STEPS BATCH PRINT_EVERY TEST_COUNT DTYPE DROPOUT
#   build/fluxion eval examples/cnn_mnist.fx 'train(TEST_IMAGES, TEST_LABELS, 100, 32, 25)'
#
# DTYPE is f64 (the default) or f32; DROPOUT the probability of dropping an fc1 unit (0.5;
# 0.0 trains without dropout). fit(images, labels, steps, batch, print_every, cast, drop)
# trains on the IDX files `images` and `labels` (Debian's dataset-fashion-mnist ships them
# gzip-compressed) with parameters and data in the precision of `cast` (to_f64 or to_f32,
# init.fx), prints `step N loss L`, L the mean loss of the last print_every batches, and
# returns (parameters, last L); train(...) runs it in f64 with dropout and returns the last L
# alone. accuracy(params, images, labels, count, cast) is the fraction of the first `count`
# examples classified correctly.
import "optim.fx"
import "init.fx"
import "losses.fx"

TRAIN_IMAGES = "/usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz"
TRAIN_LABELS = "/usr/share/datasets/fashion-mnist/train-labels-idx1-ubyte.gz"
TEST_IMAGES = "/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz"
TEST_LABELS = "/usr/share/datasets/fashion-mnist/t10k-labels-idx1-ubyte.gz"
LEARNING_RATE = 0.01
MOMENTUM = 0.5
# Fashion-MNIST's pixel mean and standard deviation (PyTorch's example normalises MNIST with
# its own, 0.1307 and 0.3081).
PIXEL_MEAN = 0.2860
PIXEL_STD = 0.3530

# The parameters are a tuple (conv1_w, conv1_b, conv2_w, conv2_b, fc1_w, fc1_b, fc2_w, fc2_b)
# rather than a struct, whose fields would fix one dtype: conv weights are OIHW, (10, 1, 5, 5)
# and (20, 10, 5, 5); dense weights (out, in) as nn.Linear, (50, 320) and (10, 50).
# nn.Conv2d and nn.Linear draw weights and biases from U(-1/sqrt(fan_in), 1/sqrt(fan_in));
# `cast` rounds them to the model's precision.
def init_net(k, cast):
    k1, rest = split(k)
    k2, rest = split(rest)
    k3, rest = split(rest)
    k4, rest = split(rest)
    k5, rest = split(rest)
    k6, rest = split(rest)
    k7, k8 = split(rest)
    return cast((fan_in_uniform(k1, (10, 1, 5, 5), 25), fan_in_uniform(k2, 10, 25),
                 fan_in_uniform(k3, (20, 10, 5, 5), 250), fan_in_uniform(k4, 20, 250),
                 fan_in_uniform(k5, (50, 320), 320), fan_in_uniform(k6, 50, 320),
                 fan_in_uniform(k7, (10, 50), 50), fan_in_uniform(k8, 10, 50)))

def conv_layer(x, w, b):
    return conv2d(x, w) + reshape(b, (1, len(b), 1, 1))

def dense(x, w, b):
    return x @ w.T + b

# Log-probabilities of the classes for a batch x of shape (N, 1, 28, 28); dropout with key k
# when drop > 0 (training), none when drop is 0.0 (evaluation).
def forward(p, x, k, drop):
    conv1_w, conv1_b, conv2_w, conv2_b, fc1_w, fc1_b, fc2_w, fc2_b = p
    x = relu(max_pool2d(conv_layer(x, conv1_w, conv1_b), 2))
    x = relu(max_pool2d(conv_layer(x, conv2_w, conv2_b), 2))
    x = reshape(x, (len(x), 320))
    x = relu(dense(x, fc1_w, fc1_b))
    if drop > 0.0:
        x = dropout(k, x, drop)
    return log_softmax(dense(x, fc2_w, fc2_b), axis=1)

def batch_loss(p, x, labels, k, drop):
    return nll_loss(forward(p, x, k, drop), labels)

# Images [start, start + count) normalised, of shape (count, 1, 28, 28), in cast's precision.
def image_batch(images, start, count, cast):
    x = cast(images[start:start + count]) / 255.0
    return reshape((x - PIXEL_MEAN) / PIXEL_STD, (count, 1, 28, 28))

def fit(images_path, labels_path, steps, batch, print_every, cast, drop):
    images = read_idx(images_path)
    labels = read_idx(labels_path)
    print("read", len(images), "images")
    params = init_net(key(1), cast)
    last = 0.0
    velocity = momentum_init(params)
    k = key(2)
    window = 0.0
    start = 0
    for n in range(steps):
        if start + batch > len(images):
            start = 0                 # next epoch
        x = image_batch(images, start, batch, cast)
        y = labels[start:start + batch]
        k, k_drop = split(k)
        loss, grads = value_and_grad(batch_loss)(params, x, y, k_drop, drop)
        params, velocity = momentum(params, grads, velocity, LEARNING_RATE, MOMENTUM)
        window += float(loss)
        if (n + 1) % print_every == 0:
            last = window / float(print_every)
            print("step", n + 1, "loss", last)
            window = 0.0
        start += batch
    return params, last

def train(images_path, labels_path, steps, batch, print_every):
    params, last = fit(images_path, labels_path, steps, batch, print_every, to_f64, 0.5)
    return last

# The fraction of the first `count` examples classified correctly, in batches of 500.
def accuracy(p, images_path, labels_path, count, cast):
    images = read_idx(images_path)
    labels = read_idx(labels_path)
    correct = 0.0
    start = 0
    while start < count:
        size = min(500, count - start)
        predicted = argmax(forward(p, image_batch(images, start, size, cast), key(0), 0.0), axis=1)
        correct += sum(astype(predicted == labels[start:start + size], f64))
        start += size
    return correct / float(count)

def run(cast):
    params, last = fit(arg(0, TRAIN_IMAGES), arg(1, TRAIN_LABELS), arg(2, 938), arg(3, 64), arg(4, 50), cast,
                       arg(7, 0.5))
    print("test accuracy", accuracy(params, TEST_IMAGES, TEST_LABELS, arg(5, 10000), cast))

def main():
    dtype = arg(6, "f64")
    if dtype == "f32":
        run(to_f32)
    else:
        assert dtype == "f64", "DTYPE must be f64 or f32"
        run(to_f64)
