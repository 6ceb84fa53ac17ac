# Pins: a negative step counts down, as Python: range(10, 0, -3) is 10, 7, 4, 1.
# EXPECT: 10
# EXPECT: 7
# EXPECT: 4
# EXPECT: 1
# EXPECT: 3
# EXPECT: 2
# EXPECT: 1
# EXPECT: 0
def main():
    for i in range(10, 0, -3):
        print(i)
    for i in range(3, -1, -1):
        print(i)
