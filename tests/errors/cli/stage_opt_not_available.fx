# Pins: `ir --stage opt` (LANGUAGE.md §10) is not available yet: a usage error (exit 64)
# that lists the stages there are.
# RUN: args ir {file} --fn main --stage opt
# EXIT: 64
# STDERR: fluxion: stage 'opt' is not available yet (stages: parsed, typed, ad, expanded)
def main():
    pass
