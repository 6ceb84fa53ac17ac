# Pins: bench/adbench/read_ba.fx reads ADBench's ba/test.txt (replicating its one camera, point,
# weight and feature) and the shared model (bench/models/ba.fx) gives ADBench's reference
# residuals and Jacobian (ADBENCH.md §7): 30 x 62, 310 non-zeros, its first row and the weight
# rows, to 1e-10 relative.
# RUN: run ../../shared/data/adbench/ba/test.txt
# EXPECT: n=2 m=10 p=10
# EXPECT: residuals ok
# EXPECT: jacobian 30 x 62, 310 non-zeros
# EXPECT: first row ok
# EXPECT: weight rows ok
import "../../bench/adbench/read_ba.fx"
import "../../bench/models/ba.fx"

def close(got, want):
    return max(abs(got - want) / maximum(1e-300, abs(want))) < 1e-10

def main():
    b = read_ba(arg(0, ""))
    n = len(b.cams)
    m = len(b.points)
    p = len(b.weights)
    print(f"n={n} m={m} p={p}")
    cams = b.cams[b.cam_of]
    points = b.points[b.point_of]
    errors = ba_reprojection_errors(cams, points, b.weights, b.features)
    ok = close(errors[:, 0], full(p, -0.269048849235189402)) and close(errors[:, 1], full(p, 0.259944792677901881))
    print("residuals", "ok" if ok and close(ba_weight_errors(b.weights), full(p, 0.826092651515999976)) else str(errors))
    rows, cols, vals = ba_jacobian(cams, points, b.weights, b.features, b.cam_of, b.point_of, n, m)
    print(f"jacobian {len(rows) - 1} x {11 * n + 3 * m + p}, {len(vals)} non-zeros")
    first = [228.877202208246757, 634.574811495545418, -782.222866259340549, 2.42892615607159668,
             -11.7828079628011313, 2.54169312487743460, -1.03657084958518086, 0.417022, 0.0,
             -350.739521096005205, -912.107773668008576, -2.42892615607159668, 11.7828079628011313,
             -2.54169312487743460, -0.645167039712987389]
    print("first row", "ok" if close(vals[0:15], first) and cols[14] == 11 * n + 3 * m else str(vals[0:15]))
    print("weight rows", "ok" if close(vals[30 * p:], full(p, -0.834044)) else str(vals[30 * p:]))
