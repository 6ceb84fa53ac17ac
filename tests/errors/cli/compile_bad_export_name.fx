# Pins: an export's name becomes a C function, so it must be a C identifier and not a C
# keyword: a usage error (exit 64).
# RUN: args compile {file} --export int=scaled -o /nonexistent-fluxion-dir/libx.so
# EXIT: 64
# STDERR: fluxion: --export expects NAME or NAME=EXPRESSION with NAME a C identifier that is not a keyword, found 'int=scaled'
def scaled(x: f64):
    return 2.0 * x

def main():
    pass
