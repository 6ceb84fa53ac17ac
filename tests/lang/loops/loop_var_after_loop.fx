# Pins: after a for loop that ran, the loop variable keeps its last value.
# spec-silent: Python semantics (the variable stays bound after the loop).
# EXPECT: 4
# EXPECT: 7
def main():
    for i in range(5):
        pass
    print(i)
    for j in range(10):
        if j == 7:
            break
    print(j)
