# Pins: a struct field needs a type (`name: type`); a bare name fails at the end of its line.
# EXIT: 1
# STDERR: {file}:7:6: error:
# STDERR-RE: error: .*(?i:expected|type|missing|colon)
struct P:
    x: f64
    y

def main():
    print(P(1.0, 2.0))
