# Pins: an element of an i64 tensor of unknown rank is itself of unknown rank, so it can be neither an
# integer index nor an index array (whose rank decides the result's):
# the message says to annotate that tensor with its rank, as the `.shape` message does.
# EXIT: 1
# STDERR: error: indexing: an index must be an integer or an index array of known rank, found Tensor[i64] (an element of a tensor of unknown rank?); annotate that tensor with its rank (Tensor[i64, 1]) or reshape it
def main():
    idx = load("lang/io/data/i32.npy", dtype=i64)
    x = [1.0, 2.0, 3.0, 4.0]
    print(x[idx[0]])
