-- bench/fft-opencl: batched complex-to-complex FFTs, one row a transform
-- (stdlib/fft.dsl), in both precisions, for bench.c to time on an OpenCL device
-- against clFFT, VkFFT, cuFFT and a copy.
import "fft"

-- | The forward DFT of each row of a [b][n] array of f32 (re, im) pairs.
entry fft32 [b][n] (rows: [b][n](f32, f32)) : [b][n](f32, f32) = map fft32.fft rows

-- | The forward DFT of each row of a [b][n] array of f64 (re, im) pairs.
entry fft64 [b][n] (rows: [b][n](f64, f64)) : [b][n](f64, f64) = map fft64.fft rows
