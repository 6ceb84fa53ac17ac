# Pins: an exported function is typed from its parameter annotations, so a parameter without
# one is a compile error at that parameter (exit 1).
# RUN: args compile {file} --export scaled -o /nonexistent-fluxion-dir/libx.so
# EXIT: 1
# STDERR: {file}:6:12: error: parameter 'x' of scaled() needs a type annotation to be exported
def scaled(x, k: f64):
    return k * x

def main():
    pass
