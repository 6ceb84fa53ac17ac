# Pins: a parameter type without a C form in an AOT library's interface (a string; numbers,
# tensors, tuples and structs have one) is a located compile error at the parameter (exit 1).
# RUN: args compile {file} --export greet -o /nonexistent-fluxion-dir/libx.so
# EXIT: 1
# STDERR: {file}:6:11: error: the native back end does not support a parameter of type str in an exported function
def greet(name: str):
    return name + "!"

def main():
    pass
