# Pins: a one-element tuple is written and printed `(x,)`; `(x)` is just x.
# EXPECT: (1.0,)
# EXPECT: 1.0
# EXPECT: ((2,),)
def main():
    t = (1.0,)
    print(t)
    print(t[0])
    print(((2,),))
