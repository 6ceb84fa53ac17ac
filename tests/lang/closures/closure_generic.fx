# Pins: a closure used at two argument types is specialised for each (LANGUAGE.md §2).
# EXPECT: 10
# EXPECT: 2.5
def main():
    offset = 2
    twice_plus = lambda x: x + x + offset
    print(twice_plus(4))
    print(twice_plus(0.25))
