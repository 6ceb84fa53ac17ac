# Pins: keyword arguments are evaluated left to right in source order, not parameter order.
# EXPECT: b
# EXPECT: a
# EXPECT: 1
def tr(label, v):
    print(label)
    return v

def sub(a, b):
    return a - b

def main():
    print(sub(b=tr("b", 2), a=tr("a", 3)))
