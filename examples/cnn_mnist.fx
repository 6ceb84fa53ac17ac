# The convolutional network of PyTorch's MNIST example, trained on Fashion-MNIST:
#   conv 1->10 5x5, max-pool 2, relu, conv 10->20 5x5, max-pool 2, relu,
#   fc 320->50, relu, dropout 0.5, fc 50->10, log_softmax, negative log-likelihood,
# with PyTorch's default initialisation and its optimiser, SGD with momentum 0.5 at lr 0.01,
# batches taken in file order.
#
#   build/fluxion run examples/cnn_mnist.fx       # one epoch at batch 64, then test accuracy
#   build/fluxion run examples/cnn_mnist.fx IMAGES LABELS STEPS BATCH PRINT_EVERY TEST_COUNT
#   build/fluxion eval examples/cnn_mnist.fx 'train(TEST_IMAGES, TEST_LABELS, 100, 32, 25)'
#
# fit(images, labels, steps, batch, print_every) trains on the IDX files `images` and
# `labels` (Debian's dataset-fashion-mnist ships them gzip-compressed), prints
# `step N loss L`, L the mean loss of the last print_every batches, and returns
# (parameters, last L); train(...) returns the last L alone. accuracy(params, images,
# labels, count) is the fraction of the first `count` examples classified correctly.
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

struct Net:
    conv1_w: Tensor[f64, 4]    # (10, 1, 5, 5), OIHW
    conv1_b: Tensor[f64, 1]
    conv2_w: Tensor[f64, 4]    # (20, 10, 5, 5)
    conv2_b: Tensor[f64, 1]
    fc1_w: Tensor[f64, 2]      # (50, 320), (out, in) as nn.Linear
    fc1_b: Tensor[f64, 1]
    fc2_w: Tensor[f64, 2]      # (10, 50)
    fc2_b: Tensor[f64, 1]

# nn.Conv2d and nn.Linear draw weights and biases from U(-1/sqrt(fan_in), 1/sqrt(fan_in)).
def init_net(k):
    k1, rest = split(k)
    k2, rest = split(rest)
    k3, rest = split(rest)
    k4, rest = split(rest)
    k5, rest = split(rest)
    k6, rest = split(rest)
    k7, k8 = split(rest)
    return Net(conv1_w=fan_in_uniform(k1, (10, 1, 5, 5), 25),
               conv1_b=fan_in_uniform(k2, 10, 25),
               conv2_w=fan_in_uniform(k3, (20, 10, 5, 5), 250),
               conv2_b=fan_in_uniform(k4, 20, 250),
               fc1_w=fan_in_uniform(k5, (50, 320), 320),
               fc1_b=fan_in_uniform(k6, 50, 320),
               fc2_w=fan_in_uniform(k7, (10, 50), 50),
               fc2_b=fan_in_uniform(k8, 10, 50))

def conv_layer(x, w, b):
    return conv2d(x, w) + reshape(b, (1, len(b), 1, 1))

def dense(x, w, b):
    return x @ w.T + b

# Log-probabilities of the classes for a batch x of shape (N, 1, 28, 28); dropout with key k
# when drop > 0 (training), none when drop is 0.0 (evaluation).
def forward(p, x, k, drop):
    x = relu(max_pool2d(conv_layer(x, p.conv1_w, p.conv1_b), 2))
    x = relu(max_pool2d(conv_layer(x, p.conv2_w, p.conv2_b), 2))
    x = reshape(x, (len(x), 320))
    x = relu(dense(x, p.fc1_w, p.fc1_b))
    if drop > 0.0:
        x = dropout(k, x, drop)
    return log_softmax(dense(x, p.fc2_w, p.fc2_b), axis=1)

def batch_loss(p, x, labels, k):
    return nll_loss(forward(p, x, k, 0.5), labels)

# Images [start, start + count) as normalised f64 of shape (count, 1, 28, 28).
def image_batch(images, start, count):
    x = astype(images[start:start + count], f64) / 255.0
    return reshape((x - PIXEL_MEAN) / PIXEL_STD, (count, 1, 28, 28))

def fit(images_path, labels_path, steps, batch, print_every):
    images = read_idx(images_path)
    labels = read_idx(labels_path)
    print("read", len(images), "images")
    params = init_net(key(1))
    last = 0.0
    velocity = momentum_init(params)
    k = key(2)
    window = 0.0
    start = 0
    for n in range(steps):
        if start + batch > len(images):
            start = 0                 # next epoch
        x = image_batch(images, start, batch)
        y = labels[start:start + batch]
        k, k_drop = split(k)
        loss, grads = value_and_grad(batch_loss)(params, x, y, k_drop)
        params, velocity = momentum(params, grads, velocity, LEARNING_RATE, MOMENTUM)
        window += loss
        if (n + 1) % print_every == 0:
            last = window / float(print_every)
            print("step", n + 1, "loss", last)
            window = 0.0
        start += batch
    return params, last

def train(images_path, labels_path, steps, batch, print_every):
    params, last = fit(images_path, labels_path, steps, batch, print_every)
    return last

# The fraction of the first `count` examples classified correctly, in batches of 500.
def accuracy(p, images_path, labels_path, count):
    images = read_idx(images_path)
    labels = read_idx(labels_path)
    correct = 0.0
    start = 0
    while start < count:
        size = min(500, count - start)
        predicted = argmax(forward(p, image_batch(images, start, size), key(0), 0.0), axis=1)
        correct += sum(astype(predicted == labels[start:start + size], f64))
        start += size
    return correct / float(count)

def main():
    params, last = fit(arg(0, TRAIN_IMAGES), arg(1, TRAIN_LABELS), arg(2, 938), arg(3, 64), arg(4, 50))
    print("test accuracy", accuracy(params, TEST_IMAGES, TEST_LABELS, arg(5, 10000)))
