# Pins: a name assigned on no path before its use (only later in the function) is a compile
# error at the use, not a run-time surprise.
# spec-silent: Python raises UnboundLocalError at run time; a name with no assignment
# reaching the read at all is a compile-time unknown name here (docs/ir.md reserves the
# run-time check for *possibly* unassigned variables).
# EXIT: 1
# STDERR: {file}:10:11: error:
# STDERR-RE: error: .*later_value
def main():
    print(later_value)
    later_value = 3
