# Pins: `#` inside a string literal does not start a comment.
# EXPECT: a # b
# EXPECT: #
def main():
    print("a # b")  # a real comment
    print("#")
