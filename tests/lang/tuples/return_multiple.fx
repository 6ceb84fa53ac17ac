# Pins: returning a tuple to return several values.
# EXPECT: 3 1
# EXPECT: (-4, 1)
def divmod_py(a, b):
    return (a // b, a % b)

def main():
    q, r = divmod_py(10, 3)
    print(q, r)
    print(divmod_py(-7, 2))
