"""files/: save/load round trips (.npy, .npz of a struct or tuple), NumPy-written files,
read_bytes, read_idx on Debian's Fashion-MNIST.

A loaded tensor's rank is not known at compile time (load(path) is Tensor[f64]), so these
programs print `.ndim` and `len` rather than `.shape`, or reshape to a known rank first.

Saved files go to /tmp/fluxion-tensortests-*.{npy,npz}: a program can only name paths, and the
runner gives it no temporary directory. Saves are atomic and every run writes the same bytes, so
two test runs at once cannot see a half-written file. Files written by NumPy are read from
tests/lang/tensors/data/ by a path relative to tests/, the directory ctest runs the programs in.
"""

import gzip

import numpy as np

from cases import data_files as df
from cases.core import Struct, fx

TMP = "/tmp/fluxion-tensortests-"
DATA = "lang/tensors/data/"
LABELS = "/usr/share/datasets/fashion-mnist/t10k-labels-idx1-ubyte.gz"
IMAGES = "/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz"


def idx(path):
    raw = gzip.open(path).read()
    ndim = raw[3]
    dims = [int.from_bytes(raw[4 + 4 * i:8 + 4 * i], "big") for i in range(ndim)]
    return np.frombuffer(raw[4 + 4 * ndim:], dtype=np.uint8).reshape(dims).astype(np.int64)


@fx("files/save_load_npy", "save(path, x) then load(path) gives x back: values (also 1e-300, -0.0), shape, rank 1 to 3.", f"""
    def roundtrip(x):
        path = "{TMP}roundtrip.npy"
        save(path, x)
        return load(path)

    def main():
        x = [[1.5, -2.0, 3.25], [-0.0, 1e-300, 1e300]]
        y = roundtrip(x)
        print(y, y.ndim, len(y), reshape(y, (2, -1)).shape)
        print(roundtrip([7.0]), roundtrip(reshape(arange(8.0), (2, 2, 2))))
        e = roundtrip(zeros((0, 2)))
        print(e.ndim, len(e))
""")
def _(p):
    x = np.array([[1.5, -2.0, 3.25], [-0.0, 1e-300, 1e300]])
    p(x, x.ndim, len(x), x.reshape(2, -1).shape)
    p(np.array([7.0]), np.arange(8.0).reshape(2, 2, 2))
    p(2, 0)


@fx("files/save_views", "saving a transposed view, a reversed slice and a column writes their values in row-major order.", f"""
    def main():
        m = reshape(arange(6.0), (2, 3))
        save("{TMP}view_t.npy", m.T)
        save("{TMP}view_r.npy", m[:, ::-1])
        save("{TMP}view_c.npy", m[:, 1])
        print(load("{TMP}view_t.npy"))
        print(load("{TMP}view_r.npy"))
        print(load("{TMP}view_c.npy"))
""")
def _(p):
    m = np.arange(6.0).reshape(2, 3)
    p(m.T)
    p(m[:, ::-1])
    p(m[:, 1])


@fx("files/save_overwrites", "a second save to the same path replaces the file.", f"""
    def main():
        path = "{TMP}overwrite.npy"
        save(path, [1.0, 2.0, 3.0])
        save(path, [[4.0], [5.0]])
        print(load(path))
""")
def _(p):
    p(np.array([[4.0], [5.0]]))


@fx("files/load_numpy_npy", "load reads .npy files written by NumPy (f64, rank 2 and 3).", f"""
    def main():
        m = load("{DATA}m23.npy")
        print(m, m.ndim, len(m))
        t = load("{DATA}fortran_free_3d.npy")
        print(t.ndim, len(t), t[1, 2], sum(t), sum(t, axis=-1))
""")
def _(p):
    p(df.M23, df.M23.ndim, len(df.M23))
    t = np.arange(24.0).reshape(2, 3, 4)
    p(t.ndim, len(t), t[1, 2], np.sum(t), np.sum(t, axis=-1))


@fx("files/load_npy_like_dtype", """load(path, like) reads a NumPy .npy of like's dtype and shape:
f32, i64, bool.""", f"""
    def main():
        f = load("{DATA}f32.npy", astype(zeros(3), f32))
        print(f, f * 2.0)
        i = load("{DATA}i64.npy", astype(zeros((2, 2)), i64))
        print(i, i[1, 1] + 1)
        b = load("{DATA}bools.npy", [True, True, True])
        print(b)
""")
def _(p):
    p(df.F32, df.F32 * np.float32(2.0))
    p(df.I64, df.I64[1, 1] + 1)
    p(df.BOOLS)


