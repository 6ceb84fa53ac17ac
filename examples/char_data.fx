# Character data for the language-model examples (min_char_rnn.fx, lstm.fx): a text file read
# as bytes, its distinct bytes numbered in increasing order, as Karpathy's min-char-rnn does.
# Not an example itself (no main).

# Returns (index, vocab): index[byte] is the byte's number, -1 for bytes absent from data.
def build_vocab(data):
    seen = full(256, 0)
    for i in range(len(data)):
        seen[data[i]] = 1
    index = full(256, -1)
    vocab = 0
    for b in range(256):
        if seen[b] == 1:
            index[b] = vocab
            vocab += 1
    return index, vocab

def encode(data, index):
    codes = full(len(data), 0)
    for i in range(len(data)):
        codes[i] = index[data[i]]
    return codes

# (codes, vocab): the file's characters as numbers in [0, vocab). Prints a one-line summary.
def load_text(path):
    data = read_bytes(path)
    index, vocab = build_vocab(data)
    codes = encode(data, index)
    print("data has", len(codes), "characters,", vocab, "unique")
    return codes, vocab
