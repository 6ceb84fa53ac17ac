# GradBench's `det` (GRADBENCH.md §2.10): the determinant by recursive expansion by minors along
# the first row, and its gradient (the cofactor matrix) by reverse mode through the recursion.
import "protocol.fx"
import "../../lib/files.fx"

# The determinant of the minor of a (ell x ell, flat row-major) made of rows row.. and the
# columns `columns`, expanded along its first row.
def det_minor(a, ell: i64, row: i64, columns):
    if len(columns) == 1:
        return a[row * ell + columns[0]]
    total = 0.0
    sign = 1.0
    for j in range(len(columns)):
        rest = concat((columns[0:j], columns[j + 1:]))
        total = total + sign * a[row * ell + columns[j]] * det_minor(a, ell, row + 1, rest)
        sign = -sign
    return total

def det(a, ell: i64):
    return det_minor(a, ell, 0, arange(ell))

def main():
    dir = input_dir()
    function = function_name()
    a = load_vector(dir, "A")
    ell = load_count(dir, "ell")
    if function == "primal":
        save_number(evaluate(lambda: det(a, ell)))
    else:
        save_tensor(evaluate(lambda: grad(det)(a, ell)))
