-- The library's transforms on small inputs whose DFTs are known: lengths 0 and 1, a
-- power of two, 5 (one radix-5 pass), 7 (radix 7), the inverse, real input, and a
-- real signal rebuilt from its half spectrum; irfft of a spectrum of the wrong length
-- fails with a size error that names the caller's line.
-- ==
-- entry: fwd64
-- input { empty([0]f64) empty([0]f64) } output { empty([0]f64) empty([0]f64) }
-- entry: fwd32
-- input { empty([0]f32) empty([0]f32) } output { empty([0]f32) empty([0]f32) }
-- entry: fwd64 fwd32
-- input { [3.0] [-1.0] } output { [3.0] [-1.0] }
-- input { [1.0, 2.0, 3.0, 4.0] [0.0, 0.0, 0.0, 0.0] }
-- output { [10.0, -2.0, -2.0, -2.0] [0.0, 2.0, 0.0, -2.0] }
-- input { [1.0, 2.0, 3.0, 4.0, 5.0] [0.0, 0.0, 0.0, 0.0, 0.0] }
-- output { [15.0, -2.5, -2.5, -2.5, -2.5] [0.0, 3.440955, 0.8122992, -0.8122992, -3.440955] }
-- input { [0.5, -1.0, 2.0, 0.0, 3.0, 1.0, -2.0] [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0] }
-- output { [3.5, -4.740939, 0.3351256, 4.405813, 4.405813, 0.3351256, -4.740939]
--          [0.0, -0.4551082, -2.886539, 3.272731, -3.272731, 2.886539, 0.4551082] }
-- input { [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0] [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0] }
-- output { [1.0, 0.7071068, 0.0, -0.7071068, -1.0, -0.7071068, 0.0, 0.7071068]
--          [0.0, -0.7071068, -1.0, -0.7071068, 0.0, 0.7071068, 1.0, 0.7071068] }
-- entry: inv64
-- input { [10.0, -2.0, -2.0, -2.0] [0.0, 2.0, 0.0, -2.0] }
-- output { [1.0, 2.0, 3.0, 4.0] [0.0, 0.0, 0.0, 0.0] }
-- input { empty([0]f64) empty([0]f64) } output { empty([0]f64) empty([0]f64) }
-- entry: rfft32
-- input { [1.0, 2.0, 3.0, 4.0, 5.0] }
-- output { [15.0, -2.5, -2.5] [0.0, 3.440955, 0.8122992] }
-- input { [1.0, 2.0, 3.0, 4.0, 5.0, 6.0] }
-- output { [21.0, -3.0, -3.0, -3.0] [0.0, 5.196152, 1.732051, 0.0] }
-- input { [7.0] } output { [7.0] [0.0] }
-- input { empty([0]f32) } output { [0.0] [0.0] }
-- entry: irfft32
-- input { 5i64 [15.0, -2.5, -2.5] [0.0, 3.440955, 0.8122992] }
-- output { [1.0, 2.0, 3.0, 4.0, 5.0] }
-- input { 6i64 [21.0, -3.0, -3.0, -3.0] [9.0, 5.196152, 1.732051, 4.0] }
-- output { [1.0, 2.0, 3.0, 4.0, 5.0, 6.0] }
-- input { 0i64 [0.0] [0.0] } output { empty([0]f32) }
-- input { 6i64 [21.0, -3.0, -3.0] [0.0, 5.196152, 1.732051] }
-- error: fft\.dsl:[0-9]+:[0-9]+: error: the value.s size does not match the type \[n/2\+1\]
-- input { 6i64 [21.0, -3.0, -3.0] [0.0, 5.196152, 1.732051] }
-- error: fft_known\.dsl:50:65: note: in this call of 'irfft'

import "fft"

entry fwd64 [n] (re: [n]f64) (im: [n]f64) : ([n]f64, [n]f64) = unzip (fft64.fft (zip re im))
entry fwd32 [n] (re: [n]f32) (im: [n]f32) : ([n]f32, [n]f32) = unzip (fft32.fft (zip re im))
entry inv64 [n] (re: [n]f64) (im: [n]f64) : ([n]f64, [n]f64) = unzip (fft64.ifft (zip re im))
entry rfft32 [n] (xs: [n]f32) = unzip (fft32.rfft xs)
entry irfft32 [k] (n: i64) (re: [k]f32) (im: [k]f32) : [n]f32 = fft32.irfft n (zip re im)
