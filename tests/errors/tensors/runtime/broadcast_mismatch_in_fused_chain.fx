# Pins: a shape error inside a chain the optimiser fuses (docs/opt.md "Fusion") is the unfused
# program's error: the kernel runs unfused when its tensors' shapes differ, so the failing
# operator (the product, not the chain's last node) reports it, with the same words.
# EXIT: 2
# STDERR: {file}:8:28: error: cannot broadcast shapes (2,) and (3,)
def chain(x, y, m):
    print("before")
    return sqrt(exp(x - m) * y + 1.0)

def main():
    print(chain([1.0, 2.0], [1.0, 2.0, 3.0], 0.5))
