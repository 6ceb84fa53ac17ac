# Pins: each print call ends its own line; output order follows execution.
# EXPECT: 0 0.0
# EXPECT: 1 0.5
# EXPECT: 2 1.0
def main():
    for i in range(3):
        print(i, i / 2)
