# Pins: a lambda without parameters.
# EXPECT: 42
def main():
    answer = lambda: 42
    print(answer())
