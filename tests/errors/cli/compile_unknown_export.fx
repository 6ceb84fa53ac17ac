# Pins: `fluxion compile` with an export that names no top-level function is a compile error
# located at the file (exit 1); nothing is written (docs/codegen.md "AOT libraries").
# RUN: args compile {file} --export nosuch -o /nonexistent-fluxion-dir/libx.so
# EXIT: 1
# STDERR: {file}: error: no top-level function named 'nosuch' to export
def loss(x: f64):
    return x * x

def main():
    pass
