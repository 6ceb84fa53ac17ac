# Pins: LANGUAGE.md §6: derivative(derivative(derivative(sin)))(0.0) prints -1.0.
# RUN: eval derivative(derivative(derivative(sin)))(0.0)
# EXPECT: -1.0
def unused():
    return 0.0
