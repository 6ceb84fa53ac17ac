"""PyTorch twins of examples/cnn_mnist.fx, min_char_rnn.fx and lstm.fx.

Each twin starts from the example's initial weights (the arrays of the tuple its init function
returns, in order), in float64 or float32, takes the same batches in the same order with the
same optimiser, and computes the same function with PyTorch's layers: nn.Conv2d / nn.Linear
for the CNN, nn.RNN and nn.LSTM for the character models (their second bias, bias_hh, is held
at zero and not trained: the examples have one bias per layer). `step()` trains on the next
batch and returns its loss (before the update), as the example's `step N loss L` with
PRINT_EVERY 1.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

from example_data import char_codes, read_idx

PIXEL_MEAN, PIXEL_STD = 0.2860, 0.3530
SEQ_LENGTH = 25


def assign(param, array, dtype):
    with torch.no_grad():
        param.copy_(torch.from_numpy(array).to(dtype))


class CnnTwin:
    """cnn_mnist.fx: conv-pool-relu twice, fc-relu, dropout, fc, log_softmax, SGD momentum 0.5."""

    def __init__(self, weights, dtype, images_path, labels_path, batch, dropout):
        self.conv1, self.conv2 = nn.Conv2d(1, 10, 5), nn.Conv2d(10, 20, 5)
        self.fc1, self.fc2 = nn.Linear(320, 50), nn.Linear(50, 10)
        layers = [self.conv1, self.conv2, self.fc1, self.fc2]
        for layer, (w, b) in zip(layers, zip(weights[0::2], weights[1::2])):
            layer.to(dtype)
            assign(layer.weight, w, dtype)
            assign(layer.bias, b, dtype)
        params = [p for layer in layers for p in layer.parameters()]
        self.optimizer = torch.optim.SGD(params, lr=0.01, momentum=0.5)
        self.images = torch.from_numpy(read_idx(images_path).astype("int64"))
        self.labels = torch.from_numpy(read_idx(labels_path).astype("int64"))
        self.dtype, self.batch, self.dropout, self.start = dtype, batch, dropout, 0

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2(x), 2))
        x = F.relu(self.fc1(x.reshape(len(x), 320)))
        if self.dropout > 0.0:
            x = F.dropout(x, self.dropout, training=True)
        return F.log_softmax(self.fc2(x), dim=1)

    def step(self):
        if self.start + self.batch > len(self.images):
            self.start = 0
        end = self.start + self.batch
        x = self.images[self.start:end].to(self.dtype) / 255.0
        x = ((x - PIXEL_MEAN) / PIXEL_STD).reshape(self.batch, 1, 28, 28)
        loss = F.nll_loss(self.forward(x), self.labels[self.start:end])
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.start = end
        return loss.item()


class CharTwin:
    """min_char_rnn.fx (cell "rnn") and lstm.fx (cell "lstm"): chunks of 25 characters, summed
    negative log-likelihood, gradients clipped to [-5, 5], Adagrad lr 0.1 eps 1e-8, the state
    carried from chunk to chunk and reset at the start of the text."""

    def __init__(self, weights, dtype, text_path, cell):
        self.codes, vocab = char_codes(text_path)
        self.codes = torch.from_numpy(self.codes)
        hidden = weights[1].shape[1]
        if cell == "rnn":  # (wxh, whh, why, bh, by)
            wx, wh, why, b, by = weights
            self.layer = nn.RNN(vocab, hidden, nonlinearity="tanh")
        else:  # (wx, wh, b, why, by)
            wx, wh, b, why, by = weights
            self.layer = nn.LSTM(vocab, hidden)
        self.out = nn.Linear(hidden, vocab)
        self.layer.to(dtype)
        self.out.to(dtype)
        assign(self.layer.weight_ih_l0, wx, dtype)
        assign(self.layer.weight_hh_l0, wh, dtype)
        assign(self.layer.bias_ih_l0, b, dtype)
        self.layer.bias_hh_l0.requires_grad_(False)
        with torch.no_grad():
            self.layer.bias_hh_l0.zero_()
        assign(self.out.weight, why, dtype)
        assign(self.out.bias, by, dtype)
        self.params = [self.layer.weight_ih_l0, self.layer.weight_hh_l0, self.layer.bias_ih_l0,
                       self.out.weight, self.out.bias]
        self.optimizer = torch.optim.Adagrad(self.params, lr=0.1, eps=1e-8)
        self.eye = torch.eye(vocab, dtype=dtype)
        self.cell, self.hidden, self.dtype = cell, hidden, dtype
        self.pos, self.n, self.state = 0, 0, None

    def zero_state(self):
        h = torch.zeros(1, 1, self.hidden, dtype=self.dtype)
        return h if self.cell == "rnn" else (h, torch.zeros_like(h))

    def step(self):
        if self.pos + SEQ_LENGTH + 1 >= len(self.codes) or self.n == 0:
            self.state, self.pos = self.zero_state(), 0
        inputs = self.codes[self.pos:self.pos + SEQ_LENGTH]
        targets = self.codes[self.pos + 1:self.pos + SEQ_LENGTH + 1]
        x = self.eye[inputs].unsqueeze(1)  # (25, 1, vocab) one-hot
        hs, state = self.layer(x, self.state)
        loss = F.cross_entropy(self.out(hs[:, 0]), targets, reduction="sum")
        self.optimizer.zero_grad()
        loss.backward()
        for p in self.params:
            p.grad.clamp_(-5.0, 5.0)
        self.optimizer.step()
        self.state = state.detach() if self.cell == "rnn" else tuple(s.detach() for s in state)
        self.pos += SEQ_LENGTH
        self.n += 1
        return loss.item()
