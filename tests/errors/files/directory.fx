# Pins: a FILE that is a directory is exit 1 with "FILE: error: cannot open file: it is a
# directory" (no line: there is no source), not a read of garbage or a crash.
# spec-silent: §10 gives no exit code for unreadable input; 1, as for a missing file
# (tests/errors/cli/nonexistent_file.fx).
# RUN: args run .
# EXIT: 1
# STDERR: .: error: cannot open file: it is a directory
