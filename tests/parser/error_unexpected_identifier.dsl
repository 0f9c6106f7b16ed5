-- A parameter without its colon: the identifier found is named.
-- ==
-- error: unexpected identifier 'i32', expected '\)', ',' or ':'

def main (x i32) = x