@fx("files/save_load_npz_struct", """save(path.npz, struct) writes one array per field; load(path, like) reads it back as the
struct (like gives the field names, dtypes and shapes).""", f"""
    struct Params:
        w: Tensor[f64, 2]
        b: Tensor[f64, 1]

    def main():
        p = Params(w=reshape(arange(6.0), (2, 3)) / 4.0, b=[-1.0, 1.0])
        path = "{TMP}params.npz"
        save(path, p)
        like = Params(w=zeros((2, 3)), b=zeros(2))
        q = load(path, like)
        print(q)
        print(q.w.shape, q.b.shape)
""")
def _(p):
    p(Struct("Params", w=df.W, b=df.B))
    p(df.W.shape, df.B.shape)


@fx("files/save_load_npz_tuple", "a tuple of tensors of different dtypes round-trips through .npz.", f"""
    def main():
        t = ([1.0, 2.5], [[1, 2], [3, 4]], [True, False])
        path = "{TMP}tuple.npz"
        save(path, t)
        u = load(path, (zeros(2), astype(zeros((2, 2)), i64), [False, False]))
        print(u)
        a, b, c = u
        print(b @ b, a * 2.0)
""")
def _(p):
    b = np.array([[1, 2], [3, 4]])
    p((np.array([1.0, 2.5]), b, np.array([True, False])))
    p(b @ b, np.array([2.0, 5.0]))


@fx("files/load_numpy_npz", "load(path, like) reads .npz archives written by np.savez (stored) and np.savez_compressed (deflated).", f"""
    struct Params:
        w: Tensor[f64]
        b: Tensor[f64]

    def main():
        like = Params(w=zeros((2, 3)), b=zeros(2))
        print(load("{DATA}params_stored.npz", like))
        print(load("{DATA}params_deflated.npz", like))
""")
def _(p):
    p(Struct("Params", w=df.W, b=df.B))
    p(Struct("Params", w=df.W, b=df.B))


@fx("files/read_bytes_npy", """read_bytes gives the bytes of a file as i64 0..255: a saved .npy starts
with NumPy's magic and version 1.0 and ends with the last element's little-endian bytes.""", f"""
    def main():
        path = "{TMP}bytes.npy"
        save(path, [1.0, -2.0])
        b = read_bytes(path)
        print(b[0:8])
        print(b[-8:])
        print(len(b) % 64 == 16, b.ndim)
""")
def _(p):
    raw = np.frombuffer(df.npy_bytes(np.array([1.0, -2.0])), dtype=np.uint8).astype(np.int64)
    p(raw[0:8])
    p(raw[-8:])
    p(len(raw) % 64 == 16, 1)


@fx("files/read_bytes_dataset", "read_bytes of Debian's gzip-compressed Fashion-MNIST labels: gzip magic and size.", f"""
    def main():
        b = read_bytes("{LABELS}")
        print(b[0:3], len(b), b.shape)
""")
def _(p):
    with open(LABELS, "rb") as f:
        raw = np.frombuffer(f.read(), dtype=np.uint8).astype(np.int64)
    p(raw[0:3], len(raw), raw.shape)


@fx("files/read_idx_labels", "read_idx decompresses the gzip IDX labels: rank 1, 10000 labels, the first ones, 1000 per class.", f"""
    def main():
        y = read_idx("{LABELS}")
        print(y.ndim, len(y))
        print(y[0:20])
        print(sum(one_hot(y, 10), axis=0))
        print(max(y), min(y), sum(y))
""")
def _(p):
    y = idx(LABELS)
    p(y.ndim, len(y))
    p(y[0:20])
    p(np.sum(np.eye(10)[y], axis=0))
    p(np.max(y), np.min(y), np.sum(y))


@fx("files/read_idx_images", "read_idx of the image file: rank 3, (10000, 28, 28), u8 values as i64.", f"""
    def main():
        x = read_idx("{IMAGES}")
        print(x.ndim, len(x), reshape(x, (len(x), 28, -1)).shape)
        print(x[0, 14])
        print(max(x), sum(x[0]), sum(x[9999], axis=0)[10:14])
        img = astype(x[0:2], f64) / 255.0
        print(img.ndim, len(img), max(img))
""")
def _(p):
    x = idx(IMAGES)
    p(x.ndim, len(x), x.shape)
    p(x[0, 14])
    p(np.max(x), np.sum(x[0]), np.sum(x[9999], axis=0)[10:14])
    img = x[0:2].astype(np.float64) / 255.0
    p(img.ndim, len(img), np.max(img))
