# Pins: the arms of a conditional expression must have one type (no promotion outside
# arithmetic): i64 vs f64 is an error at the start of the conditional expression.
# EXIT: 1
# STDERR: {file}:8:9: error:
# STDERR-RE: error: .*(i64.*f64|f64.*i64)
def main():
    c = 1 < 2
    y = 1 if c else 2.0
    print(y)
