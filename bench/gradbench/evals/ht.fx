# GradBench's `ht` (GRADBENCH.md §2.5): hand-tracking residuals and their dense Jacobian by
# forward mode; "simple" when the input has no barycentric coordinates (us).
import "protocol.fx"
import "../../lib/files.fx"
import "../../models/hand.fx"

def load_tensor3(dir: str, name: str):
    t: Tensor[f64, 3] = load(input_path(dir, name))
    return t

def load_hand_model(dir):
    triangles: Tensor[i64, 2] = load(input_path(dir, "triangles"), dtype=i64)
    return HandModel(parents=load_indices(dir, "parents"), base_relatives=load_tensor3(dir, "base_relatives"),
                     inverse_base_absolutes=load_tensor3(dir, "inverse_base_absolutes"),
                     base_positions=load_matrix(dir, "base_positions"), weights=load_matrix(dir, "weights"),
                     triangles=triangles, is_mirrored=load_number(dir, "is_mirrored") != 0.0)

def main():
    dir = input_dir()
    function = function_name()
    theta = load_vector(dir, "theta")
    us = load_matrix(dir, "us")
    model = load_hand_model(dir)
    correspondences = load_indices(dir, "correspondences")
    points = load_matrix(dir, "points")
    simple = len(us) == 0
    if function == "objective":
        if simple:
            out = evaluate(lambda: hand_residuals_simple(theta, model, correspondences, points))
        else:
            out = evaluate(lambda: hand_residuals_complicated(theta, us, model, correspondences, points))
        save_tensor(out)
    else:
        if simple:
            jacobian = evaluate(lambda: hand_jacobian_simple(theta, model, correspondences, points))
        else:
            jacobian = evaluate(lambda: hand_jacobian_complicated(theta, us, model, correspondences, points))
        save_tensor(jacobian)
