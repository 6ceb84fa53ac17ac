# Pins: load(path) without an element type reads f64; an f32 file is a located run-time error
# naming its dtype and how to declare it.
# EXIT: 2
# STDERR: error: lang/io/data/f32.npy holds f32 data, expected f64; declare the element type: `x: Tensor[f32] = load(path)` or load(path, dtype=f32)
def main():
    print(load("lang/io/data/f32.npy"))
