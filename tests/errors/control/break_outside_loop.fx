# Pins: `break` outside any loop is a compile error at `break`.
# EXIT: 1
# STDERR: {file}:7:9: error:
# STDERR-RE: error: .*(?i:loop)
def main():
    if True:
        break
