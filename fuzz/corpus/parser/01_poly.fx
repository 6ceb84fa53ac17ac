def poly(x, y):
    a = x ** 3
    b = y ** 4
    return a * b
