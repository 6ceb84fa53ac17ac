# Pins: a while loop whose condition is false at entry never runs its body.
# EXPECT: 7
def main():
    x = 7
    while x < 0:
        x = x - 1
        print("never")
    print(x)
