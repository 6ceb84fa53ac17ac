# Pins: `run --expanded` of a derivative the expansion cannot build ahead of time (docs/ad.md
# §10: a derived function used as a value, here printed, has no static form — the expanded
# program represents it by its env) is a compile error located at the construct, naming it,
# and nothing runs; plain `run` runs it with the run-time AD engine instead.
# RUN: args run --expanded {file}
# EXIT: 1
# STDERR-RE: expanded_not_yet\.fx:11:\d+: error: cannot expand this derivative ahead of time: a derived function used as a value
def main():
    print("not printed")
    g = grad(sin)
    print(g)
