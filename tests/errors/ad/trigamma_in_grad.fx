# Pins: digamma' is trigamma, which has no derivative rules of its own (polygamma(2, x) is not
# implemented): a second derivative of digamma (a third of lgamma) is a located run-time error
# naming trigamma, never a wrong (zero) derivative. First derivatives work.
# EXIT: 2
# EXPECT: 0.4903577561002349
# STDERR: {file}:8:19: error: cannot differentiate 'trigamma': the primitive has no derivative rule
def f(x):
    return digamma(x)

def main():
    print(grad(f)(2.5))
    print(grad(grad(f))(2.5))
