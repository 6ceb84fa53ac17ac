# Pins: calls with keyword arguments bind by parameter name, in any order.
# EXPECT: 4
# EXPECT: 4
# EXPECT: -4
# EXPECT: 4
def sub(a, b):
    return a - b

def main():
    print(sub(5, 1))
    print(sub(b=1, a=5))
    print(sub(a=1, b=5))
    print(sub(5, b=1))
