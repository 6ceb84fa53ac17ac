# Pins: `return` from inside an if inside two nested loops ends the whole function at once.
# EXPECT: (3, 4)
# EXPECT: (-1, -1)
# EXPECT: 2
def find_pair(target):
    for i in range(1, 10):
        for j in range(i, 10):
            if i * j == target:
                if i + j == 7:
                    return (i, j)
    return (-1, -1)

def first_square_above(limit):
    i = 0
    while True:
        for k in range(3):
            if (i + k) * (i + k) > limit:
                return i + k
        i += 3

def main():
    print(find_pair(12))
    print(find_pair(97))
    print(first_square_above(3))
