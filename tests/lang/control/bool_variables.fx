# Pins: bool values stored in variables, returned from functions and used as conditions.
# EXPECT: True
# EXPECT: even
# EXPECT: odd
# EXPECT: False
def is_even(n):
    return n % 2 == 0

def main():
    flag = is_even(4)
    print(flag)
    if flag:
        print("even")
    if not is_even(7):
        print("odd")
    print(flag == is_even(5))
