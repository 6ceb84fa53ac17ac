# Pins: `compile` needs the library to write (-o): a usage error (exit 64).
# RUN: args compile {file} --export scaled
# EXIT: 64
# STDERR: fluxion: 'compile' needs -o LIBRARY
def scaled(x: f64):
    return 2.0 * x

def main():
    pass
