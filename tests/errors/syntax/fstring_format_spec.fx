# Pins: f-strings interpolate str(expr) only: a format spec or a conversion is a compile error at
# its ':' or '!'.
# EXIT: 1
# STDERR: {file}:7:20: error: format specs and conversions are not supported in f-strings; interpolate str(x) or round the value first
def main():
    x = 2.0
    print(f"x is {x:.3f}")
