-- The C API test tests/capi/types.c: an entry point for scalars and for arrays of
-- rank 1, 2 and 3 of every primitive type. Integers add one (wrapping around),
-- floats double, booleans negate; rank 2 is also transposed, so that the result's
-- shape differs from the argument's.

def step_bool (x: bool) : bool = !x
entry scalar_bool (x: bool) : bool = step_bool x
entry rank1_bool (xs: []bool) : []bool = map step_bool xs
entry rank2_bool (xs: [][]bool) : [][]bool = transpose (map (map step_bool) xs)
entry rank3_bool (xs: [][][]bool) : [][][]bool = map (map (map step_bool)) xs

def step_i8 (x: i8) : i8 = x + 1
entry scalar_i8 (x: i8) : i8 = step_i8 x
entry rank1_i8 (xs: []i8) : []i8 = map step_i8 xs
entry rank2_i8 (xs: [][]i8) : [][]i8 = transpose (map (map step_i8) xs)
entry rank3_i8 (xs: [][][]i8) : [][][]i8 = map (map (map step_i8)) xs

def step_i16 (x: i16) : i16 = x + 1
entry scalar_i16 (x: i16) : i16 = step_i16 x
entry rank1_i16 (xs: []i16) : []i16 = map step_i16 xs
entry rank2_i16 (xs: [][]i16) : [][]i16 = transpose (map (map step_i16) xs)
entry rank3_i16 (xs: [][][]i16) : [][][]i16 = map (map (map step_i16)) xs

def step_i32 (x: i32) : i32 = x + 1
entry scalar_i32 (x: i32) : i32 = step_i32 x
entry rank1_i32 (xs: []i32) : []i32 = map step_i32 xs
entry rank2_i32 (xs: [][]i32) : [][]i32 = transpose (map (map step_i32) xs)
entry rank3_i32 (xs: [][][]i32) : [][][]i32 = map (map (map step_i32)) xs

def step_i64 (x: i64) : i64 = x + 1
entry scalar_i64 (x: i64) : i64 = step_i64 x
entry rank1_i64 (xs: []i64) : []i64 = map step_i64 xs
entry rank2_i64 (xs: [][]i64) : [][]i64 = transpose (map (map step_i64) xs)
entry rank3_i64 (xs: [][][]i64) : [][][]i64 = map (map (map step_i64)) xs

def step_u8 (x: u8) : u8 = x + 1
entry scalar_u8 (x: u8) : u8 = step_u8 x
entry rank1_u8 (xs: []u8) : []u8 = map step_u8 xs
entry rank2_u8 (xs: [][]u8) : [][]u8 = transpose (map (map step_u8) xs)
entry rank3_u8 (xs: [][][]u8) : [][][]u8 = map (map (map step_u8)) xs

def step_u16 (x: u16) : u16 = x + 1
entry scalar_u16 (x: u16) : u16 = step_u16 x
entry rank1_u16 (xs: []u16) : []u16 = map step_u16 xs
entry rank2_u16 (xs: [][]u16) : [][]u16 = transpose (map (map step_u16) xs)
entry rank3_u16 (xs: [][][]u16) : [][][]u16 = map (map (map step_u16)) xs

def step_u32 (x: u32) : u32 = x + 1
entry scalar_u32 (x: u32) : u32 = step_u32 x
entry rank1_u32 (xs: []u32) : []u32 = map step_u32 xs
entry rank2_u32 (xs: [][]u32) : [][]u32 = transpose (map (map step_u32) xs)
entry rank3_u32 (xs: [][][]u32) : [][][]u32 = map (map (map step_u32)) xs

def step_u64 (x: u64) : u64 = x + 1
entry scalar_u64 (x: u64) : u64 = step_u64 x
entry rank1_u64 (xs: []u64) : []u64 = map step_u64 xs
entry rank2_u64 (xs: [][]u64) : [][]u64 = transpose (map (map step_u64) xs)
entry rank3_u64 (xs: [][][]u64) : [][][]u64 = map (map (map step_u64)) xs

def step_f32 (x: f32) : f32 = x * 2
entry scalar_f32 (x: f32) : f32 = step_f32 x
entry rank1_f32 (xs: []f32) : []f32 = map step_f32 xs
entry rank2_f32 (xs: [][]f32) : [][]f32 = transpose (map (map step_f32) xs)
entry rank3_f32 (xs: [][][]f32) : [][][]f32 = map (map (map step_f32)) xs

def step_f16 (x: f16) : f16 = x * 2
entry scalar_f16 (x: f16) : f16 = step_f16 x
entry rank1_f16 (xs: []f16) : []f16 = map step_f16 xs
entry rank2_f16 (xs: [][]f16) : [][]f16 = transpose (map (map step_f16) xs)
entry rank3_f16 (xs: [][][]f16) : [][][]f16 = map (map (map step_f16)) xs

def step_f64 (x: f64) : f64 = x * 2
entry scalar_f64 (x: f64) : f64 = step_f64 x
entry rank1_f64 (xs: []f64) : []f64 = map step_f64 xs
entry rank2_f64 (xs: [][]f64) : [][]f64 = transpose (map (map step_f64) xs)
entry rank3_f64 (xs: [][][]f64) : [][][]f64 = map (map (map step_f64)) xs

-- Every primitive type in one call, in and out, to check the order of the parameters.
entry all_scalars (a: bool) (b: i8) (c: i16) (d: i32) (e: i64) (f: u8) (g: u16) (h: u32)
                  (i: u64) (j: f32) (k: f64)
                : (f64, f32, u64, u32, u16, u8, i64, i32, i16, i8, bool) =
  (k, j, i, h, g, f, e, d, c, b, a)
