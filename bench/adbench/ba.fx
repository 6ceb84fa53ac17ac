# ADBench's BA on one of its files: the residuals [reprojection errors (2p) | weight errors (p)]
# and their sparse Jacobian (CSR, forward mode per block column), saved to OUT as
# objective.npy and jacobian.npz (rows, cols, vals), each timed (bench/lib/timing.fx).
#   fluxion run bench/adbench/ba.fx FILE OUT [MIN_RUNS [MIN_SECONDS]]
import "../lib/timing.fx"
import "../models/ba.fx"
import "read_ba.fx"

def ba_residuals(b):
    errors = ba_reprojection_errors(b.cams[b.cam_of], b.points[b.point_of], b.weights, b.features)
    return concat((reshape(errors, -1), ba_weight_errors(b.weights)))

def main():
    b = read_ba(arg(0, "../shared/data/adbench/ba/test.txt"))
    out = arg(1, ".")
    min_runs = arg(2, 1)
    min_seconds = arg(3, 0.0)
    residuals, jacobian = time_pair("objective", lambda: ba_residuals(b),
                                    "jacobian", lambda: ba_jacobian(b.cams[b.cam_of], b.points[b.point_of], b.weights,
                                                                    b.features, b.cam_of, b.point_of, len(b.cams),
                                                                    len(b.points)), min_runs, min_seconds)
    save(out + "/objective.npy", residuals)
    save(out + "/jacobian.npz", jacobian)
