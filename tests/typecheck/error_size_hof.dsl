-- A function argument that does not keep the size its parameter type promises (Futhark's error4).
-- ==
-- error: cannot apply 'f' to this function: expected \(n: i64\) -> \[n\]i64, found \(n: i64\) -> \[n\+1\]i64 \(sizes n and n\+1 do not match\)

def f (g: (n: i64) -> [n]i64) (l: i64) : i64 = (g l)[0]

entry main (l: i64) : i64 = f (\n : []i64 -> iota (n + 1)) l
