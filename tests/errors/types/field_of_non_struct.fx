# Pins: field access on an f64 is an error at the field name.
# EXIT: 1
# STDERR: {file}:7:13: error:
# STDERR-RE: error: .*f64
def main():
    x = 1.0
    print(x.w)
