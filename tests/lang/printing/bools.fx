# Pins: bools print as `True` / `False`.
# EXPECT: True
# EXPECT: False
# EXPECT: True False
def main():
    print(True)
    print(False)
    print(1 < 2, 2 < 1)
