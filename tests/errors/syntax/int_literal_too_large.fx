# Pins: an integer literal that does not fit in i64 is a compile error at the literal
# (not a silent wrap or a crash in the number parser).
# EXIT: 1
# STDERR: {file}:7:9: error:
# STDERR-RE: error: .*(?i:large|range|overflow|fit|i64)
def main():
    x = 9223372036854775808
    print(x)
