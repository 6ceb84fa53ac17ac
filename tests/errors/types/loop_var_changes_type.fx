# Pins: a loop-carried variable may not change type (i64 before, f64 after an iteration);
# the error is at the value that changes it (`x + 0.5`, positioned at its operator).
# EXIT: 1
# STDERR: {file}:9:15: error:
# STDERR-RE: error: .*(i64.*f64|f64.*i64)
def main():
    x = 0
    for i in range(3):
        x = x + 0.5
    print(x)
