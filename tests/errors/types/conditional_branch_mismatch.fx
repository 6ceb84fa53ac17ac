# Pins: the two arms of a conditional expression must have one type: i64 vs f64 is an error
# (no promotion outside arithmetic), located at the `if` of the expression.
# EXIT: 1
# STDERR: {file}:8:11: error:
# STDERR-RE: error: .*(i64.*f64|f64.*i64)
def main():
    c = 1 < 2
    y = 1 if c else 2.0
    print(y)
