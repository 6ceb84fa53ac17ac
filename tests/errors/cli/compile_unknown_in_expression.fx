# Pins: an export expression naming no function is located in the expression, which
# diagnostics call `<export NAME>` (exit 1).
# RUN: args compile {file} --export dloss=grad(nosuch) -o /nonexistent-fluxion-dir/libx.so
# EXIT: 1
# STDERR: <export dloss>:1:6: error: no top-level function named 'nosuch' to export
def loss(x: f64):
    return x * x

def main():
    pass
