# Pins: a struct name in an annotation follows the same rule: Counter is defined in base.fx,
# which this file imports only through left.fx.
# EXIT: 1
# STDERR-RE: {file}:7:15: error: 'Counter' is defined in \S*diamond/base\.fx:2, which this file does not import
import "../../modules_lib/lang/diamond/left.fx"

def unwrap(c: Counter) -> i64:
    return c.n

def main():
    print(unwrap(fresh()))
