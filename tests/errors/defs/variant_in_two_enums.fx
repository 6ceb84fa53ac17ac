# Pins: variant names share one namespace (they are used unqualified), so the same variant
# name in two enums is an error at the second.
# spec-silent: §7 constructs and matches variants by bare name, which needs unique names.
# EXIT: 1
# STDERR: {file}:11:5: error:
# STDERR-RE: error: .*(?i:duplicate|already|repeated|redefin|twice)
enum A:
    Item(v: i64)

enum B:
    Item(v: f64)

def main():
    print(Item(1))
