-- Functions passed as arguments: annotated, inferred, operator sections and prelude functions.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [2i32, 4i32, 6i32] 6i32 [0i32, 1i32, 2i32] 14i32 }

def apply_all (f: i32 -> i32) (xs: []i32) : []i32 = map f xs
def fold_with op z xs = foldl op z xs

entry main (xs: []i32) : ([]i32, i32, []i32, i32) =
  (apply_all (*2) xs, fold_with (+) 0 xs, apply_all (\x -> x - 1) xs,
   fold_with (\acc x -> acc + x * x) 0 xs)
