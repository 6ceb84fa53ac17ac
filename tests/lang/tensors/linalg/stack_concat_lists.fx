# Pins: stack and concat take a list of tensors as NumPy's do (the same as a tuple), and stack
# of a comprehension along axis 0 is the comprehension itself, concat of one joins the elements'
# rows (with derivatives). Expected output from NumPy.
# EXPECT: [[1.0, 2.0], [3.0, 4.0]] [[1.0, 3.0], [2.0, 4.0]]
# EXPECT: [1.0, 2.0, 3.0, 4.0] [[1.0, 2.0, 1.0, 2.0]]
# EXPECT: [[0.0, 0.0], [1.0, 2.0], [2.0, 4.0]]
# EXPECT: [[0.0, 1.0, 2.0], [0.0, 2.0, 4.0]]
# EXPECT: [0.0, 0.0, 1.0, 2.0, 2.0, 4.0] [[1.0, 2.0], [2.0, 4.0], [3.0, 6.0], [4.0, 8.0]]
# EXPECT: [3.0, 3.0] (4, 2)
def main():
    a = [1.0, 2.0]
    b = [3.0, 4.0]
    print(stack([a, b]), stack([a, b], axis=1))
    r = reshape(a, (1, 2))
    print(concat([a, b]), concat([r, r], axis=1))
    print(stack([i * a for i in range(3)]))
    print(stack([i * a for i in range(3)], axis=0).T)
    rows = concat([(i + 1.0) * reshape(a, (1, 2)) for i in range(4) if i != 5])
    print(concat([i * a for i in range(3)]), rows)
    print(grad(lambda v: sum(concat([i * v for i in range(3)])))(a), rows.shape)
