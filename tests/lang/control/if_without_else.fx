# Pins: an if without else that rebinds a variable; the value after the if is the branch's
# value when taken, the old one otherwise.
# EXPECT: 5.0
# EXPECT: 0.0
def clamp_negative(x):
    y = x
    if y < 0.0:
        y = 0.0
    return y

def main():
    print(clamp_negative(5.0))
    print(clamp_negative(-3.0))
