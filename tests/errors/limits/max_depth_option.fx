# Pins: `--max-depth N` lowers the run-time limit on nested calls: 101 nested calls of a
# terminating recursion fail under --max-depth 50 with a located run-time error naming the
# limit (the default, 10000, is pinned by tests/errors/runtime/infinite_recursion.fx).
# RUN: run --max-depth 50
# EXIT: 2
# STDERR: {file}:11:21: error:
# STDERR-RE: error: recursion deeper than 50 calls
def count(n):
    if n == 0:
        return 0
    return 1 + count(n - 1)

def main():
    print(count(100))
