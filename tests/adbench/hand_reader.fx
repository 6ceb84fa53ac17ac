# Pins: bench/adbench/read_hand.fx reads ADBench's hand model (':'-separated fields with bone
# names, through bench/adbench/text_fields.fx) and its complicated_small/hand1_t26_c100.txt, and
# the shared model (bench/models/hand.fx) gives the residuals and Jacobian of GradBench's C++
# reference on that same input (../shared/data/gradbench/ht.jsonl, first case), to 1e-10.
# RUN: run ../../shared/data/adbench/hand/complicated_small/hand1_t26_c100.txt ../../shared/data/adbench/hand/model
# EXPECT: bones 22 vertices 544 triangles 1084 points 100 complicated True
# EXPECT: residuals ok
# EXPECT: jacobian 300 x 28 ok
import "../../bench/adbench/read_hand.fx"
import "../../bench/models/hand.fx"

def close(got, want):
    return max(abs(got - want) / maximum(1.0, abs(got) + abs(want))) < 1e-10

def main():
    h = read_hand(arg(0, ""), arg(1, ""))
    print("bones", len(h.model.parents), "vertices", len(h.model.base_positions), "triangles", len(h.model.triangles),
          "points", len(h.points), "complicated", len(h.us) > 0)
    r = hand_residuals_complicated(h.theta, h.us, h.model, h.correspondences, h.points)
    ok = close(r[0:3], [-0.1068942946287946, -0.010055240144601019, 0.00215333875426138]) and close([r[-1]], [-0.10957046979186336])
    print("residuals", "ok" if ok else str(r[0:3]))
    j = hand_jacobian_complicated(h.theta, h.us, h.model, h.correspondences, h.points)
    ok = close(j[0, 0:4], [0.0003384704187742449, 0.002843189513819039, 0.0014518073350670842, 0.0014029332967326795])
    ok = ok and close(j[150, 0:6], [-0.0049735341804800215, -0.007941244701317796, -0.042743569704679706,
                                    -0.009186055451029487, -0.08921570458621889, -1.0])
    ok = ok and close(j[299, 20:22], [-0.0029707714269549246, 0.008856967362624332])
    print(f"jacobian {j.shape[0]} x {j.shape[1]}", "ok" if ok else str(j[0, 0:4]))
