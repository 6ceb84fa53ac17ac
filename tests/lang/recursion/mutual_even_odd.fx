# Pins: mutual recursion between two top-level functions.
# EXPECT: True
# EXPECT: False
# EXPECT: True
# EXPECT: True
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)

def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)

def main():
    print(is_even(10))
    print(is_even(7))
    print(is_odd(7))
    print(is_even(0))
