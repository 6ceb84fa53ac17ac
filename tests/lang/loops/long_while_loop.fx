# Pins: a while loop of 300000 iterations carrying three variables, including an f64.
# EXPECT: 300000 44999850000.0
def main():
    i = 0
    acc = 0.0
    step = 1.0
    while i < 300000:
        acc += step * i
        i += 1
    print(i, acc)
