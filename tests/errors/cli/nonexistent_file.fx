# Pins: a FILE that does not exist is reported as "FILE: error: cannot open ..." with exit 1.
# spec-silent: §10 has no exit code for it; chosen 1 (the file cannot be compiled), like
# other compile errors, with the path as the location.
# RUN: args run /nonexistent-dir/no_such_file.fx
# EXIT: 1
# STDERR: /nonexistent-dir/no_such_file.fx: error:
# STDERR-RE: error: .*(?i:cannot open|no such file|not found|could not open)
