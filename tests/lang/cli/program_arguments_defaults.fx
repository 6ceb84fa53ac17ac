# Pins: without command-line arguments every arg(i, default) is its default.
# RUN: run
# EXPECT: default.txt 10 0.5 False
def main():
    print(arg(0, "default.txt"), arg(1, 10), arg(2, 0.5), arg(3, False))
