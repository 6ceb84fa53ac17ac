# Pins: truth tables of and, or, not on bool.
# EXPECT: True False False False
# EXPECT: True True True False
# EXPECT: False True
def main():
    t = True
    f = False
    print(t and t, t and f, f and t, f and f)
    print(t or t, t or f, f or t, f or f)
    print(not t, not f)
