-- A filter is never a producer (its result's size is known only after it runs): a map
-- after a filter stays a map (the map before the filter fuses into it); partition
-- makes two filters that read one mapped array, which is computed once and stays.
-- ==
-- input { [1i32, -2i32, 3i32] } output { [4i32, 10i32] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- entry: parts
-- input { [1i32, 2i32, 4i32, 7i32] } output { [6i32, 12i32] [3i32, 21i32] }
-- structure { filter 3 map 2 }
entry main (xs: []i32) = map (\x -> x + 1) (filter (\x -> x > 0) (map (\x -> x * 3) xs))

entry parts (xs: []i32) = partition (\x -> x % 2 == 0) (map (\x -> x * 3) xs)
