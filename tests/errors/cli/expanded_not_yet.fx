# Pins: `run --expanded` of a derivative the expansion cannot build ahead of time yet
# (docs/ad.md §10: a third reverse-mode derivative through a recursion with a branch, which
# receives the cotangent of a pullback that is one of two codes) is a compile error located at the construct it
# cannot expand (here the recursive branch), and nothing runs; plain `run` runs it with the
# run-time AD engine instead. When this gap closes, pick another entry of
# tests/expanded/not_yet.txt.
# RUN: args run --expanded {file}
# EXIT: 1
# STDERR-RE: expanded_not_yet\.fx:11:\d+: error: cannot expand this derivative ahead of time
def power(x, n):
    return 1.0 if n == 0 else x * power(x, n - 1)

def main():
    print("not printed")
    print(grad(grad(grad(lambda x: power(x, 3))))(2.0))
