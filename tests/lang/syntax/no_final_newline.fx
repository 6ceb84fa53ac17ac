# Pins: the last line of the file may lack its newline.
# EXPECT: 5
def main():
    print(5)