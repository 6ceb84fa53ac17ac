# Pins: a FILE path that goes through a regular file ({file}/inner.fx) is exit 1 with
# "FILE: error: cannot open file: a part of the path is not a directory".
# RUN: args check {file}/inner.fx
# EXIT: 1
# STDERR: {file}/inner.fx: error: cannot open file: a part of the path is not a directory
def main():
    pass
