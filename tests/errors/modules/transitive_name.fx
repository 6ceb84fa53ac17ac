# Pins: names are not visible transitively: this file imports left.fx, which imports base.fx;
# calling base.fx's `bump` here is an error at the name, saying where it is defined.
# EXIT: 1
# STDERR-RE: {file}:9:11: error: 'bump' is defined in \S*diamond/base\.fx:5, which this file does not import
import "../../modules_lib/lang/diamond/left.fx"

def main():
    c = fresh()
    print(bump(c))
