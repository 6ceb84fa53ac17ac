def relu_sum(xs):
    total = 0.0
    for i in range(len(xs)):        # range(n), range(a, b), range(a, b, step)
        if xs[i] > 0.0:
            total += xs[i]
        elif xs[i] < -10.0:
            break
        else:
            continue
    return total
