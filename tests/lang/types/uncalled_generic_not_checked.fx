# Pins: an unannotated function that is never called is never specialised, so it is not
# type-checked (§2: functions are specialised per call signature); the program runs.
# EXPECT: ok
def never_called(x):
    return x + True

def main():
    print("ok")
