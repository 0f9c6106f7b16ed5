-- A top-level array is shared by all its uses and cannot be consumed, also not
-- through the result of a function that returns it.
-- ==
-- error: error_unique_global_consumed\.dsl:12:3: error: 'table' is consumed here, but it is a top-level definition, which cannot be consumed
-- error: error_unique_global_consumed\.dsl:7:5: note: 'table' is defined here

def table : []i32 = [1, 2, 3]
def pick (b: bool) : []i32 = if b then table else [0]

entry main (b: bool) (v: i32) : []i32 =
  let t = pick b
  let t[0] = v
  in t
