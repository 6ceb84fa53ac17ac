# Pins: eval sees the file's top-level constants.
# RUN: eval N * 2 + OFFSET
# EXPECT: 20.5
N = 10
OFFSET = 0.5
