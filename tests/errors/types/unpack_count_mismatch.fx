# Pins: unpacking a 3-tuple into two names is a compile error at the value being unpacked.
# EXIT: 1
# STDERR: {file}:6:12: error:
# STDERR-RE: error: .*(?i:unpack|values|elements|length|size|count)
def main():
    a, b = (1, 2, 3)
    print(a, b)
