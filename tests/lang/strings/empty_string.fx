# Pins: the empty string prints as an empty line; as one of several arguments it still gets
# its separating spaces.
# EXPECT:
# EXPECT: a  b
def main():
    print("")
    print("a", "", "b")
