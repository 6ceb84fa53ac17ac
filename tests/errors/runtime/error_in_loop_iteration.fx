# Pins: a run-time error in a later loop iteration: the earlier output is kept.
# EXIT: 2
# EXPECT: 5
# EXPECT: 10
# STDERR: {file}:9:18: error:
# STDERR-RE: error: .*(?i:zero)
def main():
    for d in range(2, -1, -1):
        print(10 // d)
