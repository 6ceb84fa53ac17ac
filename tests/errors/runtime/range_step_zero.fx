# Pins: range with step 0 is a run-time error (docs/ir.md) at the step argument.
# EXIT: 2
# STDERR: {file}:7:27: error:
# STDERR-RE: error: .*(?i:step)
def main():
    step = 1 - 1
    for i in range(0, 10, step):
        print(i)
