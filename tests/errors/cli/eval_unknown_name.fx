# Pins: an unknown name in the EXPR of `fluxion eval` is a compile error (exit 1) naming it.
# spec-silent: how EXPR locations are written is not specified; only the message is pinned.
# RUN: eval nosuchname + 1
# EXIT: 1
# STDERR-RE: error: .*nosuchname
def helper(x):
    return x + 1
