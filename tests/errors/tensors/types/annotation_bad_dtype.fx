# Pins: a tensor annotation with an element type other than f64 f32 i64 bool is an error at it.
# RUN: check
# EXIT: 1
# STDERR: {file}:5:17: error: a tensor's element type must be f64, f32, i64 or bool, found 'str'
def h(x: Tensor[str]) -> f64:
    return 1.0

def main():
    print(1)
