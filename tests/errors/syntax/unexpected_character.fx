# Pins: a character that starts no token is reported at that character.
# EXIT: 1
# STDERR: {file}:6:11: error:
# STDERR-RE: error: .*(?i:unexpected|invalid|unknown|stray|character)
def main():
    x = 1 $ 2
    print(x)
