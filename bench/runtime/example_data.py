"""The data of the examples, read as the examples read it (for the PyTorch twins).

read_idx(path): an IDX file (plain or gzip) as a NumPy array, as Fluxion's read_idx.
char_codes(path): (codes, vocab) of a text file as examples/char_data.fx's load_text: its
distinct bytes numbered in increasing order.
"""

import gzip

import numpy as np

IDX_TYPES = {0x08: np.uint8, 0x09: np.int8, 0x0B: ">i2", 0x0C: ">i4", 0x0D: ">f4", 0x0E: ">f8"}


def read_idx(path):
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    rank = raw[3]
    shape = [int.from_bytes(raw[4 + 4 * i:8 + 4 * i], "big") for i in range(rank)]
    return np.frombuffer(raw, dtype=IDX_TYPES[raw[2]], offset=4 + 4 * rank).reshape(shape)


def char_codes(path):
    with open(path, "rb") as f:
        data = np.frombuffer(f.read(), dtype=np.uint8)
    present = np.unique(data)
    index = np.full(256, -1, dtype=np.int64)
    index[present] = np.arange(len(present))
    return index[data], len(present)
