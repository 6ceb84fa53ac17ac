# Pins: comment-only and blank lines inside blocks do not affect indentation, whatever their
# own indentation; trailing comments after code are ignored.
# EXPECT: 3
# EXPECT: done
def main():
    x = 1   # trailing comment

# a comment at column 1 inside the function body
        # an over-indented comment
    if x > 0:

      # an oddly indented comment inside the if

        x = x + 2  # another
    print(x)
    print("done")
