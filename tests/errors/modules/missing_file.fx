# Pins: importing a file that exists neither next to the importing file nor in the standard
# library is a compile error at the import's path, naming both places looked in.
# EXIT: 1
# STDERR-RE: {file}:7:8: error: cannot find module 'no_such_module\.fx' \(looked in \S*errors/modules and \S*stdlib\)
import "../../modules_lib/lang/settings.fx"
import "../../modules_lib/lang/geometry.fx"
import "no_such_module.fx"

def main():
    print(SCALE)
