# Pins: nested tuples print recursively with `, ` separators.
# EXPECT: ((1, 2), (3.0, (True, 4)))
def main():
    print(((1, 2), (3.0, (True, 4))))
