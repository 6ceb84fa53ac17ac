# Pins: `break` leaves a while loop at once; variables keep the values they had.
# EXPECT: 16
# EXPECT: 5
def main():
    n = 1
    steps = 0
    while True:
        n = n * 2
        steps += 1
        if n > 10:
            if steps > 3:
                break
    print(n)
    i = 0
    while i < 100:
        if i * i > 20:
            break
        i += 1
    print(i)
