# Pins: an export named like a function of the C library (exp) would take it over in every
# program that loads the library: a compile error naming the clash (exit 1).
# RUN: args compile {file} --export exp=scaled -o /nonexistent-fluxion-dir/libx.so
# EXIT: 1
# STDERR: {file}: error: the export name 'exp' is already a symbol of the C library or the runtime
def scaled(x: f64):
    return 2.0 * x

def main():
    pass
