# Pins: a literal is not an assignment target; the error is at the target.
# EXIT: 1
# STDERR: {file}:7:5: error:
# STDERR-RE: error: .*(?i:assign|target)
def main():
    x = 2
    1 = x
