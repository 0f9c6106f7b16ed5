-- bench/fft-cpu: batched complex-to-complex and real-to-complex f32 FFTs, one row a
-- transform (stdlib/fft.dsl), for bench.c to time against FFTW.
import "fft"

-- | The forward DFT of each row of a [b][n] array of (re, im) pairs.
entry main [b][n] (xs: [b][n](f32, f32)) : [b][n](f32, f32) = map fft32.fft xs

-- | The first n/2+1 outputs of the DFT of each row of a [b][n] array of reals
-- (bench.c with FFT_KIND=real).
entry rfft [b][n] (xs: [b][n]f32) : [b][n/2+1](f32, f32) = map fft32.rfft xs
