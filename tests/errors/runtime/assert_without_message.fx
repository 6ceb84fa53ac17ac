# Pins: a failing assert without a message is still a located run-time error.
# EXIT: 2
# STDERR: {file}:7:5: error:
# STDERR-RE: error: .*(?i:assert)
def main():
    x = 4
    assert x > 10
