# Pins: ordering comparisons between i64 and f64 promote the i64 (numbers compare by value).
# spec-silent: §2 names promotion for arithmetic; comparing i64 with f64 is taken as NumPy does.
# EXPECT: True
# EXPECT: True
# EXPECT: False
def main():
    print(1 < 1.5)
    print(2 >= 2.0)
    print(3 <= 2.5)
