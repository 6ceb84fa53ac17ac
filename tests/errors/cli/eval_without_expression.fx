# Pins: `fluxion eval FILE` without EXPR is a usage error (exit 64).
# RUN: args eval {file}
# EXIT: 64
# STDERR-RE: (?i)usage|expr|missing|expected
def main():
    pass
