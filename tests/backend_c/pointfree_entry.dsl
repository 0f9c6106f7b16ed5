-- Point-free entry points take their parameters from their type, as in Futhark: from
-- the body's type, or from a declared return type that is a function type (whose
-- named parameters keep their names), also after named parameters. A parameter that the
-- function consumes is unique.
-- ==
-- entry: add
-- input { [1i32, 2i32] [10i32, 20i32] } output { [11i32, 22i32] }
-- input { [1i32, 2i32] [10i32] } error: argument 2 .*has shape \[1\]
-- entry: sum
-- input { [1i32, 2i32, 3i32] } output { 6i32 }
-- input { empty([0]i32) } output { 0i32 }
-- entry: addx
-- input { 3i32 4i32 } output { 7i32 }
-- entry: rep
-- input { 3i64 7i32 } output { [7i32, 7i32, 7i32] }
-- entry: scale
-- input { 2f32 [1f32, 1.5f32] } output { [2f32, 3f32] }
-- entry: set_first set_first_typed
-- input { [5i32, 6i32] } output { [1i32, 6i32] }

entry add = map2 (+)
entry sum : []i32 -> i32 = reduce (+) 0
entry addx (x: i32) : i32 -> i32 = \y -> x + y
entry rep : (n: i64) -> i32 -> [n]i32 = replicate
def times (k: f32) (x: f32) = k * x
entry scale (k: f32) = map (times k)
def set0 (xs: *[]i32) = xs with [0] = 1
entry set_first = set0
entry set_first_typed : *[]i32 -> *[]i32 = set0
