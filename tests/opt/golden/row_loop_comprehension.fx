# Loop normalisation in the typed program (opt/row_loops.cpp): a comprehension over
# range(len(v)) whose element is an elementwise expression of v[i] and loop invariants is one
# vector expression of v — no loop, no row appended per element — which fusion then makes one
# native loop. The counter stays below len(v), so v[i] cannot fail; the values are the scalar
# operations' own, to the bit. A vector w of another length keeps its loop (w[i] may be out of
# range, an error the loop must report where it happens); an empty v gives the empty vector.
# GOLDEN-FN: scaled
# GOLDEN-GRAPH: scaled
# IR-NOT: while|rows_append|index
# IR-HAS: = mul\(%v\.\d+, %s\.\d+\) : Tensor\[f64, 1\]
# IR-HAS: = div\(%v\.\d+, %s\.\d+\) : Tensor\[f64, 1\]
# EXPECT: [1.5, 3.0, 4.5]
# EXPECT: []
# EXPECT: [2.5, 4.5]
# EXPECT: 2
def scaled(v: Tensor[f64, 1], s: f64):
    return [v[i] * s - v[i] / s for i in range(len(v))]

def mixed(v: Tensor[f64, 1], w: Tensor[f64, 1]):
    return [v[i] + w[i] for i in range(len(v))]

def main():
    print(scaled([1.0, 2.0, 3.0], 2.0))
    print(scaled(zeros((0,)), 2.0))
    print(mixed([1.0, 2.0], [1.5, 2.5, 3.5]))
    print(len(mixed([1.0, 2.0], [1.5, 2.5, 3.5])))
