# Pins: a nested def's free variable must be assigned before the def (closures capture values
# at creation, LANGUAGE.md §3; docs/ir.md): using one assigned only afterwards is a compile
# error at the name inside the def.
# spec-silent: Python's late binding would accept it.
# EXIT: 1
# STDERR: {file}:10:16: error:
# STDERR-RE: error: .*later
def main():
    def g():
        return later + 1
    later = 5
    print(g())
