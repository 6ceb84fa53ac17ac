# Pins: `fluxion ir FILE` without `--fn NAME` is a usage error (exit 64) that says what is
# missing.
# RUN: args ir {file}
# EXIT: 64
# STDERR: fluxion: 'ir' needs --fn NAME
def main():
    pass
