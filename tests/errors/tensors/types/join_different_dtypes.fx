# Pins: tensors of different dtypes do not join: a variable assigned both on two paths is a type error.
# EXIT: 1
# STDERR: {file}:5:5: error: variable 'x' is Tensor[f64, (2,)] on one path and Tensor[i64, (2,)] on another
def pick(c):
    if c:
        x = zeros(2)
    else:
        x = arange(2)
    return x

def main():
    print(pick(True))
