# Pins: an output that cannot be written is a compile error located at the output's path
# (exit 1), reported before the C compiler runs; nothing is left behind.
# RUN: args compile {file} --export scaled -o /nonexistent-fluxion-dir/libx.so
# EXIT: 1
# STDERR: /nonexistent-fluxion-dir/libx.so: error: cannot write /nonexistent-fluxion-dir/libx.so: No such file or directory
def scaled(x: f64, k: f64):
    return k * x

def main():
    pass
