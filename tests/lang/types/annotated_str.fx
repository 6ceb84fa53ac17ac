# Pins: `str` as an annotation (§2 lists it).
# EXPECT: note: ok
def say(msg: str):
    print("note:", msg)

def main():
    say("ok")
