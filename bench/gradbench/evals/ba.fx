# GradBench's `ba` (GRADBENCH.md §2.4): the residuals and their sparse Jacobian (forward mode,
# one pass per column of the per-observation blocks). The input holds one camera, point, weight
# and feature that are replicated into n cameras, m points and p observations before timing;
# every timed run computes all p residuals or Jacobian blocks.
import "protocol.fx"
import "../../lib/files.fx"
import "../../models/ba.fx"

def main():
    dir = input_dir()
    function = function_name()
    n = load_count(dir, "n")
    m = load_count(dir, "m")
    p = load_count(dir, "p")
    cams = zeros((n, 11)) + load_vector(dir, "cam")
    points = zeros((m, 3)) + load_vector(dir, "x")
    weights = full(p, load_number(dir, "w"))
    features = zeros((p, 2)) + load_vector(dir, "feat")
    obs = arange(p)
    cam_of = obs % n
    point_of = obs % m
    if function == "objective":
        save_tuple(evaluate(lambda: (ba_reprojection_errors(cams[cam_of], points[point_of], weights, features),
                                     ba_weight_errors(weights))))
    else:
        save_tuple(evaluate(lambda: ba_jacobian(cams[cam_of], points[point_of], weights, features, cam_of, point_of,
                                                n, m)))
