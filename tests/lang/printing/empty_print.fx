# Pins: print() with no arguments prints an empty line.
# spec-silent: §9 shows print with arguments; Python prints a bare newline.
# EXPECT: before
# EXPECT:
# EXPECT: after
def main():
    print("before")
    print()
    print("after")
