# Pins: `y: i64 = 2.5` is an error at the value.
# EXIT: 1
# STDERR: {file}:6:14: error:
# STDERR-RE: error: .*(i64.*f64|f64.*i64)
def main():
    y: i64 = 2.5
    print(y)
