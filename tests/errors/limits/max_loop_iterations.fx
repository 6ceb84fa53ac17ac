# Pins: `--max-loop-iterations N` stops a loop that runs more than N iterations with a
# located run-time error at the loop, after the output printed before it (a while loop
# whose exit condition is never met, as a diverging iteration would).
# RUN: run --max-loop-iterations 1000
# EXIT: 2
# EXPECT: searching
# STDERR: {file}:11:5: error: loop ran more than 1000 iterations (the limit set by --max-loop-iterations)
def main():
    print("searching")
    x = 1.0
    while x > 0.0:
        x = x * 0.5 + 1.0
    print(x)
