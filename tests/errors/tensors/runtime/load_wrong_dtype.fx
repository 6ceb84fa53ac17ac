# Pins: load(path) is typed Tensor[f64]; an i64 file is a run-time error naming both dtypes (use
# load(path, like)).
# EXIT: 2
# STDERR: {file}:6:15: error: errors/tensors/runtime/data/i64.npy holds i64 data, expected f64
def main():
    print(load("errors/tensors/runtime/data/i64.npy"))
