# Pins: `continue` outside any loop is a compile error at `continue`.
# EXIT: 1
# STDERR: {file}:6:5: error:
# STDERR-RE: error: .*(?i:loop)
def main():
    continue
