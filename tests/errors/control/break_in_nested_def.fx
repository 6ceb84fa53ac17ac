# Pins: a loop does not extend into a def nested in its body: `break` there is outside any
# loop.
# EXIT: 1
# STDERR: {file}:9:13: error:
# STDERR-RE: error: .*(?i:loop)
def main():
    for i in range(3):
        def g():
            break
        g()
