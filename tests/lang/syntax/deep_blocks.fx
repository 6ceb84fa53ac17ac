# Pins: ten levels of nested blocks (if/for/while mixed) indent and dedent correctly,
# including a dedent of several levels at once.
# EXPECT: 2
# EXPECT: after
def main():
    n = 0
    for a in range(2):
        if a >= 0:
            for b in range(1):
                if b == 0:
                    i = 0
                    while i < 1:
                        if True:
                            for c in range(1):
                                if c == 0:
                                    if n >= 0:
                                        n += 1
                        i += 1
    print(n)
    print("after")
