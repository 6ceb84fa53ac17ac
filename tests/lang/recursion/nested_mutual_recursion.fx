# Pins: two nested defs of the same block call each other (docs/ir.md: all defs of a block
# are visible throughout it).
# EXPECT: True False
# EXPECT: 3
def parity(n):
    def ev(k):
        return True if k == 0 else od(k - 1)
    def od(k):
        return False if k == 0 else ev(k - 1)
    return ev(n)

def count_hops(n):
    def down(k, acc):
        return acc if k <= 0 else up(k - 2, acc + 1)
    def up(k, acc):
        return down(k + 1, acc)
    return down(n, 0)

def main():
    print(parity(8), parity(5))
    print(count_hops(3))
