# Pins: backslash escapes \" \\ \n \t in string literals.
# spec-silent: §1 says strings are "..."; escapes are taken from Python.
# EXPECT: say "hi"
# EXPECT: back\slash
# EXPECT: line1
# EXPECT: line2
# EXPECT: a	b
def main():
    print("say \"hi\"")
    print("back\\slash")
    print("line1\nline2")
    print("a\tb")
