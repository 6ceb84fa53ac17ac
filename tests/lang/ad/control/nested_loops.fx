# Pins: nested for loops, including an inner bound that depends on the outer index.
# EXPECT: 18.0
# EXPECT: 6.0
# EXPECT: 192.0
def bilinear_sum(x):
    s = 0.0
    for i in range(3):
        for j in range(4):
            s += x * i * j
    return s

def product_grid(x):
    p = 1.0
    for i in range(3):
        for j in range(2):
            p = p * x
    return p

def triangle_power(x):
    p = 1.0
    for i in range(4):
        for j in range(i):
            p = p * x
    return p

def main():
    print(grad(bilinear_sum)(1.0))
    print(grad(product_grid)(1.0))
    print(grad(triangle_power)(2.0))
