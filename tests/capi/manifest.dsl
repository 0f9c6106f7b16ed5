-- The C API test of the JSON manifest: run-capi.sh compiles this program with
-- --prefix mani and compares mani's manifest.json with what check-manifest.py expects
-- (entry points, their inputs and outputs, the array types and their functions).

entry norm (xs: []f32) : f32 = f32.sqrt (reduce (+) 0 (map (\x -> x * x) xs))

entry grid (n: i64) (m: i64) : [][]i32 = tabulate_2d n m (\i j -> i32.i64 (i * m + j))

entry update (bytes: *[]u8) (i: i64) : *[]u8 = bytes with [i] = 0

entry split (p: (i64, bool)) : ([]f32, f64) = (replicate p.0 1, if p.1 then 1 else 0)
