# Pins: precedence of not > and > or, and comparisons bind tighter than not.
# EXPECT: False
# EXPECT: True
# EXPECT: False
# EXPECT: True
def main():
    print(not False and False)
    print(True or False and False)
    print(not 1 < 2)
    print(not (False or False) and (1 == 1))
