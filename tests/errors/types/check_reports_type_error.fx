# Pins: `fluxion check` reports type errors like run does.
# RUN: check
# EXIT: 1
# STDERR: {file}:7:13: error:
# STDERR-RE: error: .*bool
def main():
    y = 2.0 * False
    print(y)
