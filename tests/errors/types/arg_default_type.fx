# Pins: arg(i, default) converts to the default's type, so the default must be str, i64, f64
# or bool.
# EXIT: 1
# STDERR: {file}:7:18: error: arg(i, default) converts the argument to the type of its default, which must be str, i64, f64 or bool, found (i64, i64)

def main():
    print(arg(0, (1, 2)))
