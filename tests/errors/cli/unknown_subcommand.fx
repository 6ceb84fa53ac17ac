# Pins: an unknown subcommand is a usage error: exit 64 and a message naming it.
# RUN: args frobnicate {file}
# EXIT: 64
# STDERR: frobnicate
def main():
    pass
