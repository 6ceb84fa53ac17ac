# Pins: bool and str top-level constants.
# EXPECT: debug on
DEBUG = True
LABEL = "debug on"

def main():
    if DEBUG:
        print(LABEL)
