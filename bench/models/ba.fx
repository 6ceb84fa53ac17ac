# Bundle adjustment (../shared/reference/ADBENCH.md §2, GRADBENCH.md §2.4), vectorised over the
# observations: row i of every (p, ...) argument belongs to observation i.
#   cams: (p, 11) [r (3, angle-axis) | C (3, centre) | f | x0 (2) | kappa (2)], points: (p, 3),
#   weights: (p,), features: (p, 2).

def ba_cross(a, b):
    return stack((a[:, 1] * b[:, 2] - a[:, 2] * b[:, 1],
                  a[:, 2] * b[:, 0] - a[:, 0] * b[:, 2],
                  a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]), axis=1)

# Rodrigues' rotation of each y by its angle-axis r; exactly r = 0 takes the first-order form.
# The full form is evaluated at a safe angle where r = 0, so that its unused derivative stays finite.
def ba_rotate(r, y):
    theta2 = sum(r * r, axis=1, keepdims=True)
    nonzero = theta2 != 0.0
    theta = sqrt(where(nonzero, theta2, 1.0))
    axis = r / theta
    cos_t = cos(theta)
    rotated = y * cos_t + ba_cross(axis, y) * sin(theta) + axis * sum(axis * y, axis=1, keepdims=True) * (1.0 - cos_t)
    return where(nonzero, rotated, y + ba_cross(r, y))

# The 2-D projection of each point by its camera, with radial distortion.
def ba_project(cams, points):
    z = ba_rotate(cams[:, 0:3], points - cams[:, 3:6])
    u = z[:, 0:2] / z[:, 2:3]
    rho = sum(u * u, axis=1, keepdims=True)
    distorted = u * (1.0 + cams[:, 9:10] * rho + cams[:, 10:11] * rho * rho)
    return cams[:, 6:7] * distorted + cams[:, 7:9]

# (p, 2) weighted reprojection errors.
def ba_reprojection_errors(cams, points, weights, features):
    return weights[:, None] * (ba_project(cams, points) - features)

def ba_weight_errors(weights):
    return 1.0 - weights * weights

# Column j of the (p, 2) errors' derivative with respect to column j of `cams` (j < 11), of
# `points` (11 <= j < 14) or the weights (j = 14): the Jacobian is block diagonal, one block
# per observation, so one forward-mode pass with a unit tangent in every row gives column j of
# all blocks at once.
def ba_block_column(cams, points, weights, features, j):
    p = len(weights)
    dcams = zeros((p, 11)) + (one_hot(j, 11) if j < 11 else zeros(11))
    dpoints = zeros((p, 3)) + (one_hot(j - 11, 3) if j >= 11 and j < 14 else zeros(3))
    dweights = full(p, 1.0 if j == 14 else 0.0)
    f = lambda c, x, w: ba_reprojection_errors(c, x, w, features)
    return jvp(f, (cams, points, weights), (dcams, dpoints, dweights))[1]

# The sparse Jacobian in CSR form (rows, cols, vals) of the residuals (2p reprojection errors,
# then p weight errors) with respect to (cameras, points, weights), ADBench's layout.
# cam_of[i], point_of[i]: the camera and point of observation i; n cameras, m points.
def ba_jacobian(cams, points, weights, features, cam_of, point_of, n, m):
    p = len(weights)
    columns = [ba_block_column(cams, points, weights, features, j) for j in range(15)]   # (15, p, 2)
    blocks = concat((transpose(columns[:, :, 0]), transpose(columns[:, :, 1])), axis=1)   # (p, 30): both rows
    obs = arange(p)
    block_cols = concat((11 * cam_of[:, None] + arange(11), 11 * n + 3 * point_of[:, None] + arange(3),
                         (11 * n + 3 * m + obs)[:, None]), axis=1)   # (p, 15)
    cols = concat((reshape(stack((block_cols, block_cols), axis=1), -1), 11 * n + 3 * m + obs))
    vals = concat((reshape(blocks, -1), -2.0 * weights))
    rows = concat((15 * arange(2 * p + 1), 30 * p + 1 + obs))
    return rows, cols, vals
