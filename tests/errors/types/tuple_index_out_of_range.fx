# Pins: a constant tuple index beyond the tuple's length is a compile error at the `[`.
# EXIT: 1
# STDERR: {file}:7:12: error:
# STDERR-RE: error: .*(?i:index|range|bounds)
def main():
    t = (1, 2)
    print(t[5])
