# Pins: a == (a // b) * b + a % b for every sign combination (Python's division identity).
# EXPECT: True
def main():
    ok = True
    for a in range(-9, 10):
        for b in range(-4, 5):
            if b != 0:
                if (a // b) * b + a % b != a:
                    ok = False
    print(ok)
