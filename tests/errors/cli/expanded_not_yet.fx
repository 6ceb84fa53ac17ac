# Pins: `run --expanded` of a derivative the expansion cannot build ahead of time yet
# (docs/ad.md §10: the result of a primitive used as a function value is not typed) is a
# compile error located at the user's derivative, and nothing runs. When this gap closes,
# pick another entry of tests/expanded/not_yet.txt.
# RUN: args run --expanded {file}
# EXIT: 1
# STDERR-RE: expanded_not_yet\.fx:10:\d+: error: cannot expand this derivative ahead of time
def main():
    print("not printed")
    print(grad(cos)(1.0))
