# Pins: field access on an f64 is an error at the `.`.
# EXIT: 1
# STDERR: {file}:7:12: error:
# STDERR-RE: error: .*f64
def main():
    x = 1.0
    print(x.w)
