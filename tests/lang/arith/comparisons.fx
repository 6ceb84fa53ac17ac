# Pins: the six comparison operators on i64, f64 and bool give bool.
# EXPECT: True
# EXPECT: True
# EXPECT: False
# EXPECT: True
# EXPECT: True
# EXPECT: False
# EXPECT: True
# EXPECT: False
# EXPECT: True
# EXPECT: True
# EXPECT: False
def main():
    print(1 < 2)
    print(2 <= 2)
    print(3 > 4)
    print(3 >= 3)
    print(2 == 2)
    print(2 != 2)
    print(1.5 < 2.5)
    print(0.1 + 0.2 == 0.3)
    print(True == True)
    print(True != False)
    print(-1.0 > -0.5)
