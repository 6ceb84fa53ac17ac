struct Linear:
    w: Tensor[f64]
    b: Tensor[f64]

def apply(p: Linear, x: Tensor[f64]) -> Tensor[f64]:
    return tanh(p.w @ x + p.b)

def init():
    return Linear(w=zeros((3, 2)), b=ones(3))
