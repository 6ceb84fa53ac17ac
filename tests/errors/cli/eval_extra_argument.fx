# Pins: `fluxion eval FILE EXPR EXTRA` (one argument too many) is a usage error (exit 64).
# RUN: args eval {file} "1 + 1" surplus
# EXIT: 64
# STDERR-RE: (?i)usage|surplus|unexpected|too many
def main():
    pass
