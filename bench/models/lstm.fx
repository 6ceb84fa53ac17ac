# ADBench's "LSTM" (../shared/reference/ADBENCH.md §3, GRADBENCH.md §2.3): diagonal weights, l
# layers of width b, a log-loss over a sequence of bit vectors.
#   main_params: (2l, 4b): row 2j the weights [W_f | W_i | W_o | W_g] of layer j, row 2j+1 the
#   biases; extra_params: (3, b): input weight, output weight, output bias; state: (2l, b): row
#   2j the initial hidden state of layer j, row 2j+1 its cell; sequence: (c, b).

def lstm_objective(main_params, extra_params, state, sequence):
    layers = main_params.shape[0] // 2
    b = main_params.shape[1] // 4
    c = sequence.shape[0]
    hidden = [state[2 * j] for j in range(layers)]
    cell = [state[2 * j + 1] for j in range(layers)]
    total = 0.0
    for t in range(c - 1):
        v = sequence[t] * extra_params[0]
        for j in range(layers):
            w = main_params[2 * j]
            bias = main_params[2 * j + 1]
            forget = sigmoid(v * w[0:b] + bias[0:b])
            input_gate = sigmoid(hidden[j] * w[b:2 * b] + bias[b:2 * b])   # the previous hidden, not v
            output_gate = sigmoid(v * w[2 * b:3 * b] + bias[2 * b:3 * b])
            change = tanh(hidden[j] * w[3 * b:4 * b] + bias[3 * b:4 * b])
            cell[j] = cell[j] * forget + input_gate * change
            hidden[j] = output_gate * tanh(cell[j])
            v = hidden[j]
        y = v * extra_params[1] + extra_params[2]
        lse = log(sum(exp(y)) + 2.0)          # sic: "+ 2", no max shift (ADBench's definition)
        total = total + sum(sequence[t + 1] * (y - lse))
    return -total / ((c - 1) * b)

# The gradient with respect to the parameters, flat: [main_params row by row | extra_params].
def lstm_gradient(main_params, extra_params, state, sequence):
    g_main, g_extra = grad(lstm_objective, argnums=(0, 1))(main_params, extra_params, state, sequence)
    return concat((reshape(g_main, -1), reshape(g_extra, -1)))
