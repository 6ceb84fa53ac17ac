# Pins: one index array or boolean mask per index (NumPy's broadcasting of several index arrays is
# not supported): a compile error at the second.
# EXIT: 1
# STDERR: {file}:7:21: error: indexing: only one index array or boolean mask per index is supported
def main():
    m = [[1.0, 2.0], [3.0, 4.0]]
    print(m[[0, 1], [1, 0]])
