# ADBench's LSTM input files (../shared/reference/ADBENCH.md §6): `l c b` / 2l rows of 4b main
# parameters (per layer: weights, biases) / 3 rows of b extra parameters / 2l rows of b state
# (per layer: hidden, cell) / c rows of b sequence bits (blank lines between the blocks).

struct LstmInput:
    main_params: Tensor[f64, 2]
    extra_params: Tensor[f64, 2]
    state: Tensor[f64, 2]
    sequence: Tensor[f64, 2]

def read_lstm(path: str):
    v = read_numbers(path)
    l = int(v[0])
    c = int(v[1])
    b = int(v[2])
    at = 3
    main_params = reshape(v[at:at + 8 * l * b], (2 * l, 4 * b))
    at += 8 * l * b
    extra_params = reshape(v[at:at + 3 * b], (3, b))
    at += 3 * b
    state = reshape(v[at:at + 2 * l * b], (2 * l, b))
    at += 2 * l * b
    sequence = reshape(v[at:at + c * b], (c, b))
    return LstmInput(main_params=main_params, extra_params=extra_params, state=state, sequence=sequence)
