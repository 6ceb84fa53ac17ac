# Numbers from text whose fields are separated by ':' or white space and may include words
# (ADBench's hand model: `name:parent:...`), read byte by byte: read_numbers takes numbers only.

def text_is_separator(c):
    return c == 58 or c == 32 or c == 10 or c == 13 or c == 9    # : space \n \r \t

def text_is_digit(c):
    return c >= 48 and c <= 57

# The decimal number text[start:stop] (sign, digits, fraction, exponent): (True, value), or
# (False, 0.0) when the field is not a number.
def text_parse_number(text, start: i64, stop: i64):
    i = start
    negative = False
    if i < stop and (text[i] == 45 or text[i] == 43):
        negative = text[i] == 45
        i += 1
    mantissa = 0.0
    digits = 0
    scale = 0
    while i < stop and text_is_digit(text[i]):
        mantissa = 10.0 * mantissa + (text[i] - 48)
        digits += 1
        i += 1
    if i < stop and text[i] == 46:
        i += 1
        while i < stop and text_is_digit(text[i]):
            mantissa = 10.0 * mantissa + (text[i] - 48)
            digits += 1
            scale -= 1
            i += 1
    if digits > 0 and i < stop and (text[i] == 101 or text[i] == 69):
        i += 1
        exponent_sign = 1
        if i < stop and (text[i] == 45 or text[i] == 43):
            exponent_sign = -1 if text[i] == 45 else 1
            i += 1
        exponent = 0
        while i < stop and text_is_digit(text[i]):
            exponent = 10 * exponent + (text[i] - 48)
            i += 1
        scale += exponent_sign * exponent
    # Powers of ten up to 1e22 are exact, so dividing keeps the value correctly rounded to ~1 ulp.
    value = mantissa * 10.0 ** scale if scale >= 0 else mantissa / 10.0 ** (-scale)
    if digits == 0 or i != stop:
        return False, 0.0
    return True, -value if negative else value

# Every field of the file that is a number, in order.
def read_number_fields(path: str):
    text = read_bytes(path)
    n = len(text)
    values = zeros(n // 2 + 1)
    count = 0
    i = 0
    while i < n:
        if text_is_separator(text[i]):
            i += 1
        else:
            stop = i
            while stop < n and not text_is_separator(text[stop]):
                stop += 1
            ok, v = text_parse_number(text, i, stop)
            if ok:
                values[count] = v
                count += 1
            i = stop
    return values[0:count]
