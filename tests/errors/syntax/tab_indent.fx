# Pins: a tab character in indentation is rejected with a clear message (LANGUAGE.md §1).
# EXIT: 1
# STDERR: {file}:6:1: error:
# STDERR-RE: error: .*(?i:tab)
def main():
	x = 1
	print(x)
