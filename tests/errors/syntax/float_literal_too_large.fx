# Pins: a float literal beyond the f64 range is a compile error at the literal, not a
# silent inf.
# spec-silent: Python gives inf for 1e999; a literal that cannot be represented is rejected.
# EXIT: 1
# STDERR: {file}:8:9: error:
# STDERR-RE: error: .*1e999.*(?i:too large|range|overflow)
def main():
    x = 1e999
    print(x)
