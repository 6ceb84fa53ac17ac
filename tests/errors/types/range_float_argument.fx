# Pins: range bounds must be i64: an f64 bound is an error at that argument.
# EXIT: 1
# STDERR: {file}:6:20: error:
# STDERR-RE: error: .*(i64.*f64|f64.*i64)
def main():
    for i in range(2.5):
        print(i)
