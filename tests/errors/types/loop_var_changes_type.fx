# Pins: a variable carried through a loop may not change type (i64 before the loop, f64
# after one iteration); the error is at the assignment that changes it.
# EXIT: 1
# STDERR: {file}:9:9: error:
# STDERR-RE: error: .*(i64.*f64|f64.*i64)
def main():
    x = 0
    for i in range(3):
        x = x + 0.5
    print(x)
