# Pins: dropout with p outside [0, 1]; the probability is printed as Fluxion prints floats.
# EXIT: 2
# STDERR: {file}:7:18: error: dropout: probability must be in [0, 1], got 1.5
# STDERR-RE: got 1\.5$
def main():
    p = 1.5
    print(dropout(key(0), ones(3), p))
