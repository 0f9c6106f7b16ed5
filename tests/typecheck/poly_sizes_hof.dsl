-- A polymorphic higher-order function with a size parameter, used at two element types.
-- ==
-- input { [1i32, 2i32] } output { [3i32, 4i32] [false, true] }

def map_twice 'a [n] (f: a -> a) (xs: [n]a) : [n]a = map f (map f xs)

entry main [n] (xs: [n]i32) : ([n]i32, [n]bool) =
  (map_twice (+1) xs, map_twice (\b -> !b) (map (\x -> x % 2 == 0) xs))
