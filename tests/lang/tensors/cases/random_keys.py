"""random/: explicit keys, split, uniform, normal, dropout.

Fluxion's generator is Threefry (JAX's), not NumPy's, so these programs check what does not
depend on the generator: shapes, ranges, reproducibility, independence of split keys and
statistics. The NumPy side computes the same statistics on NumPy's own generator, so the
expected answers are what any correct uniform/normal generator gives at these sample sizes.
"""

import numpy as np

from cases.core import fx

RNG = np.random.default_rng(0)


@fx("random/key_value", "key(seed) is an i64 tensor [seed >> 32, seed & 0xffffffff], as JAX's PRNGKey.", """
    def main():
        print(key(0))
        print(key(7))
        print(key(4294967298))
        print(key(3).shape)
""")
def _(p):
    for seed in (0, 7, 4294967298):
        p(np.array([seed >> 32, seed & 0xFFFFFFFF], dtype=np.int64))
    p((2,))


@fx("random/same_key_same_numbers", """the same key gives the same numbers, also through a
function; different seeds give different numbers.""", """
    def sample(k):
        return normal(k, (2, 3))

    def main():
        a = normal(key(0), (2, 3))
        b = sample(key(0))
        print(a == b)
        print(sum(normal(key(0), 50) == normal(key(1), 50)))
        print(uniform(key(5), 4) == uniform(key(5), 4))
""")
def _(p):
    p(np.full((2, 3), True))
    p(0)
    p(np.full(4, True))


@fx("random/split_keys_differ", """split gives two keys that differ from each other and from the
parent; their samples differ; splitting is deterministic.""", """
    def main():
        k = key(42)
        k1, k2 = split(k)
        print(k1.shape, k2.shape)
        print(sum(k1 == k2) < 2, sum(k1 == k) < 2)
        print(sum(uniform(k1, 100) == uniform(k2, 100)))
        j1, j2 = split(key(42))
        print(j1 == k1, j2 == k2)
""")
def _(p):
    p((2,), (2,))
    p(True, True)
    p(0)
    p(np.array([True, True]), np.array([True, True]))


@fx("random/uniform_statistics", """uniform(k, shape) is f64 in [0, 1) with mean 1/2 and variance
1/12 (10000 samples: within 0.02 and 0.005).""", """
    def main():
        u = uniform(key(1), (100, 100))
        print(u.shape)
        print(min(u) >= 0.0, max(u) < 1.0)
        print(abs(mean(u) - 0.5) < 0.02)
        print(abs(mean((u - 0.5) ** 2) - 1.0 / 12.0) < 0.005)
        print(abs(mean(astype(u < 0.25, f64)) - 0.25) < 0.02)
""")
def _(p):
    u = RNG.uniform(size=(100, 100))
    p(u.shape)
    p(bool(u.min() >= 0.0), bool(u.max() < 1.0))
    p(bool(abs(u.mean() - 0.5) < 0.02))
    p(bool(abs(((u - 0.5) ** 2).mean() - 1.0 / 12.0) < 0.005))
    p(bool(abs((u < 0.25).astype(np.float64).mean() - 0.25) < 0.02))


@fx("random/normal_statistics", """normal(k, shape) is standard normal: mean 0, variance 1, about
68% within one standard deviation (10000 samples).""", """
    def main():
        z = normal(key(2), 10000)
        print(z.shape)
        print(abs(mean(z)) < 0.05)
        print(abs(mean(z * z) - 1.0) < 0.05)
        print(abs(mean(astype(abs(z) < 1.0, f64)) - 0.6827) < 0.02)
        print(max(abs(z)) < 6.0)
""")
def _(p):
    z = RNG.standard_normal(10000)
    p(z.shape)
    p(bool(abs(z.mean()) < 0.05))
    p(bool(abs((z * z).mean() - 1.0) < 0.05))
    p(bool(abs((np.abs(z) < 1.0).astype(np.float64).mean() - 0.6827) < 0.02))
    p(bool(np.abs(z).max() < 6.0))


@fx("random/dropout_statistics", """dropout(k, x, p) is inverted dropout: zeros with probability p,
survivors scaled by 1/(1-p); p = 0 is the identity, p = 1 gives zeros; same key, same mask.""", """
    def main():
        x = ones(10000)
        y = dropout(key(3), x, 0.25)
        print(y.shape)
        print(abs(mean(astype(y == 0.0, f64)) - 0.25) < 0.02)
        print(max(y))
        print(abs(mean(y) - 1.0) < 0.03)
        print(dropout(key(3), [1.0, 2.0, 3.0], 0.0))
        print(dropout(key(3), [1.0, 2.0, 3.0], 1.0))
        print(sum(dropout(key(9), x, 0.5) == dropout(key(9), x, 0.5)))
""")
def _(p):
    mask = RNG.uniform(size=10000) >= 0.25
    y = np.where(mask, 1.0 / (1.0 - 0.25), 0.0)
    p(y.shape)
    p(bool(abs((y == 0.0).mean() - 0.25) < 0.02))
    p(np.max(y))
    p(bool(abs(y.mean() - 1.0) < 0.03))
    p(np.array([1.0, 2.0, 3.0]))
    p(np.array([0.0, 0.0, 0.0]))
    p(10000)


@fx("random/key_chain_in_loop", """splitting a key in a loop gives a new key each step; samples of
the loop's keys are all different; the loop is reproducible.""", """
    def draws(seed, n):
        k = key(seed)
        out = zeros(n)
        for i in range(n):
            k, sub = split(k)
            out[i] = uniform(sub, 1)[0]
        return out

    def main():
        a = draws(11, 6)
        print(a.shape)
        print(a == draws(11, 6))
        same = 0
        for i in range(6):
            for j in range(6):
                if i != j and a[i] == a[j]:
                    same += 1
        print(same)
""")
def _(p):
    p((6,))
    p(np.full(6, True))
    p(0)
