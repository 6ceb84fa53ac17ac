# Pins: integer literal patterns with a final `case _`.
# EXPECT: zero
# EXPECT: one
# EXPECT: many
# EXPECT: many
def name(n):
    match n:
        case 0:
            return "zero"
        case 1:
            return "one"
        case _:
            return "many"

def main():
    print(name(0))
    print(name(1))
    print(name(2))
    print(name(-1))
