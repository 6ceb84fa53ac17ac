# Pins: if/elif/else inside a for loop updating several loop-carried variables.
# EXPECT: 3 6 1
def main():
    small = 0
    medium = 0
    large = 0
    for i in range(10):
        if i < 3:
            small += 1
        elif i < 9:
            medium += 1
        else:
            large += 1
    print(small, medium, large)
