# Pins: importing a file that exists but cannot be read is a compile error at the import's path.
# /proc/sys/vm/drop_caches is write-only, also for root (tests/errors/files/unreadable.fx).
# EXIT: 1
# STDERR: {file}:5:8: error: cannot import '/proc/sys/vm/drop_caches': permission denied
import "/proc/sys/vm/drop_caches"

def main():
    print(1)
