# Pins: unpacking a 3-tuple into two names is a compile error at the target.
# EXIT: 1
# STDERR: {file}:6:5: error:
# STDERR-RE: error: .*(?i:unpack|values|elements|length|size|count)
def main():
    a, b = (1, 2, 3)
    print(a, b)
