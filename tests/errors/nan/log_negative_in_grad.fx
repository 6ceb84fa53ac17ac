# Pins: under --check-nan, a loss that becomes nan inside grad (log of a negative number in
# the forward pass of reverse mode) is a run-time error at the log call, naming the
# primitive, its operand and the derivative pass.
# RUN: run --check-nan --grad-mode=reverse
# EXIT: 2
# EXPECT: start
# STDERR: {file}:12:15: error: check-nan: log produced nan (operand: -1.0) in the forward pass of grad
def loss(w):
    # The model's prediction 1 - 2w crosses zero for w > 0.5.
    prediction = 1.0 - 2.0 * w
    error = prediction * prediction
    return log(prediction) + error

def main():
    print("start")
    print(grad(loss)(1.0))
