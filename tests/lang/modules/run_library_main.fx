# Pins: a file whose main is imported elsewhere still runs its own main when it is the file run.
# RUN: args run modules_lib/lang/with_main.fx
# EXPECT: with_main's own main: must not run when imported
# EXPECT: 2.0
