# Pins: float-valued math builtins accept i64 arguments, converting them to f64 (ops.def).
# EXPECT: 4.0
# EXPECT: 1.0
# EXPECT: 0.0
# EXPECT: 0.0
def main():
    print(sqrt(16))
    print(exp(0))
    print(log(1))
    print(sin(0))
