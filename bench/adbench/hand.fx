# ADBench's hand tracking on one of its files: the residuals and their dense Jacobian by forward
# mode ((3N, 26), or (3N, 2 + 26) for the "complicated" files with barycentric coordinates),
# saved to OUT as objective.npy and jacobian.npy, each timed (bench/lib/timing.fx).
#   fluxion run bench/adbench/hand.fx FILE MODEL_DIR OUT [MIN_RUNS [MIN_SECONDS]]
import "../lib/timing.fx"
import "../models/hand.fx"
import "read_hand.fx"

def hand_residuals(h):
    if len(h.us) == 0:
        return hand_residuals_simple(h.theta, h.model, h.correspondences, h.points)
    return hand_residuals_complicated(h.theta, h.us, h.model, h.correspondences, h.points)

def hand_jacobian(h):
    if len(h.us) == 0:
        return hand_jacobian_simple(h.theta, h.model, h.correspondences, h.points)
    return hand_jacobian_complicated(h.theta, h.us, h.model, h.correspondences, h.points)

def main():
    h = read_hand(arg(0, "../shared/data/adbench/hand/test.txt"), arg(1, "../shared/data/adbench/hand/model"))
    out = arg(2, ".")
    min_runs = arg(3, 1)
    min_seconds = arg(4, 0.0)
    residuals, jacobian = time_pair("objective", lambda: hand_residuals(h), "jacobian", lambda: hand_jacobian(h),
                                    min_runs, min_seconds)
    save(out + "/objective.npy", residuals)
    save(out + "/jacobian.npy", jacobian)
