-- Higher-order functions: functions as arguments, partial application, functions
-- returned from functions, composition, and functions stored in a tuple and a record.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [3i32, 5i32, 7i32] [11i32, 12i32, 13i32] 20i32 [4i32, 9i32, 16i32] -6i32 6i32 }
def compose 'a 'b 'c (f: b -> c) (g: a -> b) : a -> c = \x -> f (g x)

def adder (k: i32) : i32 -> i32 = \x -> x + k

def apply_twice 'a (f: a -> a) (x: a) : a = f (f x)

entry main (xs: []i32) =
  let ops = (adder 10, \(x: i32) -> x * x)
  let rec = {f = (*2), g = i32.neg}
  in (map (compose (+1) (*2)) xs, map ops.0 (map (adder 1) xs) |> map (\x -> x - 1),
      apply_twice (adder 10) 0, map (compose ops.1 (+1)) xs,
      rec.g (reduce (+) 0 xs), rec.f 3)
