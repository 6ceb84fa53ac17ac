# Pins: the range is evaluated once before the loop: rebinding n in the body does not change
# the trip count.
# spec-silent: follows Python's for-loop semantics.
# EXPECT: 3 18
def main():
    n = 3
    count = 0
    for i in range(n):
        n += 5
        count += 1
    print(count, n)
