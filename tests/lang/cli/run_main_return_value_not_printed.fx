# Pins: run does not print main's result.
# spec-silent: §10 says run "runs main()"; like Python's `if __name__ == "__main__": main()`,
# the result is discarded.
# EXPECT: side effect
def main():
    print("side effect")
    return 42
