# Pins: a command-line argument that does not convert to its default's type is a run-time
# error at the arg() call.
# RUN: args run {file} 2.5
# EXIT: 2
# STDERR: {file}:8:16: error: command-line argument 0 is '2.5', expected an integer (i64)

def main():
    steps = arg(0, 10)
    print(steps)
