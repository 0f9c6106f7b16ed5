-- Empty arrays keep their inner sizes wherever they go: an empty literal ascribed
-- [0][2]i32 returned from a function, a branch, a let, a loop and a map, an empty
-- input returned or filtered, rows of a map over an empty range, and the rows of a
-- map whose body makes an empty array. Rows whose size is an expression of known
-- sizes (r ++ r: m+m) keep it too, also through a function's coerced result, a
-- branch, map2 and a tuple (Note [computed row sizes] in src/ir/internalise_soacs.c).
-- Through a polymorphic function too: tabulate's 'a is [m+m]i32 or [2][k*3]i64 (Note
-- [Sizes of type arguments] in src/ir/internalise.c).
-- ==
-- entry: through_tabulate
-- input { empty([0][3]i32) 2i64 }
-- output { empty([0][6]i32) empty([0][2][6]i64) }
-- input { [[1i32, 2i32]] 1i64 }
-- output { [[1i32, 2i32, 1i32, 2i32]] [[[0i64, 0i64, 0i64], [1i64, 1i64, 1i64]]] }
-- entry: from_function
-- input { 1i64 } output { empty([0][2]i32) }
-- entry: from_branch
-- input { true } output { empty([0][2]i32) }
-- input { false } output { [[1i32, 2i32]] }
-- entry: from_let
-- input { 1i64 } output { empty([0][2]i32) 0i64 empty([0]i32) empty([2][0]i32) }
-- entry: from_loop
-- input { 3i64 } output { empty([0][2]i32) 3i32 }
-- entry: in_map
-- input { 2i64 } output { empty([2][0][2]i32) }
-- input { 0i64 } output { empty([0][0][2]i32) }
-- entry: passed_through
-- input { empty([0][2]i32) } output { empty([0][2]i32) empty([0][2]i32) empty([0][4]i32) }
-- input { [[1i32, 2i32]] } output { [[1i32, 2i32]] empty([0][2]i32) [[1i32, 2i32, 1i32, 2i32]] }
-- entry: computed_rows
-- input { 0i64 3i64 } output { empty([0][3]i64) empty([0][2]i64) }
-- entry: doubled
-- input { empty([0][2]i32) }
-- output { empty([0][4]i32) empty([0][4]i32) empty([0][4]i32) empty([0][4]i32) empty([0][2]i32) }
-- input { [[1i32, 2i32]] }
-- output { [[1i32, 2i32, 1i32, 2i32]] [[1i32, 2i32, 1i32, 2i32]] [[1i32, 2i32, 1i32, 2i32]]
--          [[1i32, 2i32, 1i32, 2i32]] [[1i32, 2i32]] }
-- entry: branches
-- input { true empty([0][3]i32) } output { empty([0][6]i32) }
-- input { false [[1i32, 2i32, 3i32]] } output { [[1i32, 2i32, 3i32, 1i32, 2i32, 3i32]] }
-- entry: polymorphic
-- input { 1i64 } output { empty([0][2]i32) empty([0][2]i32) }
def empty_rows (n: i64) : [][2]i32 = [] : [0][2]i32
def none 't (x: t) : []t = []
entry from_function (n: i64) = empty_rows n
entry from_branch (b: bool) : [][2]i32 = if b then [] : [0][2]i32 else [[1, 2]]
entry from_let (n: i64) =
  let e = [] : [0][2]i32 in (e, length e, flatten e, transpose e)
entry from_loop (n: i64) = loop (a, k) = (([] : [0][2]i32), 0i32) for i < n do (a, k + 1)
entry in_map (n: i64) =
  map (\i -> if i > 0 then ([] : [0][2]i32) else ([] : [0][2]i32)) (iota n)
entry passed_through (xs: [][]i32) =
  (xs, filter (\r -> r[0] > 100) xs, map (\r -> r ++ r) xs)
entry computed_rows (n: i64) (k: i64) =
  (map (\i -> replicate k i) (iota n),
   filter (\r -> r[0] > 100) (map (\i -> [i, i]) (iota n)))
entry polymorphic (n: i64) = (none [1i32, 2], take 0 [[1i32, 2], [3, 4]])
def double_rows [n] [m] (xs: [n][m]i32) : [n][m * 2]i32 =
  map (\r -> r ++ r) xs :> [n][m * 2]i32
entry doubled (xs: [][]i32) =
  let (a, b) = unzip (map (\r -> (r ++ r, r)) xs)
  in (double_rows xs, map2 (\r s -> r ++ s) xs xs, zip xs xs |> map (\(p, q) -> p ++ q), a, b)
entry branches (b: bool) (xs: [][]i32) =
  if b then map (\r -> r ++ r) xs else map (\r -> r ++ r) (reverse xs)

entry through_tabulate [n][m] (xs: [n][m]i32) (k: i64) =
  let n64 = length xs
  in (tabulate n (\i -> xs[i] ++ xs[i]),
      tabulate n64 (\_ -> tabulate 2 (\j -> replicate (k * 3) j)))
