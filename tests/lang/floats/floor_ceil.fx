# Pins: floor and ceil return f64 (NumPy semantics, ops.def "float → float"), unlike Python's
# math.floor which returns int; an i64 argument is converted to f64 first.
# EXPECT: 2.0
# EXPECT: -3.0
# EXPECT: 3.0
# EXPECT: -2.0
# EXPECT: 5.0
# EXPECT: 3.0
def main():
    print(floor(2.7))
    print(floor(-2.5))
    print(ceil(2.1))
    print(ceil(-2.1))
    print(floor(5.0))
    print(floor(3))
