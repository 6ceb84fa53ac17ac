# Pins: the gradient w.r.t. a struct of structs is a struct of structs.
# model(x) = l2.w * tanh(l1.w x + l1.b) + l2.b at l1 = (0, 0): tanh(0) = 0, tanh' = 1:
# d l1.w = l2.w x = 3 * 2 = 6, d l1.b = l2.w = 3, d l2.w = tanh(0) = 0, d l2.b = 1.
# EXPECT: Model(l1=Linear(w=6.0, b=3.0), l2=Linear(w=0.0, b=1.0))
struct Linear:
    w: f64
    b: f64

struct Model:
    l1: Linear
    l2: Linear

def predict(m, x):
    h = tanh(m.l1.w * x + m.l1.b)
    return m.l2.w * h + m.l2.b

def main():
    m = Model(Linear(0.0, 0.0), Linear(3.0, 0.5))
    print(grad(predict)(m, 2.0))
