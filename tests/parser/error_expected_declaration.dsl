-- A stray closing parenthesis after a declaration.
-- ==
-- error: unexpected '\)', expected declaration

def main (x: i32) = x)
