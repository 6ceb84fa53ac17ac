# Pins: `fluxion run FILE` type-checks and runs main(); nothing else is printed.
# RUN: run
# EXPECT: main ran
def main():
    print("main ran")
