# A type error on line 4, found when the importing file calls it.

def shout(x: f64) -> f64:
    return x + "!"
