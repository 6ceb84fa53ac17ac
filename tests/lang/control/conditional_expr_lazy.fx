# Pins: a conditional expression evaluates only the selected branch.
# EXPECT: 1
# EXPECT: 2
def boom():
    assert False, "the branch that was not selected was evaluated"
    return 0

def main():
    print(1 if True else boom())
    print(boom() if False else 2)
