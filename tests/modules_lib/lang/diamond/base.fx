# The shared bottom of the diamond: left.fx and right.fx both import it; loaded once.
struct Counter:
    n: i64

def bump(c: Counter) -> Counter:
    return Counter(c.n + 1)

BASE_NAME = "base"
