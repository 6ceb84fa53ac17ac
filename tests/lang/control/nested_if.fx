# Pins: nested if statements inside both branches of an outer if.
# EXPECT: Q1
# EXPECT: Q2
# EXPECT: Q3
# EXPECT: Q4
def quadrant(x, y):
    if x >= 0.0:
        if y >= 0.0:
            q = "Q1"
        else:
            q = "Q4"
    else:
        if y >= 0.0:
            q = "Q2"
        else:
            q = "Q3"
    return q

def main():
    print(quadrant(1.0, 1.0))
    print(quadrant(-1.0, 1.0))
    print(quadrant(-1.0, -1.0))
    print(quadrant(1.0, -1.0))
