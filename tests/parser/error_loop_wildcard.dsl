-- A loop without an initial value starts from its pattern, which cannot hold _.
-- ==
-- error: cannot have '_' in its pattern

def main (x: i32) = loop (x, _) for i < 3 do (x + 1, 0)
