-- The prelude's `real` and `float` members added for Futhark's programs, through
-- functors applied to f32 and f64: sinpi/cospi/tanpi exact at integers and halves
-- (scaled by 1e17 and truncated, a rounding error would show), the inverse *pi
-- functions, rsqrt, copysign, nextafter, ldexp (to subnormals), recip, lerp,
-- mad, from_fraction, epsilon, num_bits, get_bit and set_bit on the bits, with NaN,
-- infinities and signed zeros.
-- ==
-- entry: pi_f32
-- input { [0.0, 0.5, 1.0, 1.5, 2.0, -0.5, 1e30, -3.0, f64.nan, f64.inf] }
-- output { [0i64, 99999998430674944i64, 0i64, -99999998430674944i64, 0i64,
--          -99999998430674944i64, 0i64, 0i64, 0i64, 0i64] [99999998430674944i64, 0i64,
--          -99999998430674944i64, 0i64, 99999998430674944i64, 0i64, 99999998430674944i64,
--          -99999998430674944i64, 0i64, 0i64] [0.0f64, f64.inf, -0.0f64, -f64.inf, 0.0f64,
--          -f64.inf, 0.0f64, 0.0f64, f64.nan, f64.nan] [0.7071067690849304f64,
--          -0.7071067690849304f64, 0.5f64] [0.7071067690849304f64, 0.7071067690849304f64,
--          0.4999999701976776f64] [0.0f64, 0.5f64, -0.5f64, 0.1666666716337204f64] [0.0f64,
--          0.5f64, 1.0f64, 0.3333333432674408f64] [0.0f64, 0.25f64, 0.5f64, -0.25f64]
--          [0.25f64, 0.75f64, -0.75f64, 0.5f64] }
-- entry: pi_f64
-- input { [0.0, 0.5, 1.0, 1.5, 2.0, -0.5, 1e30, -3.0, f64.nan, f64.inf] }
-- output { [0i64, 100000000000000000i64, 0i64, -100000000000000000i64, 0i64,
--          -100000000000000000i64, 0i64, 0i64, 0i64, 0i64] [100000000000000000i64, 0i64,
--          -100000000000000000i64, 0i64, 100000000000000000i64, 0i64, 100000000000000000i64,
--          -100000000000000000i64, 0i64, 0i64] [0.0f64, f64.inf, -0.0f64, -f64.inf, 0.0f64,
--          -f64.inf, 0.0f64, 0.0f64, f64.nan, f64.nan] [0.7071067811865475f64,
--          -0.7071067811865475f64, 0.49999999999999994f64] [0.7071067811865475f64,
--          0.7071067811865475f64, 0.5f64] [0.0f64, 0.5f64, -0.5f64, 0.16666666666666669f64]
--          [0.0f64, 0.5f64, 1.0f64, 0.33333333333333337f64] [0.0f64, 0.25f64, 0.5f64,
--          -0.25f64] [0.25f64, 0.75f64, -0.75f64, 0.5f64] }
-- entry: float_f32
-- input { [4f32, 0f32, -1f32, f32.inf, 0.25f32] }
-- output { [0.5f32, f32.inf, f32.nan, 0.0f32, 2.0f32] [-4.0f32, -0.0f32, -1.0f32, -f32.inf,
--          -0.25f32] [4.0000005f32, 1e-45f32, -0.99999994f32, 3.4028235e38f32, 0.25000003f32]
--          [32.0f32, 0.0f32, -8.0f32, f32.inf, 2.0f32] [0.0f32, 0.0f32, -0.0f32, f32.inf,
--          0.0f32] [0.25f32, f32.inf, -1.0f32, 0.0f32, 4.0f32] [2.5f32, 0.5f32, 0.0f32,
--          f32.inf, 0.625f32] [17.0f32, 1.0f32, 2.0f32, f32.inf, 1.0625f32] 0.75f32
--          1.1920929e-7f32 32i32 [0i32, 0i32, 1i32, 0i32, 0i32] [-4.0f32, -0.0f32, -1.0f32,
--          -f32.inf, -0.25f32] [1i32, 0i32, 0i32, 1i32, 0i32] }
-- entry: float_f64
-- input { [4f64, 0f64, -1f64, f64.inf, 0.25f64] }
-- output { [0.5f64, f64.inf, f64.nan, 0.0f64, 2.0f64] [-4.0f64, -0.0f64, -1.0f64, -f64.inf,
--          -0.25f64] [4.000000000000001f64, 5e-324f64, -0.9999999999999999f64,
--          1.7976931348623157e308f64, 0.25000000000000006f64] [32.0f64, 0.0f64, -8.0f64,
--          f64.inf, 2.0f64] [2e-323f64, 0.0f64, -5e-324f64, f64.inf, 0.0f64] [0.25f64,
--          f64.inf, -1.0f64, 0.0f64, 4.0f64] [2.5f64, 0.5f64, 0.0f64, f64.inf, 0.625f64]
--          [17.0f64, 1.0f64, 2.0f64, f64.inf, 1.0625f64] 0.75f64 2.220446049250313e-16f64
--          64i32 [0i32, 0i32, 1i32, 0i32, 0i32] [-4.0f64, -0.0f64, -1.0f64, -f64.inf,
--          -0.25f64] [1i32, 0i32, 0i32, 1i32, 0i32] }
module pis (R: real) = {
  def scaled (x: R.t) : i64 = R.to_i64 (x R.* R.f64 1e17)
  def run (xs: []f64) =
    let ys = map R.f64 xs
    in (map (\y -> scaled (R.sinpi y)) ys, map (\y -> scaled (R.cospi y)) ys,
        map (\y -> R.to_f64 (R.tanpi y)) ys,
        map (\y -> R.to_f64 (R.sinpi y)) (map R.f64 [0.25, 3.75, 1 / 6]),
        map (\y -> R.to_f64 (R.cospi y)) (map R.f64 [0.25, 3.75, 1 / 3]),
        map (\y -> R.to_f64 (R.asinpi y)) (map R.f64 [0, 1, -1, 0.5]),
        map (\y -> R.to_f64 (R.acospi y)) (map R.f64 [1, 0, -1, 0.5]),
        map (\y -> R.to_f64 (R.atanpi y)) (map R.f64 [0, 1, f64.inf, -1]),
        map2 (\y x -> R.to_f64 (R.atan2pi y x)) (map R.f64 [1, 1, -1, 1])
             (map R.f64 [1, -1, -1, 0]))
}

module floats (F: float) = {
  def run (xs: []F.t) =
    (map F.rsqrt xs, map (\x -> F.copysign x (F.i32 (-1))) xs,
     map (\x -> F.nextafter x (F.i32 5)) xs, map (\x -> F.ldexp x 3) xs,
     map (\x -> F.ldexp x (-1074)) xs,
     map F.recip xs, map (\x -> F.lerp (F.i32 1) x (F.f64 0.5)) xs,
     map (\x -> F.mad x x (F.i32 1)) xs, F.from_fraction 3 4, F.epsilon, F.num_bits,
     map (F.get_bit (F.num_bits - 1)) xs, map (\x -> F.set_bit (F.num_bits - 1) x 1) xs,
     map (\x -> F.get_bit (F.num_bits - 2) x) xs)
}

module p32 = pis f32
module p64 = pis f64
module f32s = floats f32
module f64s = floats f64

entry pi_f32 (xs: []f64) = p32.run xs
entry pi_f64 (xs: []f64) = p64.run xs
entry float_f32 (xs: []f32) = f32s.run xs
entry float_f64 (xs: []f64) = f64s.run xs
