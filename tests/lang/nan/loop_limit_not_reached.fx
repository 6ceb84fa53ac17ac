# --max-loop-iterations N allows a loop of exactly N iterations, and counts each loop (and
# each run of a loop) on its own, also the loops of a derivative.
# RUN: run --max-loop-iterations 10
# EXPECT: 10
# EXPECT: 100
# EXPECT: 10.0
def count(n):
    i = 0
    while i < n:
        i += 1
    return i

def main():
    print(count(10))
    total = 0
    for j in range(10):
        total += count(10)
    print(total)
    print(grad(lambda x: x * float(count(10)))(1.0))
