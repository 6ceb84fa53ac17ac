# Pins: `for i in range(n)` iterates 0 .. n-1.
# EXPECT: 0
# EXPECT: 1
# EXPECT: 2
# EXPECT: 3
def main():
    for i in range(4):
        print(i)
