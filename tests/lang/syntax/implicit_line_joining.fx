# Pins: a logical line continues inside open parentheses and brackets (LANGUAGE.md §1), with
# any indentation on the continuation lines.
# EXPECT: 10
# EXPECT: (1,)
# EXPECT: 6.5
def add4(a,
         b,
    c, d):
    return (a + b +
            c + d)

def main():
    print(add4(1,
               2,
  3,
                          4))
    t = (
        1,
    )
    print(t)
    y = max(
        1.5,
        2.5,
    ) + 4.0
    print(y)
