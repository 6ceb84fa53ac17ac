# Pins: enum variants can be constructed with keyword arguments named after their fields.
# spec-silent: §7 says "Construction by position or keyword"; taken to hold for variants too.
# EXPECT: Rect(2.0, 3.0)
# EXPECT: Rect(2.0, 3.0)
enum Shape:
    Circle(r: f64)
    Rect(w: f64, h: f64)

def main():
    print(Rect(w=2.0, h=3.0))
    print(Rect(h=3.0, w=2.0))
