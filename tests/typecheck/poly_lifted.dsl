-- Lifted type parameters '^a may be instantiated with function types.
-- ==
-- input { 2i32 } output { 19i32 }

def ident '^a (x: a) : a = x
def twice '^a (f: a -> a) (x: a) : a = f (f x)

entry main (x: i32) : i32 = (ident (\y -> y + 1)) (twice (\y -> y * 3) x)
