# Pins: `and` does not evaluate its right operand when the left is False, `or` when the
# left is True — in expressions and in if/while conditions.
# EXPECT: False
# EXPECT: True
# EXPECT: ok
# EXPECT: 3
def boom():
    assert False, "short-circuit operand was evaluated"
    return True

def main():
    print(False and boom())
    print(True or boom())
    x = 0
    if x != 0 and boom():
        print("wrong")
    else:
        print("ok")
    i = 0
    while i < 3 and (i >= 0 or boom()):
        i += 1
    print(i)
