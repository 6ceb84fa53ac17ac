# Pins: bench/adbench/read_lstm.fx reads ADBench's lstm_l2_c1024.txt and the shared model
# (bench/models/lstm.fx) gives ADBench's reference loss (0.66666518, 8 digits) and the start of
# its gradient (ADBENCH.md §7); the gradient has 8lb + 3b = 266 entries.
# RUN: run ../../shared/data/adbench/lstm/lstm_l2_c1024.txt
# EXPECT: l=2 c=1024 b=14
# EXPECT: objective ok
# EXPECT: gradient ok 266
import "../../bench/adbench/read_lstm.fx"
import "../../bench/models/lstm.fx"

def main():
    s = read_lstm(arg(0, ""))
    print(f"l={len(s.main_params) // 2} c={len(s.sequence)} b={s.state.shape[1]}")
    f = lstm_objective(s.main_params, s.extra_params, s.state, s.sequence)
    print("objective", "ok" if abs(f - 0.66666518) < 5e-9 else str(f))
    g = lstm_gradient(s.main_params, s.extra_params, s.state, s.sequence)
    want = [3.14387024996101187e-06, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -3.67840807336070475e-05]
    print("gradient", "ok" if max(abs(g[0:8] - want)) < 1e-18 else str(g[0:8]), len(g))
