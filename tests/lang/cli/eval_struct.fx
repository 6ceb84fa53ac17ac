# Pins: eval of a struct construction prints the struct per §9.
# RUN: eval Linear(w=1.0, b=2.0)
# EXPECT: Linear(w=1.0, b=2.0)
struct Linear:
    w: f64
    b: f64
