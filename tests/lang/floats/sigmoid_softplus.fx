# Pins: sigmoid(x) = 1/(1+exp(-x)) and softplus(x) = log1p(exp(-|x|)) + max(x, 0),
# including saturation at large |x| (no overflow to nan).
# EXPECT: 0.5
# EXPECT: 0.8807970779778823
# EXPECT: 0.11920292202211755
# EXPECT: 0.6931471805599453
# EXPECT: 1.7014132779827524
# EXPECT: 0.2014132779827524
# EXPECT: 0.0
# EXPECT: 1.0
# EXPECT: 1000.0
# EXPECT: 0.0
def main():
    print(sigmoid(0.0))
    print(sigmoid(2.0))
    print(sigmoid(-2.0))
    print(softplus(0.0))
    print(softplus(1.5))
    print(softplus(-1.5))
    print(sigmoid(-1000.0))
    print(sigmoid(1000.0))
    print(softplus(1000.0))
    print(softplus(-1000.0))
