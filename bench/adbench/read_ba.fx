# ADBench's BA input files (../shared/reference/ADBENCH.md §6): `n m p` / one camera (11) / one
# point (3) / one weight / one feature (2), replicated into n cameras, m points and p
# observations; observation i sees point i mod m from camera i mod n.

struct BaInput:
    cams: Tensor[f64, 2]        # (n, 11)
    points: Tensor[f64, 2]      # (m, 3)
    weights: Tensor[f64, 1]     # (p,)
    features: Tensor[f64, 2]    # (p, 2)
    cam_of: Tensor[i64, 1]      # (p,)
    point_of: Tensor[i64, 1]    # (p,)

def read_ba(path: str):
    v = read_numbers(path)
    n = int(v[0])
    m = int(v[1])
    p = int(v[2])
    obs = arange(p)
    return BaInput(cams=zeros((n, 11)) + v[3:14], points=zeros((m, 3)) + v[14:17], weights=full(p, v[17]),
                   features=zeros((p, 2)) + v[18:20], cam_of=obs % n, point_of=obs % m)
