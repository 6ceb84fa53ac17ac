# Pins: a run-time error inside a closure is located in the closure's body.
# EXIT: 2
# STDERR: {file}:7:18: error:
# STDERR-RE: error: .*(?i:zero)
def make_divider(d):
    def divide(x):
        return x % d
    return divide

def main():
    f = make_divider(0)
    print(f(5))
