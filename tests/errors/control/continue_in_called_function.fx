# Pins: `continue` in a function called from a loop is still outside any loop.
# EXIT: 1
# STDERR: {file}:6:5: error:
# STDERR-RE: error: .*(?i:loop)
def helper():
    continue

def main():
    for i in range(3):
        helper()
