# Pins: a block opener followed by no indented block is an error at the next token
# (Python: "expected an indented block").
# EXIT: 1
# STDERR: {file}:8:1: error:
# STDERR-RE: error: .*(?i:indent|block)
def f():

def main():
    pass
