# Pins: return inside a while loop; values computed after the loop are not reached.
# EXPECT: 5
# EXPECT: -1
def index_of(target, n):
    i = 0
    while i < n:
        if i * i == target:
            return i
        i += 1
    return -1

def main():
    print(index_of(25, 10))
    print(index_of(26, 10))
