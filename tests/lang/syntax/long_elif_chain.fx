# Pins: a long if/elif chain (20 branches) selects the right branch.
# EXPECT: 17
def pick(n):
    if n == 0:
        return 0
    elif n == 1:
        return 1
    elif n == 2:
        return 2
    elif n == 3:
        return 3
    elif n == 4:
        return 4
    elif n == 5:
        return 5
    elif n == 6:
        return 6
    elif n == 7:
        return 7
    elif n == 8:
        return 8
    elif n == 9:
        return 9
    elif n == 10:
        return 10
    elif n == 11:
        return 11
    elif n == 12:
        return 12
    elif n == 13:
        return 13
    elif n == 14:
        return 14
    elif n == 15:
        return 15
    elif n == 16:
        return 16
    elif n == 17:
        return 17
    elif n == 18:
        return 18
    elif n == 19:
        return 19
    else:
        return -1

def main():
    print(pick(17))
