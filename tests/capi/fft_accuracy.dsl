-- The transforms of stdlib/fft.dsl that tests/capi/fft_accuracy.c compares with FFTW:
-- forward, inverse, real (rfft, irfft), 2-D and 3-D, in f32 and in f64. A complex
-- array is an array of (re, im) pairs, which the C API passes as two arrays.

import "fft"

entry fwd32 [n] (xs: [n](f32, f32)) : [n](f32, f32) = fft32.fft xs
entry inv32 [n] (xs: [n](f32, f32)) : [n](f32, f32) = fft32.ifft xs
entry rfft32 [n] (xs: [n]f32) : [n/2+1](f32, f32) = fft32.rfft xs
entry irfft32 [k] (n: i64) (xs: [k](f32, f32)) : [n]f32 = fft32.irfft n xs
entry fft2_32 [n][m] (xs: [n][m](f32, f32)) : [n][m](f32, f32) = fft32.fft2 xs
entry ifft2_32 [n][m] (xs: [n][m](f32, f32)) : [n][m](f32, f32) = fft32.ifft2 xs
entry fft3_32 [a][n][m] (xs: [a][n][m](f32, f32)) : [a][n][m](f32, f32) = fft32.fft3 xs
entry ifft3_32 [a][n][m] (xs: [a][n][m](f32, f32)) : [a][n][m](f32, f32) = fft32.ifft3 xs

entry fwd64 [n] (xs: [n](f64, f64)) : [n](f64, f64) = fft64.fft xs
entry inv64 [n] (xs: [n](f64, f64)) : [n](f64, f64) = fft64.ifft xs
entry rfft64 [n] (xs: [n]f64) : [n/2+1](f64, f64) = fft64.rfft xs
entry irfft64 [k] (n: i64) (xs: [k](f64, f64)) : [n]f64 = fft64.irfft n xs
entry fft2_64 [n][m] (xs: [n][m](f64, f64)) : [n][m](f64, f64) = fft64.fft2 xs
entry ifft2_64 [n][m] (xs: [n][m](f64, f64)) : [n][m](f64, f64) = fft64.ifft2 xs
entry fft3_64 [a][n][m] (xs: [a][n][m](f64, f64)) : [a][n][m](f64, f64) = fft64.fft3 xs
entry ifft3_64 [a][n][m] (xs: [a][n][m](f64, f64)) : [a][n][m](f64, f64) = fft64.ifft3 xs
