-- User-defined operators take the precedence of the built-in operator they
-- start with: +^ binds like +, |>> like |> (loosest, left associative).
-- ==
-- input { 5i32 } output { 16i32 3i32 234i32 }

def (+^) (a: i32) (b: i32) : i32 = a * 10 + b

def (a: i32) |>> (b: i32) : i32 = a - b

entry main (x: i32) : (i32, i32, i32) =
  (1 +^ 2 * 3, x |>> 1 |>> 1, 2 +^ 3 +^ 4)
