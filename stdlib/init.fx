# Weight initialisers. Each takes a random key (`key(seed)`, `split(k)`) and a shape (an int or
# a tuple of ints) and returns a Tensor[f64]; the same key gives the same tensor.
#
# Layouts follow PyTorch: a dense weight is (out_features, in_features) and is applied as
# `w @ x`; a convolution kernel is OIHW. So for a weight of rank >= 2
#   fan_in  = size / shape[0]   (in_features, or in_channels * kh * kw)
#   fan_out = size / shape[1]   (out_features, or out_channels * kh * kw)
#
#   uniform_range(k, shape, lo, hi)   U(lo, hi)
#   normal_std(k, shape, std)         N(0, std^2)
#   glorot_uniform(k, shape)          U(-a, a), a = sqrt(6 / (fan_in + fan_out))   (Xavier)
#   glorot_normal(k, shape)           N(0, 2 / (fan_in + fan_out))
#   he_normal(k, shape)               N(0, 2 / fan_in)                  (Kaiming, for relu)
#   he_uniform(k, shape)              U(-a, a), a = sqrt(6 / fan_in)
#   kaiming_normal, kaiming_uniform   the same as he_normal, he_uniform
#   fan_in_uniform(k, shape, fan_in)  U(-a, a), a = 1 / sqrt(fan_in): PyTorch's default for
#                                     nn.Linear and nn.Conv2d weights and biases
#   zeros_init(shape)                 zeros (biases)
#
# The names avoid the builtins `uniform` and `normal`, which they are built on.
#
# The draws are in f64; a model in f32 rounds them (and its data) with
#   to_f32(tree)                      every float leaf of a tensor, float or tree as f32
#   to_f64(tree)                      ... as f64
# A program that runs in either precision takes one of these two functions as a parameter
# (examples/cnn_mnist.fx): astype needs its dtype written out.

def uniform_range(k, shape, lo, hi):
    return lo + (hi - lo) * uniform(k, shape)

def normal_std(k, shape, std):
    return std * normal(k, shape)

def zeros_init(shape):
    return zeros(shape)

# Number of elements of a tensor of this shape, and its fans (see above; rank >= 2).
def init_size(like):
    return len(reshape(like, -1))

def init_fan_in(shape):
    like = zeros(shape)
    return init_size(like) // like.shape[0]

def init_fan_out(shape):
    like = zeros(shape)
    return init_size(like) // like.shape[1]

def glorot_uniform(k, shape):
    a = sqrt(6.0 / float(init_fan_in(shape) + init_fan_out(shape)))
    return uniform_range(k, shape, -a, a)

def glorot_normal(k, shape):
    return normal_std(k, shape, sqrt(2.0 / float(init_fan_in(shape) + init_fan_out(shape))))

def he_normal(k, shape):
    return normal_std(k, shape, sqrt(2.0 / float(init_fan_in(shape))))

def he_uniform(k, shape):
    a = sqrt(6.0 / float(init_fan_in(shape)))
    return uniform_range(k, shape, -a, a)

def kaiming_normal(k, shape):
    return he_normal(k, shape)

def kaiming_uniform(k, shape):
    return he_uniform(k, shape)

def fan_in_uniform(k, shape, fan_in):
    a = 1.0 / sqrt(float(fan_in))
    return uniform_range(k, shape, -a, a)

def to_f32(tree):
    return tree_map(lambda x: astype(x, f32), tree)

def to_f64(tree):
    return tree_map(lambda x: astype(x, f64), tree)
