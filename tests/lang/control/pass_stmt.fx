# Pins: `pass` as a function body, in a branch and in a loop body.
# EXPECT: called
# EXPECT: 2
# EXPECT: done
def nothing():
    pass

def main():
    nothing()
    print("called")
    x = 2
    if x > 1:
        pass
    else:
        x = 0
    print(x)
    for i in range(3):
        pass
    print("done")
