# Pins: positional arguments first, then keywords filling the remaining parameters.
# EXPECT: 123
# EXPECT: 123
# EXPECT: 123
def digits(hundreds, tens, ones):
    return hundreds * 100 + tens * 10 + ones

def main():
    print(digits(1, 2, 3))
    print(digits(1, ones=3, tens=2))
    print(digits(ones=3, hundreds=1, tens=2))
