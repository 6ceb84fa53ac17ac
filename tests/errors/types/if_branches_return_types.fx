# Pins: a function returning i64 on one path and f64 on another has no single result type;
# the error is at the second return's value.
# EXIT: 1
# STDERR: {file}:10:16: error:
# STDERR-RE: error: .*(i64.*f64|f64.*i64)
def pick(c):
    if c:
        return 1
    else:
        return 2.0

def main():
    print(pick(True))
