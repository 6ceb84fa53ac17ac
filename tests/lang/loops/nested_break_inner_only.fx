# Pins: `break` in an inner loop leaves only the inner loop; `continue` likewise.
# EXPECT: 0 0
# EXPECT: 1 0
# EXPECT: 1 1
# EXPECT: 2 0
# EXPECT: 2 1
# EXPECT: 2 2
# EXPECT: outer done 3
def main():
    rows = 0
    for i in range(3):
        for j in range(10):
            if j > i:
                break
            print(i, j)
        rows += 1
    print("outer done", rows)
