# Pins: two files of a program may not define the same top-level name even when no file
# imports both (x_private.fx and y_private.fx both define `helper`): the program has one
# namespace for top-level names. The error is at the later-loaded definition.
# spec-silent: §8 does not say; docs/language.md "Modules" explains the rule.
# EXIT: 1
# STDERR-RE: modules_lib/errors/y_private\.fx:3:5: error: 'helper' is already defined at \S*x_private\.fx:1; top-level names must be unique across the files of a program
import "../../modules_lib/errors/x_side.fx"
import "../../modules_lib/errors/y_side.fx"

def main():
    print(x_value(), y_value())
