# Pins: when several cases match, the first one in source order is taken.
# EXPECT: first
# EXPECT: first
def pick(n):
    match n:
        case 3:
            return "first"
        case 3:
            return "second"
        case _:
            return "other"

def pick2(n):
    match n:
        case x:
            return "first"

def main():
    print(pick(3))
    print(pick2(3))
