# Pins: output printed before a run-time error is kept (stdout flushed), and the error is
# located in the callee where the assert failed.
# EXIT: 2
# EXPECT: 0
# EXPECT: 1
# EXPECT: 2
# STDERR: {file}:11:5: error:
# STDERR-RE: error: .*too big
def check(i):
    print(i)
    assert i < 2, "too big"

def main():
    for i in range(5):
        check(i)
