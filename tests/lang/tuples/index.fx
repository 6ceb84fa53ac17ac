# Pins: tuple indexing with constant indices `t[0]`, `t[1]`.
# EXPECT: 1.5
# EXPECT: 7
# EXPECT: False
# EXPECT: 8.5
def main():
    t = (1.5, 7, False)
    print(t[0])
    print(t[1])
    print(t[2])
    print(t[0] + t[1])
