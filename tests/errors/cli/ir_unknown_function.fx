# Pins: `ir --fn NAME` for a name FILE does not define at top level is a compile error
# (exit 1) located at the file, naming the function.
# spec-silent: the usage is well formed; it is FILE that lacks the function, hence 1, not 64.
# RUN: args ir {file} --fn nosuch
# EXIT: 1
# STDERR: {file}: error: no top-level function named 'nosuch'
def main():
    pass
