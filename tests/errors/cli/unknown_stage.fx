# Pins: an unknown `ir --stage` is a usage error (exit 64) naming it and listing the stages.
# RUN: args ir {file} --fn main --stage lowered
# EXIT: 64
# STDERR: fluxion: unknown stage 'lowered' (stages: parsed, typed, opt, ad, expanded, native)
def main():
    pass
