# Pins: eval evaluates only EXPR; it does not run main().
# RUN: eval 40 + 2
# EXPECT: 42
def main():
    print("main must not run under eval")
