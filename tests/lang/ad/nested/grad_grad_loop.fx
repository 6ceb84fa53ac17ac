# Pins: grad(grad(f)) through a for loop and through a while loop with a data-dependent exit
# (LANGUAGE.md §6). loop_power(x) = x^5: f'' = 20 x^3. power_until at x = 2 is x^4: 12 x^2.
# EXPECT: 20.0
# EXPECT: 160.0
# EXPECT: 48.0
def loop_power(x):
    p = 1.0
    for i in range(5):
        p = p * x
    return p

def power_until(x):
    y = x
    while y < 10.0:
        y = y * x
    return y

def main():
    print(grad(grad(loop_power))(1.0))
    print(grad(grad(loop_power))(2.0))
    print(grad(grad(power_until))(2.0))
