# Pins: a recursive call whose argument types keep growing ((x, x), ((x, x), (x, x)), ...)
# stops type inference after 64 specialisations with a compile error at the call that
# names the function and suggests the cause (src/types/limits.hpp).
# EXIT: 1
# STDERR: {file}:10:16: error:
# STDERR-RE: error: too many specialisations of grow: .*more than 64
def grow(x, n):
    if n == 0:
        return 0
    return grow((x, x), n - 1)

def main():
    print(grow(1, 3))
