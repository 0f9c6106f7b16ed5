-- The C API test tests/capi/entries.c: entry points that take and return tuples,
-- records and arrays of tuples (one C parameter per component), size parameters,
-- unique (consumed) arguments, and results that share memory with their arguments
-- or with each other.

-- Tuples and records out: one out-parameter per component, record fields in the
-- order of their names (count, max, sum).
entry divmod (a: i32) (b: i32) : (i32, i32) = (a / b, a % b)

entry stats (xs: []f64) : {sum: f64, max: f64, count: i64} =
  {sum = reduce (+) 0 xs, max = reduce f64.max (-f64.inf) xs, count = length xs}

entry nested (x: i32) : ((i32, (bool, i64)), f32) = ((x + 1, (x > 0, i64.i32 x * 2)), 0.5)

entry evens_odds (xs: []i32) : ([]i32, []i32, i64) =
  let (evens, odds) = partition (\x -> x % 2 == 0) xs
  in (evens, odds, length evens)

-- Tuples and records in: one in-parameter per component.
entry point (p: {y: f32, x: f32}) (t: (i32, bool)) : f32 =
  if t.1 then p.x * f32.i32 t.0 else p.y

-- Arrays of tuples are tuples of arrays, in and out.
entry swap_pairs (xs: [](i32, f64)) : [](f64, i32) = map (\(a, b) -> (b, a)) xs

-- Size parameters and constant sizes.
entry matvec [n][m] (a: [n][m]f32) (v: [m]f32) : [n]f32 =
  map (\row -> reduce (+) 0 (map2 (*) row v)) a

entry length_of [n] (xs: [n]i32) : i64 = n

entry sum3 (xs: [3]i64) : i64 = xs[0] + xs[1] + xs[2]

-- An existential size: the length of the result is known only after the call.
entry positives (xs: []i32) : []i32 = filter (> 0) xs

-- Unique arguments, updated in place (or copied when the caller still holds them).
entry set_first (xs: *[]i32) (v: i32) : *[]i32 = xs with [0] = v

entry set_both (a: *[]i32) (b: *[]i32) : ([]i32, []i32) = (a with [0] = 1, b with [0] = 2)

entry scale_rows (m: *[][]f32) (k: f32) : [][]f32 =
  loop m for i < length m do m with [i] = map (* k) m[i]

-- Results that share memory with an argument or with each other.
entry identity (xs: []i32) : []i32 = xs

entry row (m: [][]i32) (i: i64) : []i32 = m[i]

entry rest (xs: []i32) : []i32 = xs[1:]

entry twice (xs: []i32) : ([]i32, []i32, []i32) = (xs, xs, map (* 2) xs)

-- Names that are not C identifiers or are C keywords.
entry step' (x: i32) : i32 = x + 1

entry double (x: f64) : f64 = x * 2
