# Pins: derivative operators are not part of the scalar core yet: using `grad` gives a clean
# located compile error at the name.
# spec-silent (temporary): once §6 is implemented this test must move to tests/grad/.
# EXIT: 1
# STDERR: {file}:11:9: error:
# STDERR-RE: error: .*(?i:grad)
def f(x):
    return x * x

def main():
    g = grad(f)
    print(g(3.0))
