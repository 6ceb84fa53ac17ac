# Pins: a line indented deeper than its block, without a block opener, is an error at its
# first token (Python: "unexpected indent").
# EXIT: 1
# STDERR: {file}:8:9: error:
# STDERR-RE: error: .*(?i:indent)
def main():
    x = 1
        y = 2
    print(x)
