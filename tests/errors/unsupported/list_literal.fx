# Pins: a list literal builds a tensor (LANGUAGE.md §5), which this release does not
# support: a located compile error that says so, not a crash.
# EXIT: 1
# STDERR: {file}:7:9: error:
# STDERR-RE: error: .*(?i:tensors are not supported)
def main():
    x = [1.0, 2.0]
    print(x)
