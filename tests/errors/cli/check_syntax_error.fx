# Pins: `fluxion check` reports syntax errors with exit 1 and a location.
# RUN: check
# EXIT: 1
# STDERR: {file}:7:13: error:
def main():
    x = 2
    if x > 1
        print(x)
