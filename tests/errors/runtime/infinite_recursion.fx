# Pins: unbounded recursion is a located run-time error (exit 2) at the recursive call's
# `(`, never a stack overflow.
# EXIT: 2
# STDERR: {file}:7:16: error:
# STDERR-RE: error: .*(?i:depth|recursion)
def down(n):
    return down(n + 1)

def main():
    print(down(0))
