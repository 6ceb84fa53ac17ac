# Pins: reading a variable that was assigned only on a path not taken is a run-time error at
# the read (docs/ir.md: reads of possibly-undefined variables are guarded).
# EXIT: 2
# EXPECT: before the read
# EXPECT: 1
# EXPECT: before the read
# STDERR: {file}:13:12: error:
# STDERR-RE: error: .*total_count
def pick(flag):
    if flag:
        total_count = 1
    print("before the read")
    return total_count

def main():
    print(pick(True))
    print(pick(False))
