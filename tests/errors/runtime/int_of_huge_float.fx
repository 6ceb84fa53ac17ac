# Pins: int(x) of a finite f64 beyond the i64 range is a run-time error at the call's `(`
# (in C++ the conversion would be undefined behaviour).
# spec-silent: Python returns a big int; i64 has no such value.
# EXIT: 2
# STDERR: {file}:8:12: error:
# STDERR-RE: error: .*(?i:range|overflow|large|i64|convert)
def main():
    n = int(1e19 * 1.0)
    print(n)
