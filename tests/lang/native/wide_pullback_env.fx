# Reverse mode of straight-line tensor code whose pullback reads more than 64 values. After
# inlining, the pullback's env is one make_tuple of every value the backward pass reads, and
# the C emitter read which of its operands were handed over from a 64-bit mask
# (`mask >> i & 1`, undefined from i = 64 on; bit i mod 64 on x86): element 64 was counted
# once too few and the program ended with "boxes, tensors or strings were still alive after
# the program ended (reference counts)". With 64 sin calls in `chain` the env has 64
# elements and ran; with 65 (below) it has 65 and failed. `ba_jacobian_entry` is the program
# the leak was found in: a Jacobian of bundle adjustment's projection (bench/models/ba.fx),
# whose pullback env also has 65 elements.
# RUN: run --native
# EXPECT: [[0.006839783320792044, 0.0], [0.0, 0.006839783320792044]]
# EXPECT: -314.53388851190107

# 65 calls of sin: the pullback reads the operand of each.
def chain(x):
    a = sin(sin(sin(sin(sin(x)))))
    a = sin(sin(sin(sin(sin(a)))))
    a = sin(sin(sin(sin(sin(a)))))
    a = sin(sin(sin(sin(sin(a)))))
    a = sin(sin(sin(sin(sin(a)))))
    a = sin(sin(sin(sin(sin(a)))))
    a = sin(sin(sin(sin(sin(a)))))
    a = sin(sin(sin(sin(sin(a)))))
    a = sin(sin(sin(sin(sin(a)))))
    a = sin(sin(sin(sin(sin(a)))))
    a = sin(sin(sin(sin(sin(a)))))
    a = sin(sin(sin(sin(sin(a)))))
    return sin(sin(sin(sin(sin(a)))))

def cross(a, b):
    return stack((a[:, 1] * b[:, 2] - a[:, 2] * b[:, 1],
                  a[:, 2] * b[:, 0] - a[:, 0] * b[:, 2],
                  a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]), axis=1)

def rotate(r, y):
    theta2 = sum(r * r, axis=1, keepdims=True)
    nonzero = theta2 != 0.0
    theta = sqrt(where(nonzero, theta2, 1.0))
    axis = r / theta
    cos_t = cos(theta)
    rotated = y * cos_t + cross(axis, y) * sin(theta) + axis * sum(axis * y, axis=1, keepdims=True) * (1.0 - cos_t)
    return where(nonzero, rotated, y + cross(r, y))

def project(cams, points):
    z = rotate(cams[:, 0:3], points - cams[:, 3:6])
    u = z[:, 0:2] / z[:, 2:3]
    rho = sum(u * u, axis=1, keepdims=True)
    u = cams[:, 6:7] * u * (1.0 + cams[:, 9:10] * rho + cams[:, 10:11] * rho * rho)
    return u + cams[:, 7:9]

# One camera's projections of every point, flattened.
def projections(cam, points):
    cams = ones((len(points), 1)) * cam[None, :]
    return reshape(project(cams, points), (2 * len(points),))

def ba_jacobian_entry():
    i = arange(3)
    cam = 0.1 * arange(11) + 0.5
    points = stack((sin(0.7 * i), cos(0.3 * i), 0.2 * sin(1.3 * i) + 1.0), axis=1)
    return jacrev(lambda c: projections(c, points))(cam)[0, 0]

def main():
    print(jacrev(chain)(ones(2)))
    print(ba_jacobian_entry())
