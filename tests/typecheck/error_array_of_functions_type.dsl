-- An array type whose elements are functions.
-- ==
-- error: arrays of functions are not supported

def apply_first (fs: [](i32 -> i32)) (x: i32) : i32 = fs[0] x

entry main (x: i32) : i32 = x
