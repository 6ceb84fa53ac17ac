# Pins: `for i in range(a, b)` iterates a .. b-1, including negative bounds.
# EXPECT: 3
# EXPECT: 4
# EXPECT: 5
# EXPECT: -2
# EXPECT: -1
# EXPECT: 0
# EXPECT: 1
def main():
    for i in range(3, 6):
        print(i)
    for i in range(-2, 2):
        print(i)
