# Pins: a parameter or local with the name of a top-level constant shadows it inside that
# function only.
# EXPECT: 5
# EXPECT: 100
# EXPECT: 7
LIMIT = 100

def uses_param(LIMIT):
    return LIMIT

def uses_global():
    return LIMIT

def uses_local():
    LIMIT = 7
    return LIMIT

def main():
    print(uses_param(5))
    print(uses_global())
    print(uses_local())
