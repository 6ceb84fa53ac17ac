# Pins: outside loops, a variable may be rebound to a value of another type (each
# assignment is a new SSA value).
# spec-silent: Python allows it; a loop-carried variable that changes type is an error
# (tests/errors/types/loop_var_changes_type.fx).
# EXPECT: 1
# EXPECT: 2.5
# EXPECT: True
def main():
    x = 1
    print(x)
    x = 2.5
    print(x)
    x = x > 1.0
    print(x)
