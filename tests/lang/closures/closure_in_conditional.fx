# Pins: a conditional expression choosing between two closures of the same function.
# EXPECT: 4.0
# EXPECT: 6.0
def make_scaler(k):
    return lambda x: k * x

def pick(flag):
    return make_scaler(2.0) if flag else make_scaler(3.0)

def main():
    print(pick(True)(2.0))
    print(pick(False)(2.0))
