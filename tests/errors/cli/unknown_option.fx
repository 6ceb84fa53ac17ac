# Pins: an unknown option is a usage error (exit 64) naming the option.
# RUN: args run {file} --frobnicate
# EXIT: 64
# STDERR: --frobnicate
def main():
    pass
