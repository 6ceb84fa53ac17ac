# Pins: results keep their static types: i64 arithmetic stays i64, mixed becomes f64.
# EXPECT: 10
# EXPECT: 10.0
# EXPECT: 5.0
# EXPECT: 5
def main():
    a = 4 + 6
    b = 4 + 6.0
    c = a / 2
    d = a // 2
    print(a)
    print(b)
    print(c)
    print(d)
