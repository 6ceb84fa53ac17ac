# ADBench's hand-tracking inputs (../shared/reference/ADBENCH.md §4, §6): the model directory
# (bones.txt `name:parent:16 numbers of the base relative transform:16 of the inverse base
# absolute transform`, row-major; vertices.txt `x:y:z:5 unused:count:bone:weight...`;
# triangles.txt `a:b:c`) and a data file `N n_theta` / N lines `correspondence x y z` /
# (complicated only) N lines `u1 u2` / n_theta lines theta.
import "text_fields.fx"
import "../models/hand.fx"

struct HandInput:
    model: HandModel
    theta: Tensor[f64, 1]
    correspondences: Tensor[i64, 1]     # triangles (complicated) or vertices (simple)
    points: Tensor[f64, 2]              # (N, 3)
    us: Tensor[f64, 2]                  # (N, 2) barycentric coordinates; (0, 2) when simple

def read_hand_model(dir: str):
    bones = read_number_fields(dir + "/bones.txt")
    bone_count = len(bones) // 33
    bones = reshape(bones, (bone_count, 33))
    fields = read_number_fields(dir + "/vertices.txt")
    vertex_count = 0
    at = 0
    while at < len(fields):
        at += 9 + 2 * int(fields[at + 8])
        vertex_count += 1
    positions = ones((vertex_count, 4))
    weights = zeros((vertex_count, bone_count))
    at = 0
    for v in range(vertex_count):
        positions[v, 0:3] = fields[at:at + 3]
        pairs = int(fields[at + 8])
        for j in range(pairs):
            weights[v, int(fields[at + 9 + 2 * j])] = fields[at + 10 + 2 * j]
        at += 9 + 2 * pairs
    corners = read_number_fields(dir + "/triangles.txt")
    return HandModel(parents=astype(bones[:, 0], i64),
                     base_relatives=reshape(bones[:, 1:17], (bone_count, 4, 4)),
                     inverse_base_absolutes=reshape(bones[:, 17:33], (bone_count, 4, 4)),
                     base_positions=positions, weights=weights,
                     triangles=astype(reshape(corners, (len(corners) // 3, 3)), i64), is_mirrored=False)

def read_hand(path: str, model_dir: str):
    v = read_numbers(path)
    n = int(v[0])
    n_theta = int(v[1])
    rows = reshape(v[2:2 + 4 * n], (n, 4))
    complicated = len(v) == 2 + 6 * n + n_theta
    us = reshape(v[2 + 4 * n:2 + 6 * n], (n, 2)) if complicated else zeros((0, 2))
    return HandInput(model=read_hand_model(model_dir), theta=v[len(v) - n_theta:],
                     correspondences=astype(rows[:, 0], i64), points=rows[:, 1:4], us=us)
