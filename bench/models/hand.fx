# Hand tracking (../shared/reference/ADBENCH.md §4, GRADBENCH.md §2.5): a skinned hand model
# posed by 26 parameters, and the residuals between observed points and the posed surface.

struct HandModel:
    parents: Tensor[i64, 1]                 # (B,) parent bone, -1 for the root; parents first
    base_relatives: Tensor[f64, 3]          # (B, 4, 4) row-major homogeneous transforms
    inverse_base_absolutes: Tensor[f64, 3]  # (B, 4, 4)
    base_positions: Tensor[f64, 2]          # (V, 4) homogeneous rest positions
    weights: Tensor[f64, 2]                 # (V, B) skinning weights
    triangles: Tensor[i64, 2]               # (T, 3)
    is_mirrored: bool

# R_z(az) R_y(ay) R_x(ax) in the top-left block of a 4x4 identity.
def hand_euler_transform(ax, ay, az):
    rx = [[1.0, 0.0, 0.0], [0.0, cos(ax), -sin(ax)], [0.0, sin(ax), cos(ax)]]
    ry = [[cos(ay), 0.0, sin(ay)], [0.0, 1.0, 0.0], [-sin(ay), 0.0, cos(ay)]]
    rz = [[cos(az), -sin(az), 0.0], [sin(az), cos(az), 0.0], [0.0, 0.0, 1.0]]
    r = rz @ ry @ rx
    return concat((concat((r, zeros((3, 1))), axis=1), [[0.0, 0.0, 0.0, 1.0]]), axis=0)

# The 3 x (B + 3) pose matrix: global rotation, scale (ones), translation, then per bone the
# angles (a_x, a_z, a_y); each finger f moves its first joint in two angles and the next two in one.
def hand_pose(theta, bone_count):
    p = zeros((3, bone_count + 3))
    p[:, 0] = theta[0:3]
    p[:, 1] = ones(3)
    p[:, 2] = theta[3:6]
    for f in range(5):
        p[0, 5 + 4 * f] = theta[6 + 4 * f]
        p[1, 5 + 4 * f] = theta[7 + 4 * f]
        p[0, 6 + 4 * f] = theta[8 + 4 * f]
        p[0, 7 + 4 * f] = theta[9 + 4 * f]
    return p

# Rotation matrix of the angle-axis r (the identity below an angle of 1e-4).
def hand_angle_axis_matrix(r):
    angle = sqrt(sum(r * r))
    if angle < 1e-4:
        return eye(3)
    x = r[0] / angle
    y = r[1] / angle
    z = r[2] / angle
    s = sin(angle)
    k = cos(angle)
    return [[x * x + (1.0 - x * x) * k, x * y * (1.0 - k) - z * s, x * z * (1.0 - k) + y * s],
            [x * y * (1.0 - k) + z * s, y * y + (1.0 - y * y) * k, y * z * (1.0 - k) - x * s],
            [x * z * (1.0 - k) - y * s, y * z * (1.0 - k) + x * s, z * z + (1.0 - z * z) * k]]

# (V, 3) posed vertex positions: bone transforms chained from the root, linear blend skinning,
# then the global rotation, scale and translation.
def hand_vertices(theta, model):
    bone_count = len(model.parents)
    pose = hand_pose(theta, bone_count)
    absolutes = zeros((bone_count, 4, 4))
    positions = zeros((model.base_positions.shape[0], 3))
    for b in range(bone_count):
        relative = model.base_relatives[b] @ hand_euler_transform(pose[0, b + 3], pose[2, b + 3], pose[1, b + 3])
        parent = model.parents[b]
        absolutes[b] = relative if parent == -1 else absolutes[parent] @ relative
        transform = absolutes[b] @ model.inverse_base_absolutes[b]
        positions = positions + model.weights[:, b:b + 1] * (model.base_positions @ transpose(transform))[:, 0:3]
    if model.is_mirrored:
        positions = positions * [-1.0, 1.0, 1.0]
    rotation = hand_angle_axis_matrix(theta[0:3]) * pose[:, 1][None, :]
    return positions @ transpose(rotation) + theta[3:6]

# Residuals, flat (3c): observed points minus the posed vertices they correspond to ("simple").
def hand_residuals_simple(theta, model, correspondences, points):
    return reshape(points - hand_vertices(theta, model)[correspondences], -1)

# "Complicated": each point lies on a triangle at barycentric coordinates us[i] (also parameters).
def hand_residuals_complicated(theta, us, model, correspondences, points):
    positions = hand_vertices(theta, model)
    corners = model.triangles[correspondences]
    u0 = us[:, 0:1]
    u1 = us[:, 1:2]
    surface = u0 * positions[corners[:, 0]] + u1 * positions[corners[:, 1]] + (1.0 - u0 - u1) * positions[corners[:, 2]]
    return reshape(points - surface, -1)

# Jacobians by forward mode, one pass per column: (3c, 26) for theta; "complicated" adds in
# front the two columns of each point's own us (block diagonal, so one pass per column too).
def hand_jacobian_simple(theta, model, correspondences, points):
    f = lambda t: hand_residuals_simple(t, model, correspondences, points)
    return transpose([jvp(f, (theta,), (one_hot(j, 26),))[1] for j in range(26)])

def hand_jacobian_complicated(theta, us, model, correspondences, points):
    f = lambda t, u: hand_residuals_complicated(t, u, model, correspondences, points)
    no_theta = zeros(26)
    us_columns = [jvp(f, (theta, us), (no_theta, zeros(us.shape) + one_hot(j, 2)))[1] for j in range(2)]
    no_us = zeros(us.shape)
    theta_columns = [jvp(f, (theta, us), (one_hot(j, 26), no_us))[1] for j in range(26)]
    return transpose(concat((us_columns, theta_columns), axis=0))
