# Pins: --threads takes a whole number from 1 to 256; anything else is a usage error (exit 64).
# RUN: args run {file} --threads 0
# EXIT: 64
# STDERR: --threads expects a whole number from 1 to 256, found '0'
def main():
    print(1)
