# Pins: under --check-nan, a tensor primitive that makes a nan of finite elements is a
# run-time error at the operator, natively as in the interpreter; scalars read from the tensor
# are checked too, and an f32 tensor keeps its dtype in the message's operands.
# RUN: run --check-nan
# EXIT: 2
# EXPECT: [0.0, 0.6931471805599453]
# EXPECT: 0.5
# STDERR: {file}:14:14: error: check-nan: log produced a tensor containing nan (operand: [1.0, -2.0])
def main():
    x = [1.0, 2.0]
    print(log(x))
    h = astype([0.5, 1.0], f32)
    print(h[0] * 1.0)
    print(log([1.0, -2.0]))
