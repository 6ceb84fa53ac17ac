# Pins: `fluxion eval --check-nan` checks the evaluated expression too; the error is located
# in FILE, where the failing operation is.
# RUN: args eval {file} "safe_log(0.0 - 2.0)" --check-nan
# EXIT: 2
# STDERR: {file}:7:15: error: check-nan: log produced nan (operand: -2.0)
def safe_log(x):
    return log(x)
