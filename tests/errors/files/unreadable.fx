# Pins: a FILE that exists but cannot be opened for reading is exit 1 with
# "FILE: error: cannot open file: permission denied".
# /proc/sys/vm/drop_caches is write-only (mode 0200) on Linux and, unlike a chmod 000 file,
# stays unreadable when the tests run as root.
# RUN: args run /proc/sys/vm/drop_caches
# EXIT: 1
# STDERR: /proc/sys/vm/drop_caches: error: cannot open file: permission denied
