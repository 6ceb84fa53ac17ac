# Pins: tuples of tuples: printing and chained indexing.
# EXPECT: ((1, 2), 3.0)
# EXPECT: 2
# EXPECT: ((1.0, (2, True)), 0)
# EXPECT: True
def main():
    t = ((1, 2), 3.0)
    print(t)
    print(t[0][1])
    u = ((1.0, (2, True)), 0)
    print(u)
    print(u[0][1][1])
