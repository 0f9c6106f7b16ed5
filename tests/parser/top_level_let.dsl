-- `let` at top level is Futhark's older spelling of `def`: values, functions with
-- size and type parameters, operators, and definitions inside modules.
-- ==
-- input { [1, 2, 3] } output { 14 [2, 4, 6] 7 }

let three : i32 = 3

let scale [n] 't (f: t -> t) (xs: [n]t) : [n]t = map f xs

let (+^) (a: i32) (b: i32) = a * 2 + b

module M = {
  let double (x: i32) = x * 2
}

let main (xs: []i32) : (i32, []i32, i32) =
  (reduce (+) 0 (map (\x -> x * x) xs), scale M.double xs, three +^ 1)
